// InputError: the one exception type for bad user input (meshes, scenes, queries).
// The message always names the file and the field/line so the CLI and the viewer can show it verbatim.
#pragma once

#include <stdexcept>
#include <string>

namespace cdlab {

class InputError : public std::runtime_error {
public:
    /// `file`: path of the offending file (or a label such as "<generator sphere>"); `where`: JSON path, line
    /// or element (may be empty); `what`: what was wrong and what was expected.
    InputError(std::string file, std::string where, const std::string& what)
        : std::runtime_error(format(file, where, what)), m_file(std::move(file)), m_where(std::move(where)) {}

    const std::string& file() const { return m_file; }
    const std::string& where() const { return m_where; }

private:
    static std::string format(const std::string& file, const std::string& where, const std::string& what) {
        return where.empty() ? file + ": " + what : file + ": " + where + ": " + what;
    }
    std::string m_file;
    std::string m_where;
};

} // namespace cdlab
