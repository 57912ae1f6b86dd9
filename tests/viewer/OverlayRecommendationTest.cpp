// Recommended overlays per algorithm (issue 43): every algorithm family has a first-time picture, registered
// beside its overlay rows, that turns on only rows its algorithm can draw (a row it cannot would show
// nothing), and the generic rows name no algorithm.
#include "FrameWarnings.h"
#include "OverlayTable.h"
#include "culling/BmCounters.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <string>

using namespace cdlab;

TEST(OverlayRecommendation, EveryFamilyHasAPictureOfRowsItsAlgorithmDraws) {
    for (const char* name : {"bvh", "rigid-ccd", "rigid-ccd-bm", "catch", "sbv", "ldi", "sbv-ldi"}) {
        const OverlayRecommendation* r = recommendedOverlays(name);
        ASSERT_NE(r, nullptr) << name << " has no recommended overlays";
        ASSERT_NE(r->why, nullptr) << name;
        const AlgorithmInfo* algo = AlgorithmRegistry::instance().find(name);
        ASSERT_NE(algo, nullptr) << name;
        EXPECT_FALSE(r->on.empty()) << name;
        for (const char* key : r->on) {
            const OverlayInfo* row = findOverlay(key);
            ASSERT_NE(row, nullptr) << name << " recommends the unknown row " << key;
            std::string why;
            EXPECT_TRUE(overlayApplies(*row, *algo, &why)) << name << " recommends " << key << ": " << why;
        }
        for (const char* key : r->off) EXPECT_NE(findOverlay(key), nullptr) << name << ": " << key;
    }
    EXPECT_EQ(recommendedOverlays("brute-force"), nullptr) << "the table's defaults suit a reference";
}

TEST(OverlayRecommendation, TheRegionInsideTheBodiesIsSeenThrough) {
    // The LDI region and the SBVs' overlap region lie inside both bodies: drawn opaque they hid it.
    for (const char* name : {"ldi", "sbv-ldi", "sbv"}) {
        bool seeThrough = false;
        for (const char* key : recommendedOverlays(name)->on)
            seeThrough |= std::string(key) == "seeThroughBodies";
        EXPECT_TRUE(seeThrough) << name;
    }
    const OverlayInfo* row = findOverlay("seeThroughBodies");
    ASSERT_NE(row, nullptr);
    EXPECT_FALSE(row->defaultOn);
    EXPECT_TRUE(row->shows.empty()) << "a drawing style, listed for every algorithm";
}

TEST(FrameWarnings, BmCullingWarnsOfAFrameStartingInterpenetrated) {
    // Registered by the BVH family's presentation (the View panel names no counter of a family's).
    FrameResult r;
    EXPECT_TRUE(frameWarnings(r).empty());
    r.counters.add(counter::BmStartOverlaps, 2);
    const std::vector<std::string> w = frameWarnings(r);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_NE(w[0].find("starts with 2 body pairs interpenetrating"), std::string::npos) << w[0];
}
