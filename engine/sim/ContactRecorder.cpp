#include "sim/ContactRecorder.h"

#include "ccd/RelativeMotion.h"
#include "core/InputError.h"
#include "culling/BmCounters.h"
#include "geometry/SegmentDistance.h"
#include "pipeline/AlgorithmRegistry.h"
#include "pipeline/TimeOfContactDrawing.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cdlab {

namespace {

/// Rotation vector (axis times angle, |angle| <= pi) of unit quaternion q.
Vec3 rotationVector(Quat q) {
    if (q.w < 0) q = {-q.w, -q.x, -q.y, -q.z};
    Vec3 v{q.x, q.y, q.z};
    double s = length(v);
    if (s < 1e-15) return v * 2; // small angle: 2 asin(s) ~ 2 s
    return v * (2 * std::atan2(s, q.w) / s);
}

Quat fromRotationVector(const Vec3& r) {
    double angle = length(r);
    if (angle < 1e-15) return Quat{1, r.x / 2, r.y / 2, r.z / 2}.normalized();
    return Quat::fromAxisAngle(r / angle, angle);
}

struct Feature {
    Vec3 points[3]; ///< a vertex, an edge's two ends or a face's three corners
};

Feature feature(const TriangleMesh& mesh, const MeshFeature& id, bool face, const Pose& pose) {
    Feature f;
    if (face) {
        const Triangle& t = mesh.triangles[id.a];
        for (int k = 0; k < 3; ++k) f.points[k] = pose.apply(mesh.vertices[t[k]]);
    } else {
        f.points[0] = pose.apply(mesh.vertices[id.a]), f.points[1] = pose.apply(mesh.vertices[id.b]);
    }
    return f;
}

} // namespace

struct ContactRecorder::State {
    Quat q;    ///< orientation
    Vec3 p;    ///< origin
    Vec3 v, w; ///< origin velocity, angular velocity (world)
    bool touched = false;
    std::uint64_t substep = 0;
    double separation = 0; ///< normal speed at which contacts part: `gap` per frame
    /// Contacts found in the last substeps (world point, normal towards the body, restitution): a body
    /// resting on several points touches all of them at once, so they are answered together.
    struct Contact {
        Vec3 point, normal;
        double restitution = 0;
        std::uint64_t substep = 0;
    };
    std::vector<Contact> contacts;
    Pose pose() const { return {q.toMat3(), p}; }
};

ContactRecorder::ContactRecorder(const Scene& scene, int body, RecordOptions options)
    : m_work(scene), m_scene(scene), m_body(body), m_options(options) {
    const std::string& file = scene.file.empty() ? scene.name : scene.file;
    if (body < 0 || body >= int(scene.bodies.size())) throw InputError(file, "bodies", "no such body");
    if (!scene.models.empty())
        throw InputError(file, "articulated",
                         "recording needs static obstacles; articulated models are not supported");
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (int(i) == body) continue;
        if (scene.bodies[i].motion.moves())
            throw InputError(file, "bodies[" + std::to_string(i) + "].keyframes",
                             "recording needs static obstacles; body '" + scene.bodies[i].name + "' moves");
    }
    if (scene.bodies[body].motion.keys().size() < 2)
        throw InputError(file, "bodies[" + std::to_string(body) + "].keyframes",
                         "the recorded body needs keyframes (the hand's path)");
    m_mass = MassProperties::of(*scene.bodies[body].mesh);
    m_target = scene.bodies[body].motion;
    m_frameLength = scene.frameLength();
    m_ccd = AlgorithmRegistry::instance().create("rigid-ccd-bm", {});
    m_ccd->prepare(m_work);
    requireSeparatedStart(file);
}

