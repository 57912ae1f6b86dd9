// OverlayTable: the one description of the viewer's overlays. Each row is a toggle (its label, settings key,
// default, tooltip, the debug categories it shows, and the toggle it refines); each category has a legend
// entry (its colour or colour ramp and what it means). The view panel's checkboxes and tooltips, the settings
// file, the DrawList's filter, whether an option applies to a view's algorithm (AlgorithmInfo::draws) and the
// on-screen legend are all generated from here: a new overlay is one row.
#pragma once

#include "DrawList.h"
#include "debug/DebugSink.h"

#include <span>
#include <string>
#include <vector>

namespace cdlab {

struct AlgorithmInfo;

struct OverlayInfo {
    const char* key;             ///< settings file key, under "overlays"
    const char* label;           ///< the checkbox's label
    bool OverlaySettings::*flag; ///< the toggle
    bool defaultOn;
    const char* help;                      ///< the checkbox's tooltip
    std::vector<DebugCategory> categories; ///< what it shows (empty: a style option of the row it refines)
    const char* refines = nullptr;         ///< the key of the toggle this one refines (only on while that is)
};

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
};

/// Every overlay toggle, in the order the view panel lists them.
const std::vector<OverlayInfo>& overlayTable();
/// The row that shows `category` (null for categories without a toggle of their own: the picked node).
const OverlayInfo* overlayFor(DebugCategory category);
/// The legend entry of `category` (null for categories never drawn: misses, notes).
const LegendEntry* legendEntry(DebugCategory category);

/// Whether the toggle and every toggle it refines are on.
bool overlayOn(const OverlayInfo& row, const OverlaySettings& s);
/// Whether `algo` draws anything the row shows (a style row: whether the row it refines does). Empty
/// `whyNot` when it does; else why not, naming the algorithms that do.
bool overlayApplies(const OverlayInfo& row, const AlgorithmInfo& algo, std::string* whyNot = nullptr);
/// Sets every toggle to its default.
void resetOverlays(OverlaySettings& s);
/// --overlays: every overlay that shows something on its own (not the refinements that hide part of one:
/// only-overlapped, culled, the other bound) on, at BVH level 4.
void showAllOverlays(OverlaySettings& s);

} // namespace cdlab
