#include "CommonOptions.h"

#include "core/InputError.h"

#include <CLI/CLI.hpp>
#include <filesystem>

namespace cdlab {

// One range per option: the widest any command declared before they were shared (run's frames, distance's
// and swept-boxes' repeats).
CLI::Option* CommonOptions::repeat(CLI::App& cmd, int& value, const std::string& help) {
    return cmd.add_option("-r,--repeat", value, help)->check(CLI::Range(1, 100000));
}

CLI::Option* CommonOptions::frames(CLI::App& cmd, int& value, const std::string& help) {
    return cmd.add_option("-f,--frames", value, help)->check(CLI::Range(1, 10000000));
}

void CommonOptions::requireFrameInterval(int frames, const std::string& command) {
    if (frames == 1)
        throw InputError("--frames", "",
                         command + " needs at least 2 frames (its figures are per frame interval)");
}

CLI::Option* CommonOptions::csv(CLI::App& cmd, std::string& path, const std::string& help) {
    return cmd.add_option("--csv", path, help);
}

CLI::Option* CommonOptions::svg(CLI::App& cmd, std::string& path, const std::string& help) {
    return cmd.add_option("--svg", path, help);
}

CLI::Option* CommonOptions::progress(CLI::App& cmd, bool& value, const std::string& help) {
    return cmd.add_flag("--progress", value, help);
}

std::string CommonOptions::defaultScenesDir() {
    if (std::filesystem::is_directory("scenes")) return "scenes";
    return std::string(CDLAB_SOURCE_DIR) + "/scenes";
}

} // namespace cdlab
