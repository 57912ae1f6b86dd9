#include "core/Params.h"

#include "core/InputError.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cdlab {

std::string toString(const ParamValue& v) {
    struct Visitor {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const {
            std::ostringstream s;
            s << d;
            return s.str();
        }
        std::string operator()(const std::string& s) const { return s; }
    };
    return std::visit(Visitor{}, v);
}

const ParamSpec* findParam(const std::vector<ParamSpec>& specs, std::string_view name) {
    for (const auto& s : specs)
        if (s.name == name) return &s;
    return nullptr;
}

nlohmann::json toJson(const ParamValue& v) {
    return std::visit([](const auto& x) { return nlohmann::json(x); }, v);
}

std::string toJsonText(const ParamValue& v) {
    if (const auto* s = std::get_if<std::string>(&v)) return nlohmann::json(*s).dump();
    return toString(v);
}

ParamSet::ParamSet(const std::vector<ParamSpec>& specs) {
    for (const auto& s : specs) m_values[s.name] = s.defaultValue;
}

void ParamSet::setFromString(const std::vector<ParamSpec>& specs, const std::string& name,
                             const std::string& text, const std::string& context) {
    const ParamSpec* spec = findParam(specs, name);
    if (!spec) {
        std::string known;
        for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
        throw InputError(context, name,
                         "unknown parameter (known: " + (known.empty() ? "none" : known) + ")");
    }
    const ParamValue& def = spec->defaultValue;
    if (std::holds_alternative<bool>(def)) {
        if (text == "true" || text == "1" || text == "on")
            m_values[name] = true;
        else if (text == "false" || text == "0" || text == "off")
            m_values[name] = false;
        else
            throw InputError(context, name, "expected true or false, got '" + text + "'");
    } else if (std::holds_alternative<std::string>(def)) {
        bool ok = spec->choices.empty();
        for (const auto& c : spec->choices) ok = ok || c == text;
        if (!ok) {
            std::string list;
            for (const auto& c : spec->choices) list += (list.empty() ? "" : "|") + c;
            throw InputError(context, name, "expected one of " + list + ", got '" + text + "'");
        }
        m_values[name] = text;
    } else {
        char* end = nullptr;
        double x = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !std::isfinite(x))
            throw InputError(context, name, "expected a number, got '" + text + "'");
        if (x < spec->min || x > spec->max)
            throw InputError(context, name,
                             "value " + text + " out of range [" + toString(spec->min) + ", " +
                                 toString(spec->max) + "]");
        if (std::holds_alternative<std::int64_t>(def)) {
            if (x != std::floor(x))
                throw InputError(context, name, "expected an integer, got '" + text + "'");
            m_values[name] = static_cast<std::int64_t>(x);
        } else {
            m_values[name] = x;
        }
    }
}

std::string ParamSet::describe() const {
    std::string s;
    for (const auto& [k, v] : m_values) s += (s.empty() ? "" : ",") + k + "=" + toString(v);
    return s;
}

std::string ParamSet::describeChanged(const std::vector<ParamSpec>& specs) const {
    std::string s;
    for (const auto& [name, v] : m_values) {
        const std::string& k = name; // a structured binding cannot be captured before C++20
        auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.name == k; });
        if (spec == specs.end() || spec->defaultValue != v)
            s += (s.empty() ? "" : ",") + k + "=" + toString(v);
    }
    return s;
}

} // namespace cdlab
