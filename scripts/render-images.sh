#!/usr/bin/env bash
# Renders the README's pictures from the bundled shots, so that they show what the viewer draws today:
#
#   bash scripts/render-images.sh [BUILD_DIR]        (default: build; builds nothing: run
#                                                     `bash scripts/cdlab.sh build` first)
#
# Each picture docs/images/NAME.png is shots/NAME.json rendered offscreen (EGL; llvmpipe without a GPU) at
# 1280x720 with the settings file ignored, so the shot alone decides what is drawn. The list below is the
# README's; ctest docs.readme (tests/cli/CheckReadme.cmake) checks that every picture the README links exists
# and is listed here. Change a picture by changing its shot (open it in the viewer, move the camera or change
# the overlays, File > Save shot) and running this again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$root/$build ;; esac
viewer=$build/app/viewer/cdlab
if [[ ! -x $viewer ]]; then
  echo "error: $viewer: no viewer built (run: bash scripts/cdlab.sh build)" >&2
  exit 2
fi
images=(doors_figure1 walk_catch bullets_ccd_vs_discrete knot_teapot_sbv ldi_spheres)
cd "$root"
mkdir -p docs/images
for name in "${images[@]}"; do
  out=docs/images/$name.png
  if ! log=$("$viewer" --offscreen --no-settings --size 1280x720 --screenshot "$out" "shots/$name.json" 2>&1); then
    echo "$log" >&2
    echo "error: shots/$name.json: the viewer failed" >&2
    exit 1
  fi
  echo "wrote docs/images/$name.png ($(stat -c %s "$out") bytes) from shots/$name.json"
done
