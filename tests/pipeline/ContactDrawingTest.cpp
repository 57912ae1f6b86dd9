// The continuous algorithms draw each first contact at its time of contact: the moving body's ghost at its
// pose then, the contact features, and a label with the time at the contact point.
#include "collision/ContactDrawing.h"
#include "CcdCases.h"
#include "debug/DebugSink.h"
#include "peers/Peers.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace cdlab;
using namespace cdlab::test;

namespace {

/// Records what is drawn as TimeOfContact.
class TocSink : public DebugSink {
public:
    std::size_t lines = 0, triangles = 0, points = 0, other = 0;
    std::vector<std::pair<Vec3, std::string>> labels;
    void line(const Vec3&, const Vec3&, Rgba, DebugCategory c) override { count(c, lines); }
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory c) override {
        count(c, triangles);
    }
    void point(const Vec3&, Rgba, DebugCategory c) override { count(c, points); }
    void text(const Vec3& p, const std::string& s, DebugCategory c) override {
        if (c == DebugCategory::TimeOfContact) labels.emplace_back(p, s);
    }

private:
    void count(DebugCategory c, std::size_t& n) { (c == DebugCategory::TimeOfContact ? n : other)++; }
};

/// Distance from p to triangle abc when p projects into it (within `eps` of its edges), else infinity.
double distanceOnTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c, double eps) {
    Vec3 n = cross(b - a, c - a);
    double len = length(n);
    if (len == 0) return 1e300;
    n = n / len;
    Vec3 q = p - n * dot(n, p - a); // p projected onto the plane
    for (int k = 0; k < 3; ++k) {
        const Vec3 &u = k == 0 ? a : (k == 1 ? b : c), &v = k == 0 ? b : (k == 1 ? c : a);
        Vec3 e = v - u;
        if (dot(cross(e, q - u), n) < -eps * length(e)) return 1e300; // outside this edge
    }
    return std::abs(dot(n, p - a));
}

double distanceOnTriangle(const Vec3& p, const TriangleMesh& mesh, std::uint32_t tri, const Pose& pose,
                          double eps) {
    Vec3 a, b, c;
    mesh.corners(tri, a, b, c);
    return distanceOnTriangle(p, pose.apply(a), pose.apply(b), pose.apply(c), eps);
}

} // namespace

TEST(ContactDrawing, ContinuousContactsAreDrawnAtTheirTimeOfContact) {
    // A sphere translating toward a resting box (no rotation, so its pose at any time is its keyframes'
    // and the expected pose at the time of contact is known exactly): the label lies on both contact
    // triangles as they were at the time of contact, not where the sphere ends the frame.
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    for (const char* name : {"rigid-ccd", "rigid-ccd-bm", "fcl-ca"}) {
        if (!AlgorithmRegistry::instance().find(name)) continue;
        Scene scene = sphereAndBox();
        Rng rng(41);
        int hits = 0, cases = 200;
        for (int k = 0; k < cases; ++k) {
            randomApproach(scene, rng, 0.0);
            auto algo = AlgorithmRegistry::instance().create(name, {});
            algo->prepare(scene);
            TocSink sink;
            FrameResult r = algo->step(0, 1, &sink);
            FrameResult plain = algo->step(0, 1, nullptr);
            ASSERT_EQ(r.hash(), plain.hash()) << name << " case " << k;
            if (r.firstContacts.empty()) {
                EXPECT_TRUE(sink.labels.empty()) << name << " case " << k;
                continue;
            }
            ++hits;
            const TimeOfContact& c = r.firstContacts[0];
            ASSERT_EQ(sink.labels.size(), 1u) << name << " case " << k;
            char want[32];
            std::snprintf(want, sizeof want, "t %.6f ", c.time);
            EXPECT_EQ(sink.labels[0].second.rfind(want, 0), 0u) << sink.labels[0].second;
            // The sphere (object 0) moved on after the contact: its ghost is every triangle's three edges;
            // the resting box has none. An edge/edge contact adds its two edges.
            const TriangleMesh& sphere = *scene.bodies[0].mesh;
            std::size_t features = c.hasFeatures && c.kind == TimeOfContact::Kind::EdgeEdge ? 2 : 0;
            if (c.time < 1) {
                EXPECT_EQ(sink.lines, 3 * sphere.triangles.size() + features) << name << " case " << k;
            }
            EXPECT_GE(sink.points, 1u);
            if (!c.hasFeatures) continue; // FCL's contact point is between its two closest triangles
            std::uint32_t triSphere = c.objectA == 0 ? c.triA : c.triB,
                          triBox = c.objectA == 0 ? c.triB : c.triA;
            Pose then = scene.bodies[0].motion.at(c.time), end = scene.bodies[0].motion.at(1);
            Pose box = scene.bodies[1].motion.at(c.time);
            const Vec3& at = sink.labels[0].first;
            EXPECT_LT(distanceOnTriangle(at, sphere, triSphere, then, 1e-7), 1e-7) << name << " case " << k;
            EXPECT_LT(distanceOnTriangle(at, *scene.bodies[1].mesh, triBox, box, 1e-7), 1e-7)
                << name << " case " << k;
            // Where the sphere ends the frame its triangle is elsewhere (unless it touches at the end).
            if (c.time < 0.99) {
                EXPECT_GT(distanceOnTriangle(at, sphere, triSphere, end, 1e-7), 1e-4)
                    << name << " case " << k;
            }
        }
        // Hit-rate guard: the draws make contacts in about half of the cases.
        EXPECT_GT(hits, cases * 3 / 10) << name;
        EXPECT_LT(hits, cases * 7 / 10) << name;
    }
}
