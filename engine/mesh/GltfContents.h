// GltfContents: what a glTF file holds besides its meshes' geometry, read from its JSON (a .gltf, or a GLB's
// JSON chunk). Imported as a mesh, a glTF loses its skins, animations and morph targets; the import summary
// says so. A skin without inverseBindMatrices (valid glTF: identity matrices) crashes Debian 12's Assimp
// 5.2.5, so it is refused here before Assimp reads the file.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace cdlab {

struct GltfContents {
    std::size_t skins = 0;
    std::size_t animations = 0;
    std::size_t morphTargets = 0; ///< over all primitives of all meshes

    /// "ignored: 1 skin, 2 animations, 3 morph targets"; empty when there is none.
    std::string ignored() const;
};

/// The file's contents; nullopt when the file cannot be opened. Throws InputError for JSON that is not valid
/// UTF-8 JSON or not an object, a GLB without a whole JSON chunk, and (path "skins[K]") a skin without
/// inverseBindMatrices.
std::optional<GltfContents> readGltfContents(const std::string& path);

} // namespace cdlab
