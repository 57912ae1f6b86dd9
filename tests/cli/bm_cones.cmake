# cdlab-bench bm-cones: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# bm-cones: nodes with a cone and the nearest-point projections it took are deterministic (fixed seeds, any
# thread count).
cdlab_cli_test(bm_cones "2999 nodes.*\ntop-down +[0-9.]+ +[0-9.]+ +2883/2999 +114580\nbottom-up +[0-9.]+ +[0-9.]+ +2875/2999 +96761\n"
                     ${BENCH} bm-cones --generator torus_knot --triangles 1500 --repeat 1)
# ... with its progress (on stderr, forced: ctest's stderr is not a terminal), per mode and build.
cdlab_cli_test(bm_cones_progress "100% top-down build 2/2.*100% bottom-up build 2/2"
                     ${BENCH} bm-cones --generator torus_knot --triangles 1500 --repeat 2 --progress)
