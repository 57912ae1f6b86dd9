// ViewPanel: a view's panel — its algorithm and parameters (a change prepares it again in the background),
// what preparing it reported, the families' sections (FamilyView), the overlays of the overlay table with the
// body and level they show, its timings, counters and times of contact. It edits the Viewport it is drawn
// for.
#pragma once

#include "ViewerLayout.h"
#include "geometry/Vec3.h"

#include <functional>
#include <vector>

namespace cdlab {

class LoadedScene;
class PanelPlacement;
class Preparation;
struct AlgorithmInfo;
struct OverlayInfo;
struct OverlaySettings;
struct Viewport;

class ViewPanel {
public:
    /// `lookAt(v, point)` centres view v's camera on a point (the families' and the times of contact's
    /// "look" buttons).
    ViewPanel(PanelPlacement& placement, const LoadedScene& loaded, Preparation& preparation,
              std::function<void(int, const Vec3&)> lookAt)
        : m_placement(placement), m_loaded(loaded), m_preparation(preparation), m_lookAt(std::move(lookAt)) {}
    /// The panel of view `index` of `n`, at its layout rectangle `panels[index]` (when the layout changed).
    void draw(int index, int n, Viewport& vp, const std::vector<LayoutRect>& panels);

private:
    /// One overlay toggle from the table: disabled (the tooltip says why) where it cannot apply.
    void overlayCheckbox(const OverlayInfo& row, OverlaySettings& o, const AlgorithmInfo& algo);

    PanelPlacement& m_placement;
    const LoadedScene& m_loaded;
    Preparation& m_preparation;
    std::function<void(int, const Vec3&)> m_lookAt;
};

} // namespace cdlab
