# cdlab-bench swept-boxes: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# Articulated models (zhang2007): swept-boxes prints Fig. 5 per link — interval boxes grow down the 10-link
# chain of tests/data/chain10.json, to several times the Taylor boxes at its last link — and the order table;
# run prints Table 2's spatial columns for catch. Scenes without models and unknown models exit 2.
cdlab_cli_test(swept_boxes "link +depth +taylor_volume +interval_volume +ratio_med +ratio_max\ncar0 +0 +1.98 +1.98 +1 +1\n.*car9 +9 +[0-9.]+ +[0-9.]+ +([5-9]|[1-9][0-9])\\.[0-9]+ .*# plotted [^\n]*swept_boxes.svg\n.*taylor order 3 +volume +1 .*interval +volume +[2-9]\\.[0-9]+ "
               ${BENCH} swept-boxes ${DATA}/chain10.json --repeat 3 --csv ${CMAKE_BINARY_DIR}/swept_boxes.csv
               --svg ${CMAKE_BINARY_DIR}/swept_boxes.svg)
cdlab_cli_exit2_test(swept_boxes_no_model "error: .*default.json: the scene has no articulated model"
                     ${BENCH} swept-boxes ${SCENES}/default.json)
cdlab_cli_exit2_test(swept_boxes_one_frame "error: .*chain10_one_frame.json: frames: swept boxes need at least 2 frames"
                     ${BENCH} swept-boxes ${DATA}/chain10_one_frame.json)
cdlab_cli_exit2_test(swept_boxes_bad_model "error: --model: no model 'nope' \\(the scene has chain\\)"
                     ${BENCH} swept-boxes ${DATA}/chain10.json --model nope)
