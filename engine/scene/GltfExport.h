// One articulated model written as glTF 2.0 (.gltf with its .bin, or .glb) through Assimp's exporter: a root
// node for the base, one node per link (children under their parent's node) with the link's mesh, and one
// animation whose channels carry each link's local transform joint * motion(t) at the link's key times.
// Between keys, joint * (linear translation, slerp rotation) is again a linear translation and a slerp (a
// fixed rotation and offset applied to both), so glTF's LINEAR interpolation gives back our poses. Every
// channel has its translation, rotation and a unit scale key, and the base is a one-key channel of the root
// too, so that importGltfModel reads every transform from keys (float translation and quaternion) rather than
// from a single-precision matrix it would have to decompose.
#pragma once

#include "scene/Scene.h"

#include <cstdint>
#include <string>

namespace cdlab {

struct GltfExportSummary {
    std::size_t links = 0, triangles = 0, vertices = 0;
    std::size_t keys = 0;     ///< keyframes written over all channels (the base's one key included)
    std::uintmax_t bytes = 0; ///< file size (.gltf and its .bin together)
    std::string description;  ///< "glTF 2.0 binary"
};

/// Writes `model` to `path`, in glTF JSON or binary as its extension (.gltf, .glb) says. Throws InputError
/// naming `path`: another extension, or a file that cannot be written.
GltfExportSummary exportGltfModel(const ArticulatedModel& model, const std::string& path);

} // namespace cdlab
