#include "pipeline/AlgorithmSpec.h"

#include "core/InputError.h"

namespace cdlab {

std::string AlgorithmSpec::label() const {
    std::string s = name;
    if (!params.empty()) {
        s += "[";
        bool first = true;
        for (const auto& [k, v] : params) s += (first ? "" : ",") + k + "=" + v, first = false;
        s += "]";
    }
    return s;
}

AlgorithmSpec AlgorithmSpec::parse(const std::string& text, const std::string& context) {
    AlgorithmSpec spec;
    auto colon = text.find(':');
    spec.name = text.substr(0, colon);
    if (colon == std::string::npos) return spec;
    std::string rest = text.substr(colon + 1);
    std::size_t pos = 0;
    while (pos <= rest.size()) {
        auto comma = rest.find(',', pos);
        std::string kv = rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputError(context + " " + text, kv, "expected key=value");
        std::string key = kv.substr(0, eq);
        if (spec.params.count(key)) throw InputError(context + " " + text, key, "given twice");
        spec.params[key] = kv.substr(eq + 1);
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    return spec;
}

} // namespace cdlab
