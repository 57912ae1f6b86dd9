# Included from tests/cli/CliTests.cmake.
# The README shows the program and stays short (issue 44): at most 300 lines, every page and picture it links
# exists, and every picture is rendered from a bundled shot by scripts/render-images.sh (CheckReadme.cmake).
cdlab_output_test(docs.readme 0 "readme: [0-9]+ lines \\(at most 300\\), [1-9][0-9]* links to files that exist, [1-9][0-9]* links to pictures"
                  ${CMAKE_COMMAND} -DROOT=${CMAKE_SOURCE_DIR} -P ${CMAKE_CURRENT_LIST_DIR}/CheckReadme.cmake)
# The check can fail: a README of 301 lines linking a missing picture and a missing page is refused, naming each.
cdlab_output_test(docs.readme_refuses 1
                  "README.md: 302 lines, more than 300[^\n]*\nREADME.md: docs/images/gone.png: no such file\nREADME.md: docs/GONE.md: no such file\n.*readme: 3 problems"
                  sh -c "mkdir -p \"$1\" && (seq 301 && echo '![a](docs/images/gone.png) [b](docs/GONE.md#x)') > \"$1/README.md\" && exec \"$0\" -DROOT=\"$1\" -P \"$2\""
                  ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR}/readme_refuses ${CMAKE_CURRENT_LIST_DIR}/CheckReadme.cmake)
