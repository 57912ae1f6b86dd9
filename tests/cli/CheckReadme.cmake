# cmake -DROOT=DIR [-DMAX_LINES=300] -P CheckReadme.cmake
#
# The README stays short and shows the program (issue 44): DIR/README.md has at most MAX_LINES lines, every
# relative link in it (pages, pictures) names a file that exists, and every picture docs/images/NAME.png is
# rendered from a bundled shot: shots/NAME.json exists and scripts/render-images.sh lists NAME. Prints one line
# per problem and fails (exit 1) if there is any, else prints what it checked.
if(NOT DEFINED MAX_LINES)
  set(MAX_LINES 300)
endif()
set(readme ${ROOT}/README.md)
if(NOT EXISTS ${readme})
  message(FATAL_ERROR "${readme}: no such file")
endif()
file(READ ${readme} text)
# Count newlines (wc -l), not list elements: a line may hold a ';'.
string(REGEX MATCHALL "\n" newlines "${text}")
list(LENGTH newlines lines)
set(problems 0)
if(lines GREATER MAX_LINES)
  message("README.md: ${lines} lines, more than ${MAX_LINES}: move reference text to docs/")
  math(EXPR problems "${problems} + 1")
endif()
set(render_script "")
if(EXISTS ${ROOT}/scripts/render-images.sh)
  file(READ ${ROOT}/scripts/render-images.sh render_script)
endif()
# A list element must not hold an unmatched ']' (CMake would not split the list there): match "(target)"
# after a "](" turned into a marker.
string(REPLACE "](" "\nLINK(" marked "${text}")
string(REGEX MATCHALL "\nLINK\\([^)# ]+[^) ]*\\)" links "${marked}")
set(checked 0)
set(images 0)
foreach(link ${links})
  string(REGEX REPLACE "^\nLINK\\(([^)#]*).*\\)$" "\\1" target "${link}")
  if(target MATCHES "^[a-z]+:")
    continue()  # http(s), mailto: not checked here
  endif()
  math(EXPR checked "${checked} + 1")
  if(NOT EXISTS ${ROOT}/${target})
    message("README.md: ${target}: no such file")
    math(EXPR problems "${problems} + 1")
    continue()
  endif()
  if(target MATCHES "^docs/images/([^/]+)\\.png$")
    set(name ${CMAKE_MATCH_1})
    math(EXPR images "${images} + 1")
    # A shot (shots/NAME.json, or shots/paper/NAME.json: a figure of the papers' report) or a data plot of
    # the report (render-images.sh's `plots` list) renders it.
    if(render_script MATCHES "plots=\\(([^)]* )?${name}[ )]")
      # copied from the report's figures/ by render-images.sh
    elseif(NOT EXISTS ${ROOT}/shots/${name}.json AND NOT EXISTS ${ROOT}/shots/paper/${name}.json)
      message("README.md: ${target}: no shot shots/${name}.json renders it")
      math(EXPR problems "${problems} + 1")
    endif()
    if(NOT render_script MATCHES "[( /]${name}[ )]")
      message("README.md: ${target}: scripts/render-images.sh does not render it")
      math(EXPR problems "${problems} + 1")
    endif()
  endif()
endforeach()
if(problems GREATER 0)
  message(FATAL_ERROR "readme: ${problems} problems")
endif()
message("readme: ${lines} lines (at most ${MAX_LINES}), ${checked} links to files that exist, ${images} links to pictures rendered from shots")
