// The viewer's overlay table (app/viewer/OverlayTable): every category an algorithm draws has a legend entry
// and a toggle, the defaults and settings keys are consistent, and an option that cannot apply to a view's
// algorithm says which algorithms it applies to.
#include "OverlayTable.h"
#include "articulated/CatchDetail.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <iterator>
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
        if (c != DebugCategory::PickedNode) { // shown by Ctrl+click, not by a toggle
            EXPECT_NE(overlayFor(c), nullptr) << toString(c) << " is drawn but no toggle shows it";
        }
    }
}

TEST(OverlayTable, KeysDefaultsAndRefinementsAreConsistent) {
    OverlaySettings defaults, reset;
    resetOverlays(reset);
    std::set<std::string> keys;
    for (const OverlayInfo& row : overlayTable()) {
        EXPECT_TRUE(keys.insert(row.key).second) << row.key << " twice";
        EXPECT_EQ(defaults.get(row.id), row.defaultOn)
            << row.key << ": OverlaySettings and the table disagree";
        EXPECT_EQ(reset.get(row.id), row.defaultOn) << row.key;
        EXPECT_EQ(&overlayRow(row.id), &row) << row.key;
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
    s.set(overlay::Bvh, true), s.set(overlay::BvhCulled, true), s.set(overlay::BvhOnlyOverlapped, false);
    EXPECT_FALSE(overlayOn(*culled, s)); // "culled this frame" did nothing without "only tested"
    s.set(overlay::BvhOnlyOverlapped, true);
    EXPECT_TRUE(overlayOn(*culled, s));
    s.set(overlay::Bvh, false);
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

TEST(OverlayTable, CatchTimeOfContactViewsRefineTheTimeOfContact) {
    // The other links at the TOC and the step-through's iteration are only drawn with the time of contact.
    const auto& registry = AlgorithmRegistry::instance();
    const OverlayInfo* poses = overlayFor(DebugCategory::TocPose);
    ASSERT_NE(poses, nullptr);
    const OverlayInfo* step = findOverlay("advanceStep");
    ASSERT_NE(step, nullptr);
    for (const OverlayInfo* row : {poses, step}) {
        ASSERT_NE(row->refines, nullptr) << row->key;
        EXPECT_EQ(std::string(row->refines), "timeOfContact") << row->key;
        OverlaySettings s;
        EXPECT_TRUE(overlayOn(*row, s)) << row->key << " is on by default";
        s.set(overlay::TimeOfContact, false);
        EXPECT_FALSE(overlayOn(*row, s)) << row->key;
    }
    EXPECT_TRUE(overlayApplies(*step, *registry.find("catch")));
    EXPECT_FALSE(overlayApplies(*step, *registry.find("bvh")));
    const LegendEntry* legend = legendEntry(DebugCategory::TocPose);
    ASSERT_NE(legend, nullptr);
    EXPECT_TRUE(legend->palette.empty());
}

TEST(OverlayTable, PclLegendNamesEveryFateColour) {
    // The PCL ghosts are coloured by their pair's fate in temporal culling (zhang2007 Fig. 6): the legend
    // line shows the five colours, each with a word, in PairAdvance::Fate's order.
    const LegendEntry* pcl = legendEntry(DebugCategory::PotentialPair);
    ASSERT_NE(pcl, nullptr);
    ASSERT_EQ(pcl->palette.size(), std::size(kPclFateColors));
    ASSERT_EQ(pcl->paletteWords.size(), pcl->palette.size());
    for (std::size_t k = 0; k < pcl->palette.size(); ++k) {
        EXPECT_EQ(pcl->palette[k].r, kPclFateColors[k].r) << k;
        EXPECT_EQ(pcl->palette[k].g, kPclFateColors[k].g) << k;
        EXPECT_EQ(pcl->palette[k].b, kPclFateColors[k].b) << k;
        ASSERT_NE(pcl->paletteWords[k], nullptr);
        EXPECT_GT(std::string(pcl->paletteWords[k]).size(), 0u);
    }
    EXPECT_EQ(std::string(pcl->paletteWords[std::size_t(PairAdvance::Fate::Abandoned)]), "abandoned");
    EXPECT_EQ(std::string(pcl->paletteWords[std::size_t(PairAdvance::Fate::Earliest)]), "TOC");
}

TEST(OverlayTable, LegendLinesAreShort) {
    // Drawn at the bottom left of a view: an 800-pixel window's view is 560 pixels wide; a line of at most 60
    // characters of ImGui's default font (7 pixels each, a swatch counted as 3) keeps within 420 of them.
    for (int c = 0; c < int(DebugCategory::Count); ++c) {
        const LegendEntry* e = legendEntry(DebugCategory(c));
        if (!e) continue;
        std::size_t chars = std::string(e->meaning).size() + 3; // the swatch
        for (const char* w : e->paletteWords) chars += std::string(w).size() + 3;
        EXPECT_LE(chars, 60u) << toString(DebugCategory(c)) << ": " << e->meaning;
        if (e->continuous) {
            EXPECT_LE(std::string(e->continuous).size() + 3, 60u) << e->continuous;
        }
    }
}
