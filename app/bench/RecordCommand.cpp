#include "RecordCommand.h"

#include "CommonOptions.h"
#include "ProgressBar.h"
#include "core/InputError.h"
#include "scene/SceneLoader.h"
#include "scene/SceneObjects.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace cdlab {

namespace {

std::string number(double v, int digits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v == 0 ? 0.0 : v); // no "-0"
    return buf;
}

/// One key per line, so the recorded scene reads (and diffs) as a table.
std::string keyLines(const std::vector<Keyframe>& keys, const std::string& indent) {
    std::string s = "[\n";
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const Keyframe& k = keys[i];
        s += indent + "  {\"t\": " + number(k.time, 12) + ", \"position\": [" + number(k.position.x, 12) +
             ", " + number(k.position.y, 12) + ", " + number(k.position.z, 12) +
             "], \"rotation\": {\"quaternion\": [" + number(k.rotation.w, 15) + ", " +
             number(k.rotation.x, 15) + ", " + number(k.rotation.y, 15) + ", " + number(k.rotation.z, 15) +
             "]}}" + (i + 1 < keys.size() ? ",\n" : "\n");
    }
    return s + indent + "]";
}

} // namespace

int runRecord(const RecordCommandOptions& options, std::ostream& out) {
    Scene scene = loadScene(options.scene);
    // The body: named, or the first that moves (as figure1 and the viewer pick theirs). Objects list the
    // scene's bodies first, then articulated links, which record cannot simulate.
    SceneObjects objects(scene);
    int object = options.body.empty() ? objects.firstMoving() : objects.find(options.body);
    if (object < 0) {
        if (options.body.empty())
            throw InputError(options.scene, "bodies", "no body moves: nothing to record");
        throw InputError(options.scene, "--body",
                         "no body '" + options.body + "' (the scene has " + objects.nameList() + ")");
    }
    const int body = objects.objects()[object].body;
    if (body < 0)
        throw InputError(options.scene, options.body.empty() ? "articulated" : "--body",
                         "'" + objects.objects()[object].name +
                             "' is an articulated link: record simulates a rigid body" +
                             (options.body.empty() ? " (name one with --body)" : ""));
    const RecordOptions& o = options.sim;
    ContactRecorder recorder(scene, body, o); // refuses what it cannot simulate
    // The output is the input file with one body's keyframes replaced: open both before the long run.
    std::ifstream in(options.scene);
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(in); // keeps the file's order
    // Written beside the output and renamed over it at the end, so a failed run leaves an existing file
    // (possibly the input itself) as it was.
    const std::filesystem::path target(options.out), partial(options.out + ".partial");
    std::ofstream file(partial);
    if (!file) throw InputError(options.out, "", "cannot write the recorded scene");
    struct RemovePartial {
        const std::filesystem::path& path;
        bool keep = false;
        ~RemovePartial() {
            std::error_code ignored;
            if (!keep) std::filesystem::remove(path, ignored);
        }
    } cleanup{partial};
    ProgressBar bar(options.progress);
    RecordReport report = recorder.run([&](double f) { bar.update(f, "recording"); });
    bar.finish();

    std::ostringstream how;
    how << "recorded by cdlab-bench record from " << options.scene << " (hand servo " << o.servoHz
        << " Hz, damping " << o.dampingRatio << ", restitution " << o.restitution << ", friction "
        << o.friction << ", " << o.substeps << " substeps a frame, gap " << o.gap << ")";
    auto& b = doc["bodies"][std::size_t(body)];
    b.erase("pose");
    b["keyframes"] = "@KEYS@";
    std::string description = doc.value("description", std::string());
    std::string what = "Motion " + how.str();
    doc["description"] = description.empty() ? what : what + ": " + description;
    doc["name"] = doc.value("name", std::string("scene")) + " (recorded)";
    std::string text = doc.dump(2);
    std::size_t at = text.find("\"@KEYS@\"");
    std::size_t lineStart = text.rfind('\n', at) + 1;
    std::string indent(text.find_first_not_of(' ', lineStart) - lineStart, ' ');
    text.replace(at, 8, keyLines(report.keys, indent));
    file << text << "\n";
    file.close();
    if (!file) throw InputError(options.out, "", "writing the recorded scene failed");
    std::error_code renamed;
    std::filesystem::rename(partial, target, renamed);
    if (renamed) throw InputError(options.out, "", "cannot replace the file: " + renamed.message());
    cleanup.keep = true;

    out << "recorded '" << scene.bodies[body].name << "' over " << report.keys.size() << " frames of "
        << options.scene << "\n";
    out << "contacts answered: " << report.contacts << "\n";
    out << "frames in contact: " << report.framesInContact << "\n";
    out << "substeps held still: " << report.held;
    if (report.held > 0) // the body waited where its last contact left it: the recording lags the hand
        out << " (more than " << o.maxEvents << " contacts in a substep: raise --substeps)";
    out << "\n";
    out << "largest lag behind the hand: " << std::setprecision(4) << report.maxLag << "\n";
    out << "wrote " << options.out << "\n";
    return 0;
}

BenchCommand declareRecordCommand(CLI::App& app) {
    auto o = std::make_shared<RecordCommandOptions>();
    auto* cmd = app.add_subcommand(
        "record", "Simulate a body held by a hand along its keyframes, colliding with the static bodies, and "
                  "write the scene with the recorded motion");
    cmd->add_option("scene", o->scene, "Scene whose keyframes are the hand's path")->required();
    cmd->add_option("-o,--out", o->out, "Recorded scene (JSON)")->required();
    cmd->add_option("--body", o->body, "Body to simulate (default: the first that moves)");
    cmd->add_option("--servo-hz", o->sim.servoHz, "Natural frequency of the hand's servo (Hz)")
        ->capture_default_str()
        ->check(CLI::Range(0.01, 1000.0));
    cmd->add_option("--damping", o->sim.dampingRatio, "Damping ratio of the servo (1: critical)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--restitution", o->sim.restitution,
                    "Normal velocity kept by a contact impulse (0: inelastic)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--friction", o->sim.friction,
                    "Coulomb friction coefficient (0: frictionless, as the paper's simulator)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 10.0));
    cmd->add_option("--substeps", o->sim.substeps, "Simulation steps per frame")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--gap", o->sim.gap, "Stop this far short of a contact (scene units)")
        ->capture_default_str()
        ->check(CLI::Range(1e-9, 1.0));
    CommonOptions::progress(*cmd, o->progress);
    return {cmd, [o](std::ostream& out) { return runRecord(*o, out); }};
}

} // namespace cdlab
