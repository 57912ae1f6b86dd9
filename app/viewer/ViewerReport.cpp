#include "ViewerReport.h"

#include "FrameWarnings.h"

#include "CameraFraming.h"
#include "ComparePanel.h"
#include "FamilyView.h"
#include "GlPlatform.h"
#include "ViewPanel.h"
#include "core/Stats.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

namespace cdlab {

using nlohmann::json;

namespace {
json rectJson(const LayoutRect& r) {
    return {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
}
} // namespace

ViewerReport::ViewerReport(const Inputs& in, const AutomationOptions& options)
    : m_in(in), m_options(options) {}

bool ViewerReport::write() {
    run();
    views();
    families();
    compare();
    session();
    layout();
    cameras();
    std::string labels;
    for (const auto& vp : m_in.viewports) labels += (labels.empty() ? "" : " | ") + vp->label();
    std::printf("viewports %s\nstatus %s\n", labels.c_str(), m_in.status.c_str());
    m_report["status"] = m_in.status;
    m_report["screenshot"] = m_options.screenshot;
    presentation();
    if (m_options.reportPath.empty()) return true;
    std::ofstream out(m_options.reportPath);
    out << m_report.dump(2) << "\n";
    if (!out) {
        std::fprintf(stderr, "error: --report: cannot write %s\n", m_options.reportPath.c_str());
        return false;
    }
    return true;
}

void ViewerReport::run() {
    // Medians (core/Stats, the bench's one median) over the frames after the first: the first compiles
    // shaders and uploads meshes. The report is written after at least one frame, so neither is empty.
    auto afterFirst = [](const std::deque<float>& d) {
        std::vector<double> v(d.begin() + (d.size() > 1 ? 1 : 0), d.end());
        return float(median(v));
    };
    LoadedScene& loaded = m_in.loaded;
    json& report = m_report;
    const float frameMs = afterFirst(m_in.frameTimes.frameHistory),
                overheadMs = afterFirst(m_in.frameTimes.overheadHistory);
    const float fps = 1000.0f / std::max(frameMs, 1e-3f);
    std::printf("scene %s\n", loaded.scene() ? loaded.scene()->name.c_str() : "(none)");
    std::printf("frames %d, %dx%d, frame ms median %.2f (%.1f fps), viewer overhead ms median %.2f, GL "
                "errors %d\n",
                m_in.frames, m_in.width, m_in.height, frameMs, fps, overheadMs, GlPlatform::glErrorCount());
    std::printf("GL debug output %s\n", GlPlatform::debugOutputOn()
                                            ? "on (KHR_debug: a test message came back)"
                                            : "OFF: GL errors are not counted");
    report["scene"] = loaded.scene() ? json(loaded.scene()->name) : json(nullptr);
    report["frames"] = m_in.frames;
    report["width"] = m_in.width, report["height"] = m_in.height;
    report["frame_ms_median"] = frameMs, report["fps"] = fps, report["overhead_ms_median"] = overheadMs;
    report["gl_errors"] = GlPlatform::glErrorCount();
    report["gl_debug_output"] = GlPlatform::debugOutputOn();
    if (loaded.scene()) {
        std::printf("last frame t %g -> %g\n", m_in.lastFrom, m_in.lastTo);
        // On the scene's grid: "frame i of n", the frame ending at t1 (0: the start instant).
        report["last_frame"] = {{"t0", m_in.lastFrom},
                                {"t1", m_in.lastTo},
                                {"frame", m_in.framePosition},
                                {"of", m_in.frameCount}};
    }
}

void ViewerReport::views() {
    LoadedScene& loaded = m_in.loaded;
    const auto& viewports = m_in.viewports;
    json views = json::array();
    for (std::size_t v = 0; v < viewports.size(); ++v) {
        const Viewport& vp = *viewports[v];
        json j = {{"index", v}, {"label", vp.label()}, {"algorithm", vp.preparedAlgorithm}};
        if (!vp.error.empty()) { // e.g. a continuous algorithm refusing the scene's motion
            std::printf("viewport %zu (%s) error: %s\n", v, vp.label().c_str(), vp.error.c_str());
            j["error"] = vp.error;
        }
        j["picked"] = vp.draw.notes;
        for (const auto& note : vp.draw.notes)
            std::printf("viewport %zu (%s) picked %s\n", v, vp.label().c_str(), note.c_str());
        j["first_contacts"] = json::array();
        for (const TimeOfContact& c : vp.result.firstContacts) {
            std::printf("viewport %zu (%s) first contact t %.6f: %s\n", v, vp.label().c_str(), c.time,
                        loaded.describeContact(c).c_str());
            const double span = vp.result.t1 - vp.result.t0; // the fraction of the frame, as the View panel
            j["first_contacts"].push_back({{"t", c.time},
                                           {"fraction", span > 0 ? (c.time - vp.result.t0) / span : 0.0},
                                           {"contact", loaded.describeContact(c)}});
        }
        if (const AlgorithmInfo* info =
                vp.preparedAlgorithm.empty() ? nullptr : vp.drawnBy()) // a replay's:
                                                                       // its recording's
            j["overlays_listed"] =
                ViewPanel::listedOverlays(*info, vp.replay != nullptr); // the View tab's rows
        // The overlays shown (each row on), and the algorithm's recommended picture (OverlayTable.h), if any.
        j["overlays_on"] = json::array();
        for (const OverlayInfo& row : overlayTable())
            if (vp.overlays.get(row.id)) j["overlays_on"].push_back(row.key);
        const OverlayRecommendation* rec = recommendedOverlays(vp.preparedAlgorithm);
        j["recommended"] = rec && rec->why ? json(rec->why) : json(nullptr);
        j["warnings"] = frameWarnings(vp.result);
        j["contact_pairs"] = vp.result.contactPairCount();
        // Its algorithm's runs, and the frames that reused the last run (nothing it depends on changed).
        j["steps_run"] = vp.stepsRun(), j["steps_reused"] = vp.stepsReused();
        json counters = json::object();
        for (const auto& [c, n] : vp.result.counters.items()) counters[toString(c)] = n;
        j["counters"] = counters;
        views.push_back(j);
    }
    for (std::size_t v = 0; v < viewports.size(); ++v) { // what the overlays show on the last frame
        Viewport& vp = *viewports[v];
        const std::string drew = vp.draw.describeCounts();
        std::printf("viewport %zu (%s) drew %s\n", v, vp.label().c_str(),
                    drew.empty() ? "nothing" : drew.c_str());
        views[v]["drew"] = drew;
        const auto& culled = vp.draw.bmLevelBoxes;
        if (culled.empty() || !vp.algo || !vp.algo->structure()) continue; // a replay has no level sizes
        const auto& sizes = levelSizes(vp);
        std::string levels;
        json jl = json::array();
        for (std::size_t d = 0; d < sizes.size(); ++d) {
            const std::uint32_t c = d < culled.size() ? culled[d] : 0;
            levels.append(" ").append(std::to_string(c)).append("/").append(std::to_string(sizes[d]));
            jl.push_back({{"culled", c}, {"nodes", sizes[d]}});
        }
        std::printf("viewport %zu (%s) BM test per level, culled/nodes:%s\n", v, vp.label().c_str(),
                    levels.c_str());
        views[v]["bm_levels"] = jl;
    }
    for (std::size_t v = 0; v < m_in.coverage.size() && v < viewports.size(); ++v) {
        std::printf("viewport %zu (%s) covers %.1f %% of its pixels\n", v, viewports[v]->label().c_str(),
                    100 * m_in.coverage[v]);
        views[v]["coverage"] = m_in.coverage[v];
    }
    for (std::size_t v = 0; v < viewports.size(); ++v) { // the legend drawn on the last frame
        std::string text;
        json names = json::array();
        for (const std::string& name : m_in.legends[v]) {
            text += (text.empty() ? "" : ", ") + name;
            names.push_back(name);
        }
        std::printf("viewport %zu (%s) legend: %s\n", v, viewports[v]->label().c_str(),
                    text.empty() ? "(none)" : text.c_str());
        views[v]["legend"] = names;
        const Viewport::LabelPlacement& l = viewports[v]->labelPlacement;
        views[v]["labels"] = {{"drawn", l.drawn},
                              {"moved", l.moved},
                              {"overlapping", l.overlapping},
                              {"covering_a_point", l.coveringAPoint},
                              {"off_view", l.offView}};
    }
    m_report["viewports"] = views;
}

void ViewerReport::cameras() {
    const auto& viewports = m_in.viewports;
    for (std::size_t v = 0; v < viewports.size(); ++v) { // the camera it was drawn with, its motion trail
        const Viewport& vp = *viewports[v];
        const glm::vec3 t = vp.camera.target, e = vp.camera.eye();
        std::printf("viewport %zu (%s) camera target %.4f %.4f %.4f eye %.4f %.4f %.4f\n", v,
                    vp.label().c_str(), t.x, t.y, t.z, e.x, e.y, e.z);
        const glm::vec3 dir = vp.camera.direction();
        m_report["viewports"][v]["camera"] = {
            {"target", {t.x, t.y, t.z}},      {"eye", {e.x, e.y, e.z}}, {"direction", {dir.x, dir.y, dir.z}},
            {"distance", vp.camera.distance}, {"yaw", vp.camera.yaw},   {"pitch", vp.camera.pitch}};
        const MotionTrail::Counts& n = vp.trail.counts();
        std::printf("viewport %zu (%s) trail: %s\n", v, vp.label().c_str(), vp.trail.describe().c_str());
        m_report["viewports"][v]["trail"] = {{"objects", n.objects},
                                             {"poses", n.poses},
                                             {"ghosts", n.ghosts},
                                             {"path_lines", n.pathLines},
                                             {"path_segments", n.pathSegments}};
    }
}

void ViewerReport::families() {
    // Each family's sections as its panel drew them, family by family.
    for (std::size_t f = 0; f < familyViews().size(); ++f)
        for (std::size_t v = 0; v < m_in.viewports.size(); ++v) {
            const Viewport& vp = *m_in.viewports[v];
            const FamilyView& view = *vp.families[f];
            if (!m_in.loaded.objects() || !view.reports(vp.result)) continue;
            std::vector<std::string> lines;
            json fields = json::object();
            view.report(vp.result, *m_in.loaded.objects(), lines, fields);
            for (const std::string& line : lines)
                std::printf("viewport %zu (%s) %s\n", v, vp.label().c_str(), line.c_str());
            fields["lines"] = lines;
            m_report["viewports"][v]["families"][familyViews()[f].name] = fields;
        }
}

void ViewerReport::compare() {
    if (m_in.viewports.size() > 1) { // the Compare panel's answers
        std::string tocs, same;
        json jt = json::array(), js = json::array();
        for (std::size_t v = 0; v < m_in.viewports.size(); ++v) {
            const std::string toc = ComparePanel::firstTocCell(*m_in.viewports[v]);
            const std::string s = ComparePanel::sameContactsCell(m_in.viewports, v);
            tocs += (v ? " | " : "") + toc, same += (v ? " | " : "") + s;
            jt.push_back(toc), js.push_back(s);
        }
        std::printf("compare first TOC: %s\ncompare same contacts: %s\n", tocs.c_str(), same.c_str());
        m_report["compare"] = {{"first_toc", jt}, {"same_contacts", js}};
        m_report["compare"].update(
            ComparePanel::reportFields(m_in.viewports)); // the plot's series, the cells
    }
}

void ViewerReport::session() {
    std::printf("frames drawn while preparing in the background %d\n", m_in.framesWhilePreparing);
    m_report["frames_while_preparing"] = m_in.framesWhilePreparing;
    if (m_in.loaded.scene()) {
        const std::string surfaces = m_in.loaded.describeSurfaces();
        std::printf("scene surfaces: %s\n", surfaces.c_str());
        m_report["surfaces"] = surfaces;
    }
    if (!m_options.taps.empty()) {
        std::printf("taps %s: shortcuts acted on %d, single steps %d\n", m_options.taps.c_str(),
                    m_in.shortcutsActedOn, m_in.singleSteps);
        m_report["taps"] = {{"keys", m_options.taps},
                            {"shortcuts_acted_on", m_in.shortcutsActedOn},
                            {"single_steps", m_in.singleSteps}};
    }
    if (m_in.loaded.selected() >= 0) {
        const std::string& name = m_in.loaded.objects()->objects()[std::size_t(m_in.loaded.selected())].name;
        const std::string chain = m_in.loaded.chainText(m_in.loaded.selected());
        std::printf("selected %s: chain %s\n", name.c_str(), chain.c_str());
        m_report["selected"] = {{"object", name}, {"chain", chain}};
    }
    if (m_in.loaded.followed() >= 0 && !m_in.viewports.empty()) {
        // The followed object's centre at the time shown, and where it projects in the first view
        // (normalized device coordinates: the middle of the part its panel leaves free while following).
        const std::size_t o = std::size_t(m_in.loaded.followed());
        const std::string& name = m_in.loaded.objects()->objects()[o].name;
        const Vec3 c = objectBounds(*m_in.loaded.objects(), o, m_in.lastTo).center();
        const OrbitCamera& cam = m_in.viewports.front()->camera;
        const LayoutRect r =
            m_in.layout.viewports.empty() ? LayoutRect{0, 0, 1, 1} : m_in.layout.viewports.front();
        const glm::vec4 clip = cam.projection(r.w / std::max(r.h, 1.0f)) * cam.view() *
                               glm::vec4(float(c.x), float(c.y), float(c.z), 1.0f);
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        std::printf("camera follows %s: centre %.4f %.4f %.4f, in view 1 at %.4f %.4f\n", name.c_str(), c.x,
                    c.y, c.z, ndc.x, ndc.y);
        m_report["follow"] = {{"object", name}, {"centre", {c.x, c.y, c.z}}, {"ndc", {ndc.x, ndc.y}}};
    }
}

void ViewerReport::presentation() {
    std::printf("presentation mode %s, UI scale %.2f (font %.0f px)%s%s\n", m_in.presenting ? "on" : "off",
                m_in.uiScale, m_in.fontSize, m_in.caption.empty() ? "" : ", caption: ", m_in.caption.c_str());
    m_report["presenting"] = m_in.presenting;
    m_report["caption"] = m_in.caption;
    m_report["ui_scale"] = m_in.uiScale, m_report["font_size"] = m_in.fontSize;
    if (!m_in.tour.empty()) std::printf("tour %s\n", m_in.tour.c_str());
    m_report["tour"] = m_in.tour;
}

void ViewerReport::layout() {
    if (!m_options.printLayout) return;
    json layout = {{"window", {{"w", m_in.width}, {"h", m_in.height}}}};
    std::printf("layout window %dx%d, %zu viewports\n", m_in.width, m_in.height, m_in.viewports.size());
    auto line = [](const std::string& what, const LayoutRect& r) {
        std::printf("layout %s at %.0f,%.0f size %.0fx%.0f\n", what.c_str(), r.x, r.y, r.w, r.h);
    };
    layout["viewports"] = json::array();
    for (std::size_t v = 0; v < m_in.layout.viewports.size(); ++v) {
        line("viewport " + std::to_string(v), m_in.layout.viewports[v]);
        layout["viewports"].push_back(rectJson(m_in.layout.viewports[v]));
    }
    layout["panels"] = json::object();
    for (const PlacedPanel& p : m_in.placed) {
        line("panel " + p.name, p.rect);
        layout["panels"][p.name] = rectJson(p.rect);
    }
    auto problems = layoutProblems(m_in.layout.window, m_in.layout.viewports, m_in.placed);
    for (const auto& p : problems) std::printf("layout problem: %s\n", p.c_str());
    if (problems.empty())
        std::printf("layout ok: %zu panels inside the window, none overlapping, each view's panel inside "
                    "its view\n",
                    m_in.placed.size());
    layout["problems"] = problems;
    m_report["layout"] = layout;
}

} // namespace cdlab
