#include "Viewport.h"

#include "Replay.h"

namespace cdlab {

std::string Viewport::label() const {
    const AlgorithmInfo* info = AlgorithmRegistry::instance().find(algorithm);
    std::string changed = info ? params.describeChanged(info->params) : std::string();
    const std::string base = changed.empty() ? algorithm : algorithm + "[" + changed + "]";
    return replay ? base + " (" + replay->tag() + ")" : base;
}

const AlgorithmInfo* Viewport::drawnBy() const {
    if (replay) return replay->info(replayView);
    return AlgorithmRegistry::instance().find(preparedAlgorithm.empty() ? algorithm : preparedAlgorithm);
}

bool Viewport::recommendOverlays() {
    if (preparedAlgorithm == m_recommendedFor) return false;
    m_recommendedFor = preparedAlgorithm;
    std::vector<bool> toggles(overlayCount());
    bool pristine = overlays.bvhLevel == OverlaySettings().bvhLevel;
    for (OverlayId row = 0; row < overlayCount(); ++row) {
        toggles[row] = overlays.get(row);
        pristine &= toggles[row] == overlayRow(row).defaultOn;
    }
    const bool untouched = toggles == m_recommendedToggles && overlays.bvhLevel == m_recommendedLevel;
    if (!pristine && !untouched) return false; // the user's own choice
    showRecommendedOverlays();
    return true;
}

void Viewport::showRecommendedOverlays() {
    m_recommendedFor = preparedAlgorithm;
    // Back to the table's defaults (the last algorithm's recommendation was for it), then this one's.
    const int object = overlays.bvhObject;
    overlays = OverlaySettings();
    overlays.bvhObject = object;
    // The family's recommendation, registered beside its overlay rows (OverlayTable.h).
    if (const OverlayRecommendation* r = recommendedOverlays(preparedAlgorithm)) {
        for (const char* key : r->on)
            if (const OverlayInfo* row = findOverlay(key)) overlays.set(row->id, true);
        for (const char* key : r->off)
            if (const OverlayInfo* row = findOverlay(key)) overlays.set(row->id, false);
        if (r->level >= 0) overlays.bvhLevel = r->level;
    }
    m_recommendedToggles.assign(overlayCount(), false);
    for (OverlayId row = 0; row < overlayCount(); ++row) m_recommendedToggles[row] = overlays.get(row);
    m_recommendedLevel = overlays.bvhLevel;
}

bool Viewport::step(double t0, double t1) {
    m_reusedLast = false;
    draw.clear();
    if (!algo) return false;
    recommendOverlays(); // a newly prepared algorithm's picture, unless the user chose the overlays
    std::vector<bool> toggles(overlayCount());
    for (OverlayId row = 0; row < overlayCount(); ++row) toggles[row] = overlays.get(row);
    // The same span of the same prepared algorithm with the same overlays (what the DrawList lets it draw):
    // its answer and drawing are the last run's (steps are deterministic: the goldens pin them).
    if (m_last.algo == algo.get() && m_last.t0 == t0 && m_last.t1 == t1 && m_last.overlays == toggles &&
        m_last.bvhObject == overlays.bvhObject && m_last.bvhLevel == overlays.bvhLevel &&
        m_last.pickedNode == overlays.pickedNode) {
        draw = m_last.draw;
        m_reusedLast = true;
        ++m_stepsReused;
        return false;
    }
    result = algo->step(t0, t1, stepSink ? stepSink : &draw);
    ++m_stepsRun;
    timing.push(result.stages);
    pushBounded(counters, result.counters, TimingHistory::kCapacity);
    pushBounded(stageTimes, result.stages, TimingHistory::kCapacity);
    m_last.algo = algo.get(), m_last.t0 = t0, m_last.t1 = t1, m_last.overlays = std::move(toggles);
    m_last.bvhObject = overlays.bvhObject, m_last.bvhLevel = overlays.bvhLevel;
    m_last.pickedNode = overlays.pickedNode;
    m_last.draw = draw;
    return true;
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
