// Typed parameters: one description (ParamSpec) for the algorithms' parameters (the viewer's widgets, the
// bench's flags, the tests' loops) and the mesh and model generators' (read from a scene's JSON through the
// binding below), so `cdlab-bench list` prints all of them the same way.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cdlab {

using ParamValue = std::variant<bool, std::int64_t, double, std::string>;

struct ParamSpec {
    std::string name;
    std::string help; ///< one or two sentences, shown as (?) tooltips and in `cdlab-bench list`
    ParamValue defaultValue;
    std::vector<std::string> choices = {}; ///< for string parameters: the allowed values
    double min = 0, max = 0;               ///< for numeric parameters (inclusive)
};

std::string toString(const ParamValue& v);

/// The spec named `name` in `specs`, or nullptr.
const ParamSpec* findParam(const std::vector<ParamSpec>& specs, std::string_view name);

/// The JSON binding: a value as JSON (a boolean, an integer, a number or a string), as a scene file writes
/// it.
nlohmann::json toJson(const ParamValue& v);
/// The value as JSON text: strings quoted ("\"pawn\""), numbers as toString ("0.5", "1200").
std::string toJsonText(const ParamValue& v);

/// The JSON binding's reader: the mesh and model generators' parameters out of a scene's JSON object, each
/// checked against its spec (type, [min, max], choices), the spec's default where the scene gives none.
/// Errors throw InputError naming `file` and the field `<path>.<name>` with what was expected (the range or
/// the choices).
class JsonParams {
public:
    /// `params`: an object or null (every default); `path` is the object's field ("bodies[0].mesh.params").
    /// An unknown key is rejected here, naming the known ones.
    JsonParams(const nlohmann::json& params, const std::vector<ParamSpec>& specs, std::string file,
               std::string path);
    double number(const std::string& name) const;      ///< within the spec's [min, max]
    int integer(const std::string& name) const;        ///< the same, and whole
    std::string choice(const std::string& name) const; ///< one of the spec's choices
    bool boolean(const std::string& name) const;
    /// A structured parameter (its spec documents it, its caller checks it): the scene's value, or nullptr.
    const nlohmann::json* structured(const std::string& name) const;
    /// An error about parameter `name` (a value the generator cannot build, a relation between values).
    [[noreturn]] void fail(const std::string& name, const std::string& what) const;
    const std::string& file() const { return m_file; }

private:
    const ParamSpec& spec(const std::string& name) const;
    const nlohmann::json* given(const std::string& name) const; ///< nullptr when the scene gives none

    const nlohmann::json& m_params;
    const std::vector<ParamSpec>& m_specs;
    std::string m_file, m_path;
};

class ParamSet {
public:
    ParamSet() = default;
    /// Defaults of every spec.
    explicit ParamSet(const std::vector<ParamSpec>& specs);

    /// Parses `text` for parameter `name` according to its spec; throws InputError (file = `context`).
    void setFromString(const std::vector<ParamSpec>& specs, const std::string& name, const std::string& text,
                       const std::string& context);
    void set(const std::string& name, ParamValue v) { m_values[name] = std::move(v); }

    bool getBool(const std::string& name) const { return std::get<bool>(m_values.at(name)); }
    std::int64_t getInt(const std::string& name) const { return std::get<std::int64_t>(m_values.at(name)); }
    double getDouble(const std::string& name) const { return std::get<double>(m_values.at(name)); }
    const std::string& getString(const std::string& name) const {
        return std::get<std::string>(m_values.at(name));
    }
    const std::map<std::string, ParamValue>& values() const { return m_values; }
    /// "name=value,name=value" in name order.
    std::string describe() const;
    /// The same for the values that differ from their spec's default only ("" when all are defaults): what
    /// tells two viewports of one algorithm apart.
    std::string describeChanged(const std::vector<ParamSpec>& specs) const;

private:
    std::map<std::string, ParamValue> m_values;
};

} // namespace cdlab
