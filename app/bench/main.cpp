// cdlab-bench: headless benchmark and inspection CLI over the engine.
//
//   cdlab-bench list                                  scenes, algorithms (with parameters), mesh generators
//   cdlab-bench run SCENE [--algo NAME[:k=v,...]]...  scene x algorithms x frames -> table, CSV, JSON
//   cdlab-bench bvh-build (--generator G | --mesh F)  BVH build time and memory, ours vs peers
//   cdlab-bench mesh-export --generator G --out F.obj procedural mesh -> OBJ
//   cdlab-bench ccd-queries FILE.csv --type ee|vf     elementary CCD queries vs their truth column
//   cdlab-bench bm-cones (--generator G | --mesh F)   BM-cone build time and memory, top-down vs bottom-up
//
// Exit codes: 0 ok, 1 verification failed (--verify), 2 bad input (message names file and field).
#include "BenchReport.h"
#include "BenchRun.h"
#include "BvhBuildBench.h"
#include "ccd/CcdQueryFile.h"
#include "core/InputError.h"
#include "culling/BmConeTree.h"
#include "mesh/MeshGenerators.h"
#include "mesh/MeshImporter.h"
#include "mesh/ObjWriter.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

using namespace cdlab;

namespace {

std::string defaultScenesDir() {
    if (std::filesystem::is_directory("scenes")) return "scenes";
    return std::string(CDLAB_SOURCE_DIR) + "/scenes";
}

void listEverything(const std::string& scenesDir) {
    std::cout << "scenes in " << scenesDir << ":\n";
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(scenesDir, ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        try {
            Scene s = loadScene(f.string());
            std::cout << "  " << f.filename().string() << "  " << s.triangleCount() << " triangles, "
                      << s.bodies.size() << " bodies, " << s.frames << " frames  " << s.description << "\n";
        } catch (const InputError& e) {
            std::cout << "  " << f.filename().string() << "  INVALID: " << e.what() << "\n";
        }
    }
    std::cout << "\nalgorithms:\n";
    for (const auto& a : AlgorithmRegistry::instance().list()) {
        std::cout << "  " << a.name << " (" << a.kind << "): " << a.description << "\n";
        for (const auto& p : a.params) {
            std::cout << "      " << p.name << " = " << toString(p.defaultValue);
            if (!p.choices.empty()) {
                std::cout << "  {";
                for (std::size_t i = 0; i < p.choices.size(); ++i)
                    std::cout << (i ? "|" : "") << p.choices[i];
                std::cout << "}";
            } else if (p.max > p.min) {
                std::cout << "  [" << p.min << ", " << p.max << "]";
            }
            std::cout << "  " << p.help << "\n";
        }
    }
    std::cout << "\nmesh generators:\n";
    for (const auto& g : meshGenerators()) {
        std::cout << "  " << g.name << ": " << g.description << "\n";
        for (const auto& p : g.params)
            std::cout << "      " << p.name << " = " << p.defaultValue << "  " << p.description << "\n";
    }
}

} // namespace

