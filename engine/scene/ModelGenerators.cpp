#include "scene/ModelGenerators.h"

#include "core/InputError.h"
#include "core/Registry.h"

#include <stdexcept>

namespace cdlab {

namespace {

Registry<ModelGeneratorInfo>& registry() {
    static Registry<ModelGeneratorInfo> generators;
    return generators;
}

} // namespace

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
    ArticulatedModel m = g->create(JsonParams(params, g->params, file, jsonPath + ".params"));
    for (std::size_t i = 0; i < m.links.size(); ++i)
        if (m.links[i].parent >= int(i) || m.links[i].parent < -1 || !m.links[i].mesh)
            throw std::logic_error("model generator '" + generator + "': link " + std::to_string(i) +
                                   " has no mesh or comes before its parent");
    for (Link& l : m.links)
        if (l.source.generator.empty() && l.source.file.empty()) l.source.generator = generator;
    return m;
}

} // namespace cdlab
