// FrameDetails: the per-family records of one frame, keyed by their type. Each family defines its record in
// its own layer (CatchDetail in engine/articulated, SbvDetail in engine/sbv, LdiDetail in engine/ldi) and the
// algorithm that produces it fills it; a reader asks for the type it knows (find<SbvDetail>()) and gets
// nullptr when the frame's algorithm reported none. The pipeline names no family, so it does not depend on
// any family's layer (issue 41: FrameResult used to carry the union of every family's records).
#pragma once

#include "core/Assert.h"

#include <any>
#include <typeindex>
#include <utility>
#include <vector>

namespace cdlab {

class FrameDetails {
public:
    /// The record of type T, created empty on first use (an algorithm filling its detail).
    template <class T> T& get() {
        if (T* found = find<T>()) return *found;
        m_items.emplace_back(std::type_index(typeid(T)), std::any(T{}));
        return *std::any_cast<T>(&m_items.back().second);
    }
    /// The record of type T, nullptr when the frame carries none.
    template <class T> const T* find() const {
        for (const auto& [key, value] : m_items)
            if (key == std::type_index(typeid(T))) {
                const T* p = std::any_cast<T>(&value);
                CDLAB_ASSERT(p != nullptr, "a detail stored under another type");
                return p;
            }
        return nullptr;
    }
    template <class T> T* find() { return const_cast<T*>(std::as_const(*this).find<T>()); }
    /// The record of type T, or an empty one when the frame carries none (for readers that show nothing
    /// then).
    template <class T> const T& orEmpty() const {
        static const T kEmpty{};
        const T* found = find<T>();
        return found ? *found : kEmpty;
    }
    template <class T> bool has() const { return find<T>() != nullptr; }
    bool empty() const { return m_items.empty(); }
    /// Every record with its type, in the order they were added (a recording's detail codecs,
    /// core/DetailCodec.h, write them by type).
    const std::vector<std::pair<std::type_index, std::any>>& items() const { return m_items; }
    /// Adds a record of the type `type` names (a recording being read): replaces one of that type.
    void put(std::type_index type, std::any value) {
        for (auto& [key, v] : m_items)
            if (key == type) {
                v = std::move(value);
                return;
            }
        m_items.emplace_back(type, std::move(value));
    }
    std::size_t size() const { return m_items.size(); }

private:
    /// Few entries per frame (one per family the algorithm belongs to): a vector searched linearly.
    std::vector<std::pair<std::type_index, std::any>> m_items;
};

} // namespace cdlab
