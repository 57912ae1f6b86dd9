# cdlab-bench table1: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# table1 --csv: one row per frame with both pipelines' counts; a path that cannot be written fails before the run.
cdlab_cli_test(table1_csv
         "# wrote [^\n]*table1_test.csv.*\nframe,t,bv_tests_without,bv_tests_with,ee_tests_without,ee_tests_with,[a-z_,]*ee_backward,bv_tests_per_face,.*\n3,[0-9.]+,[0-9]+,[0-9]+,"
         sh -c "\"$0\" table1 \"$1\" --frames 4 --repeat 1 --no-peer --csv \"$2\" && cat \"$2\""
                 ${BENCH} ${SCENES}/doors.json ${CMAKE_BINARY_DIR}/table1_test.csv)
cdlab_cli_exit2_test(table1_csv_unwritable "error: .*no_such_dir/t.csv: cannot open output file for writing"
                     ${BENCH} table1 ${SCENES}/doors.json --frames 4 --repeat 1 --no-peer
                     --csv ${CMAKE_BINARY_DIR}/no_such_dir/t.csv)

# table1: the paper's rows from one run, the face-level and node-level bounds, then per keyframe interval;
# exits 1 if first contacts differ on a frame that starts separated.
# The counts of both pipelines are pinned, and BM-culling must keep at least 90 % of what the face-level bound
# (per triangle) and the node-level bound (per node) say any back-face culling could remove here.

cdlab_cli_test(table1 "\nBV/BV tests +18190 +11628 [^\n]*\nE/E tests +53424 +27567 [^\n]*\nV/F tests +17808 +9189 [^\n]*\nF/V tests +17808 +9189 [^\n]*\ntotal time[^\n]*\n# the time above [^\n]*each feature pair tested once per window[^\n]*\ntime, once [^\n]* x *\n# face-level bound [^\n]*: 26217 of the 53424 E/E tests [^\n]*BM-culling removes ${_floor}# node-level bound [^\n]*: 11551 BV/BV tests [^\n]*reach ${_floor}.*per keyframe interval.*\n#   t 10-11 +3 +4867 -> +3105 .*\n# first contacts: 1 frames with a contact. identical on 40 of 40 frames\n"
                     ${BENCH} table1 ${SCENES}/doors.json --frames 40 --repeat 1 --no-peer)
set_tests_properties(cli.table1 PROPERTIES FAIL_REGULAR_EXPRESSION "ERROR|peer fcl-ca")
# table1's peer lines: FCL's conservative advancement on the same frames, its time ratio and how its times of
# contact compare: 14 one-second frames of the recorded motion, 2 of them with a contact that both find at
# the same time: the contacts of the scene's own 391 frames (2.0347 and 3.0341 s), since every frame is cut
# at the recorded keys inside it (scene/FrameWindows.h). The straight screw over each second found 4, two
# of them where the recorded path has none. FCL crawls along the pressed doors' keyed path (about 2 s a
# window near contact, 130 s in all): slow label.
if(fcl_FOUND)
  cdlab_cli_test(table1_peer "peer fcl-ca .*: [0-9.]+ s = [0-9.]+ x the time without BM-culling, [0-9.]+ x with \\(per triangle pair\\). [0-9.]+ x and [0-9.]+ x testing each feature pair once\n#   of 14 frames that start separated: contact on 2 by both \\(times within [0-9.e-]+ frame\\), 0 by rigid-ccd only, 0 by fcl-ca only\n"
                       ${BENCH} table1 ${SCENES}/doors_recorded.json --frames 14 --repeat 1)
  set_tests_properties(cli.table1_peer PROPERTIES LABELS slow TIMEOUT 900 COST 200) # FCL's CA takes 2 min: start it first
endif()
