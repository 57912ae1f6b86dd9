// Scene files (JSON) -> Scene. Every validation error throws InputError naming the file, the JSON path
// (e.g. bodies[1].keyframes[2].t) and what was expected. Mesh files are resolved relative to the scene file.
//
// Format (all lengths in scene units, times in seconds, angles in degrees):
// {
//   "name": "...", "description": "...", "frames": 120,
//   "view": {"from": [x, y, z]},   optional: the viewer's initial camera looks from this direction (z up)
//   "bodies": [{
//       "name": "knot",
//       "mesh": {"generator": "torus_knot", "params": {"triangles": 7000}}   or   {"file":
//       "../assets/x.obj"}, "environment": false, "pose": {"position": [x, y, z], "rotation": ROT}, static
//       pose, or "keyframes": [{"t": 0, "position": [...], "rotation": ROT}, ...]      times strictly
//       increasing
//       "deform": {"type": "sine", "amplitude": 0.05, "wavelength": 0.5, "speed": 1, "axis": [0, 0, 1],
//                  "along": [1, 0, 0]}   optional: the mesh deforms over time in the body's frame; every
//       field but type has that default (scene/Deformation.h). Bodies only: links are rigid.
//   }],
//   "articulated": [{
//       "name": "arm", "base": {"position": [...], "rotation": ROT},
//       "links": [{"name": "upper", "parent": null | "linkname", "joint": {"position": [...], "rotation":
//       ROT},
//                  "mesh": {...}, "keyframes": [...]}]
//   }, {
//       "name": "walker", "base": {...}, "generator": "mannequin", "params": {...}   a procedural model
//   }, {                                                                            (cdlab-bench list)
//       "name": "robot", "base": {...}, "file": "robot.glb", "animation": 0   a glTF file's node tree: nodes
//   }],     with meshes are the links, the animation (optional, default its first) their keyframes; what
//           deforms (skins, morph targets, scale) is refused (scene/GltfModel.h, docs/FORMATS.md)
//   each model may add "skip_pairs": [["linkA", "linkB"], ...]: link pairs never tested for self-collision
//   besides a parent and its child, which are never tested (they touch at their joint by construction)
// }
// Articulated motion (zhang2007 sec. 3, eq. 1): between keyframes each link moves relative to its parent's
// frame with constant translational velocity and constant angular velocity about a fixed axis (positions
// interpolate linearly, orientations by slerp); a link's world pose is base * joint * motion along its chain.
// ROT is {"axis": [x, y, z], "angle": deg} or {"quaternion": [w, x, y, z]} or {"euler": [x, y, z]} (XYZ,
// deg).
#pragma once

#include "scene/Scene.h"

#include <functional>
#include <string>

namespace cdlab {

/// Progress of loading a scene: the share done of what it is doing ("importing vase.obj"; mesh files are
/// the part that takes time). It may throw to stop loading (the exception comes out of loadScene).
using SceneLoadProgress = std::function<void(double fraction, const std::string& what)>;

/// Loads and validates a scene file.
Scene loadScene(const std::string& path, const SceneLoadProgress& progress = {});
/// Parses scene JSON text; `file` labels errors and `baseDir` resolves mesh paths.
Scene parseScene(const std::string& text, const std::string& file, const std::string& baseDir,
                 const SceneLoadProgress& progress = {});

} // namespace cdlab
