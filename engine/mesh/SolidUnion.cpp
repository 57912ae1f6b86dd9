#include "mesh/SolidUnion.h"

#include <stdexcept>

namespace cdlab {

namespace {

// A function-local static: the registering static initializer may run before this file's statics.
SolidUnionFunction& slot() {
    static SolidUnionFunction unite;
    return unite;
}

} // namespace

bool registerSolidUnion(SolidUnionFunction unite) {
    slot() = std::move(unite);
    return true;
}

bool solidUnionAvailable() {
    return static_cast<bool>(slot());
}

TriangleMesh uniteSolids(const std::vector<TriangleMesh>& solids) {
    if (!slot()) throw std::runtime_error("no exact union built in (configure with CGAL: libcgal-dev)");
    return slot()(solids);
}

} // namespace cdlab
