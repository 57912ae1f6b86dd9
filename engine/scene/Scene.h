// Scene: what viewer, bench and tests share — rigid bodies with keyframed motion, static environment bodies
// and articulated models (links with parents, joint frames and keyframed joint poses).
#pragma once

#include "mesh/TriangleMesh.h"
#include "scene/Deformation.h"
#include "scene/PoseTrack.h"

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cdlab {

/// Where a mesh came from (kept for display, reloading and bench reports).
struct MeshSource {
    std::string file;      ///< resolved path when loaded from a file
    std::string generator; ///< generator name when procedural
    nlohmann::json params; ///< generator parameters
    std::string describe() const;
};

struct Body {
    std::string name;
    std::shared_ptr<const TriangleMesh> mesh;
    MeshSource source;
    bool environment = false; ///< static scenery: never tested against other environment bodies
    PoseTrack motion;         ///< world pose over time (one key for a static body)
    /// How the mesh changes shape over time, in the body's frame (the scene's "deform" block); inactive for a
    /// rigid body. `mesh` stays the rest shape: SceneObjects::deformedMesh gives the shape at a time.
    Deformation deform;
};

struct Link {
    std::string name;
    int parent = -1; ///< index of the parent link in the model, -1 for the root
    Pose joint;      ///< joint frame relative to the parent link frame (or to the model base)
    std::shared_ptr<const TriangleMesh> mesh;
    MeshSource source;
    PoseTrack motion; ///< joint pose over time, relative to the joint frame
};

struct ArticulatedModel {
    std::string name;
    Pose base;
    std::vector<Link> links; ///< parents always precede their children
    /// Link pairs (indices, either order) never tested against each other besides the adjacent ones (a
    /// parent and its child touch at their joint by construction): the scene's "skip_pairs".
    std::vector<std::pair<int, int>> skipPairs;
    /// Whether links a and b are tested for self-collision: not adjacent and not listed in skipPairs.
    bool selfTested(int a, int b) const;
    /// World pose of every link at time t.
    std::vector<Pose> linkPoses(double t) const;
};

struct Scene {
    std::string name;
    std::string description;
    std::string file; ///< path the scene was loaded from
    double startTime = 0, endTime = 0;
    int frames = 60; ///< default number of frames over [startTime, endTime]
    /// Direction from the scene's centre towards the viewer's eye (z up); zero when the scene names none.
    Vec3 viewFrom{0, 0, 0};
    std::vector<Body> bodies;
    std::vector<ArticulatedModel> models;
    /// One line per mesh file the scene imported: "FILE: binary STL: 36 vertices read, 8 after welding, 12
    /// triangles", then its warnings ("FILE: warning: ignored: 1 animation"). The bench and the viewer
    /// show them: welding and what a file held that its mesh lacks are said, never silent.
    std::vector<std::string> imports;

    std::size_t triangleCount() const;
    /// Time of frame `i` of `n` frames spanning [startTime, endTime] (frame 0 = startTime).
    double frameTime(int i, int n) const {
        return n <= 1 ? startTime : startTime + (endTime - startTime) * i / (n - 1);
    }
    /// Length of one of the scene's own `frames` (the whole range when it has a single frame).
    double frameLength() const { return (endTime - startTime) / std::max(1, frames - 1); }
};

} // namespace cdlab
