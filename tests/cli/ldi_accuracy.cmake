# cdlab-bench ldi-accuracy: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
cdlab_cli_test(ldi_accuracy "two spheres \\(r 1, d 1\\) +64 +1\\.30900 +1\\.30[0-9]+ .*two boxes +128 +0\\.28000 +0\\.28000 .*sphere in a box +128 +1\\.43558 +1\\.435"
               ${BENCH} ldi-accuracy --resolutions 64 128)
