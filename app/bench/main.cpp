// cdlab-bench: headless benchmark and inspection CLI over the engine.
//
//   cdlab-bench list                                  scenes, algorithms (with parameters), mesh generators
//   cdlab-bench run SCENE [--algo NAME[:k=v,...]]...  scene x algorithms x frames -> table, CSV, JSON
//   cdlab-bench bvh-build (--generator G | --mesh F)  BVH build time and memory, ours vs peers
//   cdlab-bench mesh-export (-g G | -m F) --out F     mesh -> OBJ, PLY, STL, glTF, GLB by F's extension
//   cdlab-bench mesh-check (SCENE | MESH | -g G)      per mesh: closed, outward, 2-manifold, or what is not
//   cdlab-bench scene-export SCENE --model M -o F    an articulated model -> glTF/GLB (links, animation)
//   cdlab-bench ccd-queries FILE.csv --type ee|vf     elementary CCD queries vs their truth column
//   cdlab-bench bm-cones (--generator G | --mesh F)   BM-cone build time and memory, top-down vs bottom-up
//   cdlab-bench table1 [SCENE]                       redon2002 Table 1: rigid CCD without / with BM-culling
//   cdlab-bench figure1 [SCENE] [--at T]             redon2002 Figure 1: BM-culled nodes per BVH level
//   cdlab-bench record SCENE --out FILE              a body's contact motion, simulated, as a new scene
//   cdlab-bench swept-boxes SCENE [--model M]        zhang2007 Fig. 5: Taylor vs interval swept link boxes
//   cdlab-bench catch-tables [SCENE...]              zhang2007 Tables 1-2 and Fig. 12, fcl-sampled beside
//   cdlab-bench sbv-tables [--svg F] [--csv F]        the SBV paper's Tables 1-2, placements, Fig. 9
//   cdlab-bench distance [--pairs P] [--gaps G]      mesh-mesh distance: rss vs brute force vs FCL at known
//   gaps
//
// Exit codes: 0 ok, 1 verification failed (--verify, table1's check), 2 bad input (message names file and
// field, or the option), 3 anything else (out of memory).
#include "BenchReport.h"
#include "BenchRun.h"
#include "BmConesCommand.h"
#include "BvhBuildBench.h"
#include "CatchTablesCommand.h"
#include "CcdQueriesCommand.h"
#include "CommandLine.h"
#include "DistanceCommand.h"
#include "Figure1Command.h"
#include "LdiCommand.h"
#include "MeshArgs.h"
#include "MeshCheckCommand.h"
#include "ProgressBar.h"
#include "RecordCommand.h"
#include "SbvTablesCommand.h"
#include "SceneExportCommand.h"
#include "SweptBoxesCommand.h"
#include "Table1Command.h"
#include "core/InputError.h"
#include "mesh/MeshExport.h"
#include "mesh/MeshGenerators.h"
#include "mesh/MeshImporter.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"
#include "scene/ModelGenerators.h"
#include "scene/SceneLoader.h"

