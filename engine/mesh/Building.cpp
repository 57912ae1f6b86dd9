#include "mesh/Building.h"

#include "mesh/MeshBuilder.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

TriangleMesh makeBuilding(double width, double depth, int floors, double floorHeight,
                          std::size_t targetTriangles) {
    // Boxes: the core, one slab per storey, the machine room; 12 n^2 triangles each.
    int boxes = floors + 2;
    int n = std::max(1, static_cast<int>(std::lround(std::sqrt(double(targetTriangles) / (12.0 * boxes)))));
    TriangleMesh m;
    m.name = "building";
    MeshBuilder b(m);
    double hx = width / 2, hy = depth / 2, top = floors * floorHeight, slab = floorHeight * 0.12;
    b.block({-hx, -hy, 0}, {hx, hy, top}, n);
    for (int f = 1; f <= floors; ++f) { // slabs jut out 0.8 m past the core (balconies)
        double z = f * floorHeight;
        b.block({-hx - 0.8, -hy - 0.8, z - slab}, {hx + 0.8, hy + 0.8, z}, n);
    }
    b.block({-hx * 0.4, -hy * 0.4, top - slab}, {hx * 0.3, hy * 0.4, top + floorHeight * 0.8}, n);
    m.weldAndClean();
    return m;
}

} // namespace cdlab
