// AlgorithmRegistry: every algorithm by name, with its description and typed parameters. The viewer builds
// its picker and widgets from it, the bench its flags, the tests their loops.
#pragma once

#include "pipeline/Algorithm.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cdlab {

struct AlgorithmInfo {
    std::string name;
    std::string description; ///< what it does, citing the paper section where there is one
    std::string kind;        ///< "discrete", "continuous", "reference", "peer", "continuous peer"
    std::vector<ParamSpec> params;
    std::function<std::unique_ptr<Algorithm>(const ParamSet&)> create;
};

class AlgorithmRegistry {
public:
    /// The process-wide registry, with the engine's built-in algorithms registered.
    static AlgorithmRegistry& instance();

    void add(AlgorithmInfo info); ///< replaces an entry of the same name
    const AlgorithmInfo* find(const std::string& name) const;
    const std::vector<AlgorithmInfo>& list() const { return m_list; }

    /// Creates `name` with `overrides` ("param" -> "text"); throws InputError on an unknown algorithm or a
    /// bad parameter (naming `context`, e.g. the command-line flag).
    std::unique_ptr<Algorithm> create(const std::string& name,
                                      const std::map<std::string, std::string>& overrides,
                                      const std::string& context = "algorithm") const;

private:
    std::vector<AlgorithmInfo> m_list; // sorted by name
};

/// Registers the engine's algorithms (called by instance()).
void registerBuiltinAlgorithms(AlgorithmRegistry& registry);

} // namespace cdlab
