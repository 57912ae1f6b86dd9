// AlgorithmSpec: an algorithm and its parameters as a user writes them, "name" or "name:key=value,...",
// parsed here once for the bench's --algo, the viewer's --algo and --then-algo, and the tests; the registry
// checks it (AlgorithmRegistry::parameters) with one set of error messages.
#pragma once

#include <map>
#include <string>

namespace cdlab {

struct AlgorithmSpec {
    std::string name;
    std::map<std::string, std::string> params; ///< as written; AlgorithmRegistry::parameters checks them

    /// "bvh[bv=aabb]": the name and the parameters given, as the bench's tables and the viewer's panels
    /// label a run.
    std::string label() const;
    /// Parses "name" or "name:key=value,key=value"; throws InputError naming `context` and the text on a
    /// malformed pair (no '=', no key, a key given twice).
    static AlgorithmSpec parse(const std::string& text, const std::string& context = "--algo");
};

} // namespace cdlab
