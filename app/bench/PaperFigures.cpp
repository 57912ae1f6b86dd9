// The 3-D figures of `cdlab-bench paper` (issue 46). Each figure is a bundled shot in shots/paper/ (the
// viewer opens it too); rendering runs the viewer binary offscreen as a child process (no shell, no link with
// the viewer) and reads the picture's deterministic facts from its --report JSON.
#include "PaperFigures.h"

#include "CommonOptions.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace cdlab::bench {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// A figure as listed: the shot that draws it and the report fields pinned beside the automatic draw counts.
struct FigureSpec {
    const char* paper;
    const char* id; ///< its shot: shots/paper/<paper>_<id with '-' as '_'>.json
    const char* title;
    const char* caption;
    /// (label, JSON pointer into the viewer's report) of each deterministic fact worth printing.
    std::vector<std::pair<const char*, const char*>> pins;
    /// The picture is a viewer panel (a chart), not only the 3-D view: always rendered at full size, since
    /// the panels fold away in a 640x360 window.
    bool panels = false;
};

// Captions say what the picture shows and where it differs from the paper's figure (/work/shared/papers/ was
// read for each; nothing here reads it).
const std::vector<FigureSpec>& specs() {
    static const std::vector<FigureSpec> list = {
        // redon2002 Fig. 1: the door translating away; panels a, b, c at one instant, levels 7, 9, 11.
        {"redon2002",
         "fig1-level7",
         "Fig. 1a: BM-culled nodes at BVH level 7",
         "The moving door of the doors scene over the frame ending at 0.5 s, translating away as "
         "in the paper: faces moving forwards filled, backwards in wireframe; in magenta the "
         "level-7 nodes of its BVH that the backward-motion cone test culls over the frame. As in "
         "the paper, few nodes this high in the hierarchy are culled. Differs: the paper's door is "
         "an industrial model (3,530 triangles for two doors); ours is the bundled 3,324-triangle "
         "door, and the culled nodes are drawn as magenta boxes.",
         {{"culled nodes at level 7", "/viewports/0/bm_levels/7/culled"},
          {"nodes at level 7", "/viewports/0/bm_levels/7/nodes"}}},
        {"redon2002",
         "fig1-level9",
         "Fig. 1b: BM-culled nodes at BVH level 9",
         "The same door, instant and camera at level 9: the smaller boxes fit the faces better, so "
         "the cone test culls more of them, the paper's point.",
         {{"culled nodes at level 9", "/viewports/0/bm_levels/9/culled"},
          {"nodes at level 9", "/viewports/0/bm_levels/9/nodes"}}},
        {"redon2002",
         "fig1-level11",
         "Fig. 1c: BM-culled nodes at BVH level 11",
         "Level 11: most nodes over the backward-moving faces are culled, as in the paper's panel c.",
         {{"culled nodes at level 11", "/viewports/0/bm_levels/11/culled"},
          {"nodes at level 11", "/viewports/0/bm_levels/11/nodes"}}},
        // zhang2007 (CATCH).
        {"zhang2007",
         "fig1-toc",
         "Fig. 1: first time of contact and the contact features",
         "CATCH on the walk: the walker's left foot at the first time of contact with a chessman "
         "(orange ghost), the touching edge pair highlighted and labelled with the time, and the "
         "other links where they were at that instant (pale ghosts). Differs: the paper shows two "
         "mannequins meeting and a self-collision of the arms; our bundled scenes give a mannequin "
         "against chessmen (self-collision: Fig. 8's exercise).",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig4-swept-box",
         "Fig. 4: link OBBs over a frame and the swept boxes bounding them",
         "The exercising mannequin over one frame: each link's oriented box at the frame's start "
         "(grey) and end (white), and the axis-aligned box that bounds the link over the whole "
         "frame from Taylor models of its OBB's corners (rose when the link is in a potentially "
         "colliding pair). Differs: the paper draws one link's motion in isolation; here every "
         "link of the model is drawn.",
         {{"link pairs", "/viewports/0/counters/link_pairs"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig5-interval-taylor",
         "Fig. 5: swept boxes from interval arithmetic (left) and Taylor models (right)",
         "A 10-link chain whose couplings all swing during the frame: the swept link boxes from "
         "plain interval arithmetic (left) grow down the chain, those from Taylor models (right) "
         "stay tight, and fewer links end up in potentially colliding pairs. Differs: the paper "
         "uses the 10-car train of Fig. 11; its cars barely bend on most frames (the boxes agree "
         "there), so the figure uses the test chain tests/data/chain10.json, whose couplings swing "
         "every frame (swept-boxes measures both).",
         {{"interval: potentially colliding link pairs", "/viewports/0/counters/pcls"},
          {"Taylor: potentially colliding link pairs", "/viewports/1/counters/pcls"}}},
        {"zhang2007",
         "fig6-temporal-culling",
         "Fig. 6: temporal culling",
         "The exercising mannequin at its first self-contact, with the View panel's Temporal "
         "culling section: a bar per potentially colliding link pair, sorted by its lower bound on "
         "the time of contact (dark: the bound from the links' convex hulls; bright: how far "
         "conservative advancement took it). Five pairs are culled by their bound alone; only the "
         "pair that gives the TOC (red, at 0.024 of the frame) is advanced. Differs: the paper "
         "draws an illustrative sequence (a)-(f) of one run; this is the final state of a real "
         "one, with the viewer's panels around it.",
         {{"potentially colliding link pairs", "/viewports/0/counters/pcls"},
          {"bars drawn", "/viewports/0/families/catch/bars_drawn"},
          {"pairs culled by their lower bound", "/viewports/0/families/catch/fates/culled"},
          {"CA iterations", "/viewports/0/counters/ca_iterations"}},
         true},
        {"zhang2007",
         "fig8-walk",
         "Fig. 8a: the walking mannequin on a chessboard",
         "The walk at the first contact CATCH finds: swept link boxes, the potentially colliding "
         "links coloured by how far temporal culling took them, the time of contact and the model "
         "at that instant. Differs: our mannequin and chessmen are generated stand-ins, not the "
         "paper's 20K + 101K-triangle models.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"link pairs", "/viewports/0/counters/link_pairs"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig8-exercise",
         "Fig. 8b: the exercising mannequin (self-collision)",
         "The exercising mannequin at its first self-contact, a hand against a foot (the paper's "
         "example is the right hand and right foot), with the same overlays as Fig. 8a.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"link pairs", "/viewports/0/counters/link_pairs"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig9-excavator",
         "Fig. 9: the excavator on the construction site",
         "The excavator's planning step at its first contact with the site. Differs: a stand-in "
         "site and excavator far smaller than the paper's 0.394M and 18.9K triangles.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig10-tower-crane",
         "Fig. 10: the tower crane on the construction site",
         "The tower crane's planning step at its first contact with a building. Differs: stand-in "
         "models, as in Fig. 9.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig11-four-trains",
         "Fig. 11 (top): four trains colliding",
         "Four 10-car trains at their first contact, the camera following a car of the west train. "
         "Differs: the trains' motion is key-framed, not the paper's rigid-body simulation.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"link pairs", "/viewports/0/counters/link_pairs"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        {"zhang2007",
         "fig11-falling-train",
         "Fig. 11 (bottom): a 17-car train falling on a mountain",
         "The train's first contact with the mountain (the mountain, an environment body in a "
         "potentially colliding pair, is drawn as its box). Differs: key-framed fall, generated "
         "train and terrain.",
         {{"time of contact (s)", "/viewports/0/families/catch/toc"},
          {"potentially colliding link pairs", "/viewports/0/counters/pcls"}}},
        // The SBV paper.
        {"sbv",
         "fig1-sbvs",
         "Fig. 1: the separating bounding volumes of two separated bodies",
         "The knot and the teapot before they touch, their boxes overlapping: each body's SBV (its "
         "box cut by the two support planes normal to the separating direction d*, green and "
         "blue), the separating plane and d*. The pair is separated by d* alone. Differs: the "
         "paper draws two convex sets in 2-D.",
         {{"triangles", "/viewports/0/counters/sbv_triangles"},
          {"triangles kept", "/viewports/0/counters/sbv_kept"},
          {"culled fraction", "/viewports/0/families/sbv/pairs/0/culled"}}},
        {"sbv",
         "fig3-round0",
         "Fig. 3: shrinking the overlap region, round 0",
         "The knot in the teapot's handle: round 0 of the approximate SBV computation, the two "
         "SBVs' overlap region and the triangles of each body inside it (cyan).",
         {{"round", "/viewports/0/families/sbv/step_through/round"},
          {"triangles of the first body kept", "/viewports/0/families/sbv/step_through/kept_a"},
          {"triangles of the second body kept", "/viewports/0/families/sbv/step_through/kept_b"}}},
        {"sbv",
         "fig3-round3",
         "Fig. 3: shrinking the overlap region, round 3 (the last)",
         "The same pair after the last shrinking round: the region has closed in on the contact "
         "and far fewer triangles are left for the exact test. Differs: the paper illustrates the "
         "iteration in 2-D.",
         {{"round", "/viewports/0/families/sbv/step_through/round"},
          {"triangles of the first body kept", "/viewports/0/families/sbv/step_through/kept_a"},
          {"triangles of the second body kept", "/viewports/0/families/sbv/step_through/kept_b"},
          {"triangles kept (all rounds)", "/viewports/0/counters/sbv_kept"}}},
        {"sbv",
         "fig5-ldi",
         "Fig. 5: the LDI penetration query",
         "Two overlapping spheres: the query box Q (yellow) that the layered depth image covers, "
         "the depth columns of the penetration region (shallow blue to deep red) found by "
         "rasterising both surfaces into depth layers, and one pixel row (white). Differs: the "
         "paper's Fig. 5 is the query's pseudo-code; this is what it computes (llvmpipe here, no "
         "GPU).",
         {{"LDI pixels", "/viewports/0/counters/ldi_pixels"},
          {"LDI fragments", "/viewports/0/counters/ldi_fragments"},
          {"depth layers", "/viewports/0/families/ldi/pairs/0/layers"}}},
        {"sbv",
         "fig7a-cylinder-ball",
         "Fig. 7a: scene 1, a cylinder and a ball",
         "Scene 1 in contact under the SBV algorithm: both SBVs, the separating plane and the "
         "triangles kept in the shrunk overlap region. Differs: our ball moves into the cylinder "
         "(the paper's scene is static).",
         {{"triangles", "/viewports/0/counters/sbv_triangles"},
          {"triangles kept", "/viewports/0/counters/sbv_kept"}}},
        {"sbv",
         "fig7b-knot-teapot",
         "Fig. 7b: scene 2, a knot and a teapot",
         "Scene 2 at first contact, the knot in the teapot's handle, with the same overlays as Fig. 7a.",
         {{"triangles", "/viewports/0/counters/sbv_triangles"},
          {"triangles kept", "/viewports/0/counters/sbv_kept"}}},
        {"sbv",
         "fig8-deforming",
         "Fig. 8: deformable models",
         "A rippling sheet and a wobbling ball dipping into it, both deforming every frame: the "
         "SBVs need no hierarchy to refit. Differs: the paper's scene 3 models are not identified; "
         "this is a stand-in.",
         {{"triangles", "/viewports/0/counters/sbv_triangles"},
          {"triangles kept", "/viewports/0/counters/sbv_kept"}}},
    };
    return list;
}

bool paperMatches(std::string_view paper, std::string_view name) {
    return paper == "all" || paper == name;
}

fs::path shotsDir() {
    // Beside the bundled scenes: shots/paper/ under the working directory in a checkout, else the source's.
    return fs::path(CommonOptions::defaultScenesDir()).parent_path() / "shots" / "paper";
}

std::string quoteArg(const std::string& s) {
    if (s.find_first_of(" \t'\"\\$`") == std::string::npos) return s;
    std::string out = "'";
    for (char c : s) {
        if (c == '\'') out += "'\\'";
        out += c;
    }
    return out + "'";
}

std::pair<int, int> sizeFor(bool quick) {
    return quick ? std::pair{640, 360} : std::pair{1280, 720};
}

std::vector<std::string> viewerArgs(const fs::path& viewer, bool quick, const fs::path& png,
                                    const fs::path& report, const fs::path& shot) {
    const auto [w, h] = sizeFor(quick);
    std::vector<std::string> args = {viewer.string(),
                                     "--offscreen",
                                     "--no-settings",
                                     "--frames",
                                     "2",
                                     "--size",
                                     std::to_string(w) + "x" + std::to_string(h),
                                     "--screenshot",
                                     png.string()};
    if (!report.empty()) args.insert(args.end(), {"--report", report.string()});
    args.push_back(shot.string());
    return args;
}

std::string commandLine(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& a : args) {
        if (!out.empty()) out += ' ';
        out += quoteArg(a);
    }
    return out;
}

fs::path shotFile(const FigureSpec& s) {
    std::string name = std::string(s.paper) + "_" + s.id + ".json";
    for (char& c : name)
        if (c == '-') c = '_';
    return shotsDir() / name;
}

PaperFigure describe(const FigureSpec& s, const fs::path& viewer, const fs::path& outDir, bool quick) {
    quick = quick && !s.panels;
    PaperFigure f;
    f.paper = s.paper, f.id = s.id, f.title = s.title, f.caption = s.caption;
    f.image = "figures/" + f.paper + "-" + f.id + ".png";
    f.command = commandLine(viewerArgs(viewer, quick, outDir / f.image, {}, shotFile(s)));
    return f;
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Runs args[0] with args (no shell), stdout discarded and stderr into errFile; returns the exit status
/// (128 + signal when killed by one).
int runChild(const std::vector<std::string>& args, const fs::path& errFile) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error(args[0] + ": cannot run the viewer: " + std::strerror(rc));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw std::runtime_error(args[0] + ": waitpid: " + std::strerror(errno));
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

std::uint32_t bigEndian32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(s[at + i]);
    return v;
}

/// Empty when png is a PNG of w x h pixels, else what is wrong with it.
std::string pngProblem(const fs::path& png, int w, int h) {
    if (!fs::exists(png)) return "the viewer wrote no PNG";
    const std::string data = readFile(png);
    static const char kSignature[] = "\x89PNG\r\n\x1a\n";
    if (data.size() < 24 || data.compare(0, 8, kSignature, 8) != 0 || data.compare(12, 4, "IHDR") != 0)
        return "not a PNG";
    const std::uint32_t pw = bigEndian32(data, 16), ph = bigEndian32(data, 20);
    if (pw != std::uint32_t(w) || ph != std::uint32_t(h))
        return "a " + std::to_string(pw) + "x" + std::to_string(ph) + " PNG, not " + std::to_string(w) + "x" +
               std::to_string(h);
    return "";
}

/// "bm-level 12 lines, face-motion 3530 triangles" -> ("drew bm-level lines", 12), ...
void pinDrawCounts(const std::string& drew, const std::string& prefix,
                   std::vector<std::pair<std::string, double>>& pinned) {
    std::istringstream items(drew);
    std::string item;
    while (std::getline(items, item, ',')) {
        std::istringstream words(item);
        std::string category, kind;
        double n = 0;
        if (words >> category >> n >> kind) pinned.emplace_back(prefix + "drew " + category + " " + kind, n);
    }
}

/// Checks what the viewer left (exit status rc, the PNG, the report) and fills f.pinned; throws fail(why).
template <class Fail>
void readBack(PaperFigure& f, const FigureSpec& s, bool quick, const fs::path& png, const fs::path& report,
              int rc, const fs::path& err, const Fail& fail) {
    if (rc != 0) {
        std::string log = readFile(err);
        while (!log.empty() && log.back() == '\n') log.pop_back();
        if (log.size() > 2000) log = "..." + log.substr(log.size() - 2000); // its last lines say why
        throw fail("the viewer exited " + std::to_string(rc) + (log.empty() ? "" : ": " + log));
    }
    const auto [w, h] = sizeFor(quick);
    if (const std::string p = pngProblem(png, w, h); !p.empty()) throw fail(p);
    json r;
    try {
        r = json::parse(readFile(report));
    } catch (const json::exception& e) {
        throw fail("the viewer's report " + report.string() + ": " + e.what());
    }
    if (r.value("gl_errors", 0) != 0) throw fail(std::to_string(r.value("gl_errors", 0)) + " GL errors");
    const json& views = r["viewports"];
    if (!views.is_array() || views.empty()) throw fail("the report lists no viewport");
    for (std::size_t v = 0; v < views.size(); ++v) {
        const json& vp = views[v];
        if (vp.contains("error"))
            throw fail("view " + std::to_string(v + 1) + ": " + vp["error"].get<std::string>());
        // Blank: the smoke tests' measure, at least 1 % of the view's pixels covered by the scene.
        const double coverage = vp.value("coverage", 0.0);
        if (coverage < 0.01) {
            char percent[32];
            std::snprintf(percent, sizeof percent, "%.1f", 100 * coverage);
            throw fail("blank image: view " + std::to_string(v + 1) + " covers " + percent +
                       " % of its pixels (under 1 %)");
        }
    }
    for (const auto& [label, pointer] : s.pins) {
        const json::json_pointer ptr(pointer);
        if (!r.contains(ptr) || !r[ptr].is_number())
            throw fail(std::string("the report has no number at ") + pointer + " (" + label + ")");
        f.pinned.emplace_back(label, r[ptr].get<double>());
    }
    for (std::size_t v = 0; v < views.size(); ++v)
        pinDrawCounts(views[v].value("drew", ""),
                      views.size() > 1 ? "view " + std::to_string(v + 1) + " " : "", f.pinned);
}

PaperFigure render(const FigureSpec& s, const PaperFigureOptions& o, const fs::path& tmp) {
    PaperFigure f = describe(s, o.viewer, o.outDir, o.quick);
    const bool quick = o.quick && !s.panels;
    const fs::path shot = shotFile(s), png = o.outDir / f.image;
    const fs::path report = tmp / (f.paper + "-" + f.id + ".json"),
                   err = tmp / (f.paper + "-" + f.id + ".err");
    const std::string named = f.paper + " " + f.id + " (" + shot.string() + "): ";
    const auto fail = [&](const std::string& why) { return std::runtime_error(named + why); };
    try {
        fs::create_directories(png.parent_path());
        fs::remove(png);
        readBack(f, s, quick, png, report, runChild(viewerArgs(o.viewer, quick, png, report, shot), err), err,
                 fail);
        return f;
    } catch (const std::exception& e) {
        // No picture is left behind for a figure that failed; the message names it and its shot.
        std::error_code ec;
        fs::remove(png, ec);
        if (std::string(e.what()).rfind(named, 0) == 0) throw;
        throw fail(e.what());
    }
}

} // namespace

