#include "Tour.h"

#include "MarkedJson.h"
#include "core/InputError.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace cdlab {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const char* kindName(TourAction::Kind k) {
    switch (k) {
    case TourAction::Kind::NextContact:
        return "nextContact";
    case TourAction::Kind::Step:
        return "step";
    case TourAction::Kind::Play:
        return "play";
    }
    return "?";
}

std::string fieldName(const std::string& where, const char* key) {
    return where.empty() ? std::string(key) : where + "." + key;
}

/// An InputError's own message, without the "file: field: " it was formatted with.
std::string bareMessage(const InputError& e) {
    std::string m = e.what();
    const std::string prefix = e.where().empty() ? e.file() + ": " : e.file() + ": " + e.where() + ": ";
    return m.rfind(prefix, 0) == 0 ? m.substr(prefix.size()) : m;
}

std::string stringField(const json& o, const char* key, const std::string& path, const std::string& where,
                        bool required) {
    if (!o.contains(key)) {
        if (required) throw InputError(path, fieldName(where, key), "missing");
        return "";
    }
    if (!o[key].is_string()) throw InputError(path, fieldName(where, key), "expected a string");
    return o[key].get<std::string>();
}

int intField(const json& o, const char* key, const std::string& path, const std::string& where, int lo,
             int hi) {
    const std::string field = fieldName(where, key);
    if (!o.contains(key)) throw InputError(path, field, "missing");
    if (!o[key].is_number_integer()) throw InputError(path, field, "expected an integer");
    const long long v = o[key].get<long long>();
    if (v < lo || v > hi)
        throw InputError(path, field,
                         std::to_string(v) + " is outside [" + std::to_string(lo) + ", " +
                             std::to_string(hi) + "]");
    return int(v);
}

TourAction readAction(const json& a, const std::string& path, const std::string& where) {
    if (!a.is_object()) throw InputError(path, where, "expected an object such as {\"do\": \"nextContact\"}");
    for (const auto& [key, value] : a.items())
        if (key != "do" && key != "family" && key != "index" && key != "frames")
            throw InputError(path, where + "." + key, "no such field (known: do, family, index, frames)");
    const std::string what = stringField(a, "do", path, where, true);
    TourAction act;
    if (what == "nextContact") {
        act.kind = TourAction::Kind::NextContact;
    } else if (what == "step") {
        act.kind = TourAction::Kind::Step;
        act.family = stringField(a, "family", path, where, true);
        if (act.family.empty()) throw InputError(path, where + ".family", "empty");
        act.index = intField(a, "index", path, where, -1000000, 1000000);
    } else if (what == "play") {
        act.kind = TourAction::Kind::Play;
        act.frames = intField(a, "frames", path, where, 1, 100000);
    } else {
        throw InputError(path, where + ".do", "'" + what + "' is no action (known: nextContact, step, play)");
    }
    return act;
}

} // namespace

bool TourStep::operator==(const TourStep& o) const {
    return shotFile == o.shotFile && shot == o.shot && caption == o.caption && text == o.text &&
           actions == o.actions;
}

bool Tour::isTourFile(const std::string& path) {
    return hasJsonMarker(path, kMarker);
}

Tour Tour::load(const std::string& path) {
    return fromJson(readJsonFile(path, "tour"), path);
}

