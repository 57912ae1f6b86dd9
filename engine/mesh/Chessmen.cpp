#include "mesh/Chessmen.h"

#include "mesh/Lathe.h"
#include "mesh/MeshBuilder.h"
#include "mesh/Superellipsoid.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace cdlab {

namespace {

constexpr double kPi = std::numbers::pi;

/// The foot every piece shares: a disc with a bead and a cove, up to z = 0.16.
Profile withBase(std::initializer_list<std::pair<double, double>> upper) {
    Profile p{{0, 0}, {0.22, 0}, {0.22, 0.05}, {0.19, 0.08}, {0.2, 0.11}, {0.15, 0.14}};
    p.insert(p.end(), upper);
    return p;
}

Profile profileOf(const std::string& kind) {
    if (kind == "pawn")
        return withBase({{0.1, 0.17},
                         {0.075, 0.3},
                         {0.13, 0.32},
                         {0.13, 0.34},
                         {0.07, 0.355},
                         {0.1, 0.39},
                         {0.115, 0.44},
                         {0.1, 0.5},
                         {0.06, 0.535},
                         {0, 0.55}});
    if (kind == "rook") // the top is a cup: its rim carries the merlons
        return withBase(
            {{0.14, 0.17}, {0.13, 0.5}, {0.17, 0.54}, {0.17, 0.62}, {0.12, 0.62}, {0.12, 0.58}, {0, 0.58}});
    if (kind == "knight") // a low body; the head is not revolved
        return withBase({{0.14, 0.2}, {0.15, 0.24}, {0.1, 0.26}, {0, 0.27}});
    if (kind == "bishop")
        return withBase({{0.1, 0.17},
                         {0.075, 0.45},
                         {0.14, 0.48},
                         {0.14, 0.5},
                         {0.08, 0.52},
                         {0.11, 0.58},
                         {0.12, 0.65},
                         {0.09, 0.72},
                         {0.04, 0.76},
                         {0.045, 0.78},
                         {0.03, 0.81},
                         {0, 0.82}});
    if (kind == "queen")
        return withBase({{0.1, 0.17},
                         {0.08, 0.55},
                         {0.15, 0.58},
                         {0.15, 0.6},
                         {0.09, 0.62},
                         {0.1, 0.7},
                         {0.15, 0.82},
                         {0.13, 0.84},
                         {0.06, 0.86},
                         {0.05, 0.89},
                         {0.035, 0.91},
                         {0, 0.93}});
    if (kind == "king")
        return withBase({{0.11, 0.17},
                         {0.085, 0.58},
                         {0.16, 0.61},
                         {0.16, 0.63},
                         {0.1, 0.65},
                         {0.11, 0.72},
                         {0.15, 0.8},
                         {0.15, 0.82},
                         {0.06, 0.84},
                         {0, 0.85}});
    throw std::invalid_argument("unknown chessman kind '" + kind + "'");
}

Pose placed(const Vec3& at, const Vec3& axis = {0, 1, 0}, double angle = 0) {
    return {rotationAxisAngle(axis, angle), at};
}

/// The non-revolved parts of a piece (unit king height), each closed, with about `triangles` in all.
void addExtras(TriangleMesh& m, const std::string& kind, double triangles) {
    MeshBuilder b(m);
    if (kind == "rook") { // four merlons standing on the rim, between the embrasures
        int n = std::max(1, static_cast<int>(std::lround(std::sqrt(triangles / 48.0))));
        for (int k = 0; k < 4; ++k) {
            Pose p = placed({0, 0, 0}, {0, 0, 1}, kPi / 4 + k * kPi / 2);
            b.block({0.115, -0.045, 0.61}, {0.175, 0.045, 0.68}, n, p);
        }
    } else if (kind == "queen") { // eight crown points around the top
        int stacks = superellipsoidStacks(triangles / 8);
        for (int k = 0; k < 8; ++k) {
            double a = 2 * kPi * k / 8;
            addSuperellipsoid(m, {{0.028, 0.028, 0.028}, 1, 1}, stacks,
                              placed({0.14 * std::cos(a), 0.14 * std::sin(a), 0.845}));
        }
    } else if (kind == "king") { // the cross: an upright and a bar
        int n = std::max(1, static_cast<int>(std::lround(std::sqrt(triangles / 24.0))));
        b.block({-0.025, -0.025, 0.82}, {0.025, 0.025, 1.0}, n);
        b.block({-0.075, -0.024, 0.89}, {0.075, 0.024, 0.94}, n);
    } else if (kind == "knight") { // neck, head and muzzle, mane and ears: a horse's head facing +x
        int big = superellipsoidStacks(triangles * 0.3), small = superellipsoidStacks(triangles * 0.05);
        addSuperellipsoid(m, {{0.1, 0.085, 0.2}, 0.7, 0.8}, big, placed({-0.01, 0, 0.42}, {0, 1, 0}, 0.25));
        addSuperellipsoid(m, {{0.17, 0.075, 0.075}, 0.7, 0.9}, big, placed({0.07, 0, 0.6}, {0, 1, 0}, 0.45));
        addSuperellipsoid(m, {{0.04, 0.03, 0.2}, 0.8, 1}, small, placed({-0.1, 0, 0.5}, {0, 1, 0}, 0.35));
        for (double side : {-1.0, 1.0})
            addSuperellipsoid(m, {{0.022, 0.018, 0.05}, 1, 1}, small,
                              placed({-0.03, side * 0.04, 0.7}, {0, 1, 0}, 0.2));
    }
}

} // namespace

const std::vector<std::string>& chessmanKinds() {
    static const std::vector<std::string> kinds{"pawn", "rook", "knight", "bishop", "queen", "king"};
    return kinds;
}

TriangleMesh makeChessman(const std::string& kind, double kingHeight, std::size_t targetTriangles) {
    Profile profile = profileOf(kind);
    // The knight's head and the queen's crown are a large part of their pieces; the rest are mostly lathe.
    double extras = kind == "knight"                     ? 0.55
                    : kind == "queen"                    ? 0.2
                    : kind == "pawn" || kind == "bishop" ? 0
                                                         : 0.1;
    TriangleMesh m;
    m.name = "chessman " + kind;
    auto [slices, rows] = latheResolution(profile, double(targetTriangles) * (1 - extras));
    addLathe(m, profile, slices, rows);
    if (extras > 0) addExtras(m, kind, double(targetTriangles) * extras);
    for (Vec3& v : m.vertices) v *= kingHeight;
    m.computeFaceNormals();
    return m;
}

} // namespace cdlab
