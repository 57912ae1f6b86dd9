# cdlab-bench distance: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# Distance queries (issue 30): on small placements of both pairs at two gaps, ours equals the brute force and
# FCL's distance agrees to 1e-9 (exit 1 when ours differs); an unknown pair is refused by the option check.
if(fcl_FOUND)
  cdlab_cli_test(distance "pair +gap +n +rss_us +brute-force_us +fcl_us +ratio.*knot-teapot +0.001 +2 .*door-door +0.01 +2 .*# rss / fcl over all placements.*# agreement: rss vs brute-force 0 \\(within 1e-9\\), rss vs fcl [0-9.e+-]+ \\(within 1e-9\\)"
                 ${BENCH} distance -t 500 -n 2 -r 1 --brute-repeat 1 --gaps 0.001 0.01 --csv ${CMAKE_BINARY_DIR}/distance.csv)
else()
  cdlab_cli_test(distance "pair +gap +n +rss_us +brute-force_us +ratio.*door-door +0.01 +2 .*# agreement: rss vs brute-force 0 \\(within 1e-9\\)"
                 ${BENCH} distance -t 500 -n 2 -r 1 --brute-repeat 1 --gaps 0.001 0.01)
endif()
cdlab_cli_exit2_test(distance_bad_gap "error: distance --gaps: .*a gap must be positive"
                     ${BENCH} distance --gaps 0 -n 1)
