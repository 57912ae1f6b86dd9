#include "Viewport.h"

namespace cdlab {

std::string Viewport::label() const {
    const AlgorithmInfo* info = AlgorithmRegistry::instance().find(algorithm);
    std::string changed = info ? params.describeChanged(info->params) : std::string();
    return changed.empty() ? algorithm : algorithm + "[" + changed + "]";
}

const std::vector<std::uint32_t>& levelSizes(Viewport& vp) {
    int object = vp.overlays.bvhObject;
    if (vp.levelSizesObject == object) return vp.levelSizes;
    vp.levelSizesObject = object;
    vp.levelSizes.clear();
    if (vp.algo && object >= 0) vp.levelSizes = structureLevelSizes(*vp.algo, std::uint32_t(object));
    return vp.levelSizes;
}

} // namespace cdlab
