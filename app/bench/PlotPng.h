// PlotPng: the bench's data plots as PNG. The plots are written once, as SVG, by the command that measures
// them (swept-boxes, sbv-tables, ldi-accuracy, bvh-build --series, paper's own); this rasterizes that SVG, so
// the PNG shows exactly what the SVG does and no plot's data logic exists twice. It reads the subset of SVG
// the bench writes (svg, rect, line, polyline, circle, text with text-anchor, font-size and a rotate() by a
// multiple of 90 degrees) and rejects anything else naming the element, so a plot drawn with an element this
// does not know fails loudly instead of losing a part. Text is drawn with stb_easy_font (ASCII segments),
// scaled to the SVG's font size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab {

/// An RGB image, rows top to bottom.
struct PlotImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;
    /// The pixel at (x, y) as 0xRRGGBB.
    std::uint32_t at(int x, int y) const;
};

/// Rasterizes `svg` (the bench's plot subset) at `scale` pixels per SVG unit. Throws std::runtime_error
/// naming the element or attribute it cannot draw.
PlotImage rasterizePlotSvg(const std::string& svg, double scale = 2.0);

/// Reads the SVG file `svgPath` and writes its rasterization to `pngPath`; returns the image. Throws
/// std::runtime_error naming the file on a read or write failure or an element it cannot draw.
PlotImage writePlotPng(const std::string& svgPath, const std::string& pngPath, double scale = 2.0);

} // namespace cdlab
