// PlotPng: the bench's SVG plots rasterized to PNG (the data plots of `cdlab-bench paper`).
#include "PlotPng.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace cdlab {
namespace {

std::string svg(const std::string& body, int w = 100, int h = 50) {
    return "<svg xmlns='http://www.w3.org/2000/svg' width='" + std::to_string(w) + "' height='" +
           std::to_string(h) + "' font-family='sans-serif' font-size='12'>\n" +
           "<rect width='100%' height='100%' fill='white'/>\n" + body + "</svg>\n";
}

int countPixels(const PlotImage& img, std::uint32_t rgb, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) n += img.at(x, y) == rgb;
    return n;
}

TEST(PlotPng, DrawsLinesCirclesAndRectsWhereTheSvgPutsThem) {
    const PlotImage img =
        rasterizePlotSvg(svg("<line x1='10' y1='10' x2='90' y2='10' stroke='#ff0000' stroke-width='2'/>\n"
                             "<circle cx='50' cy='30' r='5' fill=\"#00ff00\"/>\n"
                             "<rect x='80' y='40' width='10' height='5' fill='#00f'/>\n"
                             "<polyline fill='none' stroke='black' points='10,45 30,45'/>\n"),
                         2.0);
    ASSERT_EQ(img.width, 200);
    ASSERT_EQ(img.height, 100);
    EXPECT_EQ(img.at(100, 20), 0xff0000u); // on the line (y 10 at scale 2)
    EXPECT_EQ(img.at(100, 60), 0x00ff00u); // the circle's centre
    EXPECT_EQ(img.at(170, 85), 0x0000ffu); // inside the rect
    EXPECT_EQ(img.at(40, 90), 0x000000u);  // on the polyline
    EXPECT_EQ(img.at(5, 5), 0xffffffu);    // the background
    EXPECT_EQ(img.at(100, 40), 0xffffffu); // between line and circle
}

TEST(PlotPng, TextIsDrawnAtItsAnchorAndRotated) {
    const PlotImage start = rasterizePlotSvg(svg("<text x='10' y='30' fill='#000000'>axis (ms)</text>"), 2.0);
    const PlotImage end =
        rasterizePlotSvg(svg("<text x='90' y='30' text-anchor='end'>axis (ms)</text>"), 2.0);
    // Start-anchored text lies right of x 10, end-anchored left of x 90; both on the baseline's line.
    EXPECT_GT(countPixels(start, 0, 20, 40, 200, 62), 20);
    EXPECT_EQ(countPixels(start, 0, 0, 0, 20, 100), 0);
    EXPECT_GT(countPixels(end, 0, 0, 40, 180, 62), 20);
    EXPECT_EQ(countPixels(end, 0, 180, 0, 200, 100), 0);
    // A vertical axis label: rotate(-90) around its anchor turns the text into a column.
    const PlotImage vertical = rasterizePlotSvg(
        svg("<text x='20' y='80' transform='rotate(-90 20 80)'>ms per step</text>", 100, 100), 2.0);
    EXPECT_GT(countPixels(vertical, 0, 20, 60, 44, 162), 20);
    EXPECT_EQ(countPixels(vertical, 0, 60, 0, 200, 200), 0);
}

TEST(PlotPng, RejectsWhatItCannotDrawNamingIt) {
    auto message = [](const std::string& text) {
        try {
            rasterizePlotSvg(text);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message(svg("<path d='M0 0 L10 10'/>")).find("<path>"), std::string::npos);
    EXPECT_NE(message(svg("<line x1='0' y1='0' x2='1' y2='1' stroke='hotpink'/>")).find("hotpink"),
              std::string::npos);
    EXPECT_NE(message(svg("<rect width='1' height='1' fill='#zz0000'/>")).find("#zz0000"), std::string::npos);
    EXPECT_NE(message(svg("<text x='1' y='1' transform='rotate(45 1 1)'>a</text>")).find("rotate(45"),
              std::string::npos);
    EXPECT_NE(message("<g></g>").find("<svg>"), std::string::npos);
    EXPECT_NE(message(svg("<line x1='a' y1='0' stroke='black'/>")).find("x1='a'"), std::string::npos);
}

TEST(PlotPng, WritePlotPngNamesTheFileItCannotRead) {
    try {
        writePlotPng("/nonexistent/plot.svg", "/tmp/never.png");
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/plot.svg"), std::string::npos);
    }
}

} // namespace
} // namespace cdlab
