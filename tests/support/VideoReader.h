// VideoReader (tests): decodes a whole video file with libavformat/libavcodec — what a player would do — and
// keeps what the video tests check: the frame count, the size, the codec and each frame as RGB.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cdlab::test {

struct DecodedVideo {
    std::string codec; ///< libavcodec's name of the stream's codec ("h264", "gif")
    int width = 0, height = 0;
    int frames = 0;                             ///< frames decoded
    double fps = 0;                             ///< the stream's average frame rate
    std::vector<std::vector<std::uint8_t>> rgb; ///< each decoded frame, RGB24 rows top-down (when kept)
};

/// Decodes `path`; throws std::runtime_error naming it when it cannot be read or decoded. `keepFrames`:
/// also keep every frame's pixels.
DecodedVideo decodeVideo(const std::string& path, bool keepFrames);

} // namespace cdlab::test
