# Included from tests/cli/CliTests.cmake.
# The documentation's examples: every block marked <!-- example --> in README.md and docs/*.md runs with this
# build's programs and its deterministic lines (counts, hashes; not times) must be in the output
# (docs/examples.sh says how an example is written). Some run the viewer, so the test needs it built.
if(TARGET cdlab)
  cdlab_output_test(docs.examples 0 "\nexamples: [1-9][0-9]* checked, 0 failed\n"
                    bash ${CMAKE_SOURCE_DIR}/docs/examples.sh ${CMAKE_BINARY_DIR})
  # Label slow: the sanitizer suite skips it (the same commands run there as cli.*/viewer.* tests; under ASan
  # it takes two minutes of CI's time).
  set_tests_properties(docs.examples PROPERTIES TIMEOUT 300 FAIL_REGULAR_EXPRESSION "FAILED" LABELS slow)
endif()
