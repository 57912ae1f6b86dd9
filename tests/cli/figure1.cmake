# cdlab-bench figure1: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# figure1: redon2002 Figure 1 in numbers — the door translating away (t 0.467 -> 0.5) has nodes culled on
# the deep levels and none near the root; each level counts its cut (2^level nodes down to the leaves, 3324
# triangles one per leaf); the counts are the viewer's (viewer.offscreen.figure1_at); the CSV holds the same
# rows. Bad options exit 2 naming them.
# (Row by row: a line's pattern, then [^\n]*\n for each line it skips.)

cdlab_cli_test(figure1 "moving_door \\(3324 triangles\\) relative to static_door over t 0.466667 -> 0.5.${_any_row}${_any_row}level +nodes +BM-culled +share\n    0         1           0    0.0 %\n    1         2           0    0.0 %\n${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}    9       512         116   22.7 %\n${_any_row}${_any_row}   12      3324        1214   36.5 %\n# faces at the frame's end \\(eq. 3\\): [1-9][0-9]* moving forwards [^\n]*, [1-9][0-9]* backwards [^\n]* of 3324\n"
                     ${BENCH} figure1 ${SCENES}/doors.json --at 0.5)
cdlab_cli_test(figure1_csv "^level,nodes,bm_culled\n0,1,0\n1,2,0\n.*\n9,512,116\n.*\n12,3324,1214\n"
         sh -c "\"$0\" figure1 \"$1\" --at 0.5 --csv \"$2\" > /dev/null && cat \"$2\""
                 ${BENCH} ${SCENES}/doors.json ${CMAKE_BINARY_DIR}/figure1_test.csv)
cdlab_cli_exit2_test(figure1_at_outside "error: --at: 20 is outside the scene's time range \\[0, 13\\]"
                     ${BENCH} figure1 ${SCENES}/doors.json --at 20)
cdlab_cli_exit2_test(figure1_unknown_body "error: --body: no body 'door' \\(the scene has static_door, moving_door\\)"
                     ${BENCH} figure1 ${SCENES}/doors.json --body door)
