#include "pipeline/AlgorithmRegistry.h"

#include "core/InputError.h"

#include <algorithm>

namespace cdlab {

const char* toString(AlgorithmKind k) {
    switch (k) {
    case AlgorithmKind::Discrete:
        return "discrete";
    case AlgorithmKind::Continuous:
        return "continuous";
    case AlgorithmKind::Penetration:
        return "penetration";
    case AlgorithmKind::Culling:
        return "culling";
    }
    return "?";
}

std::string AlgorithmInfo::kindLabel() const {
    std::string s = toString(kind);
    if (role == AlgorithmRole::Reference) s += " reference";
    if (role == AlgorithmRole::Peer) s += " peer";
    return s;
}

AlgorithmRegistry& AlgorithmRegistry::instance() {
    // Built on first use, so registrations from other files' static initializers find it whatever their
    // order; never destroyed, so no algorithm outlives it at exit.
    static AlgorithmRegistry* registry = new AlgorithmRegistry;
    return *registry;
}

bool registerAlgorithm(AlgorithmInfo info) {
    AlgorithmRegistry::instance().add(std::move(info));
    return true;
}

void AlgorithmRegistry::add(AlgorithmInfo info) {
    auto it = std::find_if(m_list.begin(), m_list.end(),
                           [&](const AlgorithmInfo& a) { return a.name == info.name; });
    if (it != m_list.end())
        *it = std::move(info);
    else
        m_list.push_back(std::move(info));
    std::sort(m_list.begin(), m_list.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}

const AlgorithmInfo* AlgorithmRegistry::find(const std::string& name) const {
    for (const auto& a : m_list)
        if (a.name == name) return &a;
    return nullptr;
}

std::unique_ptr<Algorithm> AlgorithmRegistry::create(const AlgorithmSpec& spec,
                                                     const std::string& context) const {
    ParamSet params = parameters(spec, context); // throws on an unknown name
    return find(spec.name)->create(params);
}

AlgorithmKind AlgorithmRegistry::kindOf(const AlgorithmSpec& spec) const {
    const AlgorithmInfo* info = find(spec.name);
    if (info && !info->kindFor) return info->kind;
    const ParamSet params = parameters(spec); // throws on an unknown algorithm
    return info->kindFor(params);
}

ParamSet AlgorithmRegistry::parameters(const AlgorithmSpec& spec, const std::string& context) const {
    const AlgorithmInfo* info = find(spec.name);
    if (!info) {
        std::string known;
        for (const auto& a : m_list) known += (known.empty() ? "" : ", ") + a.name;
        throw InputError(context, spec.name, "unknown algorithm (known: " + known + ")");
    }
    ParamSet params(info->params);
    for (const auto& [k, v] : spec.params)
        params.setFromString(info->params, k, v, context + " " + spec.name);
    return params;
}

} // namespace cdlab
