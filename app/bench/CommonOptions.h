// CommonOptions: the options several cdlab-bench commands share, each declared here once, with one short
// name and one range for every command that takes it. A command picks those it takes and words their help
// for itself (what a repeat or a frame is to it); the range and the names stay the same everywhere.
#pragma once

#include <string>

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace cdlab {

class CommonOptions {
public:
    /// -r,--repeat N: timed passes, builds or queries whose median the command reports; 1 to 100000.
    static CLI::Option* repeat(CLI::App& cmd, int& value, const std::string& help);
    /// -f,--frames N: frames to run instead of the scene's own count; 1 to 10000000 (a command that
    /// needs a frame interval refuses 1 with requireFrameInterval).
    static CLI::Option* frames(CLI::App& cmd, int& value, const std::string& help);
    /// For commands whose figures are over frame intervals (table1, catch-tables, swept-boxes, ldi): throws
    /// InputError naming --frames when it was given as 1 (0: the scene's own count, checked by the command).
    static void requireFrameInterval(int frames, const std::string& command);
    /// --csv FILE: a table of the command's figures, one row per item.
    static CLI::Option* csv(CLI::App& cmd, std::string& path, const std::string& help);
    /// --svg FILE: a plot of the command's figures.
    static CLI::Option* svg(CLI::App& cmd, std::string& path, const std::string& help);
    /// --progress: the progress bar even when stderr is not a terminal.
    static CLI::Option* progress(CLI::App& cmd, bool& value,
                                 const std::string& help = "Show the progress bar even when stderr is not a "
                                                           "terminal");
    /// The bundled scenes: scenes/ under the working directory when there is one, else the source tree's.
    static std::string defaultScenesDir();
};

} // namespace cdlab
