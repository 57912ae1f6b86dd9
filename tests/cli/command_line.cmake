# cdlab-bench the command line (the command table): CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# A bad command line: "error:" naming the option (or the mistyped command and those that exist), exit 2.
cdlab_cli_exit2_test(bad_option "error: --frames: [^\n]*abc"
                     ${BENCH} run ${SCENES}/cylinder_ball.json --frames abc)
cdlab_cli_exit2_test(unknown_command "error: unknown command 'tabel1' \\(commands: list, run, [a-z0-9, -]*table1, figure1, [a-z0-9, -]*record[a-z0-9, -]*\\)"
                     ${BENCH} tabel1)
cdlab_cli_exit2_test(missing_option "error: [^\n]*--type is required"
                     ${BENCH} ccd-queries ${DATA}/ccd_ee.csv)
