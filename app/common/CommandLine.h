// Command-line parsing shared by cdlab and cdlab-bench: a bad option is bad input like any other, so it
// is said as "error: ..." and exits 2 (CLI11's own codes, 105 and up, would mean nothing to a script).
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <string>

namespace cdlab {

// Parses argv into app. Returns an exit code when the program should stop now: 0 after --help, 2 on a
// bad command line (the message names the option). Returns nothing when the program should go on.
inline std::optional<int> parseCommandLine(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
        return std::nullopt;
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e); // --help
        // A mistyped command reads to CLI11 as a missing one; name what was typed and what exists.
        auto commands = app.get_subcommands([](CLI::App*) { return true; });
        if (!commands.empty() && argc > 1 && argv[1][0] != '-') {
            std::string names;
            bool known = false;
            for (const CLI::App* c : commands) {
                names += (names.empty() ? "" : ", ") + c->get_name();
                known = known || c->get_name() == argv[1];
            }
            if (!known) {
                std::cerr << "error: unknown command '" << argv[1] << "' (commands: " << names << ")\n";
                return 2;
            }
        }
        std::cerr << "error: " << e.what() << " (see --help)\n";
        return 2;
    }
}

} // namespace cdlab
