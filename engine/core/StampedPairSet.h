// StampedPairSet: a per-query set of keys made of two 64-bit words (a feature pair). reset() empties it in
// constant time with a generation stamp, as StampedCache does for small integer keys; open addressing with
// linear probing, grown to stay at most half full, so a query inserting a few thousand keys allocates only
// the first time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cdlab {

class StampedPairSet {
public:
    /// Forgets every key.
    void reset() {
        if (++m_now == 0) { // the stamp wrapped: forget for real once every 2^32 queries
            for (Slot& s : m_slots) s.stamp = 0;
            m_now = 1;
        }
        m_count = 0;
    }
    /// Adds (a, b); false when it was there already.
    bool insert(std::uint64_t a, std::uint64_t b) {
        if (2 * (m_count + 1) > m_slots.size()) grow();
        // Within one generation slots only ever become current, so the probe from a key's hash to its slot
        // crosses current slots only: the first stale slot ends the search.
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hash(a, b) & mask;; i = (i + 1) & mask) {
            Slot& s = m_slots[i];
            if (s.stamp != m_now) {
                s = {a, b, m_now};
                ++m_count;
                return true;
            }
            if (s.a == a && s.b == b) return false;
        }
    }
    std::size_t size() const { return m_count; }

private:
    struct Slot {
        std::uint64_t a = 0, b = 0;
        std::uint32_t stamp = 0; // current when equal to m_now
    };
    static std::uint64_t hash(std::uint64_t a, std::uint64_t b) {
        std::uint64_t h = (a * 0x9E3779B97F4A7C15ull) ^ (b + 0x632BE59BD9B4E019ull + (a >> 7));
        h *= 0xC2B2AE3D27D4EB4Full;
        return h ^ (h >> 31);
    }
    void grow() {
        std::vector<Slot> old(std::max<std::size_t>(64, 2 * m_slots.size()));
        old.swap(m_slots);
        const std::uint32_t now = m_now;
        m_count = 0;
        for (const Slot& s : old)
            if (s.stamp == now) insert(s.a, s.b);
    }

    std::vector<Slot> m_slots; // a power of two in size
    std::size_t m_count = 0;
    std::uint32_t m_now = 1;
};

} // namespace cdlab
