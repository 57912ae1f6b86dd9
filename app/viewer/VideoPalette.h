// VideoPalette: the 256 colours of a GIF video and the mapping of RGB pixels onto them. GIF stores
// palette-indexed frames (libavcodec's GIF encoder takes PAL8), so the viewer's true-colour frames are
// quantised here: a median-cut palette of the first frame's colours (Heckbert's median cut: the box of
// colours with the widest channel range is split at its median until there are enough boxes; each box's
// mean is an entry) plus a fixed coarse colour cube, so that a colour that appears only later (a contact's
// red) still has a near entry. One palette for the whole video: the encoder writes it once (global), and an
// unchanged pixel keeps its index from frame to frame (no palette flicker, small frame differences).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cdlab {

class VideoPalette {
public:
    static constexpr int kSize = 256;
    /// The fixed cube's levels per channel (3 x 3 x 3 entries); the rest come from the median cut.
    static constexpr int kCubeLevels = 3;

    /// A palette for frames like this one: RGBA pixels, `width` x `height`, rows `stride` bytes apart
    /// (negative: bottom-up rows, `rgba` pointing at the top row).
    static VideoPalette fromFrame(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride);

    /// Entry i as 0xAARRGGBB with alpha 0xFF (libavcodec's PAL8 palette layout).
    const std::array<std::uint32_t, kSize>& argb() const { return m_argb; }
    /// The entry for (r, g, b), through a table over 5 bits per channel: a colour of the palette's frame
    /// maps to its median-cut box's entry; another to the entry nearest to its cell's centre (squared RGB
    /// distance), found once per cell.
    std::uint8_t index(std::uint8_t r, std::uint8_t g, std::uint8_t b);
    /// Maps a frame (as fromFrame takes it) to indices, `outStride` bytes per output row.
    void map(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride, std::uint8_t* out,
             std::ptrdiff_t outStride);

private:
    std::uint8_t nearest(int r, int g, int b) const;

    std::array<std::uint32_t, kSize> m_argb{};
    /// Per 15-bit cell (5 bits per channel): its entry + 1, 0 while not yet known.
    std::vector<std::uint16_t> m_cache = std::vector<std::uint16_t>(1u << 15, 0);
};

} // namespace cdlab
