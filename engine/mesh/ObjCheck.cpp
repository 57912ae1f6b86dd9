#include "mesh/ObjCheck.h"

#include "core/InputError.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string_view>
#include <vector>

namespace cdlab {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// The whitespace-separated tokens of one statement (comment removed), as views into the file's text.
/// Statements continued with a trailing backslash are joined: their lines are passed together, and a
/// backslash at the end of a line (before an optional CR) separates tokens like a space.
void splitTokens(std::string_view text, std::vector<std::string_view>& out) {
    out.clear();
    auto continuation = [&](std::size_t i) {
        if (text[i] != '\\') return false;
        std::size_t k = i + 1;
        while (k < text.size() && text[k] == '\r') ++k;
        return k == text.size() || text[k] == '\n';
    };
    // Separators and token characters are complementary (a comment ends the statement), so every pass of
    // either loop advances.
    auto separator = [&](std::size_t i) { return isSpace(text[i]) || text[i] == '\n' || continuation(i); };
    std::size_t i = 0;
    while (i < text.size() && text[i] != '#') {
        if (separator(i)) {
            ++i;
            continue;
        }
        std::size_t start = i;
        while (i < text.size() && text[i] != '#' && !separator(i)) ++i;
        out.push_back(text.substr(start, i - start));
    }
}

/// The whole token as a number (as strtod reads it: an optional sign, decimal or exponent form, nan, inf):
/// errc() when it is one, result_out_of_range when it is beyond double's range, invalid_argument otherwise.
std::errc parseNumber(std::string_view s, double& out) {
    if (!s.empty() && s[0] == '+') s.remove_prefix(1); // from_chars takes no plus sign
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (end != s.data() + s.size()) return std::errc::invalid_argument;
    return ec;
}

/// The vertex index of a face corner `v`, `v/vt`, `v//vn` or `v/vt/vn` (an integer, possibly negative).
bool parseCornerIndex(std::string_view corner, long& out) {
    std::string_view v = corner.substr(0, corner.find('/'));
    std::size_t i = 0;
    bool negative = false;
    if (i < v.size() && (v[i] == '-' || v[i] == '+')) negative = v[i++] == '-';
    if (i == v.size()) return false;
    long value = 0;
    for (; i < v.size(); ++i) {
        if (v[i] < '0' || v[i] > '9' || value > 100'000'000'000L) return false;
        value = value * 10 + (v[i] - '0');
    }
    out = negative ? -value : value;
    return true;
}

std::string str(std::string_view s) {
    return std::string(s);
}

} // namespace

void checkObjLines(const std::string& path, const std::function<void(double)>& progress) {
    ObjCounts counts;
    checkObjLines(path, progress, counts);
}

void checkObjLines(const std::string& path, const std::function<void(double)>& progress, ObjCounts& counts) {
    counts = ObjCounts();
    std::ifstream in(path, std::ios::binary);
    if (!in) return; // unreadable: Assimp says why
    std::string text;
    in.seekg(0, std::ios::end);
    text.resize(std::size_t(std::max<std::streamoff>(in.tellg(), 0)));
    in.seekg(0);
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(std::max<std::streamsize>(in.gcount(), 0)));
    long vertices = 0;
    int lineNo = 1;
    std::vector<std::string_view> t;
    std::size_t pos = 0, nextReport = 0;
    constexpr std::size_t kReportBytes = std::size_t(1) << 20;
    while (pos < text.size()) {
        if (progress && pos >= nextReport) {
            progress(double(pos) / double(text.size()));
            nextReport = pos + kReportBytes;
        }
        // One statement: up to a newline not preceded by a continuation backslash.
        std::size_t end = pos;
        int lines = 1;
        for (;;) {
            end = text.find('\n', end);
            if (end == std::string::npos) {
                end = text.size();
                break;
            }
            std::size_t last = end;
            while (last > pos && text[last - 1] == '\r') --last;
            if (last > pos && text[last - 1] == '\\') {
                ++end, ++lines;
                continue;
            }
            break;
        }
        std::string_view statement(text.data() + pos, end - pos);
        const int statementLine = lineNo;
        lineNo += lines;
        pos = end + 1;
        // Only `v` and `f` statements are checked: look at the first character before splitting.
        std::size_t first = statement.find_first_not_of(" \t");
        if (first == std::string_view::npos || (statement[first] != 'v' && statement[first] != 'f')) continue;
        splitTokens(statement, t);
        if (t.empty()) continue;
        auto fail = [&](const std::string& what) {
            throw InputError(path, "line " + std::to_string(statementLine), what);
        };
        if (t[0] == "v") {
            if (t.size() < 4)
                fail("vertex has " + std::to_string(t.size() - 1) + " coordinates, expected 3 (x y z)");
            for (int k = 1; k <= 3; ++k) {
                double x = 0;
                std::errc ec = parseNumber(t[k], x);
                if (ec == std::errc::result_out_of_range)
                    fail("vertex coordinate '" + str(t[k]) + "' is beyond double's range");
                if (ec != std::errc()) fail("vertex coordinate '" + str(t[k]) + "' is not a number");
                if (!std::isfinite(x)) fail("vertex coordinate '" + str(t[k]) + "' is NaN or infinite");
            }
            ++vertices;
            counts.vertices = vertices;
        } else if (t[0] == "f") {
            if (t.size() < 4)
                fail("face has " + std::to_string(t.size() - 1) + " corners, expected at least 3");
            for (std::size_t k = 1; k < t.size(); ++k) {
                long index = 0;
                if (!parseCornerIndex(t[k], index))
                    fail("face corner '" + str(t[k]) + "' is not a vertex index");
                // 1-based from the first vertex, or negative from the last one defined so far.
                long resolved = index > 0 ? index : vertices + 1 + index;
                if (index == 0 || resolved < 1 || resolved > vertices)
                    fail("face corner '" + str(t[k]) + "' refers to a vertex that does not exist (" +
                         std::to_string(vertices) + " defined before this line)");
            }
            ++counts.faces;
            counts.triangles += long(t.size()) - 3; // corners - 2
        }
    }
}

} // namespace cdlab
