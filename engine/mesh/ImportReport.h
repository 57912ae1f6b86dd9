// ImportReport: what an import read and what it made of it, for the import summary the bench and the scene
// loader print (vertices as the file gave them, after welding, triangles, what was dropped or ignored).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace cdlab {

struct ImportReport {
    std::string format; ///< what the content is: "OBJ", "binary STL", "PLY (binary little endian)"...
    /// Vertices in the file: OBJ `v` lines, PLY `element vertex`, STL 3 per triangle; other formats: as
    /// Assimp gave them.
    std::size_t verticesRead = 0;
    std::size_t verticesWelded = 0;    ///< distinct positions: the mesh's vertices after welding
    std::size_t triangles = 0;         ///< triangles in the mesh
    std::size_t degenerateDropped = 0; ///< triangles with two corners at one position after welding
    /// What the file holds that the mesh does not have ("ignored: 1 skin (2 bones), 1 animation"): warnings,
    /// not errors; the mesh is the file's geometry in its rest pose.
    std::vector<std::string> warnings;

    /// One line: "binary STL: 36 vertices read, 8 after welding, 12 triangles".
    std::string summary() const;
};

} // namespace cdlab
