#include "peers/FclDistanceMethod.h"

#include "geometry/TriangleDistance.h"
#include "peers/FclConversions.h"

#include <fcl/config.h>
#include <fcl/fcl.h>

namespace cdlab {

namespace {

struct FclModel final : DistanceModel {
    const TriangleMesh& mesh;
    std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> model;
    std::size_t bytes = 0;
    explicit FclModel(const TriangleMesh& m) : mesh(m) { model = buildFclModel<fcl::OBBRSSd>(m, bytes); }
    std::size_t memoryBytes() const override { return bytes; }
};

} // namespace

DistanceMethod fclDistanceMethod() {
    DistanceMethod m;
    m.name = "fcl";
    m.description = "Peer: FCL " FCL_VERSION " fcl::distance on BVHModel<OBBRSSd> with nearest points";
    m.role = Role::Peer;
    m.prepare = [](const TriangleMesh& mesh) -> std::shared_ptr<const DistanceModel> {
        return std::make_shared<const FclModel>(mesh);
    };
    m.query = [](const DistanceModel& ma, const Pose& pa, const DistanceModel& mb, const Pose& pb,
                 const DistanceOptions& o, DistanceStats*) { // FCL counts nothing
        const auto& a = static_cast<const FclModel&>(ma);
        const auto& b = static_cast<const FclModel&>(mb);
        MeshDistanceResult out;
        if (a.mesh.triangles.empty() || b.mesh.triangles.empty()) return out;
        fcl::DistanceRequestd request(true); // nearest points; rel_err = abs_err = 0: the exact minimum
        fcl::DistanceResultd result;
        fcl::distance(a.model.get(), toFcl(pa), b.model.get(), toFcl(pb), request, result);
        auto ta = static_cast<std::uint32_t>(result.b1), tb = static_cast<std::uint32_t>(result.b2);
        if (ta >= a.mesh.triangles.size() || tb >= b.mesh.triangles.size()) return out;
        // FCL's distance is its own (negative when it finds a collision); the closest points and features
        // come from its triangle pair.
        Vec3 x[3], y[3];
        a.mesh.corners(ta, x[0], x[1], x[2]);
        b.mesh.corners(tb, y[0], y[1], y[2]);
        for (auto& v : x) v = pa.apply(v);
        for (auto& v : y) v = pb.apply(v);
        TriangleDistance d = triangleDistance(x[0], x[1], x[2], y[0], y[1], y[2]);
        double distance = std::max(0.0, result.min_distance);
        if (!(distance < o.upperBound)) return out;
        out.distance = distance;
        out.pointA = d.pointA, out.pointB = d.pointB;
        out.triA = ta, out.triB = tb;
        out.featureA = meshFeature(a.mesh, ta, d.featureA);
        out.featureB = meshFeature(b.mesh, tb, d.featureB);
        return out;
    };
    return m;
}

} // namespace cdlab
