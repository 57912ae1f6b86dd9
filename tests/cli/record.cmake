# cdlab-bench record: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# record: the hand's path of the bundled recording, simulated (the door stops on the static one: contacts,
# never held still), written as a scene that table1 replays with identical first contacts in both pipelines
# and reports per 1 s interval (a key every frame). Scenes it cannot simulate exit 2 naming the field.
# The recording is deterministic: the bundled scenes/doors_recorded.json is this run's output byte for byte
# (cli.record_replay replays it).
cdlab_cli_test(record "recorded 'moving_door' over 391 frames of [^\n]*doors_hand.json\ncontacts answered: 446\nframes in contact: 140\nsubsteps held still: 0\n${_any_row}wrote [^\n]*record_test.json\nsame as the bundled recording\n"
         sh -c "cd \"$1\" && \"$0\" record scenes/doors_hand.json -o \"$2\" && cmp \"$2\" scenes/doors_recorded.json && echo 'same as the bundled recording'"
                 ${BENCH} ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/record_test.json)
# A hand too quick for the substeps: the body waits out some of them, and the output says what to raise.
cdlab_cli_test(record_held "substeps held still: [1-9][0-9]* \\(more than 32 contacts in a substep: raise --substeps\\)\n"
               ${BENCH} record ${SCENES}/bullets.json -o ${CMAKE_BINARY_DIR}/record_held.json)
cdlab_cli_test(record_replay "\nBV/BV tests +124613 +90967 [^\n]*\nE/E tests +89595 +38097 [^\n]*\n.*\n# face-level bound [^\n]*BM-culling removes ${_floor}# node-level bound [^\n]*reach ${_floor}.*# per 1 s interval: [^\n]*\n#   t 0-1 [^\n]*\n${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}${_any_row}#   t 12-13 [^\n]*\n# first contacts: 2 frames with a contact. identical on 391 of 391 frames\n"
               ${BENCH} table1 ${SCENES}/doors_recorded.json --no-peer -r 1)
cdlab_cli_exit2_test(record_moving_obstacle "error: [^\n]*default.json: bodies\\[4\\].keyframes: recording needs static obstacles. body 'knot' moves"
                     ${BENCH} record ${SCENES}/default.json --body ball -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_starts_inside "error: [^\n]*record_starts_inside.json: bodies\\[1\\].keyframes: the body starts interpenetrating body 'cylinder'"
                     ${BENCH} record ${DATA}/record_starts_inside.json -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_unwritable "error: [^\n]*no_such_dir/out.json: cannot write the recorded scene"
                     ${BENCH} record ${SCENES}/doors_hand.json -o ${CMAKE_BINARY_DIR}/no_such_dir/out.json)
cdlab_cli_exit2_test(record_link "error: [^\n]*record_link.json: articulated: 'arm/upper' is an articulated link: record simulates a rigid body"
                     ${BENCH} record ${DATA}/record_link.json -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_link_named "error: [^\n]*record_link.json: --body: 'arm/upper' is an articulated link"
                     ${BENCH} record ${DATA}/record_link.json --body arm/upper -o ${CMAKE_BINARY_DIR}/record_bad.json)
cdlab_cli_exit2_test(record_unknown_body "error: [^\n]*doors_hand.json: --body: no body 'door' \\(the scene has static_door, moving_door\\)"
                     ${BENCH} record ${SCENES}/doors_hand.json --body door -o ${CMAKE_BINARY_DIR}/record_bad.json)
