#include "scene/ModelGenerators.h"

#include "core/InputError.h"
#include "core/Registry.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cdlab {

namespace {

Registry<ModelGeneratorInfo>& registry() {
    static Registry<ModelGeneratorInfo> generators;
    return generators;
}

} // namespace

ModelParams::ModelParams(const nlohmann::json& params, std::string file, std::string jsonPath,
                         const std::vector<ParamSpec>& known)
    : m_values(nlohmann::json::object()), m_file(std::move(file)), m_path(std::move(jsonPath)) {
    for (const ParamSpec& p : known) m_values[p.name] = toJson(p.defaultValue);
    if (params.is_null()) return;
    if (!params.is_object())
        throw InputError(m_file, m_path + ".params",
                         std::string("expected an object, got ") + params.type_name());
    for (auto it = params.begin(); it != params.end(); ++it) {
        if (!m_values.contains(it.key())) {
            std::string names;
            for (const ParamSpec& p : known) names += (names.empty() ? "" : ", ") + p.name;
            fail(it.key(), "unknown parameter (expected one of: " + names + ")");
        }
        m_values[it.key()] = it.value();
    }
}

void ModelParams::fail(const std::string& name, const std::string& what) const {
    throw InputError(m_file, m_path + ".params." + name, what);
}

const nlohmann::json& ModelParams::value(const std::string& name) const {
    if (!m_values.contains(name)) fail(name, "no such parameter");
    return m_values[name];
}

double ModelParams::number(const std::string& name, double min, double max) const {
    const nlohmann::json& v = value(name);
    if (!v.is_number()) fail(name, std::string("expected a number, got ") + v.type_name());
    double x = v.get<double>();
    if (!std::isfinite(x) || x < min || x > max)
        fail(name, "expected a number in [" + nlohmann::json(min).dump() + ", " + nlohmann::json(max).dump() +
                       "], got " + v.dump());
    return x;
}

int ModelParams::integer(const std::string& name, int min, int max) const {
    double x = number(name, min, max);
    if (x != std::floor(x)) fail(name, "expected an integer, got " + value(name).dump());
    return int(x);
}

std::string ModelParams::choice(const std::string& name, const std::vector<std::string>& choices) const {
    const nlohmann::json& v = value(name);
    std::string list;
    for (const std::string& c : choices) list += (list.empty() ? "" : ", ") + c;
    if (!v.is_string()) fail(name, "expected one of " + list + ", got " + v.dump());
    std::string s = v.get<std::string>();
    if (std::find(choices.begin(), choices.end(), s) == choices.end())
        fail(name, "expected one of " + list + ", got '" + s + "'");
    return s;
}

bool ModelParams::boolean(const std::string& name) const {
    const nlohmann::json& v = value(name);
    if (!v.is_boolean()) fail(name, std::string("expected true or false, got ") + v.type_name());
    return v.get<bool>();
}

bool registerModelGenerator(ModelGeneratorInfo info) {
    registry().add(std::move(info));
    return true;
}

const std::vector<ModelGeneratorInfo>& modelGenerators() {
    return registry().list();
}

ArticulatedModel generateModel(const std::string& generator, const nlohmann::json& params,
                               const std::string& file, const std::string& jsonPath) {
    const ModelGeneratorInfo* g = registry().find(generator);
    if (!g)
        throw InputError(file, jsonPath + ".generator",
                         "unknown model generator '" + generator + "' (known: " + registry().names("none") +
                             ")");
    ArticulatedModel m = g->create(ModelParams(params, file, jsonPath, g->params));
    for (std::size_t i = 0; i < m.links.size(); ++i)
        if (m.links[i].parent >= int(i) || m.links[i].parent < -1 || !m.links[i].mesh)
            throw std::logic_error("model generator '" + generator + "': link " + std::to_string(i) +
                                   " has no mesh or comes before its parent");
    for (Link& l : m.links)
        if (l.source.generator.empty() && l.source.file.empty()) l.source.generator = generator;
    return m;
}

} // namespace cdlab
