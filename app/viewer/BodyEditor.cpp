#include "BodyEditor.h"

#include "ViewerApp.h"
#include "core/Assert.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace cdlab {

namespace {

/// Keys closer than this (seconds) are one key: Set keyframe at a key's time replaces it.
constexpr double kSameTime = 1e-9;

/// `track` with `key` in it: replacing a key at the same time, else inserted in time order.
PoseTrack withKey(const PoseTrack& track, const Keyframe& key) {
    std::vector<Keyframe> keys = track.keys();
    auto it = std::find_if(keys.begin(), keys.end(),
                           [&](const Keyframe& k) { return std::abs(k.time - key.time) <= kSameTime; });
    if (it != keys.end()) {
        *it = key;
    } else {
        keys.insert(std::upper_bound(keys.begin(), keys.end(), key.time,
                                     [](double t, const Keyframe& k) { return t < k.time; }),
                    key);
    }
    return PoseTrack(std::move(keys));
}

/// The ray's parameter where it meets the plane (point p, normal n); false when it runs along it.
bool hitPlane(const Vec3& o, const Vec3& d, const Vec3& p, const Vec3& n, Vec3& at) {
    const double dn = dot(d, n);
    if (std::abs(dn) < 1e-12 * length(d) * length(n)) return false;
    at = o + d * (dot(p - o, n) / dn);
    return true;
}

/// Möller–Trumbore: the ray parameter s > 0 where o + s d meets triangle (a, b, c), or +inf.
double rayTriangle(const Vec3& o, const Vec3& d, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 e1 = b - a, e2 = c - a, p = cross(d, e2);
    const double det = dot(e1, p);
    if (std::abs(det) < 1e-300) return std::numeric_limits<double>::infinity();
    const Vec3 s = o - a;
    const double u = dot(s, p) / det;
    if (u < 0 || u > 1) return std::numeric_limits<double>::infinity();
    const Vec3 q = cross(s, e1);
    const double v = dot(d, q) / det;
    if (v < 0 || u + v > 1) return std::numeric_limits<double>::infinity();
    const double t = dot(e2, q) / det;
    return t > 0 ? t : std::numeric_limits<double>::infinity();
}

std::string vec(const Vec3& v) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.4g, %.4g, %.4g)", v.x, v.y, v.z);
    return buf;
}

} // namespace

void BodyEditor::reset() {
    m_dragging = false, m_dragBody = -1, m_pendingBody = -1;
    m_lastTime = -1e300;
}

int BodyEditor::body(ViewerApp& app) const {
    const SceneObjects* objects = app.loaded().objects();
    const int s = app.loaded().selected();
    if (!objects || s < 0) return -1;
    return objects->objects()[std::size_t(s)].body;
}

void BodyEditor::update(ViewerApp& app, double t) {
    if (t != m_lastTime) {
        m_keyTime = t;
        if (m_pendingBody >= 0 && t != m_pendingTime && !m_dragging) {
            dropPending(app);
            app.status() = "the drag was not keyed (Set keyframe, K): dropped when the time changed";
        }
    }
    m_lastTime = t;
}

bool BodyEditor::ray(ViewerApp& app, float x, float y, Vec3& origin, Vec3& dir, Vec3& forward) const {
    return app.viewRay(x, y, origin, dir, forward);
}

int BodyEditor::pickBody(ViewerApp& app, const Vec3& origin, const Vec3& dir, Vec3& hit) const {
    const SceneObjects& objects = *app.loaded().objects();
    std::vector<Pose> poses;
    objects.poses(app.timeline().time(), poses);
    double best = std::numeric_limits<double>::infinity();
    int found = -1;
    for (std::size_t i = 0; i < objects.objects().size(); ++i) {
        const SceneObject& o = objects.objects()[i];
        if (o.body < 0 || !app.loaded().bodyViews()[i].visible) continue;
        // In the body's frame: the ray moved by the inverse pose (the parameter s is the same).
        const Pose inv = poses[i].inverse();
        const Vec3 lo = inv.apply(origin), ld = inv.R * dir;
        const TriangleMesh& mesh = *o.mesh;
        for (const Triangle& tri : mesh.triangles) {
            const double s =
                rayTriangle(lo, ld, mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]]);
            if (s < best) best = s, found = o.body;
        }
    }
    if (found >= 0) hit = origin + dir * best;
    return found;
}

Vec3 BodyEditor::centre(ViewerApp& app, int body, const Keyframe& pose) const {
    const Aabb box = app.loaded().scene()->bodies[std::size_t(body)].mesh->bounds();
    return pose.rotation.toMat3() * box.center() + pose.position;
}

