#!/usr/bin/env bash
# Copies the seed inputs of each fuzz target from the repository into BUILD_DIR/fuzz-seeds/<target>/ (the
# fuzzers read them, and write what they find into BUILD_DIR/fuzz-corpus/<target>/): bundled scenes and test
# scenes, OBJ files, CCD query files, and every mesh file prefixed with the byte that makes fuzz-mesh give it
# its extension (fuzz/FuzzInputs.h meshExtension), and the glTF files likewise for fuzz-gltf. Files over 64 KiB are left out (the fuzzers' -max_len
# would cut them). Usage: bash fuzz/seed-corpus.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seeds=$1/fuzz-seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz-scene,fuzz-obj,fuzz-ccd,fuzz-mesh,fuzz-gltf,fuzz-recording}
small() { find "$@" -type f -size -65k; }
cd "$root"
small scenes tests/data -name '*.json' -exec cp -t "$seeds/fuzz-scene" {} +
small assets tests/data fuzz/seeds -name '*.obj' -exec cp -t "$seeds/fuzz-obj" {} +
small tests/data -name '*.csv' -exec cp -t "$seeds/fuzz-ccd" {} +
selector=0
for ext in ply stl obj gltf glb; do # the order of meshExtension's table
  small assets tests/data fuzz/seeds -name "*.$ext" | while read -r f; do
    out="$seeds/fuzz-mesh/$ext-$(basename "$f")"
    printf "\\x$(printf %02x $selector)" >"$out"
    cat "$f" >>"$out"
  done
  selector=$((selector + 1))
done
# fuzz-gltf: 0 .gltf, 1 .glb (fuzz/FuzzInputs.h runGltfModel).
for ext in gltf glb; do
  selector=$([ $ext = glb ] && echo 1 || echo 0)
  small tests/data -name "*.$ext" | while read -r f; do
    out="$seeds/fuzz-gltf/$ext-$(basename "$f")"
    printf "\\x0$selector" >"$out"
    cat "$f" >>"$out"
  done
done
# fuzz-recording: small recordings (cdlab-bench run --record) with every family's detail, prefixed with the
# byte that sends them to the file reader (0; fuzz/FuzzInputs.h runRecording).
small fuzz/seeds -name '*.cdrec' | while read -r f; do
  { printf '\x00'; cat "$f"; } >"$seeds/fuzz-recording/$(basename "$f")"
done
for t in "$seeds"/*; do echo "[fuzz] $(basename "$t"): $(ls "$t" | wc -l) seeds" >&2; done
