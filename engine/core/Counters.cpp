#include "core/Counters.h"

#include "core/Registry.h"

#include <stdexcept>

namespace cdlab {

namespace {
struct CounterEntry {
    std::string name;
    const CounterDeclaration* declaration = nullptr;
};
// A function's static: declarations in other files' static initializers may run before this file's.
Registry<CounterEntry>& registry() {
    static Registry<CounterEntry> r;
    return r;
}
} // namespace

CounterDeclaration::CounterDeclaration(const char* name_, const char* description_)
    : name(name_), description(description_) {
    if (registry().find(name))
        throw std::logic_error(std::string("counter '") + name +
                               "' is declared twice (counter names are the "
                               "bench's columns: each must be unique)");
    registry().add({name, this});
}

bool parseCounter(std::string_view name, Counter& out) {
    const CounterEntry* e = registry().find(name);
    if (!e) return false;
    out = *e->declaration;
    return true;
}

std::vector<Counter> declaredCounters() {
    std::vector<Counter> all;
    for (const CounterEntry& e : registry().list()) all.emplace_back(*e.declaration);
    return all;
}

// Every algorithm adds its handful of counters every frame: room for a typical frame's set at once.
void Counters::add(Counter c, std::uint64_t value) {
    for (auto& [n, v] : m_items)
        if (n == c) {
            v += value;
            return;
        }
    if (m_items.empty()) m_items.reserve(8);
    m_items.emplace_back(c, value);
}

std::uint64_t Counters::get(Counter c) const {
    for (const auto& [n, v] : m_items)
        if (n == c) return v;
    return 0;
}

void Counters::merge(const Counters& other) {
    for (const auto& [n, v] : other.m_items) add(n, v);
}

} // namespace cdlab
