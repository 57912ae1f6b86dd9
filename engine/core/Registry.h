// Registry: named entries, sorted by name: the one shape behind the algorithms (pipeline/AlgorithmRegistry),
// the distance methods (distance/DistanceMethodRegistry), the mesh generators (mesh/MeshGenerators) and the
// model generators (scene/ModelGenerators). An entry registers itself with one line in its own file (Box2D's
// RegisterSample), so the layer that holds a registry names none of its entries. It lives here, the lowest
// layer, because the mesh and scene layers may not use pipeline.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace cdlab {

/// `Entry` is any struct with a `std::string name`. Entries are added while the program starts (static
/// initializers, registerPeerAlgorithms) and only read after that: a pointer from find() stays valid until
/// the next add().
template <class Entry> class Registry {
public:
    /// Adds `entry`, replacing one of the same name; the list stays sorted by name.
    void add(Entry entry) {
        auto it = std::lower_bound(m_list.begin(), m_list.end(), entry.name,
                                   [](const Entry& e, const std::string& n) { return e.name < n; });
        if (it != m_list.end() && it->name == entry.name)
            *it = std::move(entry);
        else
            m_list.insert(it, std::move(entry));
    }
    /// The entry of that name, or nullptr.
    const Entry* find(std::string_view name) const {
        auto it = std::lower_bound(m_list.begin(), m_list.end(), name,
                                   [](const Entry& e, std::string_view n) { return e.name < n; });
        return it != m_list.end() && it->name == name ? &*it : nullptr;
    }
    /// Every entry, sorted by name.
    const std::vector<Entry>& list() const { return m_list; }
    /// The names, comma separated, for the "unknown ... (known: ...)" errors; `none` when there are none.
    std::string names(const std::string& none = "") const {
        std::string s;
        for (const Entry& e : m_list) s += (s.empty() ? "" : ", ") + e.name;
        return s.empty() ? none : s;
    }

private:
    std::vector<Entry> m_list;
};

} // namespace cdlab