int main(int argc, char** argv) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());

    CLI::App app{"cdlab-bench: headless collision benchmark (scenes x algorithms x frames)"};
    app.require_subcommand(1);

    std::string scenesDir = defaultScenesDir();
    auto* list =
        app.add_subcommand("list", "List scenes, algorithms with their parameters, and mesh generators");
    list->add_option("--scenes", scenesDir, "Folder of scene files");

    std::string scenePath, csvPath, jsonPath;
    std::vector<std::string> algoTexts;
    BenchOptions opts;
    bool verify = false;
    auto* run = app.add_subcommand("run", "Run algorithms over the frames of a scene");
    run->add_option("scene", scenePath, "Scene JSON file")->required();
    run->add_option("-a,--algo", algoTexts,
                    "Algorithm, optionally with parameters: name[:key=value,...] (repeatable; first is the "
                    "ratio baseline). Default: bvh, bvh:bv=aabb and every peer");
    run->add_option("-f,--frames", opts.frames, "Number of frames (default: the scene's)")
        ->check(CLI::Range(1, 10000000));
    run->add_option("-r,--repeat", opts.repeat, "Timed passes over all frames (per-frame median)")
        ->check(CLI::Range(1, 1000));
    run->add_option("-w,--warmup", opts.warmup, "Untimed passes first")->check(CLI::Range(0, 1000));
    run->add_option("--t0", opts.t0, "Start time (default: the scene's)");
    run->add_option("--t1", opts.t1, "End time (default: the scene's)");
    run->add_option("--csv", csvPath, "Write per-frame CSV here");
    run->add_option("--json", jsonPath, "Write the summary JSON here");
    run->add_flag("--verify", verify,
                  "Also run brute-force and fail (exit 1) unless every algorithm's contact "
                  "sets equal it on every frame");
    run->add_flag("--progress", opts.forceProgress,
                  "Show the progress bar even when stderr is not a terminal");

    std::string generator, meshFile;
    std::string genParams = "{}";
    std::size_t triangles = 100000;
    BvhBuildBenchOptions buildOpts;
    auto* build = app.add_subcommand("bvh-build", "BVH build time and memory for one mesh (ours and peers)");
    build->add_option("-g,--generator", generator, "Procedural mesh generator (see `list`)");
    build->add_option("--params", genParams, "Generator parameters as a JSON object");
    build->add_option("-t,--triangles", triangles, "Target triangle count for the generator");
    build->add_option("-m,--mesh", meshFile, "Mesh file instead of a generator");
    build->add_option("-a,--algo", buildOpts.algorithms,
                      "Algorithms to build (default: bvh obb, bvh aabb, peers)");
    build->add_option("-r,--repeat", buildOpts.repeat, "Builds per algorithm (median)")
        ->check(CLI::Range(1, 100));
    build->add_flag("--progress", buildOpts.forceProgress,
                    "Show progress even when stderr is not a terminal");

    std::string exportGenerator, exportParams = "{}", exportOut;
    auto* exportCmd = app.add_subcommand("mesh-export", "Write a procedural mesh as OBJ");
    exportCmd->add_option("-g,--generator", exportGenerator, "Generator (see `list`)")->required();
    exportCmd->add_option("--params", exportParams, "Generator parameters as a JSON object");
    exportCmd->add_option("-o,--out", exportOut, "Output .obj path")->required();

    std::string ccdFile, ccdType;
    int ccdDepth = CcdOptions{}.maxDepth;
    auto* ccdCmd = app.add_subcommand(
        "ccd-queries", "Evaluate elementary CCD queries (exact rational CSV) against their truth");
    ccdCmd->add_option("file", ccdFile, "CSV: 8 rows per query, x_num,x_den,y_num,y_den,z_num,z_den,truth")
        ->required();
    ccdCmd->add_option("--type", ccdType, "ee (edge-edge) or vf (vertex-face)")
        ->required()
        ->check(CLI::IsMember({"ee", "vf"}));
    bool ccdVerbose = false;
    ccdCmd->add_flag("--verbose", ccdVerbose,
                     "List every query whose answer differs from its truth (by line)");
    ccdCmd->add_option("--depth", ccdDepth, "Bisection depth over [0,1] (time resolution 2^-depth)")
        ->check(CLI::Range(4, 200));

    std::string bmGenerator = "panel", bmParams = "{}", bmMesh;
    std::size_t bmTriangles = 3500;
    int bmRMax = 5, bmRepeat = 3;
    auto* bmCmd = app.add_subcommand(
        "bm-cones", "BM-cone hierarchy build time and memory (redon2002), both build orders");
    bmCmd->add_option("-g,--generator", bmGenerator,
                      "Procedural mesh generator (default: panel, the door stand-in)");
    bmCmd->add_option("--params", bmParams, "Generator parameters as a JSON object");
    bmCmd->add_option("-t,--triangles", bmTriangles, "Target triangle count for the generator");
    bmCmd->add_option("-m,--mesh", bmMesh, "Mesh file instead of a generator");
    bmCmd->add_option("--rmax", bmRMax, "Maximum BM-cone size r_max")->check(CLI::Range(3, 32));
    bmCmd->add_option("-r,--repeat", bmRepeat, "Builds per mode (median)")->check(CLI::Range(1, 100));

    CLI11_PARSE(app, argc, argv);

    auto parseParams = [](const std::string& text) {
        nlohmann::json params;
        try {
            params = nlohmann::json::parse(text);
        } catch (const nlohmann::json::parse_error& e) {
            throw InputError("--params", "", std::string("invalid JSON: ") + e.what());
        }
        if (!params.is_object()) throw InputError("--params", "", "expected a JSON object");
        return params;
    };

    auto defaultAlgos = [] {
        std::vector<std::string> v{"bvh", "bvh:bv=aabb"};
        for (const auto& a : AlgorithmRegistry::instance().list())
            if (a.kind == "peer") v.push_back(a.name);
        return v;
    };

    try {
        if (*list) {
            listEverything(scenesDir);
            return 0;
        }
        if (*run) {
            Scene scene = loadScene(scenePath);
            if (algoTexts.empty()) algoTexts = defaultAlgos();
            std::vector<AlgorithmSpec> specs;
            for (const auto& t : algoTexts) specs.push_back(AlgorithmSpec::parse(t));
            if (verify) specs.push_back(AlgorithmSpec::parse("brute-force"));
            std::cout << configurationLine() << "\n";
            BenchContext ctx{scenePath, &scene, opts, opts.frames > 0 ? opts.frames : scene.frames};
            auto runs = runBench(scene, specs, opts);
            printSummary(std::cout, ctx, runs);
            if (!csvPath.empty()) writeCsv(csvPath, runs), std::cout << "# wrote " << csvPath << "\n";
            if (!jsonPath.empty())
                writeJson(jsonPath, ctx, runs), std::cout << "# wrote " << jsonPath << "\n";
            if (verify) {
                bool ok = true;
                for (const auto& r : runs)
                    if (r.runHash != runs.back().runHash &&
                        AlgorithmRegistry::instance().find(r.spec.name)->kind != "peer") {
                        std::cout << "# VERIFY FAILED: " << r.spec.label() << " differs from brute-force\n";
                        ok = false;
                    }
                if (ok) std::cout << "# verify: every cdlab algorithm matches brute-force on every frame\n";
                return ok ? 0 : 1;
            }
            return 0;
        }
        if (*build) {
            std::shared_ptr<const TriangleMesh> mesh;
            std::string label;
            if (!meshFile.empty()) {
                mesh = std::make_shared<TriangleMesh>(importMesh(meshFile));
                label = meshFile;
            } else {
                nlohmann::json params = parseParams(genParams);
                if (!params.contains("triangles")) params["triangles"] = triangles;
                std::string g = generator.empty() ? "sphere" : generator;
                mesh = std::make_shared<TriangleMesh>(generateMesh(g, params, "--generator " + g, "mesh"));
                label = g + " " + params.dump();
            }
            if (buildOpts.algorithms.empty()) buildOpts.algorithms = defaultAlgos();
            std::cout << configurationLine() << "\n";
            runBvhBuildBench(std::cout, mesh, label, buildOpts);
            return 0;
        }
        if (*ccdCmd) {
            auto queries = readCcdQueries(ccdFile);
            CcdOptions options;
            options.maxDepth = ccdDepth;
            std::size_t fp = 0, fn = 0, hits = 0, limited = 0;
            auto start = std::chrono::steady_clock::now();
            for (const CcdQuery& q : queries) {
                CcdQueryStats st;
                bool hit = ccdType == "ee" ? edgeEdgeCcd(q.points, options, &st)
                                           : vertexFaceCcd(q.points, options, &st);
                hits += hit, limited += st.depthLimited;
                fp += hit && !q.truth;
                fn += !hit && q.truth;
                if (ccdVerbose && hit != q.truth)
                    std::cout << ccdFile << ":" << q.line << ": "
                              << (hit ? "false positive" : "false negative")
                              << (st.depthLimited ? " (depth limit)" : "") << "\n";
            }
            double ns =
                std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
            std::cout << "queries: " << queries.size() << "\n"
                      << "false positives: " << fp << "\n"
                      << "false negatives: " << fn << "\n"
                      << "ns per query: " << std::fixed << std::setprecision(0) << ns / queries.size() << "\n"
                      << "collisions reported: " << hits << "\n"
                      << "answered at the depth limit: " << limited << "\n";
            return 0;
        }
        if (*bmCmd) {
            TriangleMesh mesh;
            if (!bmMesh.empty()) {
                mesh = importMesh(bmMesh);
            } else {
                nlohmann::json params = parseParams(bmParams);
                if (!params.contains("triangles")) params["triangles"] = bmTriangles;
                mesh = generateMesh(bmGenerator, params, "--generator " + bmGenerator, "mesh");
            }
            Bvh bvh;
            bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
            std::cout << configurationLine() << "\n# mesh " << (bmMesh.empty() ? bmGenerator : bmMesh) << ": "
                      << mesh.triangleCount()
                      << " triangles; OBB tree (MinMax/median, leaf 1): " << bvh.stats().nodes << " nodes, "
                      << bvh.stats().memoryBytes / 1024 << " KiB; r_max " << bmRMax << "; median of "
                      << bmRepeat << " builds\n";
            std::cout << std::left << std::setw(12) << "mode" << std::right << std::setw(12) << "build_ms"
                      << std::setw(12) << "mem_KiB" << std::setw(16) << "nodes_w_cone" << std::setw(14)
                      << "projections"
                      << "\n";
            for (BmBuildMode mode : {BmBuildMode::TopDown, BmBuildMode::BottomUp}) {
                std::vector<double> ms;
                BmConeTree tree;
                for (int r = 0; r < bmRepeat; ++r) {
                    BmConeOptions o;
                    o.rMax = bmRMax;
                    tree.build(bvh, mesh, mode, o);
                    ms.push_back(tree.stats().buildSeconds * 1000);
                }
                std::sort(ms.begin(), ms.end());
                const auto& st = tree.stats();
                std::cout << std::left << std::setw(12) << toString(mode) << std::right << std::fixed
                          << std::setprecision(1) << std::setw(12) << ms[ms.size() / 2] << std::setw(12)
                          << st.memoryBytes / 1024.0 << std::setw(16)
                          << (std::to_string(st.nodesWithCone) + "/" + std::to_string(bvh.stats().nodes))
                          << std::setw(14) << st.projections << "\n";
                std::cout.unsetf(std::ios::fixed);
            }
            return 0;
        }
        if (*exportCmd) {
            TriangleMesh mesh = generateMesh(exportGenerator, parseParams(exportParams),
                                             "--generator " + exportGenerator, "mesh");
            writeObj(mesh, exportOut);
            std::cout << "wrote " << exportOut << ": " << mesh.vertices.size() << " vertices, "
                      << mesh.triangleCount() << " triangles\n";
            return 0;
        }
        if (*ccdCmd) {
            auto queries = readCcdQueries(ccdFile);
            CcdOptions options;
            options.maxDepth = ccdDepth;
            std::size_t fp = 0, fn = 0, hits = 0, limited = 0;
            auto start = std::chrono::steady_clock::now();
            for (const CcdQuery& q : queries) {
                CcdQueryStats st;
                bool hit = ccdType == "ee" ? edgeEdgeCcd(q.points, options, &st)
                                           : vertexFaceCcd(q.points, options, &st);
                hits += hit, limited += st.depthLimited;
                fp += hit && !q.truth;
                fn += !hit && q.truth;
                if (ccdVerbose && hit != q.truth)
                    std::cout << ccdFile << ":" << q.line << ": "
                              << (hit ? "false positive" : "false negative")
                              << (st.depthLimited ? " (depth limit)" : "") << "\n";
            }
            double ns =
                std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
            std::cout << "queries: " << queries.size() << "\n"
                      << "false positives: " << fp << "\n"
                      << "false negatives: " << fn << "\n"
                      << "ns per query: " << std::fixed << std::setprecision(0) << ns / queries.size() << "\n"
                      << "collisions reported: " << hits << "\n"
                      << "answered at the depth limit: " << limited << "\n";
            return 0;
        }
        if (*bmCmd) {
            TriangleMesh mesh;
            if (!bmMesh.empty()) {
                mesh = importMesh(bmMesh);
            } else {
                nlohmann::json params = parseParams(bmParams);
                if (!params.contains("triangles")) params["triangles"] = bmTriangles;
                mesh = generateMesh(bmGenerator, params, "--generator " + bmGenerator, "mesh");
            }
            Bvh bvh;
            bvh.build(mesh, {BvType::Obb, SplitRule::MinMax, SplitPosition::Median, 1});
            std::cout << configurationLine() << "\n# mesh " << (bmMesh.empty() ? bmGenerator : bmMesh) << ": "
                      << mesh.triangleCount()
                      << " triangles; OBB tree (MinMax/median, leaf 1): " << bvh.stats().nodes << " nodes, "
                      << bvh.stats().memoryBytes / 1024 << " KiB; r_max " << bmRMax << "; median of "
                      << bmRepeat << " builds\n";
            std::cout << std::left << std::setw(12) << "mode" << std::right << std::setw(12) << "build_ms"
                      << std::setw(12) << "mem_KiB" << std::setw(16) << "nodes_w_cone" << std::setw(14)
                      << "projections"
                      << "\n";
            for (BmBuildMode mode : {BmBuildMode::TopDown, BmBuildMode::BottomUp}) {
                std::vector<double> ms;
                BmConeTree tree;
                for (int r = 0; r < bmRepeat; ++r) {
                    BmConeOptions o;
                    o.rMax = bmRMax;
                    tree.build(bvh, mesh, mode, o);
                    ms.push_back(tree.stats().buildSeconds * 1000);
                }
                std::sort(ms.begin(), ms.end());
                const auto& st = tree.stats();
                std::cout << std::left << std::setw(12) << toString(mode) << std::right << std::fixed
                          << std::setprecision(1) << std::setw(12) << ms[ms.size() / 2] << std::setw(12)
                          << st.memoryBytes / 1024.0 << std::setw(16)
                          << (std::to_string(st.nodesWithCone) + "/" + std::to_string(bvh.stats().nodes))
                          << std::setw(14) << st.projections << "\n";
                std::cout.unsetf(std::ios::fixed);
            }
            return 0;
        }
        if (*exportCmd) {
            TriangleMesh mesh = generateMesh(exportGenerator, parseParams(exportParams),
                                             "--generator " + exportGenerator, "mesh");
            writeObj(mesh, exportOut);
            std::cout << "wrote " << exportOut << ": " << mesh.vertices.size() << " vertices, "
                      << mesh.triangleCount() << " triangles\n";
            return 0;
        }
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
