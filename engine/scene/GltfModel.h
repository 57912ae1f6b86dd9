// Articulated models from glTF 2.0 files (.gltf, .glb) through Assimp. The node tree becomes the links: a
// node with meshes is a link (its meshes merged into one mesh in the node's frame), a node without meshes
// folds into its children's joint frames, and the channels of one animation become each link's keyframes,
// resampled onto the union of its translation and rotation key times — linear translation and slerp between
// keys, which is both glTF's LINEAR interpolation and our PoseTrack, so the poses agree at every time.
// A uniform constant scale is baked into the meshes and the child offsets; whatever would make a link deform
// or move other than rigidly is refused with an InputError naming the file and the node, channel or mesh:
// skins, morph targets, non-uniform or animated scale, STEP/CUBICSPLINE keys, an animated node without a mesh
// above links (its motion composed with a child's offset is no longer linear + slerp), non-finite keys.
#pragma once

#include "scene/Scene.h"

#include <optional>
#include <string>

namespace cdlab {

/// Imports the articulated model of a glTF file. `animation`: the animation whose channels move the links
/// (nullopt: the first when the file has any, otherwise the model is static). Links are named after their
/// nodes; the model's base is the identity (the scene gives one). Throws InputError naming the file.
ArticulatedModel importGltfModel(const std::string& path, std::optional<int> animation = std::nullopt);

/// Assimp 5.2's glTF importer gives key times in milliseconds, multiplied in single precision (times[i] *
/// 1000.f): this finds the float number of seconds the file held, the float whose milliseconds are `ms`
/// (where two floats round to the same milliseconds, about 2 % of them, the one nearer ms / 1000).
double secondsFromAssimpMilliseconds(double ms);
/// A key time as it comes back from a glTF file: stored as float seconds, read as Assimp's float
/// milliseconds, recovered by secondsFromAssimpMilliseconds. Equal to float(seconds) except where the
/// milliseconds cannot tell two floats apart (then one float step away).
double gltfKeyTime(double seconds);

} // namespace cdlab
