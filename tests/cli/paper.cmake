# cdlab-bench paper (issue 46): the papers' report. (Included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers.)
# paper_quick: the whole report in --quick mode (every item of the three papers, the 3-D figures through the
# viewer built beside it) writes README.md, index.html and pinned.txt, leaves no .partial-* folder, and its
# deterministic figures (counts, culled nodes, PCLs, pieces, agreement lines, hashes, the figures' pinned facts;
# no times) equal tests/data/paper_quick_pinned.txt: a change to an algorithm that changes a paper's table fails
# here (diff shows the line). Long (about 1 minute of CPU, 3 minutes of wall time on a loaded 2-core box): slow.
# To re-pin after a legitimate change: run the command below and copy DIR/pinned.txt over the data file.
if(TARGET cdlab)
  cdlab_cli_test(paper_quick "pinned ok\n"
    sh -c "rm -rf \"$2\" && \"$0\" paper all --quick -o \"$2\" --viewer \"$1\" > /dev/null && test -s \"$2/README.md\" && test -s \"$2/index.html\" && test -z \"$(ls -A \"$2\" | grep partial)\" && diff -u \"$3\" \"$2/pinned.txt\" && echo 'pinned ok'"
    ${BENCH} $<TARGET_FILE:cdlab> ${CMAKE_BINARY_DIR}/paper_quick ${CMAKE_SOURCE_DIR}/tests/data/paper_quick_pinned.txt)
  set_tests_properties(cli.paper_quick PROPERTIES LABELS slow TIMEOUT 600)
endif()
# Bad input: exit 2 naming it, and nothing written (a previous report in the folder stays as it was).
cdlab_cli_exit2_test(paper_unknown_name
  "error: paper: unknown paper 'redon2003' \\(redon2002, zhang2007, sbv or all\\)"
  ${BENCH} paper redon2003 -o ${CMAKE_BINARY_DIR}/paper_bad_name)
cdlab_cli_exit2_test(paper_folder_is_a_file
  "error: [^\n]*paper_not_a_folder: -o: cannot create the output folder: [^\n]*\nleft: previous\n"
  sh -c "echo previous > \"$1\" && \"$0\" paper redon2002 -o \"$1\" || (rc=$? && echo \"left: $(cat \"$1\")\" && exit $rc)"
  ${BENCH} ${CMAKE_BINARY_DIR}/paper_not_a_folder)
cdlab_cli_exit2_test(paper_folder_cannot_be_made
  "error: /proc/cdlab-paper-report: -o: cannot create the output folder"
  ${BENCH} paper sbv -o /proc/cdlab-paper-report)
# A killed run's .partial-PID folder is removed by the next run in that folder once no process has that id
# (999999999 is above any pid_max), and one whose process lives (1: init) is left alone. The fastest item, the
# 3-D figures left out (no viewer): about 3 s.
cdlab_cli_test(paper_partial_cleanup "^partial left: \\.partial-1 \nREADME.md\n"
  sh -c "rm -rf \"$1\" && mkdir -p \"$1/.partial-999999999/figures\" \"$1/.partial-1\" && touch \"$1/.partial-999999999/README.md\" && \"$0\" paper redon2002 --quick -o \"$1\" --viewer /nonexistent/cdlab > /dev/null && echo \"partial left: $(ls -A \"$1\" | grep partial | tr '\\n' ' ')\" && ls \"$1\" | grep README"
  ${BENCH} ${CMAKE_BINARY_DIR}/paper_partial_cleanup)
