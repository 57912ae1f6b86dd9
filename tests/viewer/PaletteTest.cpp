// The viewer's palette (issue 43): in any one view no two overlay categories share a hue ("the same hue":
// both saturation above 0.2 and hues less than 20 degrees apart, Palette.h), the bodies are pale and of hues
// of their own, and a legend swatch is the colour drawn.
#include "Palette.h"
#include "DrawList.h"
#include "MotionTrail.h"
#include "OverlayTable.h"
#include "families/traversal/TraversalColours.h"
#include "peers/Peers.h"
#include "pipeline/AlgorithmRegistry.h"

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

using namespace cdlab;

namespace {
struct Swatch {
    DebugCategory category;
    Rgba colour;
};

// The colours a legend entry shows: its palette's, else its own.
std::vector<Swatch> swatches(const LegendEntry& e) {
    std::vector<Swatch> out;
    if (e.palette.empty()) out.push_back({e.category, e.colour});
    for (const Rgba& c : e.palette) out.push_back({e.category, c});
    return out;
}

std::string describe(const Swatch& s) {
    return std::string(toString(s.category)) + " (hue " + std::to_string(int(hueDegrees(s.colour))) +
           ", saturation " + std::to_string(saturation(s.colour)) + ")";
}
} // namespace

TEST(Palette, HueAndSaturationOfKnownColours) {
    EXPECT_NEAR(hueDegrees({1, 0, 0, 1}), 0, 1e-4);
    EXPECT_NEAR(hueDegrees({0, 1, 0, 1}), 120, 1e-4);
    EXPECT_NEAR(hueDegrees({0, 0, 1, 1}), 240, 1e-4);
    EXPECT_NEAR(hueDegrees({1, 0, 1, 1}), 300, 1e-4);
    EXPECT_NEAR(saturation({0.9f, 0.9f, 0.9f, 1}), 0, 1e-6);
    EXPECT_NEAR(hueDistance({1, 0, 0.1f, 1}, {1, 0.1f, 0, 1}), 12, 0.5); // across 0 degrees
    // The clashes read as one hue: the tested boxes' orange and the time-of-contact ghost's.
    EXPECT_TRUE(sameHue({1.0f, 0.55f, 0.1f, 1}, {1.0f, 0.6f, 0.15f, 1}));
    EXPECT_FALSE(sameHue({1.0f, 0.55f, 0.1f, 1}, {0.9f, 0.88f, 0.85f, 1})); // a grey has no hue to share
}

TEST(Palette, NoTwoCategoriesOfOneViewShareAHue) {
    // Each algorithm's view draws the categories it declares (AlgorithmInfo::draws) and the picked node;
    // every family's rows are checked, CATCH's too (its swept boxes were the red and green of two PCL
    // fates, its hierarchy's depth ramp the time of contact's orange).
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    int compared = 0;
    for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list()) {
        std::vector<Swatch> drawn;
        std::vector<DebugCategory> categories = a.draws;
        categories.push_back(DebugCategory::PickedNode);
        for (DebugCategory c : categories) {
            const LegendEntry* e = legendEntry(c);
            if (!e) continue;
            for (const Swatch& s : swatches(*e)) drawn.push_back(s);
        }
        for (std::size_t i = 0; i < drawn.size(); ++i)
            for (std::size_t j = i + 1; j < drawn.size(); ++j) {
                if (drawn[i].category == drawn[j].category) continue;
                ++compared;
                EXPECT_FALSE(sameHue(drawn[i].colour, drawn[j].colour))
                    << a.name << ": " << describe(drawn[i]) << " and " << describe(drawn[j]);
            }
    }
    EXPECT_GT(compared, 100);
}

TEST(Palette, BodiesArePaleAndOfHuesOfTheirOwn) {
    const auto bodies = bodyPalette();
    ASSERT_GE(bodies.size(), 6u);
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        // Pale: no body shares a hue with an overlay (the moving door was the tested boxes' orange).
        EXPECT_LE(saturation(bodies[i]), kVividSaturation) << "body colour " << i;
        EXPECT_GE(saturation(bodies[i]), 0.1f) << "body colour " << i << " has no hue of its own";
        for (std::size_t j = i + 1; j < bodies.size(); ++j)
            EXPECT_GE(hueDistance(bodies[i], bodies[j]), kSameHueDegrees)
                << "body colours " << i << ", " << j;
    }
}

