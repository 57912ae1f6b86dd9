#include "mesh/ImportReport.h"

namespace cdlab {

std::string ImportReport::summary() const {
    auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string s = format + ": " + count(verticesRead, "vertex", "vertices") + " read, " +
                    std::to_string(verticesWelded) + " after welding, " +
                    count(triangles, "triangle", "triangles");
    if (degenerateDropped > 0)
        s += ", " + count(degenerateDropped, "degenerate triangle", "degenerate triangles") + " dropped";
    return s;
}

} // namespace cdlab
