#!/usr/bin/env bash
# Renders the README's pictures from the bundled shots, so that they show what the viewer draws today:
#
#   bash scripts/render-images.sh [BUILD_DIR]        (default: build; builds nothing: run
#                                                     `bash scripts/cdlab.sh build` first)
#
# Each picture docs/images/NAME.png is shots/NAME.json (shots/paper/NAME.json for a `paper/NAME` entry: one
# of the papers' report's 3-D figures) rendered offscreen (EGL; llvmpipe without a GPU) at 1280x720 with the
# settings file ignored, so the shot alone decides what is drawn. Each name in `plots` is a data plot of the
# papers' report, copied from a `cdlab-bench paper redon2002 --quick` run (a few seconds; its times are this
# machine's). The lists below are the README's; ctest docs.readme (tests/cli/CheckReadme.cmake) checks that
# every picture the README links exists and is listed here. Change a picture by changing its shot (open it in the viewer, move the camera or change
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
images=(doors_figure1 walk_catch bullets_ccd_vs_discrete knot_teapot_sbv ldi_spheres paper/zhang2007_fig5_interval_taylor)
plots=(redon2002-ccd-distribution)
cd "$root"
mkdir -p docs/images
for entry in "${images[@]}"; do
  name=${entry#paper/}
  out=docs/images/$name.png
  if ! log=$("$viewer" --offscreen --no-settings --size 1280x720 --screenshot "$out" "shots/$entry.json" 2>&1); then
    echo "$log" >&2
    echo "error: shots/$entry.json: the viewer failed" >&2
    exit 1
  fi
  echo "wrote docs/images/$name.png ($(stat -c %s "$out") bytes) from shots/$entry.json"
done
bench=$build/app/bench/cdlab-bench
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
if ! log=$("$bench" paper redon2002 --quick -o "$report" --viewer "$viewer" 2>&1); then
  echo "$log" >&2
  echo "error: $bench paper redon2002 --quick failed" >&2
  exit 1
fi
for name in "${plots[@]}"; do
  cp "$report/figures/$name.png" docs/images/$name.png
  echo "wrote docs/images/$name.png ($(stat -c %s docs/images/$name.png) bytes) from cdlab-bench paper redon2002 --quick"
done
