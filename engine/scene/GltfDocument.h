// The glTF file itself, read as JSON before Assimp imports it: what Assimp 5.2 does not check or reports in
// a way that loses the node or channel. It says whether the file is glTF 2.0 at all (a .gltf JSON file or a
// .glb container), refuses a node tree with a cycle, a node with two parents or no nodes, a buffer file that
// is missing, and STEP or CUBICSPLINE interpolation, which Assimp 5.2 reads as LINEAR without a word (it
// keeps the CUBICSPLINE values and drops their tangents).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace cdlab {

class GltfDocument {
public:
    /// Reads `path` (.gltf or .glb, by its content). Throws InputError naming `path`: not found, not
    /// glTF 2.0, a cyclic or empty node tree, a missing buffer file.
    explicit GltfDocument(const std::string& path);

    /// Number of animations in the file.
    int animationCount() const;
    /// Throws InputError naming the file and the channel (its node and path) when a sampler of animation
    /// `index` interpolates other than LINEAR.
    void requireLinear(int index) const;
    /// "node 'name'" (or "nodes[i]" when unnamed), for messages.
    std::string nodeLabel(int node) const;

private:
    void checkNodeTree() const;
    void checkBuffers() const;
    void checkLinear(int index) const;
    void checkDeformingMeshes() const;
    std::string m_path;
    nlohmann::json m_doc;
    bool m_binary = false; ///< a .glb container: a buffer without a uri is its BIN chunk
};

} // namespace cdlab
