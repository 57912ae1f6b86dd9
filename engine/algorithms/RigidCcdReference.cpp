#include "algorithms/RigidCcdReference.h"

#include "ccd/CcdCounters.h"
#include "ccd/RelativeMotion.h"
#include "core/Stopwatch.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace cdlab {

namespace {

const bool registered = registerAlgorithm(RigidCcdReference::info());

/// Box of a vertex's path over the frame from its trajectory numerator N(s) = d(s) x(s), with the
/// denominator d = 1 + tau^2 s^2 in [1, 1 + tau^2] (RelativeMotion's rational parametrisation): the floating
/// point ranges enclose N rigorously, and x = N / d lies between N and N / (1 + tau^2). Widened for the
/// divisions' rounding. Independent of the pipelines' swept boxes.
Aabb pathBox(const DoublePolyVec3& n, double tau2) {
    Aabb box;
    double lo[3], hi[3];
    n.x.range(0, 1, lo[0], hi[0]), n.y.range(0, 1, lo[1], hi[1]), n.z.range(0, 1, lo[2], hi[2]);
    for (int k = 0; k < 3; ++k) {
        double a = std::min(lo[k], lo[k] / (1 + tau2)), b = std::max(hi[k], hi[k] / (1 + tau2));
        double pad = 1e-9 * (std::fabs(a) + std::fabs(b) + 1e-300);
        box.lo[k] = a - pad, box.hi[k] = b + pad;
    }
    return box;
}

} // namespace

AlgorithmInfo RigidCcdReference::info() {
    AlgorithmInfo i;
    i.name = "rigid-ccd-reference";
    i.kind = AlgorithmKind::Continuous;
    i.jointMotion = false; // a straight screw between the frame's end poses: refuseArticulatedMotion
    i.role = Role::Reference;
    i.description =
        "Reference for continuous collision of rigid bodies: every triangle pair's exact vertex/face, "
        "face/vertex and edge/edge tests on the pipelines' in-between motion, no hierarchy and no "
        "culling (each vertex's path box prefilters). Quadratic; rigid-ccd and rigid-ccd-bm must "
        "report the same earliest contact and features.";
    i.params = {
        {"depth", "Bisection depth of the exact tests (as rigid-ccd's depth).", std::int64_t(64), {}, 8, 200},
        {"toc-depth",
         "Resolution of the time of contact (as rigid-ccd's toc-depth).",
         std::int64_t(24),
         {},
         4,
         60},
    };
    i.create = [](const ParamSet& p) { return std::make_unique<RigidCcdReference>(p); };
    return i;
}

RigidCcdReference::RigidCcdReference(const ParamSet& p) {
    m_ccd.maxDepth = int(p.getInt("depth"));
    m_ccd.tocDepth = int(p.getInt("toc-depth"));
    m_ccd.earliest = true;
}

PrepareReport RigidCcdReference::prepare(const Scene& scene, const Progress& progress) {
    refuseDeformingBodies(scene, "rigid-ccd-reference"); // motion bounds and CCD assume rigid bodies
    refuseArticulatedMotion(scene,
                            "rigid-ccd-reference"); // one straight screw per frame, not the joints' arcs
    Stopwatch sw;
    m_objects = std::make_unique<SceneObjects>(scene);
    m_frame = std::make_unique<FrameWindows>(scene, *m_objects);
    MeshDataCache& cache = meshData(scene);
    m_featuresOf.clear();
    for (const auto& o : m_objects->objects())
        m_featuresOf.push_back(
            &hold(cache.get<FeatureIndex>(*o.mesh, "", [&] { return FeatureIndex(*o.mesh); })));
    if (progress) progress(1.0, "feature index");
    PrepareReport report;
    report.stages.add("build", sw.ms());
    report.notes = "no acceleration structure (every triangle pair)";
    return report;
}

