// CatchPanels: the viewer's teaching views of CATCH's time of contact (zhang2007 secs. 6-7), drawn only from
// what the algorithm reports in its FrameResult. Two sections of a view's panel:
//  - Temporal culling as the paper's Fig. 6: a bar per potentially colliding link pair (PCL), sorted by its
//    lower bound on the time of contact, coloured by its fate, with the running t_min line;
//  - a step-through of the conservative advancement (eq. 4) of the pair that gave the TOC: a slider over its
//    iterations, the selected one drawn in the 3-D view (closest points, the pair's links at its time);
//  - with the convexPieces overlay on, the selected link's convex pieces (sec. 4): a slider over them, the
//    chosen one's triangles and hull vertices, every piece in its colour and the chosen one's hull in 3-D.
#pragma once

#include "DrawList.h"
#include "OverlayTable.h"
#include "articulated/CatchDetail.h"
#include "convex/HullTree.h"
#include "pipeline/FrameResult.h"

#include <functional>
#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>

namespace cdlab {

class MeshDataCache;
class SceneObjects;

/// The frame's CATCH records (empty when its algorithm is not CATCH).
inline const CatchDetail& catchOf(const FrameResult& r) {
    return r.details.orEmpty<CatchDetail>();
}

/// Per viewport: the step-through's selection, its 3-D drawing, and what both sections showed on the last
/// frame (the automated runs print it, so tests see what a user saw).
struct CatchView {
    explicit CatchView(const OverlaySettings* settings) : settings(settings), draw(settings) {}
    const OverlaySettings* settings;
    int step = 0;         ///< the selected iteration of CatchDetail::advanceSteps (clamped to them)
    DrawList draw;        ///< the selected iteration: segment between the closest points, the pair as ghosts
    int barsDrawn = -1;   ///< Fig. 6 bars drawn on the last frame (-1: the section was not drawn)
    int sliderSteps = -1; ///< iterations the slider offered on the last frame (-1: the section was not drawn)
    std::string tooltip;  ///< the first line of the bar's tooltip the mouse was over on the last frame
    bool stepDrawn = false; ///< draw holds the step-through's iteration
    /// The convexPieces overlay: the selected link's hull tree (from the scene's mesh data cache, the one
    /// catch:distance=hulls uses), the object it belongs to (-1: none, the overlay off) and the piece whose
    /// hull is drawn (the panel's slider; clamped to the link's pieces).
    std::shared_ptr<const HullTree> pieces;
    int piecesObject = -1;
    int piece = 0;
    bool piecesDrawn = false;  ///< draw holds the pieces
    bool piecesShared = false; ///< the cache held the tree already (an algorithm's, or another view's)
    int hoveredPiece = -1;     ///< the piece under the mouse on the last frame (-1: none)
};

/// Fig. 6 in the current ImGui window: the bars, the t_min line, the fates counted, a tooltip per bar.
void temporalCullingSection(const FrameResult& r, const SceneObjects& objects, CatchView& view);
/// The slider over the TOC pair's iterations with t, d, mu and d / mu of the selected one; `lookAt` centres
/// the 3-D view on a point (the closest points' midpoint).
void stepThroughSection(const FrameResult& r, const SceneObjects& objects, CatchView& view,
                        const std::function<void(const Vec3&)>& lookAt);
/// Fills view.draw afresh: the selected iteration (clamped to the frame's), the segment between its closest
/// points and the TOC pair's links as ghosts at its time, while the advanceStep overlay is on; the pieces of
/// view.pieces at the frame's end while the convexPieces overlay is on.
void drawCatchView(const FrameResult& r, const SceneObjects& objects, CatchView& view);

/// Points view.pieces at the hull tree of the selected link (OverlaySettings::bvhObject) while the
/// convexPieces overlay is on, taken from `meshData` with HullTree::cacheKey() (built there when no algorithm
/// holds it); drops it while the overlay is off or there is no cache.
void updateConvexPieces(const SceneObjects& objects, MeshDataCache* meshData, CatchView& view);
/// The Convex pieces section: the link, its pieces, a slider over them and the chosen one's triangles and
/// hull vertices; `lookAt` centres the 3-D view on the chosen piece.
void convexPiecesSection(const FrameResult& r, const SceneObjects& objects, CatchView& view,
                         const std::function<void(const Vec3&)>& lookAt);
/// The mouse's ray over the 3-D view (null: the mouse is elsewhere): the piece of view.pieces under it
/// becomes the chosen one (redrawn); view.hoveredPiece says which (-1: none under the mouse).
void hoverConvexPieces(const FrameResult& r, const SceneObjects& objects, CatchView& view, const Vec3* origin,
                       const Vec3* dir);
/// "convex pieces: chain/car9, 12 pieces, piece 1: 4 triangles, hull 6 vertices" (or "overlay off").
std::string describeConvexPieces(const SceneObjects& objects, const CatchView& view);
/// The legend line of the convex pieces' drawing.
const LegendEntry& convexPiecesLegend();

/// The automated runs' summary lines: "temporal culling: 9 PCLs, a bar each (culled 4, abandoned 1, free 3,
/// contact 0, toc 1), TOC 3.712345" and "step-through: the slider over all 6 iterations, iteration 1: t ...";
/// they say "a bar each" and "all" only when the panel drew what the algorithm reported.
std::string describeTemporalCulling(const FrameResult& r, const CatchView& view);
std::string describeStepThrough(const FrameResult& r, const CatchView& view);

/// The legend line of the step-through's 3-D drawing (the viewer draws it, not the algorithm: no category).
const LegendEntry& advanceStepLegend();

/// The same facts as fields of the JSON run report: pcls, bars_drawn (null: not shown), fates, toc,
/// step_through {iterations, slider_steps, iteration, t, d, mu, dt, ghosts}, tooltip, convex_pieces
/// {object, pieces, piece, triangles, hull_vertices, hull_faces, drawn, shared, hovered} (null: the overlay
/// off).
nlohmann::json catchReportFields(const FrameResult& r, const SceneObjects& objects, const CatchView& view);

} // namespace cdlab
