#include "CameraFraming.h"

#include <cmath>

namespace cdlab {

namespace {
glm::vec3 toGlmVec(const Vec3& v) {
    return {float(v.x), float(v.y), float(v.z)};
}
} // namespace

Aabb objectBounds(const SceneObjects& objects, std::size_t i, double t) {
    Aabb box;
    if (i >= objects.objects().size()) return box;
    std::vector<Pose> poses;
    objects.poses(t, poses);
    const Aabb local = objects.objects()[i].mesh->bounds();
    for (int k = 0; k < 8; ++k)
        box.grow(poses[i].apply({k & 1 ? local.hi.x : local.lo.x, k & 2 ? local.hi.y : local.lo.y,
                                 k & 4 ? local.hi.z : local.lo.z}));
    return box;
}

Vec3 contactNormal(const SceneObjects& objects, const TimeOfContact& c) {
    const auto& objs = objects.objects();
    if (c.objectA >= objs.size() || c.objectB >= objs.size()) return {};
    std::vector<Pose> poses;
    objects.poses(c.time, poses);
    const TriangleMesh& meshA = *objs[c.objectA].mesh;
    const TriangleMesh& meshB = *objs[c.objectB].mesh;
    auto faceNormal = [&](const TriangleMesh& m, const Pose& p, std::uint32_t tri) -> Vec3 {
        return tri < m.faceNormals.size() ? p.R * m.faceNormals[tri] : Vec3{};
    };
    auto edge = [&](const TriangleMesh& m, const Pose& p, const MeshFeature& f) -> Vec3 {
        if (f.a >= m.vertices.size() || f.b >= m.vertices.size()) return {};
        return p.R * (m.vertices[f.b] - m.vertices[f.a]);
    };
    Vec3 n{};
    if (c.hasFeatures) {
        using K = TimeOfContact::Kind;
        if (c.kind == K::VertexFace && c.featureB.kind == MeshFeature::Kind::Face)
            n = faceNormal(meshB, poses[c.objectB], c.featureB.a);
        else if (c.kind == K::FaceVertex && c.featureA.kind == MeshFeature::Kind::Face)
            n = faceNormal(meshA, poses[c.objectA], c.featureA.a);
        else if (c.kind == K::EdgeEdge && c.featureA.kind == MeshFeature::Kind::Edge &&
                 c.featureB.kind == MeshFeature::Kind::Edge)
            n = cross(edge(meshA, poses[c.objectA], c.featureA), edge(meshB, poses[c.objectB], c.featureB));
    }
    if (length(n) < 1e-12) // penetrating, no features, parallel edges: the way from one body to the other
        n = objectBounds(objects, c.objectB, c.time).center() -
            objectBounds(objects, c.objectA, c.time).center();
    const double len = length(n);
    return len > 1e-12 ? n / len : Vec3{};
}

Vec3 separatingDirection(const SceneObjects& objects, const TimeOfContact& c) {
    const Aabb a = objectBounds(objects, c.objectA, c.time), b = objectBounds(objects, c.objectB, c.time);
    int axis = 0;
    double least = 1e300;
    for (int k = 0; k < 3; ++k) {
        const double overlap = std::min(a.hi[k], b.hi[k]) - std::max(a.lo[k], b.lo[k]);
        if (overlap < least) least = overlap, axis = k;
    }
    Vec3 d{};
    d[axis] = b.center()[axis] >= a.center()[axis] ? 1 : -1;
    return d;
}

glm::vec3 sideDirection(const Vec3& normal, const glm::vec3& current) {
    const glm::vec3 n = toGlmVec(normal);
    if (glm::length(n) < 1e-6f) return current;
    const glm::vec3 cur = glm::length(current) > 0 ? glm::normalize(current) : glm::vec3(1, 0, 0);
    glm::vec3 v = cur - glm::dot(cur, n) * n;
    // The camera looks (nearly) along the normal: flat against the face. Turn to a horizontal direction
    // across the normal, on the camera's side, raised by about 20 degrees within the contact plane.
    if (glm::length(v) < 0.25f) {
        glm::vec3 across = glm::cross(n, glm::vec3(0, 0, 1));
        if (glm::length(across) < 1e-3f) across = glm::cross(n, glm::vec3(1, 0, 0)); // a vertical normal
        across = glm::normalize(across);
        if (glm::dot(across, cur) < 0) across = -across;
        glm::vec3 up = glm::vec3(0, 0, 1) - n.z * n; // z within the contact plane
        v = glm::length(up) > 1e-3f ? across + 0.36f * glm::normalize(up) : across;
    }
    return glm::normalize(v);
}

ContactView contactView(const SceneObjects& objects, const TimeOfContact& c, const Vec3& point, double shown,
                        const glm::vec3& current, double pad) {
    ContactView view;
    view.separating = separatingDirection(objects, c);
    view.from = sideDirection(view.separating, current);
    view.box.grow(point - Vec3{pad, pad, pad});
    view.box.grow(point + Vec3{pad, pad, pad});
    const auto& objs = objects.objects();
    for (std::uint32_t o : {c.objectA, c.objectB})
        if (o < objs.size() && !objs[o].environment) {
            const Aabb b = objectBounds(objects, o, shown);
            view.box.grow(b.center());
            view.bodies.grow(b);
        }
    return view;
}

void applyContactView(OrbitCamera& camera, const ContactView& view, float aspect, const glm::vec4& area) {
    camera.lookFrom(view.from);
    camera.frame(view.box, aspect, 0.04f, area);
    if (view.bodies.empty()) return;
    // Where the ray from the target towards the eye leaves the bodies' box (slab by slab).
    const glm::vec3 o = camera.target, d = camera.direction();
    float exit = 0;
    const float lo[3] = {float(view.bodies.lo.x), float(view.bodies.lo.y), float(view.bodies.lo.z)};
    const float hi[3] = {float(view.bodies.hi.x), float(view.bodies.hi.y), float(view.bodies.hi.z)};
    float leave = 1e30f;
    for (int a = 0; a < 3; ++a) {
        if (std::abs(d[a]) < 1e-9f) continue;
        leave = std::min(leave, ((d[a] > 0 ? hi[a] : lo[a]) - o[a]) / d[a]);
    }
    if (leave < 1e30f) exit = std::max(leave, 0.0f);
    const float extent = float(length(view.bodies.extent()));
    camera.distance = std::max(camera.distance, exit + 0.05f * extent);
}

} // namespace cdlab