void ContactRecorder::requireSeparatedStart(const std::string& file) {
    // The body is stopped short of each contact, which needs it outside every obstacle at the start: one
    // that starts interpenetrating (or inside an obstacle's solid) would meet a contact at the start of
    // every query and never move.
    const double t = m_scene.startTime, h = m_scene.frameLength() / m_options.substeps;
    const Keyframe k = m_target.sample(t);
    m_work.bodies[m_body].motion = PoseTrack({{t, k.position, k.rotation}});
    const std::string field = "bodies[" + std::to_string(m_body) + "].keyframes";
    auto overlap = AlgorithmRegistry::instance().create("bvh", {});
    overlap->prepare(m_work);
    for (const auto& pair : overlap->step(t, t).contacts) {
        if (pair.pairs.empty()) continue;
        int other = int(pair.objectA) == m_body ? int(pair.objectB) : int(pair.objectA);
        throw InputError(file, field,
                         "the body starts interpenetrating body '" + m_scene.bodies[other].name +
                             "'; recording needs it apart from every obstacle at the start");
    }
    // Held still over one substep: the culled pipeline classifies apart pairs as nested or not.
    if (m_ccd->step(t, t + h).counters.get(counter::BmNested) > 0)
        throw InputError(file, field,
                         "the body starts inside another body's solid (or one inside it); recording needs "
                         "it outside every obstacle at the start");
    m_work.bodies[m_body].motion = m_target;
}

ContactRecorder::~ContactRecorder() = default;

RecordReport ContactRecorder::run(const Progress& progress) {
    RecordReport report;
    const double start = m_scene.startTime;
    const int frames = std::max(2, m_scene.frames);
    // Start on the hand's path, at its velocity over the first substep.
    State s;
    Keyframe a = m_target.sample(start);
    double h = (m_scene.frameTime(1, frames) - start) / m_options.substeps;
    Keyframe b = m_target.sample(start + h);
    s.q = a.rotation.normalized(), s.p = a.position;
    s.v = (b.position - a.position) / h;
    s.w = rotationVector(b.rotation * a.rotation.conjugate()) / h;
    report.keys.push_back({start, s.p, s.q});
    for (int f = 1; f < frames; ++f) {
        double f0 = m_scene.frameTime(f - 1, frames), f1 = m_scene.frameTime(f, frames);
        s.touched = false;
        for (int k = 0; k < m_options.substeps; ++k) {
            double t0 = f0 + (f1 - f0) * k / m_options.substeps;
            double t1 = k + 1 == m_options.substeps ? f1 : f0 + (f1 - f0) * (k + 1) / m_options.substeps;
            servo(s, t0, t1, report);
            substep(s, t0, t1, report);
        }
        report.framesInContact += s.touched;
        report.keys.push_back({f1, s.p, s.q.normalized()});
        if (progress) progress(double(f) / (frames - 1));
    }
    return report;
}

void ContactRecorder::servo(State& s, double t0, double t1, RecordReport& report) const {
    // The hand: a damped spring on the centre of mass and one on the orientation, towards the keyframes'
    // pose, with their velocity as the damper's reference (semi-implicit Euler over the substep).
    const double h = t1 - t0, wn = 2 * M_PI * m_options.servoHz, zeta = m_options.dampingRatio;
    Keyframe a = m_target.sample(t0), b = m_target.sample(t1);
    Vec3 arm = s.q.toMat3() * m_mass.centroid;
    Vec3 centre = arm + s.p, velocity = s.v + cross(s.w, arm);
    Vec3 target = a.rotation.toMat3() * m_mass.centroid + a.position;
    Vec3 targetVelocity = (b.rotation.toMat3() * m_mass.centroid + b.position - target) / h;
    Vec3 targetSpin = rotationVector(b.rotation * a.rotation.conjugate()) / h;
    Vec3 turn = rotationVector(a.rotation * s.q.conjugate());
    report.maxLag = std::max(report.maxLag, length(target - centre));
    velocity += (wn * wn * (target - centre) + 2 * zeta * wn * (targetVelocity - velocity)) * h;
    s.w += (wn * wn * turn + 2 * zeta * wn * (targetSpin - s.w)) * h;
    s.v = velocity - cross(s.w, arm);
}