#include <CLI/CLI.hpp>
#include <chrono>
#include <exception>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <new>
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
        std::cout << "  " << a.name << " (" << a.kindLabel() << "): " << a.description << "\n";
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
    std::cout << "\nmodel generators:\n";
    for (const auto& g : modelGenerators()) {
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
                    "ratio baseline). Default: bvh, bvh:bv=aabb and every peer")
        ->allow_extra_args(false); // one value per -a: a scene after it is the scene
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
                  "Also run the reference of each kind of algorithm given (brute-force for discrete, "
                  "rigid-ccd-reference for continuous) and fail (exit 1) unless every cdlab algorithm's "
                  "answers equal its reference's on every frame");
    run->add_flag("--progress", opts.forceProgress,
                  "Show the progress bar even when stderr is not a terminal");

    MeshArgs buildMesh{"", "sphere", "{}", 100000};
    BvhBuildBenchOptions buildOpts;
    auto* build = app.add_subcommand("bvh-build", "BVH build time and memory for one mesh (ours and peers)");
    build->add_option("-g,--generator", buildMesh.generator, "Procedural mesh generator (see `list`)");
    build->add_option("--params", buildMesh.params, "Generator parameters as a JSON object");
    build->add_option("-t,--triangles", buildMesh.triangles, "Target triangle count for the generator");
    auto* buildMeshFile = build->add_option("-m,--mesh", buildMesh.file, "Mesh file instead of a generator");
    build
        ->add_option("-a,--algo", buildOpts.algorithms,
                     "Algorithms to build (default: bvh obb, bvh aabb, peers)")
        ->allow_extra_args(false);
    build->add_option("-r,--repeat", buildOpts.repeat, "Builds per algorithm (median)")
        ->check(CLI::Range(1, 100));
    build->add_flag("--progress", buildOpts.forceProgress,
                    "Show progress even when stderr is not a terminal");
    build
        ->add_option("--series", buildOpts.series,
                     "Triangle counts of a series (e.g. 10000,100000,1000000): per size, build, memory per "
                     "triangle and close and deep query times, the serial reference build and the peers' "
                     "ratios (default algorithms add fcl:bv=aabb)")
        ->delimiter(',')
        ->check(CLI::Range(std::size_t(1), std::size_t(50000000)))
        ->excludes(buildMeshFile);
    build->add_option("--queries", buildOpts.queries, "Timed queries per placement in a series (median)")
        ->check(CLI::Range(1, 1000));
    build->add_option("--svg", buildOpts.svg, "With --series: write a plot of build and deep-query times");

    MeshArgs exportArgs;
    std::string exportOut;
    bool exportNoCheck = false;
    auto* exportCmd = app.add_subcommand(
        "mesh-export", "Write a procedural or imported mesh in the format the output extension names (" +
                           meshExportExtensions() + "), then read it back and compare");
    auto* exportGen = exportCmd->add_option("-g,--generator", exportArgs.generator, "Generator (see `list`)");
    exportCmd->add_option("--params", exportArgs.params, "Generator parameters as a JSON object");
    exportCmd->add_option("-t,--triangles", exportArgs.triangles, "Target triangle count for the generator");
    exportCmd->add_option("-m,--mesh", exportArgs.file, "Mesh file to convert instead of a generator")
        ->excludes(exportGen);
    exportCmd
        ->add_option("-o,--out", exportOut,
                     "Output path; its extension names the format: .obj (double precision), .ply and .stl "
                     "(binary), .gltf (with a .bin beside it), .glb")
        ->required();
    exportCmd->add_flag("--no-check", exportNoCheck,
                        "Do not read the file back (by default it is imported again and compared: counts, "
                        "and positions within 1e-6 of the largest coordinate; exit 1 if they differ)");

    MeshCheckOptions meshCheck;
    auto* meshCheckCmd = app.add_subcommand(
        "mesh-check",
        "Per mesh of a scene (or one mesh): closed, outward-oriented 2-manifold, or its boundary, "
        "non-manifold and inconsistently oriented edges");
    meshCheckCmd->add_option("input", meshCheck.input, "Scene JSON file or mesh file");
    meshCheckCmd->add_option("-g,--generator", meshCheck.mesh.generator, "Procedural mesh generator instead");
    meshCheckCmd->add_option("--params", meshCheck.mesh.params, "Generator parameters as a JSON object");
    meshCheckCmd->add_option("-t,--triangles", meshCheck.mesh.triangles,
                             "Target triangle count for the generator");

    SceneExportOptions sceneExport;
    auto* sceneExportCmd = app.add_subcommand(
        "scene-export",
        "Write one articulated model of a scene as glTF 2.0 (.gltf or .glb): a node per link, "
        "one animation with the links' keyframes");
    sceneExportCmd->add_option("scene", sceneExport.scene, "Scene JSON file")->required();
    sceneExportCmd->add_option("--model", sceneExport.model,
                               "Articulated model to write (default: the scene's only one)");
    sceneExportCmd
        ->add_option("-o,--out", sceneExport.out, "Output path: .glb (binary) or .gltf (with a .bin)")
        ->required();

    CcdQueriesOptions ccdOpts;
    auto* ccdCmd = app.add_subcommand(
        "ccd-queries", "Evaluate elementary CCD queries (exact rational CSV) against their truth");
    auto* ccdFile = ccdCmd->add_option("file", ccdOpts.file,
                                       "CSV: 8 rows per query, x_num,x_den,y_num,y_den,z_num,z_den,truth");
    ccdCmd->add_option("--type", ccdOpts.type, "ee (edge-edge) or vf (vertex-face)")
        ->required()
        ->check(CLI::IsMember({"ee", "vf"}));
    ccdCmd->add_flag("--verbose", ccdOpts.verbose,
                     "List every query whose answer differs from its truth (by line)");
    ccdCmd->add_option("--depth", ccdOpts.depth, "Bisection depth over [0,1] (time resolution 2^-depth)")
        ->check(CLI::Range(4, 200));
    ccdCmd
        ->add_option("-r,--repeat", ccdOpts.repeat,
                     "Timed passes over the file; ns per query is their median")
        ->check(CLI::Range(1, 1000));
    ccdCmd->add_flag("--per-query", ccdOpts.perQuery,
                     "Also time each query: p50/p90/p99/max over the queries of each one's median time");
    ccdCmd->add_flag("--no-filter", ccdOpts.noFilter,
                     "The exact search alone, without the floating-point filter in front (the reference)");
    ccdCmd
        ->add_option("--generated", ccdOpts.generated,
                     "Generate N generic queries (random small motions, truth by the exact search), "
                     "not FILE")
        ->check(CLI::Range(1, 10000000))
        ->excludes(ccdFile);
    ccdCmd->add_option("--seed", ccdOpts.seed, "Seed of the generated queries (default 1)");
    ccdCmd->add_option("-o,--output", ccdOpts.output, "Write the generated queries to this CSV file");

    BmConesOptions bmOpts;
    auto* bmCmd =
        app.add_subcommand("bm-cones", "BM-cone hierarchy build time and memory (redon2002), both orders");
    bmCmd->add_option("-g,--generator", bmOpts.mesh.generator, "Procedural mesh generator (default: panel)");
    bmCmd->add_option("--params", bmOpts.mesh.params, "Generator parameters as a JSON object");
    bmCmd->add_option("-t,--triangles", bmOpts.mesh.triangles, "Target triangle count for the generator");
    bmCmd->add_option("-m,--mesh", bmOpts.mesh.file, "Mesh file instead of a generator");
    bmCmd->add_option("--rmax", bmOpts.rMax, "Maximum BM-cone size r_max")->check(CLI::Range(3, 32));
    bmCmd->add_option("-r,--repeat", bmOpts.repeat, "Builds per mode (median)")->check(CLI::Range(1, 100));
    bmCmd->add_option("--threads", bmOpts.threads, "Build threads (0: every hardware thread, the default)")
        ->check(CLI::Range(0, 256));
    bmCmd->add_flag("--progress", bmOpts.progress,
                    "Show the progress bar even when stderr is not a terminal");

    Table1Options t1;
    auto* t1Cmd =
        app.add_subcommand("table1", "redon2002 Table 1: rigid CCD without / with BM-culling, one run");
    t1Cmd->add_option("scene", t1.scene, "Scene (default: scenes/doors_recorded.json, the recorded motion)");
    t1Cmd->add_option("-f,--frames", t1.frames, "Frames (default: the scene's)")
        ->check(CLI::Range(2, 1000000));
    t1Cmd->add_option("-r,--repeat", t1.repeat, "Timed passes (per-frame median)")->check(CLI::Range(1, 100));
    t1Cmd->add_option("--build", t1.build, "BM-cone construction order")
        ->check(CLI::IsMember({"bottom-up", "top-down"}));
    t1Cmd->add_option("--rmax", t1.rMax, "Maximum BM-cone size")->check(CLI::Range(3, 16));
    t1Cmd->add_flag("--progress", t1.progress, "Show the progress bar even when stderr is not a terminal");
    t1Cmd->add_option("--csv", t1.csv, "Also write per-frame counts and times of both pipelines here");
    t1Cmd->add_flag("!--no-peer", t1.peer,
                    "Skip the FCL conservative-advancement peer (about 15 ms a frame)");

    Figure1Options f1;
    auto* f1Cmd = app.add_subcommand(
        "figure1", "redon2002 Figure 1: nodes the BM test culls on each BVH level of a body over one frame");
    f1Cmd->add_option("scene", f1.scene, "Scene (default: scenes/doors.json)");
    auto* f1At = f1Cmd->add_option(
        "--at", f1.at, "The frame (the scene's frame length) ends at this time (default: its first frame)");
    f1Cmd->add_option("--body", f1.body, "Body whose levels are tested (default: the first that moves)");
    f1Cmd->add_option("--build", f1.build, "BM-cone construction order")
        ->check(CLI::IsMember({"bottom-up", "top-down"}));
    f1Cmd->add_option("--rmax", f1.rMax, "Maximum BM-cone size")->check(CLI::Range(3, 16));
    f1Cmd->add_option("--csv", f1.csv, "Also write level,nodes,bm_culled here");

    CatchTablesOptions ct;
    auto* ctCmd = app.add_subcommand(
        "catch-tables",
        "zhang2007 Tables 1 and 2 (CATCH's timings and culling) and Fig. 12 (Taylor vs interval "
        "bounds) on the bundled articulated scenes, the paper's numbers beside, and fcl-sampled");
    ctCmd->add_option("scenes", ct.scenes,
                      "Scenes (default: walk, exercise, four_trains, falling_train, excavator, tower_crane)");
    ctCmd->add_option("-f,--frames", ct.frames, "Frames per scene (default: the scene's)")
        ->check(CLI::Range(2, 1000000));
    ctCmd->add_option("-r,--repeat", ct.repeat, "Timed passes per frame (median)")
        ->check(CLI::Range(1, 1000));
    ctCmd->add_option("--fcl-steps", ct.fclSteps, "fcl-sampled's samples per frame (0: leave the peer out)")
        ->check(CLI::Range(0, 100000));
    ctCmd->add_option("--csv", ct.csv, "Also write each scene's and algorithm's figures here");
    ctCmd->add_flag("--progress", ct.forceProgress,
                    "Show the progress bar even when stderr is not a terminal");

    SbvTablesOptions sbvT;
    auto* sbvCmd = app.add_subcommand(
        "sbv-tables", "The SBV paper's Tables 1 and 2, the exact OSH, separating / touching / intersecting / "
                      "puncturing placements against bvh and the peers, and Fig. 9 on a deforming scene");
    sbvCmd->add_option("-r,--repeat", sbvT.repeat, "Timed queries per figure (median)")
        ->check(CLI::Range(1, 1000));
    sbvCmd->add_option("--deforming", sbvT.deforming, "Fig. 9's scene (default: scenes/deforming.json)");
    sbvCmd->add_option("--steps", sbvT.steps, "Fig. 9's time steps")->check(CLI::Range(2, 100000));
    sbvCmd->add_option("--csv", sbvT.csv, "Write Fig. 9's per-step times here");
    sbvCmd->add_option("--svg", sbvT.svg, "Plot Fig. 9's per-step times here (SVG)");
    sbvCmd->add_flag("--progress", sbvT.forceProgress,
                     "Show the progress bar even when stderr is not a terminal");

    SweptBoxesOptions sb;
    auto* sbCmd = app.add_subcommand(
        "swept-boxes", "zhang2007 Fig. 5: per link, the volumes of its Taylor-model and interval swept boxes "
                       "over the frames, and tightness and cost per Taylor order");
    sbCmd->add_option("scene", sb.scene, "Scene with an articulated model")->required();
    sbCmd->add_option("--model", sb.model, "Articulated model (default: the scene's first)");
    sbCmd->add_option("--order", sb.order, "Taylor-model order of the per-link table")
        ->check(CLI::Range(1, 5));
    sbCmd->add_option("-f,--frames", sb.frames, "Number of frames (default: the scene's)")
        ->check(CLI::Range(2, 1000000));
    sbCmd->add_option("-r,--repeat", sb.repeat, "Timed passes per frame (median)")
        ->check(CLI::Range(1, 100000));
    sbCmd->add_option("--csv", sb.csv, "Also write frame,link,volumes,ratio here");
    sbCmd->add_option("--svg", sb.svg,
                      "Also plot each link's median volumes (Taylor, interval; log scale) here");

    RecordCommandOptions rec;
    auto* recCmd = app.add_subcommand(
        "record", "Simulate a body held by a hand along its keyframes, colliding with the static bodies, and "
                  "write the scene with the recorded motion");
    recCmd->add_option("scene", rec.scene, "Scene whose keyframes are the hand's path")->required();
    recCmd->add_option("-o,--out", rec.out, "Recorded scene (JSON)")->required();
    recCmd->add_option("--body", rec.body, "Body to simulate (default: the first that moves)");
    recCmd->add_option("--servo-hz", rec.sim.servoHz, "Natural frequency of the hand's servo (Hz)")
        ->capture_default_str()
        ->check(CLI::Range(0.01, 1000.0));
    recCmd->add_option("--damping", rec.sim.dampingRatio, "Damping ratio of the servo (1: critical)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 100.0));
    recCmd
        ->add_option("--restitution", rec.sim.restitution,
                     "Normal velocity kept by a contact impulse (0: inelastic)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    recCmd
        ->add_option("--friction", rec.sim.friction,
                     "Coulomb friction coefficient (0: frictionless, as the paper's simulator)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 10.0));
    recCmd->add_option("--substeps", rec.sim.substeps, "Simulation steps per frame")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000));
    recCmd->add_option("--gap", rec.sim.gap, "Stop this far short of a contact (scene units)")
        ->capture_default_str()
        ->check(CLI::Range(1e-9, 1.0));
    recCmd->add_flag("--progress", rec.progress, "Show the progress bar even when stderr is not a terminal");

    DistanceCommandOptions dist;
    auto* distCmd = app.add_subcommand(
        "distance",
        "Mesh-mesh distance queries at known gaps (knot-teapot, door-door): every distance method "
        "(rss, brute-force, FCL), times, ours / FCL, agreement");
    distCmd->add_option("--pairs", dist.pairs, "Mesh pairs: knot-teapot, door-door")
        ->check(CLI::IsMember({"knot-teapot", "door-door"}));
    distCmd->add_option("--gaps", dist.gaps, "Gaps to place B at (scene units; default 0.001 0.01 0.1)");
    distCmd->add_option("-n,--orientations", dist.orientations, "Random orientations per pair and gap")
        ->check(CLI::Range(1, 10000));
    distCmd->add_option("-r,--repeat", dist.repeat, "Timed queries per placement and method (median)")
        ->check(CLI::Range(1, 100000));
    distCmd->add_option("--brute-repeat", dist.bruteRepeat, "Timed queries of the brute force per placement")
        ->check(CLI::Range(1, 100000));
    distCmd->add_option("-t,--triangles", dist.triangles,
                        "Target triangle count of every mesh (default: each "
                        "generator's)");
    distCmd->add_option("--seed", dist.seed, "Seed of the orientations and directions");
    distCmd->add_option("--csv", dist.csv, "Also write one row per placement and method here");
    distCmd->add_flag("--progress", dist.progress,
                      "Show the progress bar even when stderr is not a terminal");

    LdiCommandOptions ldiO;
    auto* ldiCmd = app.add_subcommand(
        "ldi", "The LDI penetration query frame by frame: volume, depth, layers, overflow, GPU stage times; "
               "--reference adds the CPU ray caster (and CGAL's exact volume) on the same pixels");
    ldiCmd->add_option("scene", ldiO.scene, "Scene file")->required();
    ldiCmd->add_option("-a,--algo", ldiO.algorithm, "ldi (common box) or sbv-ldi (SBV region)")
        ->check(CLI::IsMember({"ldi", "sbv-ldi"}));
    ldiCmd->add_option("--resolution", ldiO.resolution, "Pixels along the window's longer side")
        ->check(CLI::Range(8, 4096));
    ldiCmd->add_option("--axis", ldiO.axis, "View axis")
        ->check(CLI::IsMember({"auto", "x", "y", "z", "separating"}));
    ldiCmd->add_option("--backend", ldiO.backend, "gpu or cpu")->check(CLI::IsMember({"gpu", "cpu"}));
    ldiCmd->add_flag("--reference", ldiO.reference, "Also run the CPU ray caster (and CGAL) on each query");
    ldiCmd->add_option("-f,--frames", ldiO.frames, "Frames (default: the scene's)")
        ->check(CLI::Range(2, 1000000));
    ldiCmd->add_option("-r,--repeat", ldiO.repeat, "Timed steps per frame (median)")
        ->check(CLI::Range(1, 1000));
    ldiCmd->add_option("--csv", ldiO.csv, "Also write one row per query here");

    LdiAccuracyOptions ldiA;
    auto* ldiAccCmd = app.add_subcommand(
        "ldi-accuracy",
        "The LDI volume against closed forms (spheres, boxes, sphere in box) and CGAL's exact "
        "volume (knot + closed teapot, cylinder + ball) as the resolution grows");
    ldiAccCmd->add_option("--resolutions", ldiA.resolutions, "Resolutions (default 64 128 256 512 1024)")
        ->check(CLI::Range(8, 4096));
    ldiAccCmd->add_option("--backend", ldiA.backend, "gpu or cpu")->check(CLI::IsMember({"gpu", "cpu"}));
    ldiAccCmd->add_option("--csv", ldiA.csv, "Also write case,resolution,exact,volume,error here");
    ldiAccCmd->add_option("--svg", ldiA.svg,
                          "Also plot the error against the resolution here (SVG, log-log)");

    if (auto exitCode = parseCommandLine(app, argc, argv)) return *exitCode;
    f1.hasAt = f1At->count() > 0;

    auto defaultAlgos = [] {
        std::vector<std::string> v{"bvh", "bvh:bv=aabb"};
        for (const auto& a : AlgorithmRegistry::instance().list())
            if (a.role == AlgorithmRole::Peer && a.kind == AlgorithmKind::Discrete) v.push_back(a.name);
        return v;
    };

    try {
        if (*list) {
            listEverything(scenesDir);
            return 0;
        }
        if (*run) {
            Scene scene;
            {
                ProgressBar bar(opts.forceProgress);
                scene = loadScene(scenePath, [&](double f, const std::string& what) { bar.update(f, what); });
            }
            if (algoTexts.empty()) {
                algoTexts = defaultAlgos();
                if (!scene.models.empty()) // zhang2007 Table 2's spatial columns, both bounds
                    algoTexts.insert(algoTexts.end(), {"catch", "catch:bounds=interval"});
            }
            std::vector<AlgorithmSpec> specs;
            for (const auto& t : algoTexts) specs.push_back(AlgorithmSpec::parse(t));
            // --verify: each kind of algorithm in the run is checked against the registry's reference of that
            // kind (brute-force for discrete collision, rigid-ccd-reference for continuous), run alongside.
            const auto& registry = AlgorithmRegistry::instance();
            std::map<AlgorithmKind, std::size_t> referenceRun;
            if (verify) {
                std::vector<AlgorithmSpec> given = specs;
                for (const auto& spec : given) {
                    const AlgorithmInfo* info = registry.find(spec.name);
                    if (!info) continue;
                    const AlgorithmKind kind = registry.kindOf(spec);
                    if (info->role == AlgorithmRole::Peer || !info->exactAnswers || !info->hashReference ||
                        referenceRun.count(kind))
                        continue;
                    for (const auto& ref : registry.list())
                        if (ref.role == AlgorithmRole::Reference && ref.hashReference && ref.kind == kind) {
                            referenceRun[kind] = specs.size();
                            specs.push_back({ref.name, {}});
                            break;
                        }
                }
            }
            // Output paths that cannot be written fail now, not after a long run.
            for (const auto* path : {&csvPath, &jsonPath})
                if (!path->empty()) openOut(*path);
            std::cout << configurationLine() << "\n";
            BenchContext ctx{scenePath, &scene, opts, opts.frames > 0 ? opts.frames : scene.frames};
            auto runs = runBench(scene, specs, opts);
            printSummary(std::cout, ctx, runs);
            if (!csvPath.empty()) writeCsv(csvPath, runs), std::cout << "# wrote " << csvPath << "\n";
            if (!jsonPath.empty())
                writeJson(jsonPath, ctx, runs), std::cout << "# wrote " << jsonPath << "\n";
            if (verify) {
                bool ok = true;
                std::string references;
                for (const auto& [kind, index] : referenceRun)
                    references += (references.empty() ? "" : ", ") + runs[index].spec.name;
                for (const auto& r : runs) {
                    const AlgorithmInfo* info = registry.find(r.spec.name);
                    auto ref = referenceRun.find(r.kind);
                    if (info->role == AlgorithmRole::Peer) continue;
                    if (!info->exactAnswers || !info->hashReference) { // tests/CatchTocTest,
                        // tests/ArticulatedReferenceTest compare them within their tolerances
                        std::cout << "# verify: " << r.spec.label()
                                  << " answers within a time tolerance, not by hash: not checked\n";
                        continue;
                    }
                    if (ref ==
                        referenceRun.end()) { // culling: tests/CatchTest checks it against the exact test
                        std::cout << "# verify: " << r.spec.label() << " (" << toString(r.kind)
                                  << ") has no reference to compare with here: not checked\n";
                        continue;
                    }
                    const AlgorithmRun& reference = runs[ref->second];
                    if (r.runHash == reference.runHash) continue;
                    int differ = 0;
                    for (std::size_t f = 0; f < r.frames.size(); ++f)
                        differ += r.frames[f].hash != reference.frames[f].hash;
                    std::cout << "# VERIFY FAILED: " << r.spec.label() << " differs from "
                              << reference.spec.name << " on " << differ << " of " << r.frames.size()
                              << " frames\n";
                    ok = false;
                }
                if (ok && !references.empty())
                    std::cout << "# verify: every cdlab algorithm matches its reference (" << references
                              << ") on every frame\n";
                return ok ? 0 : 1;
            }
            return 0;
        }
        if (*build) {
            if (!buildOpts.series.empty()) {
                if (buildOpts.algorithms.empty()) {
                    buildOpts.algorithms = defaultAlgos();
                    if (AlgorithmRegistry::instance().find("fcl"))
                        buildOpts.algorithms.push_back("fcl:bv=aabb");
                }
                std::cout << configurationLine() << "\n";
                runBvhBuildSeries(
                    std::cout,
                    [&](std::size_t triangles, std::string& label) {
                        MeshArgs args = buildMesh;
                        args.triangles = triangles;
                        return std::make_shared<const TriangleMesh>(meshFromArgs(args, label));
                    },
                    buildOpts);
                return 0;
            }
            std::string label;
            std::shared_ptr<TriangleMesh> mesh;
            ImportReport imported;
            {
                ProgressBar bar(buildOpts.forceProgress);
                mesh = std::make_shared<TriangleMesh>(meshFromArgs(
                    buildMesh, label, [&](double f) { bar.update(f, "importing " + buildMesh.file); },
                    &imported));
            }
            if (buildOpts.algorithms.empty()) buildOpts.algorithms = defaultAlgos();
            std::cout << configurationLine() << "\n" << importComment(buildMesh, imported);
            runBvhBuildBench(std::cout, mesh, label, buildOpts);
            return 0;
        }
        if (*ccdCmd) return runCcdQueries(ccdOpts, std::cout);
        if (*t1Cmd) return runTable1(t1, std::cout);
        if (*f1Cmd) return runFigure1(f1, std::cout);
        if (*recCmd) return runRecord(rec, std::cout);
        if (*ldiCmd) return runLdi(ldiO, std::cout);
        if (*ldiAccCmd) return runLdiAccuracy(ldiA, std::cout);
        if (*sbCmd) return runSweptBoxes(sb, std::cout);
        if (*ctCmd) {
            if (ct.scenesDir.empty()) ct.scenesDir = defaultScenesDir();
            return runCatchTables(ct, std::cout);
        }
        if (*sbvCmd) {
            if (sbvT.scenesDir.empty()) sbvT.scenesDir = defaultScenesDir();
            return runSbvTables(sbvT, std::cout);
        }
        if (*distCmd) return runDistance(dist, std::cout);
        if (*sceneExportCmd) return runSceneExport(sceneExport, std::cout);
        if (*meshCheckCmd) return runMeshCheck(meshCheck, std::cout);
        if (*bmCmd) return runBmCones(bmOpts, std::cout);
        if (*exportCmd) {
            // The extension is checked before a long generation or import.
            meshExportFormatFor(exportOut);
            if (exportArgs.file.empty() && exportArgs.generator.empty())
                throw InputError("mesh-export", "", "give a mesh: --generator G (see `list`) or --mesh FILE");
            std::string label;
            TriangleMesh mesh;
            ImportReport imported;
            {
                ProgressBar bar;
                mesh = meshFromArgs(
                    exportArgs, label, [&](double f) { bar.update(f, "importing " + exportArgs.file); },
                    &imported);
            }
            std::cout << importComment(exportArgs, imported);
            const MeshExportFormat& format = exportMesh(mesh, exportOut);
            std::cout << "wrote " << exportOut << ": " << mesh.vertices.size() << " vertices, "
                      << mesh.triangleCount() << " triangles (" << format.description << ")\n";
            if (exportNoCheck) return 0;
            // Read back with the importer every command uses, then compare triangle by triangle.
            MeshRoundTrip back = compareRoundTrip(mesh, importMesh(exportOut), format);
            std::cout << "read back " << exportOut << ": " << back.vertices << " vertices"
                      << (!format.indexed ? " (welded: the file stores three corners per triangle)"
                          : back.singlePrecisionPositions < mesh.vertices.size()
                              ? " (" + std::to_string(mesh.vertices.size() - back.singlePrecisionPositions) +
                                    " share their single-precision position with another vertex)"
                              : std::string())
                      << ", " << back.triangles << " triangles"
                      << (back.collapsedTriangles > 0
                              ? " (" + std::to_string(back.collapsedTriangles) +
                                    " have two corners at one single-precision position: dropped)"
                              : std::string())
                      << ", largest position difference " << std::setprecision(2) << back.maxRelativeError
                      << " of the largest coordinate\n";
            if (!back.ok) { // a verification that failed: exit 1, as --verify
                std::cerr << "error: " << exportOut << ": read back differs from the mesh written: ";
                if (!back.sameTriangleCount)
                    std::cerr << back.triangles << " triangles, wrote " << mesh.triangleCount() << " ("
                              << back.collapsedTriangles << " collapsed in single precision)\n";
                else if (!back.sameVertexCount && format.indexed)
                    std::cerr << back.vertices << " vertices, wrote " << back.singlePrecisionPositions
                              << " distinct positions in single precision\n";
                else
                    std::cerr << "positions differ by more than " << kMeshExportTolerance << "\n";
                return 1;
            }
            return 0;
        }
    } catch (const InputError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    } catch (const std::bad_alloc&) { // said, not an abort
        std::cerr << "error: out of memory\n";
        return 3;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 3;
    }
    return 0;
}
