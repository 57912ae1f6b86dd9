// DebugSink: the one interface through which algorithms hand intermediate state to whoever watches (viewer
// overlays, recorders, tests). The engine only calls it when a sink is supplied; traversals are compiled
// twice (with and without a sink) so the absent case costs nothing.
#pragma once

#include "geometry/Obb.h"
#include "geometry/Pose.h"
#include "geometry/Vec3.h"
#include "mesh/TriangleMesh.h"

#include <cstdint>
#include <string>

namespace cdlab {

/// What a primitive shows; viewers filter and colour by category.
enum class DebugCategory : std::uint8_t {
    BvhNode,      ///< a node of a body's hierarchy, drawn on request (AlgorithmStructure::drawLevel)
    BvOverlap,    ///< a BV pair that overlapped (traversal descended)
    BvSeparated,  ///< a BV pair that was culled by the BV test
    BmCulled,     ///< a node culled by the backward-motion test (redon2002): all its triangles move backwards
    BmLevel,      ///< a node the BM test culls over the whole frame, whether or not its box overlapped: one
                  ///< level of a body as in redon2002 Fig. 1
    PickedNode,   ///< the node a user picked: its box and a description (text)
    BmCone,       ///< the BM-vectors of a node's BM-cone (redon2002 sec. 4), drawn as arrows
    ForwardFace,  ///< a triangle not moving backwards, eq. (3) (redon2002 Fig. 1: filled)
    BackwardFace, ///< a triangle moving away from the other body, eq. (3) (redon2002 Fig. 1: wireframe)
    TriangleHit,  ///< a triangle of a colliding pair
    TriangleMiss, ///< a triangle pair that was tested and did not intersect
    Contact,      ///< a contact point or feature
    TimeOfContact, ///< a continuous contact at its time: the moving bodies then (ghosts), features, label
    SweptBox,      ///< a link's swept AABB over the frame, from the algorithm's bound (zhang2007 Fig. 4)
    SweptBoxOther, ///< the same from the other bound (interval beside Taylor: zhang2007 Fig. 5)
    LinkObb,       ///< a link's OBB at the frame's start and end (zhang2007 Fig. 4, left)
    PotentialPair, ///< a link of a potentially colliding pair (PCL) after spatial culling, coloured by its
                   ///< fate in temporal culling (pclFateColor)
    LinkBvhNode,   ///< a node of a model's dynamic AABB hierarchy over its swept boxes, tagged with depth
    TocPose,       ///< every moving link of the scene at CATCH's time of contact (ghosts)
    SbvVolume,     ///< a body's separating bounding volume (sbv Def. 5): the 8-DOP's edges, translucent faces
    SeparatingPlane, ///< the optimal separating hyperplane as a translucent quad, d* as an arrow from A to B
    SupportPoint,    ///< the support points of each body per direction of D' (sbv Def. 2; Table 1's samples)
    SupportVector,   ///< the SVM's support vectors (osh=svm)
    OverlapRegion,   ///< CSBV's Intersection(A,B): SBV(A) ∩ SBV(B) after shrinking, edges and faces
    TriangleKept,    ///< a triangle overlapping the overlap region (kept for the narrow phase)
    TriangleCulled,  ///< a triangle of a pair's body outside the overlap region (culled by the SBVs)
    LdiBox,          ///< the LDI query box Q (ldi-notes §7.1) and the teaching view's pixel row
    LdiRegion,       ///< the LDI penetration region: a column per sampled pixel, first to last overlap depth
    Note,            ///< free text
    Count
};
const char* toString(DebugCategory c);
/// The categories drawn per level of one body's hierarchy (tagged with its object and depth): a viewer shows
/// one level of the chosen body, and a recording keeps the level it was asked for.
constexpr bool isPerLevel(DebugCategory c) {
    return c == DebugCategory::BvOverlap || c == DebugCategory::BvSeparated || c == DebugCategory::BmCulled;
}

struct Rgba {
    float r = 1, g = 1, b = 1, a = 1;
};

/// A PCL's fate in CATCH's temporal culling (zhang2007 Fig. 6), by PairAdvance::Fate's order: culled by its
/// lower bound, abandoned, free over the frame, in contact after the TOC, gave the TOC.
/// Abandoned is a grey: the time of contact's orange ghost and yellow features take the hues near orange.
inline constexpr Rgba kPclFateColors[5] = {{0.35f, 0.55f, 1.0f, 1.0f},
                                           {0.6f, 0.58f, 0.55f, 1.0f},
                                           {0.3f, 0.85f, 0.4f, 1.0f},
                                           {0.85f, 0.35f, 0.85f, 1.0f},
                                           {1.0f, 0.15f, 0.1f, 1.0f}};

/// The outcome of a BV test, in every traversal that draws its tests (BvOverlap, BvSeparated).
inline constexpr Rgba kBvOverlapColor{1.0f, 0.55f, 0.1f, 1.0f};
inline constexpr Rgba kBvSeparatedColor{0.3f, 0.6f, 1.0f, 0.6f};

/// Which scene object (index into SceneObjects) and which BVH depth the following primitives belong to.
struct DebugTag {
    std::int32_t object = -1;
    std::int32_t depth = -1;
};

class DebugSink {
public:
    virtual ~DebugSink() = default;
    virtual void line(const Vec3& a, const Vec3& b, Rgba color, DebugCategory cat) = 0;
    virtual void triangle(const Vec3& a, const Vec3& b, const Vec3& c, Rgba color, DebugCategory cat) = 0;
    virtual void point(const Vec3& p, Rgba color, DebugCategory cat) = 0;
    virtual void text(const Vec3& p, const std::string& s, DebugCategory cat) = 0;
    /// Boxes are drawn as 12 edges unless a sink has something better.
    virtual void box(const Obb& b, Rgba color, DebugCategory cat);
    /// An arrow from `from` to `to` (a line and a four-stroke head) unless a sink has something better.
    virtual void arrow(const Vec3& from, const Vec3& to, Rgba color, DebugCategory cat);
    /// A whole mesh at a world pose in wireframe (a ghost), as every triangle's three edges unless a sink
    /// has something better (a viewer draws the mesh it already holds on the GPU). The mesh must outlive
    /// what the sink keeps of the primitive.
    virtual void mesh(const TriangleMesh& m, const Pose& pose, Rgba color, DebugCategory cat);
    /// Identifies the object/depth of the primitives that follow.
    virtual void setTag(const DebugTag& tag) {}
    /// Whether primitives of this category and tag are wanted at all; producers skip the work when not
    /// (a deep traversal tests millions of box pairs, a viewer draws one BVH level of one body).
    virtual bool wants(DebugCategory cat, const DebugTag& tag) const { return true; }
};

} // namespace cdlab