void ContactRecorder::solveContacts(State& s) const {
    // Projected Gauss-Seidel on the contact impulses (accumulated, normal >= 0, friction within the
    // Coulomb box): afterwards no contact approaches, a rebounding one separates at restitution times its
    // approach speed.
    const Mat3 R = s.q.toMat3();
    const Vec3 arm = R * m_mass.centroid, centre = arm + s.p;
    const Mat3 inverseInertia = R * m_mass.inverseInertia * R.transposed();
    const double invMass = 1 / m_mass.volume;
    Vec3 velocity = s.v + cross(s.w, arm);
    struct Row {
        Vec3 r, n, t1, t2;
        double kn, kt1, kt2, target, jn = 0, jt1 = 0, jt2 = 0;
    };
    std::vector<Row> rows;
    for (const auto& c : s.contacts) {
        Row row;
        row.r = c.point - centre, row.n = c.normal;
        row.t1 =
            normalize(std::fabs(c.normal.x) < 0.9 ? cross(c.normal, {1, 0, 0}) : cross(c.normal, {0, 1, 0}));
        row.t2 = cross(c.normal, row.t1);
        auto k = [&](const Vec3& d) {
            return invMass + dot(d, cross(inverseInertia * cross(row.r, d), row.r));
        };
        row.kn = k(row.n), row.kt1 = k(row.t1), row.kt2 = k(row.t2);
        // Inelastic contacts part at `gap` per frame: a body sliding on a contact at exactly zero normal
        // speed meets it again and again as it turns (the CCD finds the graze), so it is lifted clear — as
        // slowly as that allows, since a replay's culling counts any departure as faces moving backwards.
        row.target = std::max(s.separation, -c.restitution * dot(velocity + cross(s.w, row.r), row.n));
        rows.push_back(row);
    }
    auto apply = [&](const Row& row, const Vec3& impulse) {
        velocity += impulse * invMass;
        s.w += inverseInertia * cross(row.r, impulse);
    };
    for (int iteration = 0; iteration < 50; ++iteration) {
        double change = 0;
        for (Row& row : rows) {
            double vn = dot(velocity + cross(s.w, row.r), row.n);
            double jn = std::max(0.0, row.jn + (row.target - vn) / row.kn);
            apply(row, row.n * (jn - row.jn));
            change = std::max(change, std::fabs(jn - row.jn) * row.kn);
            row.jn = jn;
            double limit = m_options.friction * row.jn;
            for (auto [t, k, j] :
                 {std::tuple{row.t1, row.kt1, &row.jt1}, std::tuple{row.t2, row.kt2, &row.jt2}}) {
                double vt = dot(velocity + cross(s.w, row.r), t);
                double jt = std::clamp(*j - vt / k, -limit, limit);
                apply(row, t * (jt - *j));
                *j = jt;
            }
        }
        if (change < 1e-9) break;
    }
    s.v = velocity - cross(s.w, arm);
}

void ContactRecorder::substep(State& s, double t0, double t1, RecordReport& report) {
    // Contacts of the last two substeps still hold the body (resting contact); older ones are let go.
    ++s.substep;
    std::erase_if(s.contacts, [&](const State::Contact& c) { return c.substep + 2 < s.substep; });
    for (auto& c : s.contacts) c.restitution = 0;
    s.separation = m_options.gap / m_frameLength;
    if (!s.contacts.empty()) solveContacts(s);
    double ta = t0;
    for (int events = 0;; ++events) {
        if (t1 - ta <= 1e-12 * (t1 - t0)) return;
        const double h = t1 - ta;
        Quat q1 = (fromRotationVector(s.w * h) * s.q).normalized();
        Vec3 p1 = s.p + s.v * h;
        m_work.bodies[m_body].motion = PoseTrack({{ta, s.p, s.q}, {t1, p1, q1}});
        FrameResult r = m_ccd->step(ta, t1);
        const TimeOfContact* first = nullptr;
        for (const auto& c : r.firstContacts)
            if ((int(c.objectA) == m_body || int(c.objectB) == m_body) && (!first || c.time < first->time))
                first = &c;
        if (!first) {
            s.q = q1, s.p = p1;
            return;
        }
        s.touched = true;
        if (events == m_options.maxEvents) { // stay where the last contact left it until the next substep
            ++report.held;
            return;
        }
        ta = resolveContact(s, ta, t1, *first, q1, p1, report);
    }
}

