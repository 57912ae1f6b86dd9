// BenchCommand: one row of cdlab-bench's command table (main.cpp). A command's file declares its subcommand
// and its options (bound to options it owns) and returns what runs once the command line is parsed; main()
// declares every row, parses, and runs the one given. A new command is one file and one line in the table.
#pragma once

#include <functional>
#include <ostream>

namespace CLI {
class App;
}

namespace cdlab {

struct BenchCommand {
    CLI::App* cli = nullptr; ///< the subcommand: parsed() says it was the one given
    /// Runs with the parsed options; returns the exit code (0 ok, 1 a verification failed). Bad input throws
    /// InputError (exit 2), anything else std::exception (exit 3).
    std::function<int(std::ostream& out)> run;
};

/// Adds a command's subcommand (with its options) to `app` and returns it with its body.
using DeclareCommand = BenchCommand (*)(CLI::App& app);

} // namespace cdlab
