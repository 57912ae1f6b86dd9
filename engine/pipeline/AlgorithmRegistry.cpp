#include "pipeline/AlgorithmRegistry.h"

#include "core/InputError.h"

#include <stdexcept>

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
    if (role != Role::Method) s += std::string(" ") + toString(role);
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

const AlgorithmInfo* AlgorithmRegistry::referenceFor(AlgorithmKind kind) const {
    for (const AlgorithmInfo& a : list())
        if (a.role == Role::Reference && a.hashReference && a.kind == kind) return &a;
    return nullptr;
}

std::unique_ptr<Algorithm> AlgorithmRegistry::createReference(AlgorithmKind kind) const {
    const AlgorithmInfo* ref = referenceFor(kind);
    if (!ref) throw std::logic_error(std::string("no reference algorithm of kind ") + toString(kind));
    return ref->create(ParamSet(ref->params));
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
        throw InputError(context, spec.name, "unknown algorithm (known: " + m_entries.names() + ")");
    }
    ParamSet params(info->params);
    for (const auto& [k, v] : spec.params)
        params.setFromString(info->params, k, v, context + " " + spec.name);
    return params;
}

} // namespace cdlab
