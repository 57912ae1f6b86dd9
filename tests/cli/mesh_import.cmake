# cdlab-bench mesh import (any command that reads a mesh): CLI contract tests (included from tests/cli/CliTests.cmake, which defines BENCH,
# SCENES, DATA and the helpers).
# Mesh import (issue 33): the bench prints the import summary first. A binary PLY with triangle strips gives all
# 8 triangles (Assimp 5.2.5 alone: one); an STL's 12 corners weld into the tetrahedron's 4 vertices, which makes
# it closed; content under another format's extension and a truncated STL are named; a glTF's animation is
# reported as ignored. tests/data/import/README.md says how the files were written.
cdlab_cli_test(mesh_import_tristrips "# import [^\n]*strips.ply: PLY \\(binary little endian\\): 9 vertices read, 9 after welding, 8 triangles\n"
               ${BENCH} mesh-check ${DATA}/import/strips.ply)
cdlab_cli_test(mesh_import_stl_welded "# import [^\n]*tetrahedron.stl: binary STL: 12 vertices read, 4 after welding, 4 triangles\n.*tetrahedron +[^\n]* 4  closed, outward\n"
               ${BENCH} mesh-check ${DATA}/import/tetrahedron.stl)
cdlab_cli_exit2_test(mesh_import_wrong_extension "error: [^\n]*tetrahedron_stl.obj: looks like a binary STL, not OBJ"
                     ${BENCH} bvh-build --mesh ${DATA}/import/tetrahedron_stl.obj)
cdlab_cli_exit2_test(mesh_import_truncated_stl "error: [^\n]*tetrahedron_truncated.stl: truncated binary STL: the header declares 4 triangles = 284 bytes, the file has 244 \\(3 whole triangles\\)"
                     ${BENCH} bm-cones --mesh ${DATA}/import/tetrahedron_truncated.stl)
cdlab_cli_test(mesh_import_gltf_ignored "# warning: [^\n]*chain.gltf: ignored: 1 animation \\(the mesh is the geometry at rest\\)\n"
               ${BENCH} mesh-check ${DATA}/gltf/chain.gltf)
