#include "scene/Deformation.h"

#include "core/Assert.h"

#include <cmath>
#include <numbers>

namespace cdlab {

const char* toString(Deformation::Type type) {
    switch (type) {
    case Deformation::Type::None:
        return "none";
    case Deformation::Type::Sine:
        return "sine";
    }
    return "?";
}

Vec3 Deformation::displace(const Vec3& p, double t) const {
    if (type == Type::None) return p;
    double phase = 2 * std::numbers::pi * (dot(along, p) / wavelength - speed * t);
    return p + axis * (amplitude * std::sin(phase));
}

void Deformation::apply(const TriangleMesh& rest, double t, TriangleMesh& out) const {
    CDLAB_ASSERT(&rest != &out, "deforming a mesh into itself would compound the displacement");
    out.name = rest.name;
    // Same size every frame after the first: assign copies into the existing storage, no allocation.
    out.triangles = rest.triangles;
    out.vertices.resize(rest.vertices.size());
    for (std::size_t v = 0; v < rest.vertices.size(); ++v) out.vertices[v] = displace(rest.vertices[v], t);
    out.computeFaceNormals();
}

double Deformation::maxDisplacement() const {
    return type == Type::None ? 0.0 : std::abs(amplitude);
}

} // namespace cdlab
