// StampedCache: a per-query memo indexed by a small integer (a vertex, a BVH node). reset() forgets every
// entry in constant time with a generation stamp, so a query that touches a few hundred of ten thousand
// entries pays neither for clearing them nor for a hash map's allocations.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cdlab {

template <class T> class StampedCache {
public:
    /// Forgets all entries and makes room for keys 0..n-1 (it only grows, so queries over meshes of
    /// different sizes do not reallocate).
    void reset(std::size_t n) {
        if (m_stamp.size() < n) {
            m_values.resize(n);
            m_stamp.resize(n, 0);
        }
        if (++m_now == 0) { // the stamp wrapped: forget for real once every 2^32 queries
            std::fill(m_stamp.begin(), m_stamp.end(), 0u);
            m_now = 1;
        }
    }
    /// The entry for `key`, computed by make() on first use since the last reset(). References stay valid
    /// until the next reset().
    template <class Make> const T& get(std::uint32_t key, Make make) {
        if (m_stamp[key] != m_now) {
            m_values[key] = make();
            m_stamp[key] = m_now;
        }
        return m_values[key];
    }
    /// The entry for `key` if it was made since the last reset(), else null.
    const T* find(std::uint32_t key) const { return m_stamp[key] == m_now ? &m_values[key] : nullptr; }

private:
    std::vector<T> m_values;
    std::vector<std::uint32_t> m_stamp;
    std::uint32_t m_now = 0;
};

} // namespace cdlab
