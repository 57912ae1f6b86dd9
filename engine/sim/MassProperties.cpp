#include "sim/MassProperties.h"

#include "core/InputError.h"

#include <Eigen/Dense>
#include <cmath>
#include <string>

namespace cdlab {

MassProperties MassProperties::of(const TriangleMesh& mesh) {
    // Tetrahedron (0, a, b, c): volume det/6, first moment det/24 (a + b + c), second moment
    // integral of x x^T = det/120 (a a^T + b b^T + c c^T + s s^T) with s = a + b + c (the canonical
    // tetrahedron's covariance mapped by [a b c]).
    double volume = 0;
    Vec3 first;
    Eigen::Matrix3d second = Eigen::Matrix3d::Zero();
    for (std::size_t t = 0; t < mesh.triangleCount(); ++t) {
        Vec3 a, b, c;
        mesh.corners(t, a, b, c);
        double det = dot(a, cross(b, c));
        Vec3 s = a + b + c;
        volume += det / 6;
        first += s * (det / 24);
        Eigen::Vector3d ea(a.x, a.y, a.z), eb(b.x, b.y, b.z), ec(c.x, c.y, c.z), es(s.x, s.y, s.z);
        second += det / 120 *
                  (ea * ea.transpose() + eb * eb.transpose() + ec * ec.transpose() + es * es.transpose());
    }
    double extent = length(mesh.bounds().hi - mesh.bounds().lo);
    if (!(volume > 1e-9 * extent * extent * extent))
        throw InputError(mesh.name, "mesh",
                         "bounds no volume (" + std::to_string(volume) +
                             "): a simulated body needs a closed, outward-wound mesh");
    MassProperties m;
    m.volume = volume;
    m.centroid = first / volume;
    // About the centroid: C_c = C - V c c^T; inertia = trace(C_c) I - C_c.
    Eigen::Vector3d c(m.centroid.x, m.centroid.y, m.centroid.z);
    Eigen::Matrix3d cc = second - volume * c * c.transpose();
    Eigen::Matrix3d inertia = cc.trace() * Eigen::Matrix3d::Identity() - cc;
    Eigen::Matrix3d inverse = inertia.inverse();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) m.inertia(i, j) = inertia(i, j), m.inverseInertia(i, j) = inverse(i, j);
    return m;
}

} // namespace cdlab
