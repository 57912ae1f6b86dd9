// The viewer's overlay table (app/viewer/OverlayTable): every category an algorithm draws has a legend entry
// and a toggle, the defaults and settings keys are consistent, and an option that cannot apply to a view's
// algorithm says which algorithms it applies to.
#include "OverlayTable.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <set>

using namespace cdlab;

TEST(OverlayTable, EveryCategoryAnAlgorithmDrawsHasALegendEntryAndAToggle) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    std::set<DebugCategory> drawn;
    for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list())
        drawn.insert(a.draws.begin(), a.draws.end());
    ASSERT_GE(drawn.size(), 10u);
    for (DebugCategory c : drawn) {
        EXPECT_NE(legendEntry(c), nullptr) << toString(c) << " is drawn but has no legend entry";
        if (c != DebugCategory::PickedNode) // shown by Ctrl+click, not by a toggle
            EXPECT_NE(overlayFor(c), nullptr) << toString(c) << " is drawn but no toggle shows it";
    }
}

TEST(OverlayTable, KeysDefaultsAndRefinementsAreConsistent) {
    OverlaySettings defaults, reset;
    resetOverlays(reset);
    std::set<std::string> keys;
    for (const OverlayInfo& row : overlayTable()) {
        EXPECT_TRUE(keys.insert(row.key).second) << row.key << " twice";
        EXPECT_EQ(defaults.*row.flag, row.defaultOn) << row.key << ": OverlaySettings and the table disagree";
        EXPECT_EQ(reset.*row.flag, row.defaultOn) << row.key;
        if (row.refines) {
            EXPECT_TRUE(keys.count(row.refines))
                << row.key << " refines " << row.refines << ", listed after it";
            EXPECT_NE(std::string(row.label).find("refines"), std::string::npos)
                << row.key << ": a refining option says so in its label";
        }
    }
}

TEST(OverlayTable, RefiningOptionsAreOnlyOnWithWhatTheyRefine) {
    const OverlayInfo* culled = overlayFor(DebugCategory::BvSeparated);
    ASSERT_NE(culled, nullptr);
    OverlaySettings s;
    s.bvh = true, s.bvhCulled = true, s.bvhOnlyOverlapped = false;
    EXPECT_FALSE(overlayOn(*culled, s)); // "culled this frame" did nothing without "only tested"
    s.bvhOnlyOverlapped = true;
    EXPECT_TRUE(overlayOn(*culled, s));
    s.bvh = false;
    EXPECT_FALSE(overlayOn(*culled, s));
}

TEST(OverlayTable, AnOptionThatCannotApplySaysWhereItDoes) {
    const auto& registry = AlgorithmRegistry::instance();
    const OverlayInfo* bm = overlayFor(DebugCategory::BmCulled);
    ASSERT_NE(bm, nullptr);
    std::string why;
    EXPECT_TRUE(overlayApplies(*bm, *registry.find("rigid-ccd-bm"), &why));
    EXPECT_EQ(why, "");
    EXPECT_FALSE(overlayApplies(*bm, *registry.find("rigid-ccd"), &why));
    EXPECT_EQ(why, "rigid-ccd draws nothing of this; it is drawn by rigid-ccd-bm.");
    EXPECT_FALSE(overlayApplies(*overlayFor(DebugCategory::TimeOfContact), *registry.find("bvh")));
    // A style option applies where the option it refines does.
    const OverlayInfo* depth = nullptr;
    for (const OverlayInfo& row : overlayTable())
        if (std::string(row.key) == "colourByDepth") depth = &row;
    ASSERT_NE(depth, nullptr);
    EXPECT_TRUE(overlayApplies(*depth, *registry.find("bvh")));
    EXPECT_FALSE(overlayApplies(*depth, *registry.find("brute-force")));
}
