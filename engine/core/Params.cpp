#include "core/Params.h"

#include "core/Assert.h"
#include "core/InputError.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

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

JsonParams::JsonParams(const nlohmann::json& params, const std::vector<ParamSpec>& specs, std::string file,
                       std::string path)
    : m_params(params), m_specs(specs), m_file(std::move(file)), m_path(std::move(path)) {
    if (m_params.is_null()) return;
    if (!m_params.is_object())
        throw InputError(m_file, m_path,
                         std::string("expected an object of parameters, got ") + m_params.type_name());
    for (auto it = m_params.begin(); it != m_params.end(); ++it)
        if (!findParam(m_specs, it.key())) {
            std::string known;
            for (const ParamSpec& p : m_specs) known += (known.empty() ? "" : ", ") + p.name;
            fail(it.key(), "unknown parameter (known: " + (known.empty() ? "none" : known) + ")");
        }
}

const ParamSpec& JsonParams::spec(const std::string& name) const {
    const ParamSpec* s = findParam(m_specs, name);
    // Every parameter a generator reads is described: the list `cdlab-bench list` prints is complete.
    CDLAB_ASSERT(s, "a generator reads a parameter it does not describe");
    if (!s) throw std::logic_error("generator reads parameter '" + name + "', which it does not describe");
    return *s;
}

const nlohmann::json* JsonParams::given(const std::string& name) const {
    if (m_params.is_null() || !m_params.contains(name)) return nullptr;
    return &m_params[name];
}

void JsonParams::fail(const std::string& name, const std::string& what) const {
    throw InputError(m_file, m_path + "." + name, what);
}

double JsonParams::number(const std::string& name) const {
    const ParamSpec& s = spec(name);
    CDLAB_ASSERT(std::holds_alternative<double>(s.defaultValue) ||
                     std::holds_alternative<std::int64_t>(s.defaultValue),
                 "a numeric parameter");
    const nlohmann::json* v = given(name);
    if (!v) {
        if (const auto* i = std::get_if<std::int64_t>(&s.defaultValue)) return double(*i);
        return std::get<double>(s.defaultValue);
    }
    if (!v->is_number()) fail(name, std::string("expected a number, got ") + v->type_name());
    const double x = v->get<double>();
    if (!(x >= s.min && x <= s.max)) {
        // An integer parameter's range as integers ("[1, 50]"), a number's as JSON writes it ("[1e-09,
        // 0.5]").
        auto bound = [&](double b) {
            return std::holds_alternative<std::int64_t>(s.defaultValue) ? std::to_string(std::int64_t(b))
                                                                        : nlohmann::json(b).dump();
        };
        fail(name, "value " + v->dump() + " out of range [" + bound(s.min) + ", " + bound(s.max) + "]");
    }
    return x;
}

int JsonParams::integer(const std::string& name) const {
    CDLAB_ASSERT(std::holds_alternative<std::int64_t>(spec(name).defaultValue), "an integer parameter");
    const double x = number(name);
    if (x != std::floor(x)) fail(name, "expected an integer, got " + given(name)->dump());
    return int(x);
}

std::string JsonParams::choice(const std::string& name) const {
    const ParamSpec& s = spec(name);
    CDLAB_ASSERT(std::holds_alternative<std::string>(s.defaultValue) && !s.choices.empty(), "a choice");
    const nlohmann::json* v = given(name);
    if (!v) return std::get<std::string>(s.defaultValue);
    if (!v->is_string() ||
        std::find(s.choices.begin(), s.choices.end(), v->get<std::string>()) == s.choices.end()) {
        std::string list;
        for (const std::string& c : s.choices) list += (list.empty() ? "" : ", ") + c;
        fail(name, "expected one of " + list + ", got " + v->dump());
    }
    return v->get<std::string>();
}

bool JsonParams::boolean(const std::string& name) const {
    const ParamSpec& s = spec(name);
    const nlohmann::json* v = given(name);
    if (!v) return std::get<bool>(s.defaultValue);
    if (!v->is_boolean()) fail(name, std::string("expected true or false, got ") + v->type_name());
    return v->get<bool>();
}

const nlohmann::json* JsonParams::structured(const std::string& name) const {
    spec(name);
    return given(name);
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
