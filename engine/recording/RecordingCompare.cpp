#include "recording/RecordingCompare.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace cdlab {

namespace {

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

std::string describeToc(const TimeOfContact* c) {
    if (!c) return "none";
    return number(c->time) + " (objects " + std::to_string(c->objectA) + "/" + std::to_string(c->objectB) +
           ", " + toString(c->kind) + ")";
}

bool sameToc(const TimeOfContact& x, const TimeOfContact& y) {
    return x.objectA == y.objectA && x.objectB == y.objectB && x.time == y.time && x.kind == y.kind &&
           x.featureA == y.featureA && x.featureB == y.featureB && x.hasFeatures == y.hasFeatures;
}

std::size_t trianglePairs(const FrameResult& r) {
    std::size_t n = 0;
    for (const auto& c : r.contacts) n += c.pairs.size();
    return n;
}

/// What differs between two FrameResults' answers, "" when nothing does.
std::string differences(const FrameResult& a, const FrameResult& b) {
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : "; ") + s; };
    const bool sameContacts =
        a.contacts.size() == b.contacts.size() &&
        std::equal(a.contacts.begin(), a.contacts.end(), b.contacts.begin(),
                   [](const auto& x, const auto& y) {
                       return x.objectA == y.objectA && x.objectB == y.objectB && x.pairs == y.pairs;
                   });
    if (!sameContacts)
        add("contacts: " + std::to_string(a.contacts.size()) + " body pairs, " +
            std::to_string(trianglePairs(a)) + " triangle pairs vs " + std::to_string(b.contacts.size()) +
            ", " + std::to_string(trianglePairs(b)));
    const bool sameTocs =
        a.firstContacts.size() == b.firstContacts.size() &&
        std::equal(a.firstContacts.begin(), a.firstContacts.end(), b.firstContacts.begin(), sameToc);
    if (!sameTocs)
        add("TOCs: " + std::to_string(a.firstContacts.size()) + ", earliest " + describeToc(a.earliest()) +
            " vs " + std::to_string(b.firstContacts.size()) + ", earliest " + describeToc(b.earliest()));
    if (a.potentialPairs != b.potentialPairs)
        add("potential pairs: " + std::to_string(a.potentialPairs.size()) + " vs " +
            std::to_string(b.potentialPairs.size()));
    // Counters by name, in A's order then B's own.
    std::vector<std::string> names;
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> values;
    for (const auto& [c, v] : a.counters.items()) names.push_back(c.name()), values[c.name()].first = v;
    for (const auto& [c, v] : b.counters.items()) {
        if (!values.count(c.name())) names.push_back(c.name());
        values[c.name()].second = v;
    }
    std::string counters;
    for (const auto& n : names)
        if (values[n].first != values[n].second)
            counters += (counters.empty() ? "" : ", ") + n + " " + std::to_string(values[n].first) + " vs " +
                        std::to_string(values[n].second);
    if (!counters.empty()) add("counters: " + counters);
    return out;
}

} // namespace

RecordingDifferences compareRecordings(const Recording& a, const Recording& b) {
    RecordingDifferences d;
    const RecordingHeader &ha = a.header, &hb = b.header;
    if (ha.sceneHash != hb.sceneHash)
        d.notes.push_back("the scenes differ: " + ha.scenePath + " vs " + hb.scenePath);
    if (ha.buildCommit != hb.buildCommit)
        d.notes.push_back("the builds differ: " + ha.buildCommit + " vs " + hb.buildCommit);
    const std::size_t views = std::min(ha.viewports.size(), hb.viewports.size());
    for (std::size_t v = 0; v < views; ++v)
        if (ha.viewports[v] != hb.viewports[v])
            d.notes.push_back("viewport " + std::to_string(v) + " runs " + ha.viewports[v] + " vs " +
                              hb.viewports[v]);
    if (ha.viewports.size() != hb.viewports.size())
        d.lines.push_back("viewports: " + std::to_string(ha.viewports.size()) + " vs " +
                          std::to_string(hb.viewports.size()) + " (the first " + std::to_string(views) +
                          " compared)");
    const std::size_t frames = std::min(a.frames.size(), b.frames.size());
    if (a.frames.size() != b.frames.size())
        d.lines.push_back("frames: " + std::to_string(a.frames.size()) + " vs " +
                          std::to_string(b.frames.size()) + " (the first " + std::to_string(frames) +
                          " compared)");
    for (std::size_t f = 0; f < frames; ++f) {
        bool differs = false;
        for (std::size_t v = 0; v < views; ++v) {
            const std::string s = differences(a.frames[f][v], b.frames[f][v]);
            if (s.empty()) continue;
            differs = true;
            d.lines.push_back("frame " + std::to_string(f) + " (t = " + number(a.frames[f][v].t1) +
                              "), viewport " + std::to_string(v) + ": " + s);
        }
        d.framesDiffering += differs;
    }
    return d;
}

} // namespace cdlab
