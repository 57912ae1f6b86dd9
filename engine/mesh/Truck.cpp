#include "mesh/Truck.h"

#include "mesh/Lathe.h"
#include "mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cdlab {

TriangleMesh makeTruck(double length, std::size_t targetTriangles) {
    double t = double(targetTriangles);
    // Boxes (chassis, cab, tipper floor and walls: 7) get 40 %, the six wheels 60 %.
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(t * 0.4 / (12 * 7)))));
    double L = length, W = length * 0.3, wheelR = length * 0.07, wheelW = length * 0.05;
    Profile wheel{{0, -wheelW},           {wheelR * 0.6, -wheelW}, {wheelR, -wheelW * 0.7},
                  {wheelR, wheelW * 0.7}, {wheelR * 0.6, wheelW},  {0, wheelW}};
    auto [slices, rows] = latheResolution(wheel, t * 0.6 / 6);
    TriangleMesh m;
    m.name = "truck";
    MeshBuilder b(m);
    double floor = wheelR * 1.2;
    b.block({-L / 2, -W * 0.35, wheelR * 0.7}, {L / 2, W * 0.35, floor}, n);                  // chassis
    b.block({L / 2 - L * 0.2, -W / 2, floor - 0.01 * L}, {L / 2, W / 2, floor + L * 0.2}, n); // cab
    // The tipper: an open box of a floor and four walls (the load space is empty).
    double x0 = -L / 2, x1 = L / 2 - L * 0.23, h = L * 0.15, wall = L * 0.012;
    b.block({x0, -W / 2, floor - 0.01 * L}, {x1, W / 2, floor + wall}, n);
    b.block({x0, -W / 2, floor}, {x1, -W / 2 + wall, floor + h}, n);
    b.block({x0, W / 2 - wall, floor}, {x1, W / 2, floor + h}, n);
    b.block({x0, -W / 2, floor}, {x0 + wall, W / 2, floor + h}, n);
    b.block({x1 - wall, -W / 2, floor}, {x1, W / 2, floor + h}, n);
    // Wheels: axis along y (the lathe's z turned onto y), front axle under the cab, two rear axles.
    const Mat3 toY = rotationAxisAngle({1, 0, 0}, -std::numbers::pi / 2);
    for (double x : {L / 2 - L * 0.12, -L * 0.15, -L * 0.32})
        for (double side : {-1.0, 1.0})
            addLathe(m, wheel, slices, rows, {toY, {x, side * (W / 2 - wheelW), wheelR}});
    m.weldAndClean();
    return m;
}

} // namespace cdlab
