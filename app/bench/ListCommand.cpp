#include "ListCommand.h"

#include "CommonOptions.h"
#include "core/InputError.h"
#include "mesh/MeshGenerators.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/ModelGenerators.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <memory>

namespace cdlab {

namespace {

/// One line per parameter: its default (as a scene's JSON writes it for generators, `asJson`), its choices or
/// range when it has them, its help.
void printParams(std::ostream& out, const std::vector<ParamSpec>& params, bool asJson) {
    for (const auto& p : params) {
        out << "      " << p.name << " = "
            << (asJson ? toJsonText(p.defaultValue) : toString(p.defaultValue));
        if (!p.choices.empty()) {
            out << "  {";
            for (std::size_t i = 0; i < p.choices.size(); ++i) out << (i ? "|" : "") << p.choices[i];
            out << "}";
        } else if (p.max > p.min) {
            out << "  [" << p.min << ", " << p.max << "]";
        }
        out << "  " << p.help << "\n";
    }
}

void listEverything(const std::string& scenesDir, std::ostream& out) {
    out << "scenes in " << scenesDir << ":\n";
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(scenesDir, ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        try {
            Scene s = loadScene(f.string());
            out << "  " << f.filename().string() << "  " << s.triangleCount() << " triangles, "
                << s.bodies.size() << " bodies, " << s.frames << " frames  " << s.description << "\n";
        } catch (const InputError& e) {
            out << "  " << f.filename().string() << "  INVALID: " << e.what() << "\n";
        }
    }
    out << "\nalgorithms:\n";
    for (const auto& a : AlgorithmRegistry::instance().list()) {
        out << "  " << a.name << " (" << a.kindLabel() << "): " << a.description << "\n";
        printParams(out, a.params, false);
    }
    out << "\nmesh generators:\n";
    for (const auto& g : meshGenerators()) {
        out << "  " << g.name << ": " << g.description << "\n";
        printParams(out, g.params, true);
    }
    out << "\nmodel generators:\n";
    for (const auto& g : modelGenerators()) {
        out << "  " << g.name << ": " << g.description << "\n";
        printParams(out, g.params, true);
    }
}

} // namespace

BenchCommand declareListCommand(CLI::App& app) {
    auto scenesDir = std::make_shared<std::string>(CommonOptions::defaultScenesDir());
    auto* cmd =
        app.add_subcommand("list", "List scenes, algorithms with their parameters, and mesh generators");
    cmd->add_option("--scenes", *scenesDir, "Folder of scene files");
    return {cmd, [scenesDir](std::ostream& out) {
                listEverything(*scenesDir, out);
                return 0;
            }};
}

} // namespace cdlab
