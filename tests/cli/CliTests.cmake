# CLI contract tests: bad input exits 2 with a message naming the file (and field); real runs exit 0 and print
# what they pin (counts, hashes, summaries); a short real run passes --verify (every cdlab algorithm equals
# brute force on every frame). cdlab_output_test (tests/CMakeLists.txt) checks the exit code. One file per
# command in this folder; the shared patterns and helpers are here.
set(BENCH $<TARGET_FILE:cdlab-bench>)
set(SCENES ${CMAKE_SOURCE_DIR}/scenes)
set(DATA ${CMAKE_CURRENT_SOURCE_DIR}/data)

# A successful run: passes when it prints the regex and exits 0.
function(cdlab_cli_test name expect_regex)
  cdlab_output_test(cli.${name} 0 "${expect_regex}" ${ARGN})
endfunction()

# Bad input: passes only when the command prints the regex and exits 2.
function(cdlab_cli_exit2_test name expect_regex)
  cdlab_output_test(cli.${name} 2 "${expect_regex}" ${ARGN})
endfunction()

# table1 (and record's replay): BM-culling must keep at least 90 % of what the bounds say any back-face culling
# could remove.
set(_floor "(9[0-9]|100)\\.[0-9] % of that\n")
# Row by row: a line's pattern, then [^\n]*\n for each line it skips.
set(_any_row "[^\n]*\n")

include(${CMAKE_CURRENT_LIST_DIR}/command_line.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/list.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/bvh_build.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/table1.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/figure1.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/record.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/compare_recordings.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/mesh_export.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/mesh_import.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/mesh_check.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/ccd_queries.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/bm_cones.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/swept_boxes.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/distance.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/sbv_tables.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/ldi.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/ldi_accuracy.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/gltf.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/docs_examples.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/docs_readme.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/paperfigs.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/paper.cmake)
