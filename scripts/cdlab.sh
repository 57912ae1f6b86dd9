#!/usr/bin/env bash
# cdlab project script: install Debian packages, configure, build, and run or test.
#
#   scripts/cdlab.sh run  [args...]   install + build, then open the viewer (default: the bundled default scene);
#                                     without a display it renders 120 frames offscreen to
#                                     build/screenshots/cdlab-default.png
#   scripts/cdlab.sh bench [args...]  install + build, then run cdlab-bench with the given arguments
#   scripts/cdlab.sh test             install + build, then run every test (ctest)
#   scripts/cdlab.sh test-sanitize    install + build with ASan + UBSan into build-sanitize, then run every test
#                                     but the long randomized shards (ctest -LE slow); CI runs both
#   scripts/cdlab.sh test-fuzz        install + build the libFuzzer targets with clang-14 into build-fuzz, then run
#                                     each for FUZZ_SECONDS (default 60), two at a time; fails on any crash,
#                                     leak, sanitizer report or timeout and names the reproducer (fuzz/)
#   scripts/cdlab.sh build            install + build only
#   scripts/cdlab.sh deps             install the Debian packages only
#
# Environment: BUILD_DIR (default build), BUILD_TYPE (default Release), CDLAB_SANITIZE=1 for ASan/UBSan,
# SKIP_DEPS=1 to skip apt, JOBS (default nproc); test-fuzz: FUZZ_SECONDS (per target), FUZZ_JOBS (default 2).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

PACKAGES=(cmake g++ pkg-config libglfw3-dev libimgui-dev libassimp-dev libeigen3-dev libglm-dev python3-glad
  xvfb xauth libegl-dev libgl-dev libgles-dev libegl1-mesa-dev libgbm-dev mesa-utils
  nlohmann-json3-dev libcli11-dev libstb-dev libgtest-dev libbenchmark-dev libqhull-dev
  libsvm-dev liblinear-dev libode-dev libtbb-dev libfcl-dev libbullet-dev libgmp-dev libcgal-dev
  clang-14 libfuzzer-14-dev libzstd-dev
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev)

install_deps() {
  [ "${SKIP_DEPS:-0}" = 1 ] && return 0
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "[cdlab] installing: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  # Wait for the apt/dpkg lock instead of failing when another apt runs.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q -o DPkg::Lock::Timeout=600 "${missing[@]}"
}

# ccache (when installed; CMakeLists.txt picks it up): paths below the checkout are hashed relative to it, so a
# fresh clone or another worktree of the same sources hits what an earlier build compiled.
export CCACHE_BASEDIR="$here" CCACHE_NOHASHDIR=1

build() {
  local dir=${BUILD_DIR:-build} type=${BUILD_TYPE:-Release}
  local san=OFF
  [ "${CDLAB_SANITIZE:-0}" = 1 ] && san=ON
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE="$type" -DCDLAB_SANITIZE="$san" >&2
  cmake --build "$dir" -j "${JOBS:-$(nproc)}" >&2
}

# The fuzz targets and the five engine layers they link, with clang-14 (libFuzzer) and ASan + UBSan; no
# programs, peers, CGAL or tests (the root CMakeLists.txt, CDLAB_FUZZ).
build_fuzz() {
  local dir=${BUILD_DIR:-build-fuzz}
  cmake -S . -B "$dir" -DCDLAB_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
    -DCMAKE_CXX_COMPILER=clang++-14 -DCDLAB_BUILD_TESTS=OFF -DCDLAB_WITH_FCL=OFF -DCDLAB_WITH_BULLET=OFF \
    -DCDLAB_WITH_ODE=OFF -DCDLAB_WITH_CGAL=OFF >&2
  cmake --build "$dir" -j "${JOBS:-$(nproc)}" --target cdlab-fuzzers >&2
}

cmd=${1:-run}
shift || true
case "$cmd" in
  deps) install_deps ;;
  build) install_deps; build ;;
  run)
    install_deps; build
    viewer="${BUILD_DIR:-build}/app/viewer/cdlab"
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      shot="${BUILD_DIR:-build}/screenshots/cdlab-default.png" # under the build folder, not the sources
      mkdir -p "$(dirname "$shot")"
      echo "[cdlab] no display: rendering 120 frames of the scene offscreen (EGL) into $shot" >&2
      exec "$viewer" --offscreen --frames 120 --overlays --screenshot "$shot" "$@"
    fi
    exec "$viewer" "$@"
    ;;
  bench)
    install_deps; build
    exec "${BUILD_DIR:-build}/app/bench/cdlab-bench" "$@"
    ;;
  test)
    install_deps; build
    cd "${BUILD_DIR:-build}"
    exec ctest --output-on-failure -j "${JOBS:-$(nproc)}" "$@"
    ;;
  test-sanitize)
    export CDLAB_SANITIZE=1 BUILD_DIR=${BUILD_DIR:-build-sanitize}
    install_deps; build
    cd "$BUILD_DIR"
    exec ctest --output-on-failure -j "${JOBS:-$(nproc)}" -LE slow "$@"
    ;;
  test-fuzz)
    export BUILD_DIR=${BUILD_DIR:-build-fuzz}
    install_deps; build_fuzz
    exec bash fuzz/run-fuzzers.sh "$BUILD_DIR" "$@"
    ;;
  *) echo "usage: $0 run|bench|test|test-sanitize|test-fuzz|build|deps" >&2; exit 2 ;;
esac
