// Random rigid-CCD cases shared by the pipeline suites: a small sphere approaching a small box.
#pragma once

#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/Scene.h"

#include <algorithm>

namespace cdlab::test {

/// Two bodies (name, mesh) resting at the origin; the random cases below set their motions.
inline Scene restingPair(std::pair<const char*, TriangleMesh> a, std::pair<const char*, TriangleMesh> b) {
    Scene scene;
    for (auto& [name, mesh] : {std::move(a), std::move(b)}) {
        Body body;
        body.name = name;
        body.mesh = std::make_shared<TriangleMesh>(mesh);
        body.motion = PoseTrack({Keyframe{}});
        scene.bodies.push_back(std::move(body));
    }
    return scene;
}

/// Body 0: a sphere of radius 0.35 (24 triangles); body 1: a 0.7 x 0.5 x 0.4 box (12 triangles); both at
/// rest.
inline Scene sphereAndBox() {
    return restingPair({"a", makeSphere(0.35, 24)}, {"b", makeBox({0.7, 0.5, 0.4}, 12)});
}

/// One frame of sphereAndBox(): the box rests at a random pose; the sphere starts outside both bounding
/// spheres (separated) and moves toward the box while turning by up to `maxTurn` radians.
inline void randomApproach(Scene& scene, Rng& rng, double maxTurn) {
    const double reach = 0.35 + 0.47; // bounding radii
    Pose b{rng.rotation(), rng.vec(-1, 1)};
    Vec3 dir = rng.unit();
    Pose a0{rng.rotation(), b.t + dir * (reach * rng.uniform(1.02, 1.5))};
    Pose a1{rotationAxisAngle(rng.unit(), rng.uniform(0, maxTurn)) * a0.R,
            a0.t - dir * (reach * rng.uniform(0.1, 1.2)) + rng.vec(-0.3, 0.3)};
    scene.bodies[0].motion = PoseTrack({keyframe(0, a0), keyframe(1, a1)});
    scene.bodies[1].motion = PoseTrack({keyframe(0, b), keyframe(1, b)});
}

/// Body 0: a (2, 3) torus knot (non-convex); body 1: a door of 0.6 x 0.8 m (slab, window, mouldings,
/// handles, hinges); both at rest. At the default sizes (about 900 and 1,300 triangles) the trees are ten
/// levels and more, where sphereAndBox's are two.
inline Scene knotAndDoor(std::size_t knotTriangles = 900, std::size_t doorTriangles = 1300) {
    return restingPair({"knot", makeTorusKnot(2, 3, 0.12, 0.035, knotTriangles)},
                       {"door", makeDoor(0.6, 0.8, 0.04, doorTriangles)});
}

/// For the random draws: are the bodies' surfaces apart at time t (the discrete `bvh` pipeline)?
class SeparatedAtStart {
public:
    explicit SeparatedAtStart(const Scene& scene) : m_bvh(AlgorithmRegistry::instance().create("bvh", {})) {
        m_bvh->prepare(scene);
    }
    bool operator()(double t = 0) { return m_bvh->step(t, t).contactPairCount() == 0; }

private:
    std::unique_ptr<Algorithm> m_bvh;
};

/// The radius of the smallest ball about the mesh's origin that holds it (how far the knot reaches).
inline double radiusAboutOrigin(const TriangleMesh& mesh) {
    double r = 0;
    for (const Vec3& v : mesh.vertices) r = std::max(r, length(v));
    return r;
}

/// One frame of knotAndDoor(): the door rests at a random pose; the knot starts beside a random door vertex
/// (in front of the surface there when `discrete` finds it separated, else the case is drawn again) and
/// moves toward and along it while turning by up to `maxTurn` radians.
template <class Separated>
inline void randomCloseApproach(Scene& scene, Rng& rng, double maxTurn, Separated&& separated) {
    const TriangleMesh& door = *scene.bodies[1].mesh;
    const double reach = radiusAboutOrigin(*scene.bodies[0].mesh);
    for (;;) {
        Pose b{rng.rotation(), rng.vec(-1, 1)};
        Vec3 target = b.apply(door.vertices[rng.integer(0, int(door.vertices.size()) - 1)]);
        Vec3 dir = rng.unit();
        Pose a0{rng.rotation(), target + dir * (reach * rng.uniform(1.0, 2.0))};
        Pose a1{rotationAxisAngle(rng.unit(), rng.uniform(0, maxTurn)) * a0.R,
                a0.t - dir * (reach * rng.uniform(0.1, 1.2)) + rng.vec(-0.1, 0.1)};
        scene.bodies[0].motion = PoseTrack({keyframe(0, a0), keyframe(1, a1)});
        scene.bodies[1].motion = PoseTrack({keyframe(0, b), keyframe(1, b)});
        if (separated()) return;
    }
}

/// One frame of knotAndDoor() that slides: the knot starts just in front of a random door triangle (resting
/// at a random pose) and moves mostly along that triangle's plane, closing in by a little, while turning by
/// up to `maxTurn` radians (a quarter of the frames without turning); drawn again until `separated`. First
/// contacts come from faces moving nearly tangentially, the slow forward motion a culling test must never
/// take for backward motion.
template <class Separated>
inline void randomSlidingApproach(Scene& scene, Rng& rng, double maxTurn, Separated&& separated) {
    const TriangleMesh& door = *scene.bodies[1].mesh;
    const double reach = radiusAboutOrigin(*scene.bodies[0].mesh);
    for (;;) {
        Pose b{rng.rotation(), rng.vec(-1, 1)};
        std::uint32_t t = std::uint32_t(rng.integer(0, int(door.triangleCount()) - 1));
        Vec3 n = b.R * door.faceNormals[t];
        if (lengthSquared(n) == 0) continue;
        const Triangle& tri = door.triangles[t];
        Vec3 target = b.apply((door.vertices[tri[0]] + door.vertices[tri[1]] + door.vertices[tri[2]]) / 3.0);
        Vec3 u = normalize(cross(n, rng.unit())); // a direction in the triangle's plane
        Pose a0{rng.rotation(), target + n * (reach * rng.uniform(0.1, 0.7))};
        double turn = rng.uniform() < 0.25 ? 0.0 : rng.uniform(0, maxTurn); // a quarter only translate
        Pose a1{rotationAxisAngle(rng.unit(), turn) * a0.R,
                a0.t + u * (reach * rng.uniform(0.2, 1.5)) - n * (reach * rng.uniform(0, 0.1))};
        scene.bodies[0].motion = PoseTrack({keyframe(0, a0), keyframe(1, a1)});
        scene.bodies[1].motion = PoseTrack({keyframe(0, b), keyframe(1, b)});
        if (separated()) return;
    }
}

} // namespace cdlab::test
