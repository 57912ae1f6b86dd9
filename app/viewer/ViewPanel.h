// ViewPanel: a view's panel — its colour and algorithm, and tabs: View (the parameters, a change prepares it
// again in the background; what preparing it reported; the families' sections (FamilyView); the overlays its
// algorithm can draw with the body and level they show), Timings, Counters and Contacts (times of contact).
// It edits the Viewport it is drawn for.
#pragma once

#include "ViewerLayout.h"
#include "geometry/Aabb.h"
#include "geometry/Vec3.h"

#include <functional>
#include <string>
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
    /// `autoHide` (ViewerLayout::viewPanelAutoHides): the opened panel would cover most of its narrow view,
    /// so it closes to its title bar again once the mouse leaves it (and no popup or drag holds it).
    void draw(int index, int n, Viewport& vp, const std::vector<LayoutRect>& panels, bool autoHide = false);
    /// `lookAtContact(v, k)` turns view v's camera to its k-th first contact from the side (the Contacts
    /// tab's "look"); unset, "look" centres on the contact's point as lookAt does.
    void setLookAtContact(std::function<void(int, std::size_t)> look) { m_lookAtContact = std::move(look); }
    /// `frameBox(v, box)` fits a box into view v (the families' framing: the traversal's tested nodes).
    void setFrameBox(std::function<void(int, const Aabb&)> frame) { m_frameBox = std::move(frame); }
    /// Whether the View tab lists the overlay row for a view of `algo`: only the rows its algorithm can draw
    /// (the picked node's cone is listed with the pick); and the keys of those rows, in the table's order
    /// (the run report's "overlays_listed").
    static bool listsOverlay(const OverlayInfo& row, const AlgorithmInfo& algo);
    /// A replay's (`replay`) lists no row whose parent row it does not list.
    static std::vector<std::string> listedOverlays(const AlgorithmInfo& algo, bool replay = false);

private:
    /// One overlay toggle from the table: disabled (the tooltip says why) where the row it refines is off.
    void overlayCheckbox(const OverlayInfo& row, OverlaySettings& o, const AlgorithmInfo& algo);
    /// The panel's tabs: the view (preparation, the families' sections, the overlays its algorithm can
    /// draw), the stage timings, the counters, the times of contact.
    void viewTab(int index, Viewport& vp, const AlgorithmInfo* info);
    void timingsTab(const Viewport& vp);
    void countersTab(const Viewport& vp);
    void contactsTab(int index, const Viewport& vp);

    PanelPlacement& m_placement;
    const LoadedScene& m_loaded;
    Preparation& m_preparation;
    std::function<void(int, const Vec3&)> m_lookAt;
    std::function<void(int, std::size_t)> m_lookAtContact;
    std::function<void(int, const Aabb&)> m_frameBox;
};

} // namespace cdlab
