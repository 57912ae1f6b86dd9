// OverlayTable: the one description of the viewer's overlays. Each row is a toggle: its label, settings key,
// default, whether --overlays turns it on, tooltip, the debug categories it shows with each one's legend
// line and drawing style, and the toggle it refines. The view panel's checkboxes and tooltips, the settings
// file, the DrawList's filter and style, whether an option applies to a view's algorithm
// (AlgorithmInfo::draws), --overlays and the on-screen legend are all generated from the rows: a new overlay
// is one row. The generic rows are in OverlayTable.cpp; a family's rows and palettes live in its folder
// (app/viewer/families/<family>/) and register with one line:
//   static const bool registered = registerOverlays(order, {rows...});
#pragma once

#include "DrawList.h"
#include "debug/DebugSink.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cdlab {

struct AlgorithmInfo;

struct LegendEntry {
    DebugCategory category;
    Rgba colour;
    bool depthRamp;         ///< coloured by BVH depth instead (when "colour by depth" is on)
    const char* meaning;    ///< what it shows, one line
    const char* continuous; ///< with a continuous algorithm, when that differs (swept boxes); else null
    /// A category drawn in several colours (PCLs by their fate): after `meaning`, a swatch and a word each
    /// instead of the one swatch of `colour`.
    std::span<const Rgba> palette = {};
    std::span<const char* const> paletteWords = {};
    /// Its triangles are faint fills of closed polytopes around the bodies, drawn translucent after
    /// everything else (drawn opaque they hid the bodies and each other).
    bool faint = false;
    /// Drawn in `colour` whatever colour the algorithm passes (its alpha kept): the viewer's palette decides,
    /// so the swatch is the colour drawn. Off for a category drawn in several colours (its palette lists
    /// them) or in shades.
    bool recolour = false;
};

struct OverlayInfo {
    const char* key;   ///< settings file key, under "overlays"
    const char* label; ///< the checkbox's label
    bool defaultOn;
    bool withAll;     ///< --overlays turns it on (every overlay that shows something on its own)
    const char* help; ///< the checkbox's tooltip
    /// What it shows: each category with its legend line (empty: a style option of the row it refines, or
    /// a drawing of the family's view itself).
    std::vector<LegendEntry> shows;
    const char* refines = nullptr; ///< the key of the toggle this one refines (only on while that is)
    OverlayId id = 0;              ///< its flag in OverlaySettings; set when the row is registered
    /// A family view's own drawing that one algorithm's views make (a family's own overlay): the
    /// row applies to that algorithm only. Null: decided by `shows` (or the row it refines).
    const char* onlyFor = nullptr;
    /// A drawing of the viewer's own that applies to the algorithms this says yes to, decided from their
    /// registry entry (motion trails: the continuous ones). Null: decided as above.
    bool (*appliesTo)(const AlgorithmInfo&) = nullptr;
};

/// The generic rows' ids, in OverlayTable.cpp's order; a family's rows get theirs when they register.
namespace overlay {
enum : OverlayId {
    SeeThroughBodies,
    Bvh,
    BvhOnlyOverlapped,
    BvhCulled,
    BmCulled,
    ColourByDepth,
    BmLevel,
    FaceMotion,
    PickedCone,
    HitTriangles,
    Contacts,
    TimeOfContact,
    GenericCount
};
} // namespace overlay

/// Adds a family's rows (from a static initializer in the family's folder): the view panel lists them after
/// the rows of a lower `order` (the generic rows are order 0), in the order given. Each key must be new, and
/// a row may refine only a row listed before it. Returns true.
bool registerOverlays(int order, std::vector<OverlayInfo> rows);

/// Every overlay toggle, in the order the view panel lists them.
const std::vector<OverlayInfo>& overlayTable();
/// The row with settings key `key` (null when none).
const OverlayInfo* findOverlay(std::string_view key);
/// The row with id `id` (every id below overlayCount()).
const OverlayInfo& overlayRow(OverlayId id);
/// The number of rows, one more than the largest id.
OverlayId overlayCount();
/// The row that shows `category` (null for categories without a toggle of their own: the picked node).
const OverlayInfo* overlayFor(DebugCategory category);
/// The legend entry of `category` (null for categories never drawn: misses, notes).
const LegendEntry* legendEntry(DebugCategory category);

/// An algorithm's recommended overlays (issue 43: a first-time user sees the family's picture at once), kept
/// beside the family's overlay rows and registered with one line from its folder:
///   static const bool recommended = registerRecommendation({"algorithm", {"rowKey", ...}, {...}, level});
/// A view applies it to the table's defaults when its algorithm is prepared (Viewport::recommendOverlays).
struct OverlayRecommendation {
    const char* algorithm;        ///< the registry's name
    std::vector<const char*> on;  ///< settings keys of the rows it turns on
    std::vector<const char*> off; ///< and of those it turns off
    int level = -1;               ///< the BVH level shown (-1: the table's)
    const char* why = nullptr;    ///< the picture, one line (the run report's "recommended")
};
/// Adds a recommendation (static initializer); each algorithm once, every key a registered row's when
/// read. Returns true.
bool registerRecommendation(OverlayRecommendation recommendation);
/// The recommendation for `algorithm`, or null (the table's defaults suit it).
const OverlayRecommendation* recommendedOverlays(std::string_view algorithm);
/// Every registered recommendation, in registration order.
const std::vector<OverlayRecommendation>& overlayRecommendations();

/// Whether the toggle and every toggle it refines are on.
bool overlayOn(const OverlayInfo& row, const OverlaySettings& s);
/// Whether `algo` draws anything the row shows (a style row: whether the row it refines does). Empty
/// `whyNot` when it does; else why not, naming the algorithms that do.
bool overlayApplies(const OverlayInfo& row, const AlgorithmInfo& algo, std::string* whyNot = nullptr);
/// Sets every toggle to its default.
void resetOverlays(OverlaySettings& s);
/// --overlays: every row marked withAll on (not the refinements that hide part of one: only-overlapped,
/// culled, the other bound), at BVH level 4.
void showAllOverlays(OverlaySettings& s);

} // namespace cdlab
