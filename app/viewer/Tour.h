// Tour: an ordered list of shots with a caption and a few sentences each, and optional actions run once a
// step's shot is shown (issue 44) — a lecture prepared once: `cdlab TOUR.json`, Help > Tours (the bundled
// tours/ folder), the caption bar's Previous / Next (TourBar) and `--tour-step K` offscreen. One JSON file
// (docs/FORMATS.md, "Tours"); each step's shot is a shot file beside it or a shot written inline, read by
// Shot's own reader. Plain data and JSON here (no GL, no ImGui, tested in cdlab-tests); ViewerApp shows it.
#pragma once

#include "Shot.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cdlab {

/// What a step does once its shot is shown.
struct TourAction {
    enum class Kind {
        NextContact, ///< the viewer's Next contact: step until a view reports a contact, pause there
        Step,        ///< a family's step-through at iteration `index` (as a shot's `steps` holds them)
        Play,        ///< play `frames` of the scene's frames, then pause
    };
    Kind kind = Kind::NextContact;
    std::string family; ///< Step: the family, as --step NAME=K names it
    int index = 0;      ///< Step: the iteration
    int frames = 0;     ///< Play: how many scene frames
    bool operator==(const TourAction& o) const = default;
};

struct TourStep {
    /// As written: the shot file relative to the tour's folder; empty when the shot is inline.
    std::string shotFile;
    Shot shot;            ///< read from shotFile, or the inline one
    std::string shotPath; ///< the file the shot's scene is relative to (the shot file, or the tour)
    std::string caption;  ///< one line: the caption bar's "step k of n: caption"
    std::string text;     ///< a few sentences under it
    std::vector<TourAction> actions;
    bool operator==(const TourStep& o) const;
};

struct Tour {
    static constexpr const char* kMarker = "tour";
    static constexpr int kVersion = 1;

    std::string title;
    std::vector<TourStep> steps;

    bool operator==(const Tour& o) const { return title == o.title && steps == o.steps; }

    /// Whether `path` is a JSON file with the tour marker.
    static bool isTourFile(const std::string& path);
    /// Reads and checks a tour and every step's shot: InputError naming `path` (or the step's shot file)
    /// and the field on a missing shot file, a malformed field or an unknown action. Algorithm names and
    /// step families are checked when the viewer applies a step (they need its registries).
    static Tour load(const std::string& path);
    static Tour fromJson(const nlohmann::json& j, const std::string& path);
    nlohmann::json toJson() const;
    bool save(const std::string& path) const;
};

/// The bundled tours: tours/*.json under the working directory, else under the checkout (as the viewer finds
/// scenes/ and shots/), sorted by file name. Each with its title (the file name when it does not read).
struct TourListing {
    std::string path, title;
};
std::vector<TourListing> bundledTours(const std::string& checkout);

} // namespace cdlab
