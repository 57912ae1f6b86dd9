#include "pipeline/AlgorithmRegistry.h"

#include "core/InputError.h"

#include <algorithm>

namespace cdlab {

AlgorithmRegistry& AlgorithmRegistry::instance() {
    static AlgorithmRegistry* registry = [] {
        auto* r = new AlgorithmRegistry;
        registerBuiltinAlgorithms(*r);
        return r;
    }();
    return *registry;
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

std::unique_ptr<Algorithm> AlgorithmRegistry::create(const std::string& name,
                                                     const std::map<std::string, std::string>& overrides,
                                                     const std::string& context) const {
    const AlgorithmInfo* info = find(name);
    if (!info) {
        std::string known;
        for (const auto& a : m_list) known += (known.empty() ? "" : ", ") + a.name;
        throw InputError(context, name, "unknown algorithm (known: " + known + ")");
    }
    ParamSet params(info->params);
    for (const auto& [k, v] : overrides) params.setFromString(info->params, k, v, context + " " + name);
    return info->create(params);
}

} // namespace cdlab
