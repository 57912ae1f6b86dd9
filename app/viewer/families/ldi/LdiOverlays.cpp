// The LDI family's overlay rows (ldi-notes sec. 7): the query box with the teaching view's row, and the
// penetration region as depth columns. Registered below, listed last.
#include "OverlayTable.h"

namespace cdlab {

namespace {
using C = DebugCategory;
// The LDI region's depth ramp at its ends, as the ldi algorithms colour a column by its overlap length over
// the pair's max depth (LdiAlgorithm's depthColor at 0 and 1).
constexpr Rgba kLdiDepthRamp[] = {{0.2f, 0.35f, 1.0f, 1.0f}, {1.0f, 0.35f, 0.2f, 1.0f}};
constexpr const char* kLdiDepthWords[] = {"shallow", "deep"};
// The query box and the teaching row, as LdiAlgorithm draws them: a swatch each.
constexpr Rgba kLdiBoxColours[] = {{0.9f, 0.9f, 0.3f, 1}, {1.0f, 1.0f, 1.0f, 1}};
constexpr const char* kLdiBoxWords[] = {"query box Q", "teaching row"};

std::vector<OverlayInfo> rows() {
    return {
        {"ldiBox",
         "LDI query box and row",
         true,
         true,
         "LDI: the query box Q the layered depth image covers (yellow; ldi: the two bodies' common box, "
         "sbv-ldi: the box around the SBVs' overlap region, viewed along d*) and, across its near face, the "
         "pixel row the panel's teaching view shows (white).",
         {{C::LdiBox, kLdiBoxColours[0], false, "LDI:", nullptr, kLdiBoxColours, kLdiBoxWords}}},
        {"ldiRegion",
         "LDI penetration region",
         true,
         true,
         "LDI: the penetration region sampled as depth columns, about 64 across the window: each runs along "
         "the view axis from the first to the last depth where its pixel's ray is inside both bodies, "
         "coloured by its overlap length from blue (shallow) to red (the pair's max depth).",
         {{C::LdiRegion, kLdiDepthRamp[1], false, "LDI penetration depth:", nullptr, kLdiDepthRamp,
           kLdiDepthWords}}},
    };
}

const bool registered = registerOverlays(30, rows());
// The first-time picture: the query box and the penetration region, with the bodies see-through (drawn
// opaque they hid the region, which lies inside both).
const bool ldiRecommended = registerRecommendation({"ldi",
                                                    {"ldiBox", "ldiRegion", "seeThroughBodies"},
                                                    {},
                                                    -1,
                                                    "the query box and the region inside the bodies"});
const bool sbvLdiRecommended =
    registerRecommendation({"sbv-ldi",
                            {"ldiBox", "ldiRegion", "seeThroughBodies"},
                            {},
                            -1,
                            "the query box around the SBVs' overlap and the region inside the bodies"});
} // namespace

} // namespace cdlab
