#!/usr/bin/env bash
# Mutation audit: does the test suite catch plausible one-line bugs in the engine? Each mutant is a small
# patch in scripts/mutants/ (a header naming the bug and the tests that should catch it, then a unified diff).
# For each one: apply it, rebuild the test binary incrementally, run its tests, revert. A mutant is killed when
# a test fails, crashes or hangs (past the timeout); it survives when every test passes; "no build" when the
# mutant does not compile and "stale" when the patch no longer applies (the code moved: update the patch).
# Survivors are listed at the end; the exit status is 1 when there is any (or a stale patch), else 0.
#
# Run it before an engine issue is resolved (it is not part of CI: each mutant costs an incremental build).
#
#   scripts/mutation-audit.sh                     every mutant
#   scripts/mutation-audit.sh ldi-fill-rule ...   these (names are the patch files without .patch)
#   scripts/mutation-audit.sh --list              the mutants and their test filters
#
# Environment: BUILD_DIR (default build, configured already: scripts/cdlab.sh build), JOBS (default nproc),
# TIMEOUT (seconds per mutant's test run, default 900), SLOW=1 to run the tests labelled slow as well (by
# default they are left out, as in the sanitizer run: a mutant only they catch counts as a survivor of the
# fast net), REBUILD=0 to leave the build dir as the last mutant's revert left it (default: rebuild clean).
#
# Patch header lines (before the diff):
#   # mutant: what the bug is
#   # tests: a gtest filter of the tests that should catch it (positive patterns only)
#   # timeout: seconds (optional, overrides TIMEOUT)
# Write one by editing a copy of the file and `diff -u --label a/PATH --label b/PATH orig edited`.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
build=${BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}
tests_bin="$build/tests/cdlab-tests"
mutants_dir="scripts/mutants"

field() { sed -n "s/^# $1: //p" "$2" | head -1; }

list=()
if [ $# -gt 0 ] && [ "$1" = --list ]; then
  for p in "$mutants_dir"/*.patch; do
    printf '%-32s %s\n    tests: %s\n' "$(basename "$p" .patch)" "$(field mutant "$p")" "$(field tests "$p")"
  done
  exit 0
fi
if [ $# -gt 0 ]; then
  for n in "$@"; do
    [ -f "$mutants_dir/$n.patch" ] || { echo "no mutant $mutants_dir/$n.patch" >&2; exit 2; }
    list+=("$mutants_dir/$n.patch")
  done
else
  list=("$mutants_dir"/*.patch)
fi
[ -f "$build/CMakeCache.txt" ] || { echo "configure $build first (scripts/cdlab.sh build)" >&2; exit 2; }

# The slow tests (tests/CMakeLists.txt, CDLAB_SLOW_GTESTS) are excluded unless SLOW=1.
slow=$(sed -n 's/^set(CDLAB_SLOW_GTESTS "\(.*\)")$/\1/p' tests/CMakeLists.txt)
negative=""
[ "${SLOW:-0}" = 1 ] || negative="-$slow"

applied=""
revert() {
  if [ -n "$applied" ]; then
    git apply -R "$applied" || echo "!! could not revert $applied: restore its files by hand" >&2
    applied=""
  fi
}
trap 'revert' EXIT
trap 'revert; echo "interrupted" >&2; exit 130' INT TERM

build_tests() { nice -n 10 cmake --build "$build" -j "$jobs" --target cdlab-tests >"$1" 2>&1; }

# The clean tree must build and pass every filter first, or a "kill" would mean nothing.
log=$(mktemp -d)
echo "== baseline: building cdlab-tests in $build"
build_tests "$log/baseline.build" || { echo "the clean tree does not build (see $log/baseline.build)"; exit 2; }
filters=""
for p in "${list[@]}"; do filters="${filters:+$filters:}$(field tests "$p")"; done
start=$(date +%s)
if ! timeout "${TIMEOUT:-900}" "$tests_bin" --gtest_brief=1 --gtest_filter="$filters$negative" >"$log/baseline.run" 2>&1; then
  echo "the clean tree fails its tests (see $log/baseline.run)"
  exit 2
fi
echo "   passed in $(($(date +%s) - start)) s"

killed=() survived=() nobuild=() stale=()
for p in "${list[@]}"; do
  name=$(basename "$p" .patch)
  filter=$(field tests "$p")
  limit=$(field timeout "$p")
  limit=${limit:-${TIMEOUT:-900}}
  echo "== $name: $(field mutant "$p")"
  if ! git apply --check "$p" 2>"$log/$name.apply"; then
    echo "   STALE: the patch does not apply ($(head -1 "$log/$name.apply"))"
    stale+=("$name")
    continue
  fi
  git apply "$p" && applied="$p"
  t0=$(date +%s)
  if ! build_tests "$log/$name.build"; then
    echo "   NO BUILD ($(($(date +%s) - t0)) s; $log/$name.build)"
    nobuild+=("$name")
    revert
    continue
  fi
  t1=$(date +%s)
  timeout "$limit" "$tests_bin" --gtest_brief=1 --gtest_filter="$filter$negative" >"$log/$name.run" 2>&1
  rc=$?
  t2=$(date +%s)
  revert
  if [ $rc -eq 0 ]; then
    echo "   SURVIVED: $filter passes (build $((t1 - t0)) s, tests $((t2 - t1)) s)"
    survived+=("$name")
  else
    why="a test failed"
    [ $rc -eq 124 ] && why="timed out"
    [ $rc -gt 128 ] && [ $rc -ne 124 ] && why="crashed (signal $((rc - 128)))"
    failed=$(grep -c '^\[  FAILED  \]' "$log/$name.run")
    echo "   killed: $why, $failed failure lines (build $((t1 - t0)) s, tests $((t2 - t1)) s)"
    grep -m3 '^\[  FAILED  \]' "$log/$name.run" | sed 's/^/     /'
    killed+=("$name")
  fi
done
trap - EXIT
if [ "${REBUILD:-1}" = 1 ]; then
  echo "== rebuilding the clean tree"
  build_tests "$log/final.build" || echo "!! the clean rebuild failed ($log/final.build)"
fi

echo
echo "== ${#list[@]} mutants: ${#killed[@]} killed, ${#survived[@]} survived, ${#nobuild[@]} did not build, ${#stale[@]} stale (logs: $log)"
[ ${#survived[@]} -eq 0 ] || printf '   survivor: %s\n' "${survived[@]}"
[ ${#stale[@]} -eq 0 ] || printf '   stale: %s\n' "${stale[@]}"
[ ${#survived[@]} -eq 0 ] && [ ${#stale[@]} -eq 0 ]
