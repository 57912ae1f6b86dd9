#include "mesh/PlyReader.h"

#include "core/InputError.h"
#include "core/ReadFile.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>

namespace cdlab {

namespace {

std::string readAll(const std::string& path) {
    std::string text;
    if (!readWholeFile(path, text)) throw InputError(path, "", "cannot open the file");
    return text;
}

/// Bytes of a PLY scalar type; 0 for an unknown name (both the original names and the sized ones).
int typeSize(const std::string& t) {
    if (t == "char" || t == "uchar" || t == "int8" || t == "uint8") return 1;
    if (t == "short" || t == "ushort" || t == "int16" || t == "uint16") return 2;
    if (t == "int" || t == "uint" || t == "int32" || t == "uint32" || t == "float" || t == "float32")
        return 4;
    if (t == "double" || t == "float64") return 8;
    return 0;
}

/// Reads the values of the body one by one, in the file's format.
class PlyData {
public:
    PlyData(const std::string& path, const std::string& data, const PlyHeader& h)
        : m_path(path), m_data(data), m_pos(h.dataOffset), m_format(h.format) {}

    void at(const std::string& where) { m_where = where; }

    double value(const std::string& type) {
        if (m_format == PlyHeader::Format::Ascii) return asciiValue(type);
        const int n = typeSize(type);
        if (m_pos + std::size_t(n) > m_data.size()) fail("truncated: the file ends here");
        unsigned char b[8];
        std::memcpy(b, m_data.data() + m_pos, std::size_t(n));
        m_pos += std::size_t(n);
        if (m_format == PlyHeader::Format::BinaryBigEndian) std::reverse(b, b + n); // we run little endian
        auto get = [&](auto v) {
            std::memcpy(&v, b, sizeof(v));
            return double(v);
        };
        if (type == "char" || type == "int8") return get(std::int8_t());
        if (type == "uchar" || type == "uint8") return get(std::uint8_t());
        if (type == "short" || type == "int16") return get(std::int16_t());
        if (type == "ushort" || type == "uint16") return get(std::uint16_t());
        if (type == "int" || type == "int32") return get(std::int32_t());
        if (type == "uint" || type == "uint32") return get(std::uint32_t());
        if (type == "float" || type == "float32") return get(float());
        return get(double());
    }

    /// The bytes not read after the last element (ASCII: anything but white space).
    bool trailing() const {
        if (m_format != PlyHeader::Format::Ascii) return m_pos < m_data.size();
        return m_data.find_first_not_of(" \t\r\n", m_pos) != std::string::npos;
    }

    [[noreturn]] void fail(const std::string& what) const { throw InputError(m_path, m_where, what); }

private:
    double asciiValue(const std::string& type) {
        while (m_pos < m_data.size() && std::isspace(static_cast<unsigned char>(m_data[m_pos]))) ++m_pos;
        std::size_t start = m_pos;
        while (m_pos < m_data.size() && !std::isspace(static_cast<unsigned char>(m_data[m_pos]))) ++m_pos;
        if (start == m_pos) fail("truncated: the file ends here");
        std::string_view s(m_data.data() + start, m_pos - start);
        if (s[0] == '+') s.remove_prefix(1);
        double x = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
        if (ec != std::errc() || end != s.data() + s.size())
            fail("'" + std::string(m_data, start, m_pos - start) + "' is not a number (" + type + ")");
        return x;
    }

    const std::string& m_path;
    const std::string& m_data;
    std::size_t m_pos;
    PlyHeader::Format m_format;
    std::string m_where;
};

} // namespace

const PlyElement* PlyHeader::find(const std::string& name) const {
    for (const PlyElement& e : elements)
        if (e.name == name) return &e;
    return nullptr;
}

std::string PlyHeader::describe() const {
    switch (format) {
    case Format::Ascii:
        return "PLY (ascii)";
    case Format::BinaryLittleEndian:
        return "PLY (binary little endian)";
    case Format::BinaryBigEndian:
        return "PLY (binary big endian)";
    }
    return "PLY";
}

PlyHeader readPlyHeader(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "cannot open the file");
    PlyHeader h;
    std::string line;
    std::size_t offset = 0;
    bool formatSeen = false;
    for (;;) {
        if (!std::getline(in, line))
            throw InputError(path, "header line " + std::to_string(h.headerLines + 1),
                             "truncated: the file ends before 'end_header'");
        offset += line.size() + 1;
        ++h.headerLines;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        auto fail = [&](const std::string& what) {
            throw InputError(path, "header line " + std::to_string(h.headerLines), what);
        };
        std::istringstream words(line);
        std::string w;
        words >> w;
        if (h.headerLines == 1) {
            if (line != "ply") fail("expected 'ply'");
            continue;
        }
        if (w == "end_header") break;
        if (w.empty() || w == "comment" || w == "obj_info") continue;
        if (w == "format") {
            std::string f, version;
            words >> f >> version;
            if (f == "ascii")
                h.format = PlyHeader::Format::Ascii;
            else if (f == "binary_little_endian")
                h.format = PlyHeader::Format::BinaryLittleEndian;
            else if (f == "binary_big_endian")
                h.format = PlyHeader::Format::BinaryBigEndian;
            else
                fail("unknown format '" + f + "' (ascii, binary_little_endian, binary_big_endian)");
            formatSeen = true;
        } else if (w == "element") {
            PlyElement e;
            long long count = -1;
            words >> e.name >> count;
            if (e.name.empty() || !words || count < 0) fail("expected 'element NAME COUNT'");
            e.count = std::size_t(count);
            h.elements.push_back(e);
        } else if (w == "property") {
            if (h.elements.empty()) fail("'property' before any 'element'");
            PlyProperty p;
            std::string type;
            words >> type;
            if (type == "list")
                words >> p.countType >> p.type >> p.name;
            else
                p.type = type, words >> p.name;
            if (p.name.empty()) fail("expected 'property TYPE NAME' or 'property list COUNT_TYPE TYPE NAME'");
            if (typeSize(p.type) == 0 || (p.isList() && typeSize(p.countType) == 0))
                fail("unknown property type in '" + line + "'");
            h.elements.back().properties.push_back(p);
        } else {
            fail("unknown header keyword '" + w + "'");
        }
    }
    if (!formatSeen) throw InputError(path, "header", "no 'format' line");
    h.dataOffset = offset;
    return h;
}

