// Random articulated models for the articulated-layer suites (swept boxes, motion bounds, conservative
// advancement): fixed-seed, chains and trees, keys at random times and with large rotations.
#pragma once

#include "TestUtil.h"
#include "scene/Scene.h"

#include <vector>

namespace cdlab::test {

inline Keyframe randomKey(Rng& rng, double t, double reach, double maxTurn) {
    Keyframe k;
    k.time = t;
    k.position = rng.vec(-reach, reach);
    k.rotation = Quat::fromAxisAngle(rng.unit(), rng.uniform(-maxTurn, maxTurn));
    return k;
}

/// A random model: each link's parent is an earlier link (chains and trees), joints offset by up to a link
/// length, keys at random times (different per link) over [0, 1].
inline ArticulatedModel randomModel(Rng& rng, int links, double maxTurn) {
    ArticulatedModel m;
    m.base = {rng.rotation(), rng.vec(-2, 2)};
    for (int i = 0; i < links; ++i) {
        Link l;
        l.parent = i == 0 ? -1 : (rng.uniform() < 0.7 ? i - 1 : rng.integer(0, i - 1));
        l.joint = {rng.rotation(), rng.vec(-1, 1)};
        int keys = rng.integer(1, 4);
        std::vector<Keyframe> ks;
        double t = rng.uniform(-0.2, 0.4);
        for (int k = 0; k < keys; ++k, t += rng.uniform(0.1, 0.5))
            ks.push_back(randomKey(rng, t, 0.3, maxTurn));
        l.motion = PoseTrack(ks);
        m.links.push_back(std::move(l));
    }
    return m;
}

} // namespace cdlab::test