std::vector<PaperFigure> paperFigureList(std::string_view paper) {
    if (paper != "all" && paper != "redon2002" && paper != "zhang2007" && paper != "sbv")
        throw std::invalid_argument(std::string(paper) +
                                    ": unknown paper (known: redon2002, zhang2007, sbv, all)");
    std::vector<PaperFigure> out;
    for (const FigureSpec& s : specs())
        if (paperMatches(paper, s.paper)) out.push_back(describe(s, "build/app/viewer/cdlab", "DIR", false));
    return out;
}

std::vector<PaperFigure> renderPaperFigures(std::string_view paper, const PaperFigureOptions& options) {
    paperFigureList(paper); // the name checked first
    const fs::path tmp = fs::temp_directory_path() / ("cdlab-paper-figures-" + std::to_string(getpid()));
    fs::create_directories(tmp);
    std::vector<PaperFigure> out;
    try {
        for (const FigureSpec& s : specs()) {
            if (!paperMatches(paper, s.paper)) continue;
            out.push_back(render(s, options, tmp));
            if (options.onFigureDone) options.onFigureDone(out.back());
        }
    } catch (...) {
        std::error_code ec;
        fs::remove_all(tmp, ec);
        throw;
    }
    std::error_code ec;
    fs::remove_all(tmp, ec);
    return out;
}

fs::path defaultViewerPath(const fs::path& benchExecutable) {
    return benchExecutable.parent_path().parent_path() / "viewer" / "cdlab";
}

} // namespace cdlab::bench