bool BodyEditor::press(ViewerApp& app, float x, float y, bool rotate) {
    if (!m_enabled || !app.loaded().scene() || app.preparation().busy()) return false;
    Vec3 origin, dir, forward;
    if (!ray(app, x, y, origin, dir, forward)) return false;
    Vec3 hit;
    const int b = pickBody(app, origin, dir, hit);
    if (b < 0) return false; // empty space: the camera orbits as usual
    const Scene& scene = *app.loaded().scene();
    const Body& body = scene.bodies[std::size_t(b)];
    if (body.environment) {
        app.status() = body.name + " is environment (static scenery): it is not dragged";
        return true;
    }
    if (m_pendingBody >= 0 && m_pendingBody != b) dropPending(app); // one body edited at a time
    const int object = app.loaded().objects()->find(body.name);
    if (object != app.loaded().selected()) app.selectObject(object);
    if (app.timeline().playing()) app.timeline().togglePlaying(); // a drag edits the time shown
    m_dragging = true, m_rotating = rotate, m_dragBody = b;
    m_start = body.motion.sample(app.timeline().time());
    m_planePoint = centre(app, b, m_start);
    const Vec3 axes[] = {forward, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    m_planeNormal = rotate ? axes[int(m_axis)] : forward;
    if (!hitPlane(origin, dir, m_planePoint, m_planeNormal, m_grab)) m_grab = m_planePoint;
    return true;
}

void BodyEditor::move(ViewerApp& app, float x, float y) {
    // A view being prepared reads the scene on its own thread: the track is left alone meanwhile.
    if (!m_dragging || app.preparation().busy()) return;
    Vec3 origin, dir, forward, at;
    if (!ray(app, x, y, origin, dir, forward) || !hitPlane(origin, dir, m_planePoint, m_planeNormal, at))
        return;
    Keyframe k = m_start;
    k.time = app.timeline().time();
    if (!m_rotating) {
        k.position = m_start.position + (at - m_grab);
        m_lastAction = "dragged " + app.loaded().scene()->bodies[std::size_t(m_dragBody)].name + " by " +
                       vec(at - m_grab);
    } else {
        // The signed angle the cursor swept around the axis, from the press's point to this one.
        const Vec3 u = m_grab - m_planePoint, v = at - m_planePoint, n = normalize(m_planeNormal);
        if (length(u) == 0 || length(v) == 0) return;
        const double angle = std::atan2(dot(n, cross(u, v)), dot(u, v));
        const Quat turn = Quat::fromAxisAngle(n, angle);
        k.rotation = (turn * m_start.rotation).normalized();
        k.position = m_planePoint + turn.toMat3() * (m_start.position - m_planePoint);
        char deg[32];
        std::snprintf(deg, sizeof deg, "%.1f", angle * 180 / 3.14159265358979323846);
        m_lastAction = "turned " + app.loaded().scene()->bodies[std::size_t(m_dragBody)].name + " by " + deg +
                       " degrees about " + vec(n);
    }
    showPending(app, m_dragBody, k);
}

void BodyEditor::release(ViewerApp& app) {
    if (!m_dragging) return;
    m_dragging = false;
    if (!m_lastAction.empty()) app.status() = m_lastAction + " (not keyed yet: K sets a keyframe)";
}

void BodyEditor::showPending(ViewerApp& app, int body, const Keyframe& pose) {
    Scene& scene = *app.loaded().editableScene();
    PoseTrack& track = scene.bodies[std::size_t(body)].motion;
    if (m_pendingBody != body) m_kept = track, m_pendingBody = body;
    m_pendingTime = pose.time;
    track = withKey(m_kept, pose);
    app.motionEdited();
}

void BodyEditor::dropPending(ViewerApp& app) {
    if (m_pendingBody < 0) return;
    app.loaded().editableScene()->bodies[std::size_t(m_pendingBody)].motion = m_kept;
    m_pendingBody = -1;
    app.motionEdited();
}

bool BodyEditor::setKeyframe(ViewerApp& app) {
    const int b = body(app);
    if (b < 0 || app.preparation().busy()) {
        app.status() = "set keyframe: select a body first (a click on it in edit mode, or the Scene panel)";
        return false;
    }
    if (!std::isfinite(m_keyTime)) return false;
    Scene& scene = *app.loaded().editableScene();
    Body& body = scene.bodies[std::size_t(b)];
    Keyframe k = body.motion.sample(app.timeline().time()); // the pose shown, pending or not
    k.time = m_keyTime;
    const PoseTrack kept = m_pendingBody == b ? m_kept : body.motion;
    m_pendingBody = -1;
    body.motion = withKey(kept, k);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", m_keyTime);
    m_lastAction = "keyframe " + body.name + " at t " + buf + ": position " + vec(k.position) + ", " +
                   std::to_string(body.motion.keys().size()) + " keys";
    app.status() = m_lastAction;
    app.motionEdited();
    return true;
}

bool BodyEditor::deleteKeyframe(ViewerApp& app) {
    const int b = body(app);
    if (b < 0 || app.preparation().busy()) {
        app.status() = "delete keyframe: select a body first";
        return false;
    }
    if (m_pendingBody == b) dropPending(app);
    Body& body = app.loaded().editableScene()->bodies[std::size_t(b)];
    const double t = app.timeline().time(), half = 0.5 * app.timeline().frameLength() + kSameTime;
    std::vector<Keyframe> keys = body.motion.keys();
    auto it = std::min_element(keys.begin(), keys.end(), [&](const Keyframe& a, const Keyframe& c) {
        return std::abs(a.time - t) < std::abs(c.time - t);
    });
    if (it == keys.end() || std::abs(it->time - t) > half) {
        app.status() = "delete keyframe: " + body.name + " has no key at the time shown";
        return false;
    }
    if (keys.size() == 1) {
        app.status() = "delete keyframe: a body keeps at least one key (its pose)";
        return false;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", it->time);
    keys.erase(it);
    body.motion = PoseTrack(std::move(keys));
    m_lastAction = "deleted " + body.name + "'s key at t " + buf;
    app.status() = m_lastAction;
    app.motionEdited();
    return true;
}

std::vector<double> BodyEditor::keyTimes(ViewerApp& app) const {
    std::vector<double> out;
    const int b = body(app);
    if (b < 0) return out;
    const PoseTrack& track =
        m_pendingBody == b ? m_kept : app.loaded().scene()->bodies[std::size_t(b)].motion;
    for (const Keyframe& k : track.keys()) out.push_back(k.time);
    return out;
}

const DrawList& BodyEditor::drawing(ViewerApp& app, double t) {
    m_draw.clear();
    const int b = body(app);
    if (!m_enabled || b < 0) return m_draw;
    const Body& body = app.loaded().scene()->bodies[std::size_t(b)];
    const Keyframe k = body.motion.sample(t);
    const Aabb box = body.mesh->bounds();
    const Mat3 R = k.rotation.toMat3();
    // The box in the selection's yellow; the plane a pale white, apart from it and from the overlays.
    const Rgba handle{1.0f, 0.85f, 0.2f, 1.0f}, plane{0.92f, 0.92f, 0.95f, 0.55f};
    // The body's box, as it is posed.
    Vec3 c[8];
    for (int i = 0; i < 8; ++i)
        c[i] =
            R * Vec3{i & 1 ? box.hi.x : box.lo.x, i & 2 ? box.hi.y : box.lo.y, i & 4 ? box.hi.z : box.lo.z} +
            k.position;
    for (int i = 0; i < 8; ++i)
        for (int bit : {1, 2, 4})
            if (!(i & bit)) m_draw.line(c[i], c[i | bit], handle, DebugCategory::Note);
    // The drag plane: a square through the centre facing the camera (or the turning axis's plane), and
    // the axis when turning.
    const Vec3 mid = R * box.center() + k.position;
    const double r = 0.75 * length(box.extent());
    const Vec3 n = normalize(m_dragging ? m_planeNormal : app.viewForward());
    const Vec3 helper = std::abs(n.z) < 0.9 ? Vec3{0, 0, 1} : Vec3{1, 0, 0};
    const Vec3 u = normalize(cross(n, helper)) * r, v = normalize(cross(n, u)) * r;
    const Vec3 q[4] = {mid + u + v, mid - u + v, mid - u - v, mid + u - v};
    for (int i = 0; i < 4; ++i) m_draw.line(q[i], q[(i + 1) % 4], plane, DebugCategory::Note);
    m_draw.line(mid - u * 0.15, mid + u * 0.15, handle, DebugCategory::Note);
    m_draw.line(mid - v * 0.15, mid + v * 0.15, handle, DebugCategory::Note);
    if (m_dragging && m_rotating) m_draw.line(mid - n * r, mid + n * r, handle, DebugCategory::Note);
    return m_draw;
}

} // namespace cdlab
