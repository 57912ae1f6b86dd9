// cdlab-bench: headless benchmark and inspection CLI over the engine.
//
//   cdlab-bench list                                  scenes, algorithms (with parameters), mesh generators
//   cdlab-bench run SCENE [--algo NAME[:k=v,...]]...  scene x algorithms x frames -> table, CSV, JSON
//   cdlab-bench bvh-build (--generator G | --mesh F)  BVH build time and memory, ours vs peers
//   cdlab-bench mesh-export (-g G | -m F) --out F     mesh -> OBJ, PLY, STL, glTF, GLB by F's extension
//   cdlab-bench mesh-check (SCENE | MESH | -g G)      per mesh: closed, outward, 2-manifold, or what is not
//   cdlab-bench scene-export SCENE --model M -o F     an articulated model -> glTF/GLB (links, animation)
//   cdlab-bench ccd-queries FILE.csv --type ee|vf     elementary CCD queries vs their truth column
//   cdlab-bench bm-cones (--generator G | --mesh F)   BM-cone build time and memory, top-down vs bottom-up
//   cdlab-bench table1 [SCENE]                        redon2002 Table 1: rigid CCD without / with BM-culling
//   cdlab-bench figure1 [SCENE] [--at T]              redon2002 Figure 1: BM-culled nodes per BVH level
//   cdlab-bench catch-tables [SCENE...]               zhang2007 Tables 1-2 and Fig. 12, fcl-sampled beside
//   cdlab-bench sbv-tables [--svg F] [--csv F]        the SBV paper's Tables 1-2, placements, Fig. 9
//   cdlab-bench swept-boxes SCENE [--model M]         zhang2007 Fig. 5: Taylor vs interval swept link boxes
//   cdlab-bench record SCENE --out FILE               a body's contact motion, simulated, as a new scene
//   cdlab-bench distance [--pairs P] [--gaps G]       mesh-mesh distance: rss vs brute force vs FCL
//   cdlab-bench ldi SCENE [--reference]               the LDI penetration query frame by frame
//   cdlab-bench ldi-accuracy [--resolutions R...]     the LDI volume against closed forms and CGAL
//   cdlab-bench compare-recordings A B               frames where two recordings (run --record) differ
//   cdlab-bench paper [PAPER] [-o DIR] [--quick]      the papers' tables and figures as a report
//
// Each command lives in its own file (<Name>Command.cpp): it declares its subcommand and options and runs
// them; the options several share (--repeat, --frames, --csv, --svg, --progress) come from CommonOptions.
// This file is the table of commands, in the order --help lists them, and the exit codes: 0 ok, 1
// verification failed (--verify, table1's check, mesh-export's read-back), 2 bad input (message names file
// and field, or the option), 3 anything else (out of memory).
#include "BenchCommand.h"
#include "BmConesCommand.h"
#include "BvhBuildCommand.h"
#include "CatchTablesCommand.h"
#include "CcdQueriesCommand.h"
#include "CommandLine.h"
#include "CompareRecordingsCommand.h"
#include "DistanceCommand.h"
#include "Figure1Command.h"
#include "LdiCommand.h"
#include "ListCommand.h"
#include "MeshCheckCommand.h"
#include "MeshExportCommand.h"
#include "PaperCommand.h"
#include "RecordCommand.h"
#include "RunCommand.h"
#include "SbvTablesCommand.h"
#include "SceneExportCommand.h"
#include "SweptBoxesCommand.h"
#include "Table1Command.h"
#include "core/InputError.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <vector>

using namespace cdlab;

namespace {

/// The commands, one line each, in the order --help lists them.
// clang-format off
constexpr DeclareCommand kCommands[] = {
    declareListCommand,
    declareRunCommand,
    declareBvhBuildCommand,
    declareMeshExportCommand,
    declareMeshCheckCommand,
    declareSceneExportCommand,
    declareCcdQueriesCommand,
    declareBmConesCommand,
    declareTable1Command,
    declareFigure1Command,
    declareCatchTablesCommand,
    declareSbvTablesCommand,
    declareSweptBoxesCommand,
    declareRecordCommand,
    declareDistanceCommand,
    declareLdiCommand,
    declareLdiAccuracyCommand,
    declareCompareRecordingsCommand,
    declarePaperCommand,
};
// clang-format on

} // namespace

int main(int argc, char** argv) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());

    CLI::App app{"cdlab-bench: headless collision benchmark (scenes x algorithms x frames)"};
    app.require_subcommand(1);
    std::vector<BenchCommand> commands;
    for (DeclareCommand declare : kCommands) commands.push_back(declare(app));
    if (auto exitCode = parseCommandLine(app, argc, argv)) return *exitCode;

    try {
        for (const BenchCommand& command : commands)
            if (command.cli->parsed()) return command.run(std::cout);
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