TEST(Palette, ALegendSwatchIsTheColourDrawn) {
    // Whatever colour an algorithm passes, a one-colour category is drawn in its legend entry's (the
    // algorithm's alpha kept); a category of several colours keeps each of its palette's.
    OverlaySettings settings;
    settings.set(overlay::ColourByDepth, true); // a tested box keeps its colour even by depth
    int recoloured = 0;
    for (const OverlayInfo& row : overlayTable())
        for (const LegendEntry& e : row.shows) {
            DrawList draw(&settings);
            draw.setTag({0, 3});
            draw.line({0, 0, 0}, {1, 0, 0}, {0.1f, 0.2f, 0.3f, 0.7f}, e.category);
            const OverlayVertex& v = draw.lines.front();
            if (e.recolour) {
                ++recoloured;
                EXPECT_EQ(v.r, e.colour.r) << row.key;
                EXPECT_EQ(v.g, e.colour.g) << row.key;
                EXPECT_EQ(v.b, e.colour.b) << row.key;
                EXPECT_EQ(v.a, 0.7f) << row.key;
            }
            for (const Rgba& c : e.palette) {
                DrawList one(&settings);
                one.line({0, 0, 0}, {1, 0, 0}, c, e.category);
                EXPECT_EQ(one.lines.front().r, c.r) << row.key;
                EXPECT_EQ(one.lines.front().g, c.g) << row.key;
                EXPECT_EQ(one.lines.front().b, c.b) << row.key;
            }
        }
    EXPECT_GE(recoloured, 8);
    // The picked node (Ctrl+click, no row of its own) too.
    DrawList draw(&settings);
    draw.line({0, 0, 0}, {1, 0, 0}, {1, 1, 0.3f, 1}, DebugCategory::PickedNode);
    EXPECT_EQ(draw.lines.front().g, legendEntry(DebugCategory::PickedNode)->colour.g);
    EXPECT_EQ(draw.lines.front().r, legendEntry(DebugCategory::PickedNode)->colour.r);
}

TEST(Palette, TraversalStepThroughColoursAreTheOverlaysOwnOrApart) {
    // The traversal step-through (families/traversal) draws over the bvh, rigid-ccd and rigid-ccd-bm views:
    // each of its colours is the overlay colour for the same fact, exactly, or of a hue no category of
    // the view takes; among themselves, two vivid colours of one hue are the same colour.
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    std::vector<Rgba> own(std::begin(traversal::kStepColours), std::end(traversal::kStepColours));
    own.insert(own.end(), std::begin(traversal::kBmColours), std::end(traversal::kBmColours));
    auto equal = [](Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b; };
    for (std::size_t i = 0; i < own.size(); ++i)
        for (std::size_t j = i + 1; j < own.size(); ++j)
            EXPECT_TRUE(equal(own[i], own[j]) || !sameHue(own[i], own[j]))
                << "step-through colours " << i << " and " << j;
    int reused = 0, compared = 0;
    for (const char* name : {"bvh", "rigid-ccd", "rigid-ccd-bm"}) {
        const AlgorithmInfo* a = AlgorithmRegistry::instance().find(name);
        ASSERT_NE(a, nullptr) << name;
        std::vector<DebugCategory> categories = a->draws;
        categories.push_back(DebugCategory::PickedNode);
        for (const Rgba& c : own)
            for (DebugCategory cat : categories) {
                const LegendEntry* e = legendEntry(cat);
                if (!e) continue;
                for (const Swatch& s : swatches(*e)) {
                    ++compared;
                    if (equal(c, s.colour)) {
                        ++reused;
                        continue;
                    }
                    EXPECT_FALSE(sameHue(c, s.colour)) << name << ": step-through colour (hue "
                                                       << int(hueDegrees(c)) << ") and " << describe(s);
                }
            }
    }
    EXPECT_GT(compared, 100);
    EXPECT_GE(reused, 5); // separated, overlap, BM-culled, leaf, the cone: the overlays' own
}

TEST(Palette, MotionTrailTakesAHueOfItsOwnInEveryContinuousView) {
    registerPeerAlgorithms(AlgorithmRegistry::instance());
    const Rgba trail = MotionTrail::legend().colour;
    int views = 0;
    for (const AlgorithmInfo& a : AlgorithmRegistry::instance().list()) {
        if (!MotionTrail::appliesTo(a)) continue;
        ++views;
        std::vector<DebugCategory> categories = a.draws;
        categories.push_back(DebugCategory::PickedNode);
        for (DebugCategory c : categories) {
            if (const LegendEntry* e = legendEntry(c)) {
                for (const Swatch& s : swatches(*e))
                    EXPECT_FALSE(sameHue(trail, s.colour))
                        << a.name << ": the motion trail and " << describe(s);
            }
        }
    }
    EXPECT_GE(views, 4); // rigid-ccd, rigid-ccd-bm, catch, articulated-reference, the peers' CCD
}
