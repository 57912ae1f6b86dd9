// `cdlab-bench record SCENE --out FILE`: simulates one body of a scene held by a hand that follows its
// keyframes, colliding with the scene's static bodies (sim/ContactRecorder.h), and writes the scene again
// with that body's keyframes replaced by the recorded motion, one key per frame — how redon2002 obtained the
// motion of its Table 1 ("recorded and replayed").
#pragma once

#include "BenchCommand.h"
#include "sim/ContactRecorder.h"

#include <iosfwd>
#include <string>

namespace cdlab {

struct RecordCommandOptions {
    std::string scene;
    std::string out;
    std::string body; ///< default: the first body that moves
    RecordOptions sim;
    bool progress = false;
};

int runRecord(const RecordCommandOptions& options, std::ostream& out);

/// Declares the command (its subcommand and options) for the command table in main.cpp.
BenchCommand declareRecordCommand(CLI::App& app);

} // namespace cdlab
