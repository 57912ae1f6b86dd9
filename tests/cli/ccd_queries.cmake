# cdlab-bench ccd-queries: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# ccd-queries: the summary lines, zero false negatives on our hard cases; bad files exit 2 naming the line.
cdlab_cli_test(ccd_queries_vf "queries: 36\nfalse positives: 0\nfalse negatives: 0\nns per query: [0-9]+\ncollisions reported: 20\n"
                     ${BENCH} ccd-queries ${DATA}/ccd_vf.csv --type vf)
cdlab_cli_test(ccd_queries_ee "queries: 28\nfalse positives: 0\nfalse negatives: 0\nns per query: [0-9]+\ncollisions reported: 14\n.*timed passes: 3"
                     ${BENCH} ccd-queries ${DATA}/ccd_ee.csv --type ee --repeat 3)
cdlab_cli_exit2_test(ccd_queries_bad "error: .*cyclic.json: line 1: expected 7 comma-separated fields"
                     ${BENCH} ccd-queries ${DATA}/cyclic.json --type vf)
# Generated generic queries: the fast path's answers against the exact search's truth, the per-query tail.
cdlab_cli_test(ccd_queries_generated "queries: 2000\nfalse positives: 0\nfalse negatives: 0\n.*collisions \\(truth\\): [0-9]+ \\([0-9.]+ %\\), 0 of them at the truth's depth limit\nper-query ns p50: [0-9]+\nper-query ns p90: [0-9]+\nper-query ns p99: [0-9]+\nper-query ns max: [0-9]+"
               ${BENCH} ccd-queries --generated 2000 --type ee --per-query --repeat 3)
cdlab_cli_exit2_test(ccd_queries_no_input "error: .*give a query file or --generated N"
                     ${BENCH} ccd-queries --type vf)
