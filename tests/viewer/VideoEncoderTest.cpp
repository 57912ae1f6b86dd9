// Video export (issue 44): what VideoEncoder writes decodes again (libavformat/libavcodec, VideoReader) with
// the frames, size and pictures given — MP4 (H.264) and GIF (our median-cut palette) — and bad paths fail
// naming the file, leaving nothing behind.
#include "VideoEncoder.h"
#include "VideoPalette.h"
#include "VideoReader.h"
#include "core/InputError.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace cdlab;
namespace fs = std::filesystem;

namespace {

constexpr std::uint8_t kBackground[3] = {31, 33, 38}, kSquare[3] = {230, 160, 40};

/// Frame k of a test clip: the background with a square moving right by 8 pixels per frame.
std::vector<std::uint8_t> clipFrame(int k, int width, int height) {
    std::vector<std::uint8_t> rgba(std::size_t(width) * height * 4);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const bool square = x >= 8 * k && x < 8 * k + 48 && y >= 40 && y < 88;
            std::uint8_t* p = &rgba[(std::size_t(y) * width + x) * 4];
            for (int c = 0; c < 3; ++c) p[c] = square ? kSquare[c] : kBackground[c];
            p[3] = 255;
        }
    return rgba;
}

/// The decoded frame's pixel (x, y) is within `tolerance` of `expected` in every channel.
void expectPixel(const test::DecodedVideo& v, int frame, int x, int y, const std::uint8_t* expected,
                 int tolerance) {
    const std::uint8_t* p = &v.rgb[std::size_t(frame)][(std::size_t(y) * v.width + x) * 3];
    for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(int(p[c]), int(expected[c]), tolerance)
            << "frame " << frame << " pixel (" << x << ", " << y << ") channel " << c;
}

struct TempDir {
    fs::path path = fs::temp_directory_path() / ("cdlab-video-test-" + std::to_string(::getpid()));
    TempDir() { fs::create_directories(path); }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

/// Writes the 24-frame test clip at `width` x `height` (bottom-up rows when `bottomUp`, as glReadPixels
/// gives them) and decodes it.
test::DecodedVideo roundTrip(const fs::path& file, int width, int height, bool bottomUp = false) {
    VideoEncoder encoder(file.string(), 24);
    for (int k = 0; k < 24; ++k) {
        std::vector<std::uint8_t> rgba = clipFrame(k, width, height);
        if (!bottomUp) {
            encoder.addFrame(rgba.data(), width, height, std::ptrdiff_t(width) * 4);
        } else { // the same picture stored bottom-up: the last row first
            std::vector<std::uint8_t> flipped(rgba.size());
            for (int y = 0; y < height; ++y)
                std::copy_n(&rgba[std::size_t(height - 1 - y) * width * 4], std::size_t(width) * 4,
                            &flipped[std::size_t(y) * width * 4]);
            encoder.addFrame(&flipped[std::size_t(height - 1) * width * 4], width, height,
                             -std::ptrdiff_t(width) * 4);
        }
    }
    encoder.finish();
    EXPECT_EQ(encoder.frames(), 24);
    return test::decodeVideo(file.string(), true);
}

} // namespace

TEST(VideoEncoder, Mp4DecodesWithItsFramesSizeAndPictures) {
    TempDir dir;
    const test::DecodedVideo v = roundTrip(dir.path / "clip.mp4", 320, 240);
    EXPECT_EQ(v.codec, "h264");
    EXPECT_EQ(v.frames, 24);
    EXPECT_EQ(v.width, 320);
    EXPECT_EQ(v.height, 240);
    EXPECT_NEAR(v.fps, 24, 1e-6);
    ASSERT_EQ(v.rgb.size(), 24u);
    for (int k : {0, 11, 23}) { // lossy, but the square is where it was drawn, in its colour
        expectPixel(v, k, 8 * k + 24, 64, kSquare, 12);
        expectPixel(v, k, 8 * k + 24, 160, kBackground, 12);
    }
}

TEST(VideoEncoder, GifDecodesWithItsFramesSizeAndExactColours) {
    TempDir dir;
    const test::DecodedVideo v = roundTrip(dir.path / "clip.gif", 320, 240);
    EXPECT_EQ(v.codec, "gif");
    EXPECT_EQ(v.frames, 24);
    EXPECT_EQ(v.width, 320);
    EXPECT_EQ(v.height, 240);
    ASSERT_EQ(v.rgb.size(), 24u);
    for (int k : {0, 11, 23}) { // the palette holds both colours exactly (each fills a 5-bit cell of its own)
        expectPixel(v, k, 8 * k + 24, 64, kSquare, 0);
        expectPixel(v, k, 8 * k + 24, 160, kBackground, 0);
        expectPixel(v, k, 8 * k + 60, 64, kBackground, 0); // where the square was a frame before: gone
    }
}

