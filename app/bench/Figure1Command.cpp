#include "Figure1Command.h"

#include "BenchReport.h"
#include "CommonOptions.h"
#include "core/InputError.h"
#include "debug/DebugSink.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

namespace cdlab {

namespace {

/// Counts, for one object and each level (the hierarchy cut at that depth: its nodes and the leaves above
/// it), the boxes the BM test culled (BmLevel, 12 edges each); and its faces drawn forwards (filled) and
/// backwards (3 edges).
class LevelCounter : public DebugSink {
public:
    explicit LevelCounter(std::int32_t object) : m_object(object) {}
    std::vector<std::uint64_t> culledLines;
    std::uint64_t forward = 0, backwardLines = 0;

    void line(const Vec3&, const Vec3&, Rgba, DebugCategory cat) override {
        if (cat == DebugCategory::BackwardFace) ++backwardLines;
        if (cat == DebugCategory::BmLevel) ++at(culledLines, m_depth);
    }
    void triangle(const Vec3&, const Vec3&, const Vec3&, Rgba, DebugCategory cat) override {
        if (cat == DebugCategory::ForwardFace) ++forward;
    }
    void point(const Vec3&, Rgba, DebugCategory) override {}
    void text(const Vec3&, const std::string&, DebugCategory) override {}
    void mesh(const TriangleMesh&, const Pose&, Rgba, DebugCategory) override {}
    void setTag(const DebugTag& tag) override { m_depth = tag.depth; }
    bool wants(DebugCategory cat, const DebugTag& tag) const override {
        bool faces = cat == DebugCategory::ForwardFace || cat == DebugCategory::BackwardFace;
        return (cat == DebugCategory::BmLevel || faces) && tag.object == m_object;
    }

private:
    static std::uint64_t& at(std::vector<std::uint64_t>& v, int depth) {
        std::size_t d = std::size_t(std::max(depth, 0));
        if (v.size() <= d) v.resize(d + 1, 0);
        return v[d];
    }
    std::int32_t m_object;
    std::int32_t m_depth = -1;
};

} // namespace

int runFigure1(const Figure1Options& options, std::ostream& out) {
    Scene scene = loadScene(options.scene);
    SceneObjects objects(scene);
    const auto& objs = objects.objects();
    // The body: named, or the first that moves (as the viewer's overlays start on it).
    int body = -1;
    if (!options.body.empty()) {
        body = objects.find(options.body);
        if (body < 0)
            throw InputError("--body", "",
                             "no body '" + options.body + "' (the scene has " + objects.nameList() + ")");
    } else {
        body = objects.firstMoving();
        if (body < 0) throw InputError(options.scene, "", "no body moves: name one with --body");
    }
    const std::pair<std::uint32_t, std::uint32_t>* pair = nullptr;
    for (const auto& p : objects.pairs())
        if (!pair && (p.first == std::uint32_t(body) || p.second == std::uint32_t(body))) pair = &p;
    if (!pair) throw InputError("--body", "", objs[body].name + " is tested against no other body");
    std::uint32_t other = pair->first == std::uint32_t(body) ? pair->second : pair->first;

    // As the viewer's --at: the frame of the scene's length that ends at T, starting no earlier than the
    // scene.
    double length = scene.frameLength();
    double t1 = options.hasAt ? options.at : std::min(scene.startTime + length, scene.endTime);
    if (!(t1 >= scene.startTime && t1 <= scene.endTime)) { // NaN too
        std::ostringstream s;
        s << t1 << " is outside the scene's time range [" << scene.startTime << ", " << scene.endTime << "]";
        throw InputError("--at", "", s.str());
    }
    double t0 = std::max(scene.startTime, t1 - length);

    auto algo = AlgorithmRegistry::instance().create(
        "rigid-ccd-bm", {{"build", options.build}, {"rmax", std::to_string(options.rMax)}}, "figure1");
    algo->prepare(scene);
    LevelCounter count(body);
    algo->step(t0, t1, &count);
    std::vector<std::uint32_t> nodes = structureLevelSizes(*algo, std::uint32_t(body));
    count.culledLines.resize(nodes.size(), 0);

    std::uint64_t faces = count.forward + count.backwardLines / 3;
    out << configurationLine() << "\n";
    out << "# Figure 1 (redon2002) on " << options.scene << ": " << objs[body].name << " ("
        << objs[body].mesh->triangleCount() << " triangles) relative to " << objs[other].name << " over t "
        << t0 << " -> " << t1 << "; BM-cones " << options.build << ", r_max " << options.rMax << "\n";
    out << "# every node of each level BM-tested over the frame (test (6), sec. 6), reached or not\n";
    out << "level     nodes   BM-culled    share\n";
    std::ofstream csv;
    if (!options.csv.empty()) csv = openOut(options.csv), csv << "level,nodes,bm_culled\n";
    for (std::size_t level = 0; level < nodes.size(); ++level) {
        std::uint64_t n = nodes[level], c = count.culledLines[level] / 12;
        out << std::setw(5) << level << std::setw(10) << n << std::setw(12) << c << std::setw(7) << std::fixed
            << std::setprecision(1) << (n ? 100.0 * double(c) / double(n) : 0.0) << " %\n"
            << std::defaultfloat;
        if (csv) csv << level << "," << n << "," << c << "\n";
    }
    out << "# faces at the frame's end (eq. 3): " << count.forward << " moving forwards (drawn filled), "
        << count.backwardLines / 3 << " backwards (wireframe) of " << faces << "\n";
    if (csv) out << "# wrote " << options.csv << "\n";
    return 0;
}

BenchCommand declareFigure1Command(CLI::App& app) {
    auto o = std::make_shared<Figure1Options>();
    auto* cmd = app.add_subcommand(
        "figure1", "redon2002 Figure 1: nodes the BM test culls on each BVH level of a body over one frame");
    cmd->add_option("scene", o->scene, "Scene (default: scenes/doors.json)");
    auto* at = cmd->add_option(
        "--at", o->at, "The frame (the scene's frame length) ends at this time (default: its first frame)");
    cmd->add_option("--body", o->body, "Body whose levels are tested (default: the first that moves)");
    cmd->add_option("--build", o->build, "BM-cone construction order")
        ->check(CLI::IsMember({"bottom-up", "top-down"}));
    cmd->add_option("--rmax", o->rMax, "Maximum BM-cone size")->check(CLI::Range(3, 16));
    CommonOptions::csv(*cmd, o->csv, "Also write level,nodes,bm_culled here");
    return {cmd, [o, at](std::ostream& out) {
                o->hasAt = at->count() > 0;
                return runFigure1(*o, out);
            }};
}

} // namespace cdlab
