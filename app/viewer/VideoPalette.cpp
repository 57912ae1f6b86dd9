#include "VideoPalette.h"

#include "core/Assert.h"

#include <algorithm>
#include <cstdlib>

namespace cdlab {

namespace {

/// A 15-bit colour cell (5 bits per channel) and the pixels that fell into it.
struct Cell {
    std::uint16_t key = 0;
    std::uint32_t count = 0;
    std::uint64_t sum[3] = {0, 0, 0}; ///< the pixels' 8-bit channels, summed
    int channel(int c) const { return (key >> (10 - 5 * c)) & 31; }
};

/// Median cut's box: cells [begin, end) of the cell list.
struct Box {
    std::size_t begin = 0, end = 0;
};

/// The widest channel of a box and its range (in 5-bit steps).
std::pair<int, int> widest(const std::vector<Cell>& cells, const Box& box) {
    int lo[3] = {31, 31, 31}, hi[3] = {0, 0, 0};
    for (std::size_t i = box.begin; i < box.end; ++i)
        for (int c = 0; c < 3; ++c)
            lo[c] = std::min(lo[c], cells[i].channel(c)), hi[c] = std::max(hi[c], cells[i].channel(c));
    int best = 0;
    for (int c = 1; c < 3; ++c)
        if (hi[c] - lo[c] > hi[best] - lo[best]) best = c;
    return {best, hi[best] - lo[best]};
}

std::uint32_t argbOf(int r, int g, int b) {
    return 0xFF000000u | std::uint32_t(r) << 16 | std::uint32_t(g) << 8 | std::uint32_t(b);
}

} // namespace

VideoPalette VideoPalette::fromFrame(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride) {
    // The frame's colours, 5 bits per channel: a flat-shaded scene has a few hundred cells at most.
    std::vector<Cell> all(1u << 15);
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* p = rgba + stride * y;
        for (int x = 0; x < width; ++x, p += 4) {
            Cell& cell = all[std::size_t(p[0] >> 3) << 10 | std::size_t(p[1] >> 3) << 5 | (p[2] >> 3)];
            ++cell.count;
            for (int c = 0; c < 3; ++c) cell.sum[c] += p[c];
        }
    }
    std::vector<Cell> cells;
    for (std::size_t k = 0; k < all.size(); ++k)
        if (all[k].count > 0) {
            cells.push_back(all[k]);
            cells.back().key = std::uint16_t(k);
        }
    // Median cut: split the box whose widest channel spans most (ties: the most pixels) at the pixels'
    // median along that channel, until the boxes fill the entries the cube leaves.
    constexpr int kCube = kCubeLevels * kCubeLevels * kCubeLevels;
    constexpr int kCut = kSize - kCube;
    std::vector<Box> boxes;
    if (!cells.empty()) boxes.push_back({0, cells.size()});
    while (int(boxes.size()) < kCut) {
        int pick = -1, pickRange = 0;
        std::uint64_t pickCount = 0;
        for (std::size_t b = 0; b < boxes.size(); ++b) {
            if (boxes[b].end - boxes[b].begin < 2) continue;
            const int range = widest(cells, boxes[b]).second;
            std::uint64_t count = 0;
            for (std::size_t i = boxes[b].begin; i < boxes[b].end; ++i) count += cells[i].count;
            if (range > pickRange || (range == pickRange && count > pickCount))
                pick = int(b), pickRange = range, pickCount = count;
        }
        if (pick < 0) break; // every box is one cell: fewer colours than entries
        Box& box = boxes[std::size_t(pick)];
        const int c = widest(cells, box).first;
        std::sort(cells.begin() + std::ptrdiff_t(box.begin), cells.begin() + std::ptrdiff_t(box.end),
                  [c](const Cell& a, const Cell& b) { return a.channel(c) < b.channel(c); });
        std::uint64_t seen = 0;
        std::size_t split = box.begin + 1;
        for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
            seen += cells[i].count;
            split = i + 1;
            if (2 * seen >= pickCount) break;
        }
        CDLAB_ASSERT(split > box.begin && split < box.end, "a median cut leaves both halves non-empty");
        Box upper{split, box.end};
        box.end = split;
        boxes.push_back(upper);
    }
    VideoPalette palette;
    std::size_t e = 0;
    for (const Box& box : boxes) { // each box's mean colour; the box's cells map to it
        std::uint64_t n = 0, s[3] = {0, 0, 0};
        for (std::size_t i = box.begin; i < box.end; ++i) {
            n += cells[i].count;
            for (int c = 0; c < 3; ++c) s[c] += cells[i].sum[c];
            palette.m_cache[cells[i].key] = std::uint16_t(e + 1);
        }
        palette.m_argb[e++] =
            argbOf(int((s[0] + n / 2) / n), int((s[1] + n / 2) / n), int((s[2] + n / 2) / n));
    }
    for (int r = 0; r < kCubeLevels; ++r)
        for (int g = 0; g < kCubeLevels; ++g)
            for (int b = 0; b < kCubeLevels; ++b) {
                auto level = [](int i) { return i * 255 / (kCubeLevels - 1); };
                palette.m_argb[e++] = argbOf(level(r), level(g), level(b));
            }
    while (e < std::size_t(kSize)) palette.m_argb[e++] = argbOf(0, 0, 0); // unused entries
    return palette;
}

std::uint8_t VideoPalette::nearest(int r, int g, int b) const {
    int best = 0;
    long bestD = -1;
    for (int i = 0; i < kSize; ++i) {
        const std::uint32_t v = m_argb[std::size_t(i)];
        const long dr = long(v >> 16 & 255) - r, dg = long(v >> 8 & 255) - g, db = long(v & 255) - b;
        const long d = dr * dr + dg * dg + db * db;
        if (bestD < 0 || d < bestD) best = i, bestD = d;
    }
    return std::uint8_t(best);
}

std::uint8_t VideoPalette::index(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    const std::size_t key = std::size_t(r >> 3) << 10 | std::size_t(g >> 3) << 5 | (b >> 3);
    std::uint16_t& cached = m_cache[key];
    if (cached == 0) // a cell the first frame did not have: the entry nearest to its centre
        cached = std::uint16_t(nearest((r & ~7) | 4, (g & ~7) | 4, (b & ~7) | 4) + 1);
    return std::uint8_t(cached - 1);
}

void VideoPalette::map(const std::uint8_t* rgba, int width, int height, std::ptrdiff_t stride,
                       std::uint8_t* out, std::ptrdiff_t outStride) {
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* p = rgba + stride * y;
        std::uint8_t* o = out + outStride * y;
        for (int x = 0; x < width; ++x, p += 4) o[x] = index(p[0], p[1], p[2]);
    }
}

} // namespace cdlab
