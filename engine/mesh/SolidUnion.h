// SolidUnion: the exact boolean union of closed solids, for generators that build a shape from overlapping
// closed pieces but must hand out one closed 2-manifold surface (the closed teapot). The mesh layer cannot
// do exact booleans itself (CGAL lives with the peers, built only when installed), so the one
// implementation registers itself here, as the algorithms do with their registry.
#pragma once

#include "mesh/TriangleMesh.h"

#include <functional>
#include <vector>

namespace cdlab {

/// Unites closed, outward-oriented, non-self-intersecting solids into one closed surface; throws
/// std::runtime_error saying why when it cannot.
using SolidUnionFunction = std::function<TriangleMesh(const std::vector<TriangleMesh>& solids)>;

/// Installs the union (called once, from a static initializer); returns true so it can initialize one.
bool registerSolidUnion(SolidUnionFunction unite);
/// Whether a union is built in (CGAL found at configure time).
bool solidUnionAvailable();
/// The registered union of `solids`; throws std::runtime_error when none is built in or it fails.
TriangleMesh uniteSolids(const std::vector<TriangleMesh>& solids);

} // namespace cdlab
