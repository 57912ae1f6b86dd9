// FamilyView: one algorithm family's part of a viewport (issue 41's viewer seam; the pattern of Polyscope's
// Structure::buildCustomUI and Box2D's Sample::DrawControls): its sections of the view's panel, what it does
// after a step, its own 3-D drawing and legend lines, its lines and fields in the run report and its
// step-through index. A family lives in app/viewer/families/<family>/ and registers with one line in its own
// file:
//   static const bool registered = registerFamilyView({"name", order, stepHelp, stepMin, make});
// The generic viewer makes one view per registered family and viewport and loops over them, naming none. A
// view shows for a frame when the frame carries its family's typed detail (FrameResult::details), also on a
// frame where that detail holds no records.
#pragma once

#include "geometry/Aabb.h"
#include "pipeline/FrameResult.h"

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdlab {

class Algorithm;
class DrawList;
class MeshDataCache;
class SceneObjects;
struct LegendEntry;
struct OverlaySettings;

/// A legend line for a family view's own drawing (not an algorithm's debug category) and its name in the run
/// report.
struct FamilyLegendLine {
    const LegendEntry* entry;
    const char* name; ///< "advance-step"
};

/// What a family view's panel sections get from their viewport: the scene's objects, a way to centre the
/// view's camera on a point and one to fit a box into the view (keeping the camera's direction).
struct FamilyContext {
    const SceneObjects& objects;
    std::function<void(const Vec3&)> lookAt;
    std::function<void(const Aabb&)> frame;
};

class FamilyView {
public:
    virtual ~FamilyView() = default;
    /// Whether the frame is this family's: it carries the family's detail.
    virtual bool reports(const FrameResult& r) const = 0;
    /// Before the view's panel is drawn, every frame: forget what the sections showed on the last one.
    virtual void beginPanel() {}
    /// The family's sections in the view's panel (the current ImGui window), for a frame it reports.
    virtual void panel(const FrameResult& r, const FamilyContext& context) = 0;
    /// Before each step of the viewport's algorithm (also one that reuses the last run): a view that records
    /// what the algorithm does hands it the records it owns (a traversal trace, BvhTrace.h).
    virtual void beforeStep(Algorithm&) {}
    /// After each step of the viewport's algorithm: the view's own drawing of the frame. `meshData` is the
    /// loaded scene's per-mesh cache, the one its algorithms build their structures in (a view that draws
    /// such a structure gets the algorithm's, built once); null before the scene is prepared.
    virtual void afterStep(const FrameResult&, const SceneObjects&, MeshDataCache* /*meshData*/) {}
    /// Every UI frame, before the panel: the ray origin + s * dir (s >= 0, world coordinates) through the
    /// mouse when it is over the view's 3-D area, or null (over a panel, another view, outside the window).
    virtual void hover(const FrameResult&, const SceneObjects&, const Vec3* /*origin*/, const Vec3* /*dir*/) {
    }
    /// The scene or the algorithm was replaced: drop drawing that points into the old one.
    virtual void clear() {}
    /// The view's own 3-D drawing, drawn after the algorithm's; null when it has none.
    virtual const DrawList* drawing() const { return nullptr; }
    /// Legend lines of the view's own drawing, when it drew something this frame.
    virtual void legend(std::vector<FamilyLegendLine>&) const {}
    /// The view in the run report, as its panel showed the last frame: human-readable lines (each printed
    /// after "viewport N (label) ") and the same facts as fields of the JSON report.
    virtual void report(const FrameResult& r, const SceneObjects& objects, std::vector<std::string>& lines,
                        nlohmann::json& fields) const = 0;
    /// The step-through's index from --step NAME=K, counted as FamilyInfo::stepHelp says.
    virtual void setStep(int) {}
    /// The step-through's index as setStep takes it, once the user moved it from where a view starts (a
    /// shot keeps it); nullopt for a family without a step-through or one at its start.
    virtual std::optional<int> step() const { return std::nullopt; }
};

struct FamilyInfo {
    std::string name;               ///< the family's key in --step and in the JSON report
    int order = 0;                  ///< panel and report order, lower first
    const char* stepHelp = nullptr; ///< what K of --step NAME=K means; null: the family has no step-through
    int stepMin = 0;                ///< the least K
    std::function<std::unique_ptr<FamilyView>(const OverlaySettings*)> make;
};

/// Registers a family's view (from a static initializer in the family's own file); true.
bool registerFamilyView(FamilyInfo info);
/// Every registered family, in order.
const std::vector<FamilyInfo>& familyViews();
/// The family named `name`, null when none is registered.
const FamilyInfo* findFamilyView(const std::string& name);
/// One view per registered family, in order, for a viewport whose overlays are `settings`.
std::vector<std::unique_ptr<FamilyView>> makeFamilyViews(const OverlaySettings* settings);

/// --step NAME=K: the family and K, checked against the registered families (InputError naming --step and
/// what is wrong).
struct FamilyStep {
    const FamilyInfo* family = nullptr;
    int step = 0;
};
FamilyStep parseFamilyStep(const std::string& text);

} // namespace cdlab