Tour Tour::fromJson(const json& j, const std::string& path) {
    if (!j.is_object()) throw InputError(path, "", "expected an object");
    if (!j.contains("cdlab") || j["cdlab"] != kMarker)
        throw InputError(path, "cdlab", "expected \"tour\" (this is no tour)");
    if (j.contains("version") && j["version"] != kVersion)
        throw InputError(path, "version",
                         j["version"].dump() + " is not supported (this build reads version " +
                             std::to_string(kVersion) + ")");
    Tour t;
    t.title = stringField(j, "title", path, "", true);
    if (t.title.empty()) throw InputError(path, "title", "empty");
    if (!j.contains("steps")) throw InputError(path, "steps", "missing (one object per step)");
    const json& steps = j["steps"];
    if (!steps.is_array() || steps.empty() || steps.size() > 100)
        throw InputError(path, "steps", "expected an array of 1 to 100 steps");
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const std::string where = "steps[" + std::to_string(k) + "]";
        const json& s = steps[k];
        if (!s.is_object()) throw InputError(path, where, "expected an object");
        for (const auto& [key, value] : s.items())
            if (key != "shot" && key != "caption" && key != "text" && key != "actions")
                throw InputError(path, where + "." + key,
                                 "no such field (known: shot, caption, text, actions)");
        TourStep step;
        step.caption = stringField(s, "caption", path, where, true);
        step.text = stringField(s, "text", path, where, false);
        if (!s.contains("shot"))
            throw InputError(path, where + ".shot",
                             "missing (a shot file relative to the tour's folder, or a shot object)");
        const json& shot = s["shot"];
        if (shot.is_string()) {
            step.shotFile = shot.get<std::string>();
            const fs::path p(step.shotFile);
            step.shotPath = p.is_absolute() ? step.shotFile
                                            : (fs::path(path).parent_path() / p).lexically_normal().string();
            if (!fs::is_regular_file(step.shotPath))
                throw InputError(path, where + ".shot",
                                 "no such file " + step.shotPath + " ('" + step.shotFile +
                                     "', relative to the tour's folder)");
            step.shot = Shot::load(step.shotPath); // its errors name the shot file and its field
        } else if (shot.is_object()) {
            step.shotPath = path;
            try {
                step.shot = Shot::fromJson(shot, path);
            } catch (const InputError& e) {
                const std::string field = where + ".shot" + (e.where().empty() ? "" : "." + e.where());
                throw InputError(path, field, bareMessage(e));
            }
            const std::string scene = step.shot.scenePath(path);
            if (!fs::is_regular_file(scene))
                throw InputError(path, where + ".shot.scene",
                                 "no such file " + scene + " ('" + step.shot.scene +
                                     "', relative to the tour's folder)");
        } else {
            throw InputError(path, where + ".shot", "expected a shot file's path or a shot object");
        }
        if (s.contains("actions")) {
            const json& actions = s["actions"];
            if (!actions.is_array()) throw InputError(path, where + ".actions", "expected an array");
            for (std::size_t a = 0; a < actions.size(); ++a)
                step.actions.push_back(
                    readAction(actions[a], path, where + ".actions[" + std::to_string(a) + "]"));
        }
        t.steps.push_back(std::move(step));
    }
    return t;
}

json Tour::toJson() const {
    json j = {{"cdlab", kMarker}, {"version", kVersion}, {"title", title}, {"steps", json::array()}};
    for (const TourStep& s : steps) {
        json o = {{"caption", s.caption}};
        if (!s.text.empty()) o["text"] = s.text;
        o["shot"] = s.shotFile.empty() ? s.shot.toJson() : json(s.shotFile);
        if (!s.actions.empty()) {
            o["actions"] = json::array();
            for (const TourAction& a : s.actions) {
                json act = {{"do", kindName(a.kind)}};
                if (a.kind == TourAction::Kind::Step) act["family"] = a.family, act["index"] = a.index;
                if (a.kind == TourAction::Kind::Play) act["frames"] = a.frames;
                o["actions"].push_back(act);
            }
        }
        j["steps"].push_back(o);
    }
    return j;
}

bool Tour::save(const std::string& path) const {
    std::ofstream out(path);
    if (!out) return false;
    out << toJson().dump(2) << "\n";
    return bool(out);
}

std::vector<TourListing> bundledTours(const std::string& checkout) {
    std::vector<TourListing> out;
    for (const std::string& root : {std::string("."), checkout}) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(fs::path(root) / "tours", ec)) {
            if (e.path().extension() != ".json") continue;
            const std::string p = e.path().lexically_normal().string();
            if (!Tour::isTourFile(p)) continue;
            std::string title = e.path().stem().string();
            std::ifstream in(p);
            const json j = json::parse(in, nullptr, false);
            if (j.is_object() && j.contains("title") && j["title"].is_string())
                title = j["title"].get<std::string>();
            out.push_back({p, title});
        }
        if (!out.empty()) break;
    }
    std::sort(out.begin(), out.end(),
              [](const TourListing& a, const TourListing& b) { return a.path < b.path; });
    return out;
}

} // namespace cdlab
