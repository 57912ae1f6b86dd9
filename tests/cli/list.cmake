# cdlab-bench list: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
cdlab_cli_test(list "torus_knot" ${BENCH} list --scenes ${SCENES})
