// Random rigid-CCD cases shared by the pipeline suites: a small sphere approaching a small box.
#pragma once

#include "TestUtil.h"
#include "mesh/ProceduralMeshes.h"
#include "scene/Scene.h"

namespace cdlab::test {

/// Body 0: a sphere of radius 0.35 (24 triangles); body 1: a 0.7 x 0.5 x 0.4 box (12 triangles); both at
/// rest.
inline Scene sphereAndBox() {
    Scene scene;
    for (auto [name, mesh] :
         {std::pair{"a", makeSphere(0.35, 24)}, std::pair{"b", makeBox({0.7, 0.5, 0.4}, 12)}}) {
        Body body;
        body.name = name;
        body.mesh = std::make_shared<TriangleMesh>(std::move(mesh));
        body.motion = PoseTrack({Keyframe{}});
        scene.bodies.push_back(std::move(body));
    }
    return scene;
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

} // namespace cdlab::test