TEST(VideoEncoder, BottomUpRowsGiveTheUprightPicture) {
    TempDir dir;
    const test::DecodedVideo v = roundTrip(dir.path / "flipped.gif", 160, 240, true);
    ASSERT_EQ(v.frames, 24);
    expectPixel(v, 5, 64, 64, kSquare, 0);           // the square near the top, as drawn
    expectPixel(v, 5, 64, 240 - 64, kBackground, 0); // not mirrored to the bottom
}

TEST(VideoEncoder, Mp4OfAnOddSizeDropsTheLastColumnAndRow) {
    TempDir dir;
    const test::DecodedVideo v = roundTrip(dir.path / "odd.mp4", 161, 121);
    EXPECT_EQ(v.frames, 24);
    EXPECT_EQ(v.width, 160);
    EXPECT_EQ(v.height, 120);
    const test::DecodedVideo g = roundTrip(dir.path / "odd.gif", 161, 121); // GIF keeps any size
    EXPECT_EQ(g.width, 161);
    EXPECT_EQ(g.height, 121);
}

TEST(VideoEncoder, BadPathsAndExtensionsNameTheFile) {
    TempDir dir;
    auto message = [](const std::string& path) {
        try {
            VideoEncoder encoder(path, 30);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string avi = (dir.path / "clip.avi").string(), none = (dir.path / "clip").string();
    const std::string unwritable = (dir.path / "no-such-folder" / "clip.mp4").string();
    EXPECT_EQ(message(avi), avi + ": unknown video format '.avi': write .mp4 (H.264) or .gif");
    EXPECT_EQ(message(none), none + ": no extension: write .mp4 (H.264) or .gif");
    EXPECT_EQ(message(unwritable).rfind(unwritable + ": cannot write the video (", 0), 0u)
        << message(unwritable);
    EXPECT_EQ(VideoEncoder::formatOf("A.MP4"), VideoEncoder::Format::Mp4);
    EXPECT_EQ(VideoEncoder::formatOf("a.Gif"), VideoEncoder::Format::Gif);
}

TEST(VideoEncoder, AnUnfinishedVideoLeavesNoFile) {
    TempDir dir;
    const fs::path file = dir.path / "cancelled.mp4";
    {
        VideoEncoder encoder(file.string(), 30);
        const std::vector<std::uint8_t> rgba = clipFrame(0, 64, 64);
        encoder.addFrame(rgba.data(), 64, 64, 64 * 4);
        EXPECT_TRUE(fs::exists(file));
    } // cancelled: no finish()
    EXPECT_FALSE(fs::exists(file));
}

TEST(VideoPalette, AFramesColoursMapToThemselves) {
    // 200 colours, each in a 5-bit cell of its own (channels multiples of 8): median cut gives each its own
    // entry, its exact colour; the fixed cube catches a colour the frame did not have.
    std::vector<std::uint8_t> rgba;
    std::vector<std::array<std::uint8_t, 3>> colours;
    for (int i = 0; i < 200; ++i) {
        std::array<std::uint8_t, 3> c{std::uint8_t((i * 37 % 32) * 8), std::uint8_t((i * 11 % 32) * 8),
                                      std::uint8_t((i / 32) * 40 + 4)};
        colours.push_back(c);
        for (int repeat = 0; repeat < 1 + i % 5; ++repeat) rgba.insert(rgba.end(), {c[0], c[1], c[2], 255});
    }
    const int width = int(rgba.size() / 4);
    VideoPalette palette = VideoPalette::fromFrame(rgba.data(), width, 1, std::ptrdiff_t(rgba.size()));
    for (const auto& c : colours) {
        const std::uint32_t e = palette.argb()[palette.index(c[0], c[1], c[2])];
        EXPECT_EQ(e, 0xFF000000u | std::uint32_t(c[0]) << 16 | std::uint32_t(c[1]) << 8 | c[2])
            << int(c[0]) << "," << int(c[1]) << "," << int(c[2]);
    }
    const std::uint32_t red = palette.argb()[palette.index(255, 0, 0)];
    EXPECT_GE(int(red >> 16 & 255), 200);
    EXPECT_LE(int(red >> 8 & 255), 60);
    EXPECT_LE(int(red & 255), 60);
}
