# cdlab-bench run --record and compare-recordings: CLI contract tests (included from tests/cli/CliTests.cmake,
# which defines BENCH, SCENES, DATA and the helpers). Each test writes its own recordings (ctest -j).
set(_rec ${CMAKE_BINARY_DIR}/recordings)
file(MAKE_DIRECTORY ${_rec})
set(_run_rec run -r 1 -w 0 -f 4 ${SCENES}/cylinder_ball.json)
set(_run_rec_sh "run -r 1 -w 0 -f 4 '${SCENES}/cylinder_ball.json'") # inside sh -c
# A recording: the frames x viewports it holds and its size.
cdlab_cli_test(run_record "# wrote [^\n]*run_record.cdrec: 4 frames x 2 viewports, [0-9]+ bytes \\(header [0-9]+, [0-9]+ bytes per frame\\)\n"
               ${BENCH} ${_run_rec} -a bvh -a rigid-ccd-bm --record ${_rec}/run_record.cdrec)
# Two runs of the same algorithms: equal (exit 0).
cdlab_cli_test(compare_recordings_equal "# A [^\n]*cylinder_ball.json, 4 frames, bvh, rigid-ccd-bm [^\n]*\n# B [^\n]*\n# equal: the same contacts, times of contact and counters on all 4 frames\n"
               sh -c "\"$0\" ${_run_rec_sh} -a bvh -a rigid-ccd-bm --record \"$1/eq_a.cdrec\" >/dev/null && \"$0\" ${_run_rec_sh} -a bvh -a rigid-ccd-bm --record \"$1/eq_b.cdrec\" >/dev/null && exec \"$0\" compare-recordings \"$1/eq_a.cdrec\" \"$1/eq_b.cdrec\""
               ${BENCH} ${_rec})
# A planted difference: the same scene with OBB and AABB trees: the same contacts, other BV test counts
# (exit 1).
cdlab_output_test(cli.compare_recordings_differ 1 "# note: viewport 0 runs bvh vs bvh\\[bv=aabb\\]\nframe [0-9]+ [^\n]*viewport 0: counters: [^\n]*bv_tests [0-9]+ vs [0-9]+[^\n]*\n.*# differ: [1-4] of 4 frames\n"
                  sh -c "\"$0\" ${_run_rec_sh} -a bvh --record \"$1/diff_a.cdrec\" >/dev/null && \"$0\" ${_run_rec_sh} -a bvh:bv=aabb --record \"$1/diff_b.cdrec\" >/dev/null && exec \"$0\" compare-recordings \"$1/diff_a.cdrec\" \"$1/diff_b.cdrec\""
                  ${BENCH} ${_rec})
# Bad input (exit 2): a scene file, a cut recording, a recording of another format version.
cdlab_cli_exit2_test(compare_recordings_foreign "error: [^\n]*cylinder_ball.json: header: not a cdlab recording"
                     ${BENCH} compare-recordings ${SCENES}/cylinder_ball.json ${SCENES}/cylinder_ball.json)
cdlab_cli_exit2_test(compare_recordings_truncated "error: [^\n]*cut.cdrec: frame [0-9]+: truncated"
                     sh -c "\"$0\" ${_run_rec_sh} -a bvh --record \"$1/whole.cdrec\" >/dev/null && head -c -20 \"$1/whole.cdrec\" > \"$1/cut.cdrec\" && exec \"$0\" compare-recordings \"$1/whole.cdrec\" \"$1/cut.cdrec\""
                     ${BENCH} ${_rec})
cdlab_cli_exit2_test(compare_recordings_version "error: [^\n]*v3.cdrec: header: recording format version 3, this build reads versions 1 to 2"
                     sh -c "\"$0\" ${_run_rec_sh} -a bvh --record \"$1/v2.cdrec\" >/dev/null && ( head -c 8 \"$1/v2.cdrec\" && printf '\\003' && tail -c +10 \"$1/v2.cdrec\" ) > \"$1/v3.cdrec\" && exec \"$0\" compare-recordings \"$1/v2.cdrec\" \"$1/v3.cdrec\""
                     ${BENCH} ${_rec})
cdlab_cli_exit2_test(run_record_unwritable "error: [^\n]*no_such_dir/r.cdrec: cannot write the recording"
                     ${BENCH} ${_run_rec} -a bvh --record ${CMAKE_BINARY_DIR}/no_such_dir/r.cdrec)
