#!/usr/bin/env bash
# Runs every fuzz target of BUILD_DIR (built with -DCDLAB_FUZZ=ON) for FUZZ_SECONDS each (default 60),
# FUZZ_JOBS targets at a time (default 2), with libFuzzer's -timeout=10 (seconds per input) and
# -rss_limit_mb=2048 and the seed FUZZ_SEED (default 1). Prints one line per target (executions, executions per second, coverage: libFuzzer's
# cov = instrumented edges reached, ft = features) and exits 1 if any target found a crash, a leak, a
# sanitizer report, a timeout or an out-of-memory, naming the input that reproduces it
# (BUILD_DIR/fuzz-artifacts/<target>/) and showing the end of its log.
# Usage: bash fuzz/run-fuzzers.sh BUILD_DIR [TARGET...]   (default: all six)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1
shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-scene fuzz-obj fuzz-ccd fuzz-mesh fuzz-gltf fuzz-recording)
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
# A fixed seed: the same mutations in the same order on every run (CI included), so a finding reproduces;
# FUZZ_SEED=0 lets libFuzzer pick one (exploring further when run by hand).
seed=${FUZZ_SEED:-1}
# With FUZZ_RUNS=table (CI) each target stops after the executions below, about a minute's worth on the 2-core
# machine they were measured on, with FUZZ_SECONDS as a cap: with the fixed seed a run then tries exactly the
# inputs a local run of the same command tried, so CI cannot stumble on a finding nobody has seen.
declare -A table_runs=([fuzz-scene]=60000 [fuzz-obj]=15000 [fuzz-ccd]=12000 [fuzz-mesh]=15000 [fuzz-gltf]=15000 [fuzz-recording]=500000)
bash "$root/fuzz/seed-corpus.sh" "$build"

# The largest input each target tries (bytes): a scene or a mesh header fits well within.
declare -A max_len=([fuzz-scene]=16384 [fuzz-obj]=8192 [fuzz-ccd]=16384 [fuzz-mesh]=16384 [fuzz-gltf]=16384 [fuzz-recording]=65536)
declare -A dict=([fuzz-scene]=scene.dict [fuzz-obj]=obj.dict [fuzz-ccd]=ccd.dict [fuzz-mesh]=mesh.dict [fuzz-gltf]=mesh.dict [fuzz-recording]=recording.dict)

run_one() {
  local t=$1 bin=$build/fuzz/$1
  local corpus=$build/fuzz-corpus/$t artifacts=$build/fuzz-artifacts/$t/ log=$build/fuzz-logs/$t.log
  # With FUZZ_RUNS the run starts from the seeds alone, as on a clean clone, so it is the same run anywhere.
  [ -n "${FUZZ_RUNS:-}" ] && rm -rf "$corpus"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  # UBSan stops at the first report (-fno-sanitize-recover), ASan's leak check runs after every input
  # (Assimp's own leaks suppressed: fuzz/lsan-assimp.supp).
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LSAN_OPTIONS=suppressions=$root/fuzz/lsan-assimp.supp:print_suppressions=0 \
    "$bin" -seed="$seed" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=${table_runs[$t]}} -timeout=10 -rss_limit_mb=2048 -max_len="${max_len[$t]}" \
    -dict="$root/fuzz/${dict[$t]}" -artifact_prefix="$artifacts" -print_final_stats=1 \
    "$corpus" "$build/fuzz-seeds/$t" >"$log" 2>&1
  echo $? >"$log.rc"
}

summary() {
  local t=$1 log=$build/fuzz-logs/$1.log
  local execs rate cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  echo "[fuzz] $t: ${execs:-?} executions, ${rate:-?}/s, cov ${cov:-?}, ft ${ft:-?}"
}

failed=0
for t in "${targets[@]}"; do
  [ -x "$build/fuzz/$t" ] || { echo "[fuzz] $build/fuzz/$t is not built" >&2; exit 2; }
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  rm -f "$build/fuzz-logs/$t.log.rc"
  run_one "$t" &
done
wait
for t in "${targets[@]}"; do
  if [ "$(cat "$build/fuzz-logs/$t.log.rc" 2>/dev/null)" = 0 ]; then
    summary "$t"
  else
    failed=1
    summary "$t"
    log=$build/fuzz-logs/$t.log
    echo "[fuzz] $t FAILED (log: $log); the end of its log:" >&2
    tail -n 40 "$log" >&2
    grep -o "Test unit written to .*" "$log" | sed "s/^Test unit written to /[fuzz] $t reproducer: /" >&2
    echo "[fuzz] reproduce: $build/fuzz/$t <reproducer>" >&2
  fi
done
exit $failed
