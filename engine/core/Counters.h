// Counters: the named deterministic counts an algorithm reports per frame (FrameResult::counters), the
// bench's columns and the viewer's Compare plots. Each count is declared by the layer that produces it, next
// to the stats struct that holds it, with one line:
//   inline const CounterDeclaration Pcls{"pcls", "potentially colliding link pairs (zhang2007 Table 2)"};
// and that struct's `addTo(Counters&)` adds its fields, so the generic layers name no family's counter and a
// new counter edits only its family's files. It lives here, the lowest layer, because every family's layer
// (collision, ccd, culling, articulated, sbv, ldi) declares some.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cdlab {

/// One counter's declaration: its name (the bench's column and CSV header, "ee_tests") and what it counts.
/// Constructing one registers it; a second declaration of the same name throws std::logic_error (at start-up,
/// so a clash cannot ship). Declarations have static storage (inline constants in the family's header): the
/// registry and every Counter keep their address.
class CounterDeclaration {
public:
    CounterDeclaration(const char* name, const char* description);
    CounterDeclaration(const CounterDeclaration&) = delete;
    CounterDeclaration& operator=(const CounterDeclaration&) = delete;

    const char* const name;
    const char* const description;
};

/// A handle to a declared counter, compared by identity. Constant-initialized from a declaration (its
/// address only), so a table of counters at namespace scope is no static-initialization-order hazard.
class Counter {
public:
    constexpr Counter(const CounterDeclaration& d) : m_decl(&d) {}
    const char* name() const { return m_decl->name; }
    const char* description() const { return m_decl->description; }
    friend constexpr bool operator==(Counter a, Counter b) { return a.m_decl == b.m_decl; }

private:
    const CounterDeclaration* m_decl;
};

inline const char* toString(Counter c) {
    return c.name();
}
/// The declared counter named `name` ("ee_tests"); false when there is none.
bool parseCounter(std::string_view name, Counter& out);
/// Every declared counter, sorted by name (what `parseCounter` knows).
std::vector<Counter> declaredCounters();

/// An algorithm's counters for a frame (or a run), in the order the algorithm first added them, so tables
/// line up.
class Counters {
public:
    void add(Counter c, std::uint64_t value);
    std::uint64_t get(Counter c) const; ///< 0 when the algorithm reported none
    const std::vector<std::pair<Counter, std::uint64_t>>& items() const { return m_items; }
    void merge(const Counters& other);

private:
    std::vector<std::pair<Counter, std::uint64_t>> m_items;
};

} // namespace cdlab
