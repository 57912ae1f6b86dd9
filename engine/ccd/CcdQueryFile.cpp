#include "ccd/CcdQueryFile.h"

#include "core/InputError.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cdlab {

namespace {

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

mpz_class integer(const std::string& field, const std::string& path, int line, int column) {
    static const char* kNames[] = {"x_num", "x_den", "y_num", "y_den", "z_num", "z_den", "truth"};
    std::string f = trim(field);
    mpz_class z;
    bool ok = !f.empty() && z.set_str(f[0] == '+' ? f.substr(1) : f, 10) == 0;
    if (!ok)
        throw InputError(path, "line " + std::to_string(line) + ", " + kNames[column],
                         "expected an integer, got '" + f + "'");
    return z;
}

} // namespace

std::vector<CcdQuery> readCcdQueries(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError(path, "", "file not found");
    std::ifstream in(path);
    if (!in) throw InputError(path, "", "cannot open file");
    std::vector<CcdQuery> out;
    std::string text;
    int line = 0, row = 0;
    CcdQuery q;
    while (std::getline(in, text)) {
        ++line;
        if (trim(text).empty()) continue;
        std::vector<std::string> fields;
        std::stringstream ss(text);
        for (std::string f; std::getline(ss, f, ',');) fields.push_back(f);
        if (fields.size() != 7)
            throw InputError(
                path, "line " + std::to_string(line),
                "expected 7 comma-separated fields (x_num,x_den,y_num,y_den,z_num,z_den,truth), got " +
                    std::to_string(fields.size()));
        Rational c[3];
        for (int k = 0; k < 3; ++k) {
            mpz_class num = integer(fields[2 * k], path, line, 2 * k);
            mpz_class den = integer(fields[2 * k + 1], path, line, 2 * k + 1);
            if (den == 0)
                throw InputError(
                    path, "line " + std::to_string(line) + ", " + std::string(1, char('x' + k)) + "_den",
                    "denominator is zero");
            c[k] = Rational(num, den);
            c[k].canonicalize();
        }
        mpz_class truth = integer(fields[6], path, line, 6);
        if (truth != 0 && truth != 1)
            throw InputError(path, "line " + std::to_string(line) + ", truth", "expected 0 or 1");
        if (row % 8 == 0) {
            q = CcdQuery{};
            q.line = line;
            q.truth = truth == 1;
        } else if ((truth == 1) != q.truth) {
            throw InputError(path, "line " + std::to_string(line) + ", truth",
                             "differs from the first row of its query (line " + std::to_string(q.line) + ")");
        }
        q.points[row % 8] = RationalVec3(c[0], c[1], c[2]);
        if (++row % 8 == 0) out.push_back(q);
    }
    if (row % 8 != 0)
        throw InputError(path, "line " + std::to_string(line),
                         "file ends inside a query: " + std::to_string(row % 8) + " of 8 rows (truncated?)");
    if (out.empty()) throw InputError(path, "", "no queries");
    return out;
}

} // namespace cdlab
