# cdlab-bench sbv-tables: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# sbv (issue 31): sbv-tables prints Table 1 at the placements it finds (the culling ratios are deterministic:
# coherence off), Table 2 for both solvers, the exact OSH and the balanced table; sbv:narrow=exact passes
# --verify against brute force while plain sbv (a penetration region) is left out of the answer comparison.
cdlab_cli_test(sbv_tables "cylinder_ball +touching +1\\.49 +211\\+5 +[0-9.]+ +[0-9.]+ +98\\.3 +98\\.0 +54\\+68 .*knot_teapot +intersecting +2\\.96 .*3507\\+5495 +liblinear .*# exact OSH \\(GJK on the convex hulls, [0-9]+ \\+ [0-9]+ hull vertices\\) at the separating placement: .*rod_ball +puncturing +[0-9.]+ 160p"
               ${BENCH} sbv-tables --repeat 1)

cdlab_cli_exit2_test(sbv_tables_bad_scene "error: .*no_such.json: scene file not found"
                     ${BENCH} sbv-tables --repeat 1 --deforming ${DATA}/no_such.json)