double ContactRecorder::resolveContact(State& s, double ta, double tb, const TimeOfContact& c, const Quat& q1,
                                       const Vec3& p1, RecordReport& report) {
    const double h = tb - ta;
    const Pose start = s.pose();
    RelativeMotion motion(start, {q1.toMat3(), p1});
    double sc = std::clamp((c.time - ta) / h, 0.0, 1.0);
    // The features at the contact (A's and B's, as the CCD names them) and at the query's start.
    const bool movingIsA = int(c.objectA) == m_body;
    const int other = int(movingIsA ? c.objectB : c.objectA);
    const Pose obstacle = m_work.bodies[other].motion.at(ta);
    const TriangleMesh& meshA = *m_work.bodies[c.objectA].mesh;
    const TriangleMesh& meshB = *m_work.bodies[c.objectB].mesh;
    Pose atContact = motion.at(sc);
    const Pose& poseA = movingIsA ? atContact : obstacle;
    const Pose& poseB = movingIsA ? obstacle : atContact;
    const Pose& startA = movingIsA ? start : obstacle;
    const Pose& startB = movingIsA ? obstacle : start;
    bool faceA = c.kind == TimeOfContact::Kind::FaceVertex, faceB = c.kind == TimeOfContact::Kind::VertexFace;
    Feature fa = feature(meshA, c.featureA, faceA, poseA), fb = feature(meshB, c.featureB, faceB, poseB);
    Feature sa = feature(meshA, c.featureA, faceA, startA), sb = feature(meshB, c.featureB, faceB, startB);
    // Contact normal and point: the face's normal at a vertex; for two edges the direction between their
    // closest points at the query's start (from the cross product it would be noise for nearly parallel
    // edges), else their cross product.
    auto body = [](const TriangleMesh& mesh, const Pose& pose) {
        ContactBody b;
        b.mesh = &mesh, b.atContact = pose;
        return b;
    };
    const Vec3 point = contactPoint(c, body(meshA, poseA), body(meshB, poseB));
    Vec3 n, apart; // apart: from B's feature to A's at the query's start
    if (faceA || faceB) {
        const Feature& f = faceA ? fa : fb;
        n = normalize(cross(f.points[1] - f.points[0], f.points[2] - f.points[0]));
        apart = sa.points[0] - sb.points[0];
    } else {
        Vec3 sa0, sb0;
        closestPointsOnSegments(sa.points[0], sa.points[1], sb.points[0], sb.points[1], sa0, sb0);
        apart = sa0 - sb0;
        n = length(apart) > 0.5 * m_options.gap
                ? normalize(apart)
                : normalize(cross(fa.points[1] - fa.points[0], fb.points[1] - fb.points[0]));
    }
    // Towards the moving body: by the side it was on at the query's start when that is clear (half the
    // gap), else — touching, or beside the face's plane but outside its triangle — against its velocity
    // at the point (a contact is an approach).
    const Vec3 pointVelocity = s.v + cross(s.w, point - atContact.t);
    double side = dot(apart, n) * (movingIsA ? 1 : -1);
    if (std::fabs(side) > 0.5 * m_options.gap ? side < 0 : dot(pointVelocity, n) > 0) n = -n;
    if (!isFinite(n)) n = normalize(atContact.t - obstacle.t); // degenerate features: apart along the origins

    // Stop `gap` short of the contact (along the approach speed at the point), then answer with an impulse.
    double approach = -dot(pointVelocity, n);
    double rate = std::max({approach, 0.1 * length(pointVelocity), 1e-9}) * h;
    // Back at most half way, so that a grazing contact still lets time go on.
    double sb0 = std::max(0.5 * sc, sc - m_options.gap / rate);
    Pose back = motion.at(sb0);
    double phi = 2 * std::atan(sb0 * std::tan(motion.angle() / 2));
    s.q = motion.angle() > 0 ? (Quat::fromAxisAngle(motion.axis(), phi) * s.q).normalized() : s.q;
    s.p = back.t;

    // The new contact joins those of the last substeps, and all are answered together.
    double approachNow = -dot(s.v + cross(s.w, point - s.p), n);
    s.contacts.push_back(
        {point, n, approachNow > m_options.restingSpeed ? m_options.restitution : 0.0, s.substep});
    solveContacts(s);
    ++report.contacts;
    return ta + sb0 * h;
}

} // namespace cdlab
