# cdlab-bench mesh-export: CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# mesh-export writes the format the output extension names and reads the file back with the importer every
# command uses: same triangles, one vertex per position where the format keeps shared vertices (STL stores
# three corners per triangle: they are welded on import), positions within 1e-6 of the largest coordinate (it
# exits 1 otherwise; the pattern checks the figure too). A second process imports the file again (its import
# summary first) and writes it back as OBJ.
set(_within_tolerance "largest position difference (0|[1-9](\\.[0-9])?e-(0[7-9]|[1-9][0-9])) of the largest coordinate\n")
foreach(_format "obj|Wavefront OBJ, text, full double precision, cdlab's writer|1498 vertices"
                "ply|PLY, binary, single precision|1498 vertices"
                "stl|STL, binary, single precision, three corners per triangle|1498 vertices \\(welded: the file stores three corners per triangle\\)"
                "gltf|glTF 2.0, JSON with its buffer in a .bin file beside it, single precision|1498 vertices"
                "glb|glTF 2.0 binary, single precision|1498 vertices")
  string(REPLACE "|" ";" _f "${_format}")
  list(GET _f 0 _ext)
  list(GET _f 1 _description)
  list(GET _f 2 _read_back)
  string(REGEX MATCH "^[0-9]+" _reimported "${_read_back}")
  cdlab_cli_test(mesh_export_${_ext}
           "wrote [^\n]*export_knot.${_ext}: 1498 vertices, 2996 triangles \\(${_description}\\)\nread back [^\n]*export_knot.${_ext}: ${_read_back}, 2996 triangles, ${_within_tolerance}# import [^\n]*export_knot.${_ext}: [^\n]*: [0-9]+ vertices read, ${_reimported} after welding, 2996 triangles\nwrote [^\n]*export_knot_${_ext}.obj: ${_reimported} vertices, 2996 triangles [^\n]*\nread back [^\n]*: 1498 vertices[^\n]*, 2996 triangles, ${_within_tolerance}"
           sh -c "\"$0\" mesh-export --generator torus_knot --params '{\"triangles\": 3000}' --out \"$1\" && \"$0\" mesh-export --mesh \"$1\" --out \"$2\""
                   ${BENCH} ${CMAKE_BINARY_DIR}/export_knot.${_ext} ${CMAKE_BINARY_DIR}/export_knot_${_ext}.obj)
endforeach()
# A GLB feeds a BVH build like any mesh file.
cdlab_cli_test(mesh_export_glb_bvh "wrote .* 2996 triangles.*: 2996 triangles.*bvh .*nodes"
         sh -c "\"$0\" mesh-export --generator torus_knot --params '{\"triangles\": 3000}' --out \"$1\" --no-check && \"$0\" bvh-build --mesh \"$1\" --repeat 1 --algo bvh"
                 ${BENCH} ${CMAKE_BINARY_DIR}/roundtrip_knot.glb)
# The teapot's patch seams hold vertex pairs closer than single precision tells apart: read back, they are
# one vertex, and the output says how many; the 32 triangles that then have two corners at one position are
# dropped by the importer's welding, and the output says so too.
cdlab_cli_test(mesh_export_single_precision "wrote [^\n]*: 5495 vertices, 10744 triangles [^\n]*\nread back [^\n]*: 5461 vertices \\(34 share their single-precision position with another vertex\\), 10712 triangles \\(32 have two corners at one single-precision position: dropped\\), ${_within_tolerance}"
               ${BENCH} mesh-export --generator teapot --out ${CMAKE_BINARY_DIR}/export_teapot.ply)
# An extension that names no format it writes, or none, is refused before anything is written.
cdlab_cli_exit2_test(mesh_export_unknown_extension "error: [^\n]*export_knot.fbx: cannot write mesh format '.fbx' \\(the extension names the format: .obj, .ply, .stl, .gltf, .glb\\)"
                     ${BENCH} mesh-export --generator torus_knot --out ${CMAKE_BINARY_DIR}/export_knot.fbx)
cdlab_cli_exit2_test(mesh_export_no_extension "error: [^\n]*export_knot: no file extension \\(the extension names the format: .obj, .ply, .stl, .gltf, .glb\\)"
                     ${BENCH} mesh-export --generator torus_knot --out ${CMAKE_BINARY_DIR}/export_knot)
set_tests_properties(cli.mesh_export_unknown_extension cli.mesh_export_no_extension PROPERTIES FAIL_REGULAR_EXPRESSION "wrote")