TriangleMesh readPly(const std::string& path, const PlyHeader& header) {
    const std::string data = readAll(path);
    PlyData in(path, data, header);
    TriangleMesh mesh;
    const PlyElement* vertexElement = header.find("vertex");
    if (!vertexElement) throw InputError(path, "header", "no 'vertex' element");
    auto indexOf = [&](const PlyElement& e, const char* name) {
        for (std::size_t k = 0; k < e.properties.size(); ++k)
            if (e.properties[k].name == name) return int(k);
        return -1;
    };
    const int px = indexOf(*vertexElement, "x"), py = indexOf(*vertexElement, "y"),
              pz = indexOf(*vertexElement, "z");
    if (px < 0 || py < 0 || pz < 0) throw InputError(path, "header", "the vertex element lacks x, y or z");
    const std::size_t nv = vertexElement->count;
    auto vertexIndex = [&](double v) {
        if (!(v >= 0 && v < double(nv)) || v != std::floor(v))
            in.fail("vertex index " + std::to_string(static_cast<long long>(v)) + " out of range (" +
                    std::to_string(nv) + " vertices)");
        return std::uint32_t(v);
    };
    std::vector<double> item, list;
    for (const PlyElement& e : header.elements) {
        const bool isVertex = &e == vertexElement;
        const int faceList =
            e.name == "face" ? std::max(indexOf(e, "vertex_indices"), indexOf(e, "vertex_index")) : -1;
        const int stripList = e.name == "tristrips" ? indexOf(e, "vertex_indices") : -1;
        if (e.name == "tristrips" && (stripList < 0 || !e.properties[std::size_t(stripList)].isList()))
            throw InputError(path, "header",
                             "element 'tristrips' without 'property list ... vertex_indices'");
        for (std::size_t i = 0; i < e.count; ++i) {
            item.assign(e.properties.size(), 0.0);
            for (std::size_t k = 0; k < e.properties.size(); ++k) {
                const PlyProperty& p = e.properties[k];
                in.at("element '" + e.name + "' item " + std::to_string(i) + " property '" + p.name + "'");
                if (!p.isList()) {
                    item[k] = in.value(p.type);
                    continue;
                }
                double n = in.value(p.countType);
                if (!(n >= 0) || n != std::floor(n)) in.fail("list length " + std::to_string(n));
                const bool keep = int(k) == faceList || int(k) == stripList;
                if (keep) list.clear();
                for (std::size_t j = 0; j < std::size_t(n); ++j) {
                    double v = in.value(p.type);
                    if (keep) list.push_back(v);
                }
                if (int(k) == faceList) {
                    for (double v : list) vertexIndex(v); // a point or an edge (< 3 corners) gives none
                    for (std::size_t j = 2; j < list.size(); ++j) // a fan: polygons are convex in practice
                        mesh.triangles.push_back(
                            {vertexIndex(list[0]), vertexIndex(list[j - 1]), vertexIndex(list[j])});
                } else if (int(k) == stripList) {
                    // Triangle j of a strip is (s[j], s[j+1], s[j+2]) for even j and (s[j+1], s[j], s[j+2])
                    // for odd j: every other triangle turns the other way round, so this keeps the
                    // winding. -1 ends a strip; a repeated index makes a degenerate triangle, skipped.
                    std::size_t start = 0;
                    for (std::size_t j = 0; j <= list.size(); ++j) {
                        if (j < list.size() && list[j] != -1) {
                            vertexIndex(list[j]);
                            if (j - start >= 2) {
                                std::uint32_t a = std::uint32_t(list[j - 2]), b = std::uint32_t(list[j - 1]),
                                              c = std::uint32_t(list[j]);
                                if ((j - start) % 2 == 1) std::swap(a, b);
                                if (a != b && b != c && a != c) mesh.triangles.push_back({a, b, c});
                            }
                            continue;
                        }
                        start = j + 1;
                    }
                }
            }
            if (isVertex) {
                mesh.vertices.push_back(
                    {item[std::size_t(px)], item[std::size_t(py)], item[std::size_t(pz)]});
            }
        }
    }
    in.at("after the last element");
    if (in.trailing()) in.fail("data beyond what the header declares");
    return mesh;
}

} // namespace cdlab
