#include "FamilyView.h"

#include "core/InputError.h"

#include <algorithm>
#include <charconv>

namespace cdlab {

namespace {
std::vector<FamilyInfo>& families() {
    static std::vector<FamilyInfo> list; // filled by static initializers, before main
    return list;
}
} // namespace

bool registerFamilyView(FamilyInfo info) {
    auto& list = families();
    // Static initializers run in an order the linker picks: keep the list in the families' own order.
    auto at = std::upper_bound(list.begin(), list.end(), info.order,
                               [](int order, const FamilyInfo& f) { return order < f.order; });
    list.insert(at, std::move(info));
    return true;
}

const std::vector<FamilyInfo>& familyViews() {
    return families();
}

const FamilyInfo* findFamilyView(const std::string& name) {
    for (const FamilyInfo& f : families())
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<std::unique_ptr<FamilyView>> makeFamilyViews(const OverlaySettings* settings) {
    std::vector<std::unique_ptr<FamilyView>> views;
    for (const FamilyInfo& f : families()) views.push_back(f.make(settings));
    return views;
}

FamilyStep parseFamilyStep(const std::string& text) {
    std::string names;
    for (const FamilyInfo& f : families())
        if (f.stepHelp) names += (names.empty() ? "" : ", ") + f.name;
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos)
        throw InputError("--step", "",
                         "'" + text + "' is not FAMILY=K (families with a step-through: " + names + ")");
    FamilyStep out;
    const std::string name = text.substr(0, eq), value = text.substr(eq + 1);
    out.family = findFamilyView(name);
    if (!out.family || !out.family->stepHelp)
        throw InputError("--step", "",
                         "no step-through named '" + name + "' (families with one: " + names + ")");
    const char* end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(value.data(), end, out.step);
    if (value.empty() || ec != std::errc() || ptr != end || out.step < out.family->stepMin ||
        out.step > 1000000)
        throw InputError("--step", "",
                         "'" + value + "' for " + name + " is not an integer in [" +
                             std::to_string(out.family->stepMin) + ", 1000000]");
    return out;
}

} // namespace cdlab