bool RigidCcdReference::earliestContact(const TriangleMesh& a, const TriangleMesh& b, const RelativeMotion& m,
                                        TimeOfContact& best, std::uint64_t& tests) const {
    CcdOptions o = m_ccd;
    best.time = -1;
    auto consider = [&](const TimeOfContact& c) {
        if (best.time < 0 || earlierContact(c, best)) best = c;
        // Later contacts cannot win; `until` keeps the dyadic grid, so the answer is unchanged.
        o.until = std::min(1.0, best.time + std::ldexp(1.0, -std::min(o.tocDepth, o.maxDepth)));
    };
    const double tau = std::tan(m.angle() / 2), tau2 = tau * tau * (1 + 1e-12);
    std::vector<DoublePolyVec3> ma, fb;
    for (const Vec3& v : a.vertices) ma.push_back(m.movingApprox(v));
    for (const Vec3& v : b.vertices) fb.push_back(m.fixedApprox(v));
    auto triangleBoxes = [&](const TriangleMesh& mesh, const std::vector<DoublePolyVec3>& paths) {
        std::vector<Aabb> vertexBoxes, boxes(mesh.triangleCount());
        for (const DoublePolyVec3& n : paths) vertexBoxes.push_back(pathBox(n, tau2));
        for (std::uint32_t t = 0; t < mesh.triangleCount(); ++t)
            for (std::uint32_t v : mesh.triangles[t]) boxes[t].grow(vertexBoxes[v]);
        return boxes;
    };
    const std::vector<Aabb> boxA = triangleBoxes(a, ma), boxB = triangleBoxes(b, fb);
    auto mv = [&](std::uint32_t v) { return m.moving(a.vertices[v]); };
    auto fx = [&](std::uint32_t v) { return m.fixed(b.vertices[v]); };
    auto contact = [](TimeOfContact::Kind kind, double time, MeshFeature fa, MeshFeature fb, std::uint32_t ti,
                      std::uint32_t tj) {
        TimeOfContact c;
        c.time = time, c.kind = kind, c.triA = ti, c.triB = tj;
        c.featureA = fa, c.featureB = fb;
        return c;
    };
    CcdQueryStats st;
    for (std::uint32_t ti = 0; ti < a.triangleCount(); ++ti)
        for (std::uint32_t tj = 0; tj < b.triangleCount(); ++tj) {
            if (!boxA[ti].overlaps(boxB[tj])) continue;
            const Triangle &A = a.triangles[ti], &B = b.triangles[tj];
            tests += 15;
            for (int k = 0; k < 3; ++k) {
                if (vertexFaceCcd(
                        {ma[A[k]], fb[B[0]], fb[B[1]], fb[B[2]]},
                        [&] {
                            return std::array<PolyVec3, 4>{mv(A[k]), fx(B[0]), fx(B[1]), fx(B[2])};
                        },
                        o, &st))
                    consider(contact(TimeOfContact::Kind::VertexFace, st.toc, MeshFeature::vertex(A[k]),
                                     MeshFeature::face(tj), ti, tj));
                if (vertexFaceCcd(
                        {fb[B[k]], ma[A[0]], ma[A[1]], ma[A[2]]},
                        [&] {
                            return std::array<PolyVec3, 4>{fx(B[k]), mv(A[0]), mv(A[1]), mv(A[2])};
                        },
                        o, &st))
                    consider(contact(TimeOfContact::Kind::FaceVertex, st.toc, MeshFeature::face(ti),
                                     MeshFeature::vertex(B[k]), ti, tj));
            }
            for (int e = 0; e < 3; ++e)
                for (int f = 0; f < 3; ++f) {
                    std::uint32_t a0 = A[e], a1 = A[(e + 1) % 3], b0 = B[f], b1 = B[(f + 1) % 3];
                    if (edgeEdgeCcd(
                            {ma[a0], ma[a1], fb[b0], fb[b1]},
                            [&] {
                                return std::array<PolyVec3, 4>{mv(a0), mv(a1), fx(b0), fx(b1)};
                            },
                            o, &st))
                        consider(contact(TimeOfContact::Kind::EdgeEdge, st.toc, MeshFeature::edge(a0, a1),
                                         MeshFeature::edge(b0, b1), ti, tj));
                }
        }
    return best.time >= 0;
}

FrameResult RigidCcdReference::step(double t0, double t1, DebugSink*) {
    FrameResult r;
    r.t0 = t0, r.t1 = t1;
    Stopwatch sw;
    m_frame->setFrame(t0, t1);
    r.stages.add("poses", sw.ms());
    sw.restart();
    std::uint64_t tests = 0;
    const auto& objs = m_objects->objects();
    std::vector<std::uint32_t> windows;
    for (auto [pi, pj] : m_objects->pairs()) {
        m_frame->pairWindows(pi, pj, windows); // cut at the keys of either body inside the frame
        for (std::size_t w = 0; w + 1 < windows.size(); ++w) {
            const double wa = m_frame->times()[windows[w]], wb = m_frame->times()[windows[w + 1]];
            // The same relative motion as the pipelines (RigidCcdAlgorithm::step): a resting body takes the
            // role of j.
            const PairMotion pm =
                pairMotion(pi, pj, m_frame->poses(windows[w]), m_frame->poses(windows[w + 1]));
            const std::uint32_t i = pm.i, j = pm.j;
            TimeOfContact best;
            if (!earliestContact(*objs[i].mesh, *objs[j].mesh, pm.motion, best, tests)) continue;
            best.objectA = i, best.objectB = j;
            best.time = wa + best.time * (wb - wa);
            // A contact's features are the answer; report their first carriers, as the pipelines do.
            best.triA = m_featuresOf[i]->carrier(best.featureA, best.triA);
            best.triB = m_featuresOf[j]->carrier(best.featureB, best.triB);
            if (pm.swapped) best = swappedRoles(best);
            r.firstContacts.push_back(best);
            r.contacts.push_back({pi, pj, {{best.triA, best.triB}}});
            break; // the earliest window with a contact holds the frame's first
        }
    }
    r.stages.add("collide", sw.ms());
    // Elementary tests run: the 15 of every triangle pair whose path boxes overlap.
    r.counters.add(counter::EeTests, tests / 15 * 9);
    r.counters.add(counter::VfTests, tests / 15 * 3);
    r.counters.add(counter::FvTests, tests / 15 * 3);
    r.counters.add(counter::Contacts, r.firstContacts.size());
    return r;
}

} // namespace cdlab
