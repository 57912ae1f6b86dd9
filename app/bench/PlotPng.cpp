#include "PlotPng.h"

#include <stb_easy_font.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace cdlab {

std::uint32_t PlotImage::at(int x, int y) const {
    const std::size_t k = (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 3;
    return (std::uint32_t(rgb[k]) << 16) | (std::uint32_t(rgb[k + 1]) << 8) | rgb[k + 2];
}

namespace {

struct Rgb {
    float r = 0, g = 0, b = 0;
};

struct Element {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::string text; ///< a <text>'s content, entities decoded
};

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("plot PNG: " + what);
}

std::string decodeEntities(const std::string& s) {
    std::string r;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            r += s[i];
            continue;
        }
        const std::size_t end = s.find(';', i);
        if (end == std::string::npos) fail("an unterminated entity in '" + s + "'");
        const std::string e = s.substr(i + 1, end - i - 1);
        if (e == "lt")
            r += '<';
        else if (e == "gt")
            r += '>';
        else if (e == "amp")
            r += '&';
        else if (e == "quot")
            r += '"';
        else if (e == "apos")
            r += '\'';
        else if (!e.empty() && e[0] == '#') {
            const long code = e.size() > 1 && (e[1] == 'x' || e[1] == 'X')
                                  ? std::strtol(e.c_str() + 2, nullptr, 16)
                                  : std::strtol(e.c_str() + 1, nullptr, 10);
            r += code >= 32 && code < 127 ? char(code) : '?';
        } else
            fail("the entity '&" + e + ";' in '" + s + "'");
        i = end;
    }
    return r;
}

/// The font has ASCII only: the few non-ASCII signs the plots use become their ASCII spelling.
std::string toAscii(const std::string& s) {
    static const std::pair<const char*, const char*> kSigns[] = {
        {"\xC2\xB5", "u"},     {"\xCE\xBC", "u"},      {"\xC3\x97", "x"},       {"\xE2\x80\x94", "-"},
        {"\xE2\x80\x93", "-"}, {"\xE2\x89\xA4", "<="}, {"\xE2\x89\xA5", ">="},  {"\xC2\xB7", "."},
        {"\xE2\x88\x92", "-"}, {"\xC2\xB0", " deg"},   {"\xE2\x80\xA6", "..."}, {"\xC2\xB1", "+-"}};
    std::string r;
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c < 128) {
            r += c >= 32 ? s[i] : ' ';
            ++i;
            continue;
        }
        bool known = false;
        for (const auto& [utf8, ascii] : kSigns)
            if (s.compare(i, std::string(utf8).size(), utf8) == 0) {
                r += ascii, i += std::string(utf8).size(), known = true;
                break;
            }
        if (known) continue;
        r += '?'; // an unknown sign: one '?' for its whole UTF-8 sequence
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    }
    return r;
}

std::vector<Element> parse(const std::string& svg) {
    std::vector<Element> elements;
    std::size_t i = 0;
    while ((i = svg.find('<', i)) != std::string::npos) {
        if (svg.compare(i, 4, "<!--") == 0) {
            const std::size_t end = svg.find("-->", i);
            if (end == std::string::npos) fail("an unterminated comment");
            i = end + 3;
            continue;
        }
        if (svg.compare(i, 2, "<?") == 0 || svg.compare(i, 2, "</") == 0 || svg.compare(i, 2, "<!") == 0) {
            i = svg.find('>', i);
            if (i == std::string::npos) fail("an unterminated tag");
            continue;
        }
        Element e;
        std::size_t k = i + 1;
        while (k < svg.size() && (std::isalnum(static_cast<unsigned char>(svg[k])) || svg[k] == ':')) ++k;
        e.name = svg.substr(i + 1, k - i - 1);
        bool selfClosed = false;
        for (;;) {
            while (k < svg.size() && std::isspace(static_cast<unsigned char>(svg[k]))) ++k;
            if (k >= svg.size()) fail("an unterminated <" + e.name + ">");
            if (svg[k] == '>') break;
            if (svg.compare(k, 2, "/>") == 0) {
                selfClosed = true, ++k;
                break;
            }
            const std::size_t eq = svg.find('=', k);
            if (eq == std::string::npos || eq + 1 >= svg.size())
                fail("an attribute without a value in <" + e.name + ">");
            std::string key = svg.substr(k, eq - k);
            key.erase(std::remove_if(key.begin(), key.end(),
                                     [](char c) { return std::isspace(static_cast<unsigned char>(c)); }),
                      key.end());
            const char quote = svg[eq + 1];
            if (quote != '"' && quote != '\'')
                fail("the unquoted attribute '" + key + "' of <" + e.name + ">");
            const std::size_t close = svg.find(quote, eq + 2);
            if (close == std::string::npos)
                fail("the unterminated attribute '" + key + "' of <" + e.name + ">");
            e.attributes[key] = decodeEntities(svg.substr(eq + 2, close - eq - 2));
            k = close + 1;
        }
        i = k + 1;
        if (e.name == "text" && !selfClosed) {
            const std::size_t end = svg.find("</text>", i);
            if (end == std::string::npos) fail("an unterminated <text>");
            const std::string content = svg.substr(i, end - i);
            if (content.find('<') != std::string::npos) fail("markup inside <text> ('" + content + "')");
            e.text = toAscii(decodeEntities(content));
            i = end + 7;
        }
        elements.push_back(std::move(e));
    }
    return elements;
}

double number(const Element& e, const std::string& key, double fallback) {
    auto it = e.attributes.find(key);
    if (it == e.attributes.end()) return fallback;
    char* end = nullptr;
    const double v = std::strtod(it->second.c_str(), &end);
    const std::string rest(end);
    if (end == it->second.c_str() || !(rest.empty() || rest == "px"))
        fail("the attribute " + key + "='" + it->second + "' of <" + e.name + "> is not a number");
    return v;
}

/// A colour or none (false). The plots use #rgb, #rrggbb and a few names.
bool colour(const std::string& value, const std::string& where, Rgb& out) {
    if (value == "none" || value == "transparent") return false;
    auto hex = [&](const std::string& h) {
        if (h.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
            fail("the colour '" + value + "' of " + where);
        return float(std::stoi(h, nullptr, 16)) / 255.0f;
    };
    if (value.size() == 7 && value[0] == '#') {
        out = {hex(value.substr(1, 2)), hex(value.substr(3, 2)), hex(value.substr(5, 2))};
        return true;
    }
    if (value.size() == 4 && value[0] == '#') {
        out = {hex(std::string(2, value[1])), hex(std::string(2, value[2])), hex(std::string(2, value[3]))};
        return true;
    }
    static const std::map<std::string, Rgb> kNames = {{"white", {1, 1, 1}},
                                                      {"black", {0, 0, 0}},
                                                      {"gray", {0.5f, 0.5f, 0.5f}},
                                                      {"grey", {0.5f, 0.5f, 0.5f}},
                                                      {"red", {1, 0, 0}},
                                                      {"green", {0, 0.5f, 0}},
                                                      {"blue", {0, 0, 1}},
                                                      {"orange", {1, 0.65f, 0}},
                                                      {"purple", {0.5f, 0, 0.5f}},
                                                      {"steelblue", {0.27f, 0.51f, 0.71f}},
                                                      {"silver", {0.75f, 0.75f, 0.75f}},
                                                      {"lightgray", {0.83f, 0.83f, 0.83f}}};
    auto it = kNames.find(value);
    if (it == kNames.end()) fail("the colour '" + value + "' of " + where);
    out = it->second;
    return true;
}

class Canvas {
public:
    Canvas(int w, int h) : w_(w), h_(h), px_(std::size_t(w) * std::size_t(h), Rgb{1, 1, 1}) {}

    /// An axis-aligned rectangle, with the fraction of each edge pixel it covers.
    void rect(double x0, double y0, double x1, double y1, Rgb c, double alpha) {
        if (x0 > x1) std::swap(x0, x1);
        if (y0 > y1) std::swap(y0, y1);
        const int ix0 = std::max(0, int(std::floor(x0))), ix1 = std::min(w_ - 1, int(std::ceil(x1)));
        const int iy0 = std::max(0, int(std::floor(y0))), iy1 = std::min(h_ - 1, int(std::ceil(y1)));
        for (int y = iy0; y <= iy1; ++y) {
            const double cy = std::min(y1, y + 1.0) - std::max(y0, double(y));
            if (cy <= 0) continue;
            for (int x = ix0; x <= ix1; ++x) {
                const double cx = std::min(x1, x + 1.0) - std::max(x0, double(x));
                if (cx > 0) blend(x, y, c, alpha * cx * cy);
            }
        }
    }

    /// A segment `width` wide with round ends, antialiased by the distance to it.
    void segment(double x0, double y0, double x1, double y1, double width, Rgb c, double alpha) {
        const double hw = std::max(width, 1.0) / 2;
        const int ix0 = std::max(0, int(std::floor(std::min(x0, x1) - hw - 1)));
        const int ix1 = std::min(w_ - 1, int(std::ceil(std::max(x0, x1) + hw + 1)));
        const int iy0 = std::max(0, int(std::floor(std::min(y0, y1) - hw - 1)));
        const int iy1 = std::min(h_ - 1, int(std::ceil(std::max(y0, y1) + hw + 1)));
        const double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
        for (int y = iy0; y <= iy1; ++y)
            for (int x = ix0; x <= ix1; ++x) {
                const double px = x + 0.5 - x0, py = y + 0.5 - y0;
                const double t = len2 > 0 ? std::clamp((px * dx + py * dy) / len2, 0.0, 1.0) : 0.0;
                const double d = std::hypot(px - t * dx, py - t * dy);
                const double cover = std::clamp(hw + 0.5 - d, 0.0, 1.0);
                if (cover > 0) blend(x, y, c, alpha * cover);
            }
    }

    void disc(double cx, double cy, double r, Rgb c, double alpha) {
        const int ix0 = std::max(0, int(std::floor(cx - r - 1))),
                  ix1 = std::min(w_ - 1, int(std::ceil(cx + r + 1)));
        const int iy0 = std::max(0, int(std::floor(cy - r - 1))),
                  iy1 = std::min(h_ - 1, int(std::ceil(cy + r + 1)));
        for (int y = iy0; y <= iy1; ++y)
            for (int x = ix0; x <= ix1; ++x) {
                const double cover = std::clamp(r + 0.5 - std::hypot(x + 0.5 - cx, y + 0.5 - cy), 0.0, 1.0);
                if (cover > 0) blend(x, y, c, alpha * cover);
            }
    }

    PlotImage image() const {
        PlotImage img;
        img.width = w_, img.height = h_;
        img.rgb.reserve(px_.size() * 3);
        for (const Rgb& p : px_)
            for (float v : {p.r, p.g, p.b})
                img.rgb.push_back(static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255)));
        return img;
    }

private:
    void blend(int x, int y, Rgb c, double a) {
        Rgb& p = px_[std::size_t(y) * std::size_t(w_) + std::size_t(x)];
        const float fa = float(std::min(a, 1.0));
        p.r += (c.r - p.r) * fa, p.g += (c.g - p.g) * fa, p.b += (c.b - p.b) * fa;
    }

    int w_, h_;
    std::vector<Rgb> px_;
};

/// stb_easy_font's capital height and baseline (from its 'H'), so an SVG font size maps to a scale.
struct FontMetrics {
    double capTop = 0, baseline = 7;
};

FontMetrics fontMetrics() {
    static const FontMetrics m = [] {
        std::vector<char> buffer(4096);
        char h[] = "H";
        const int quads = stb_easy_font_print(0, 0, h, nullptr, buffer.data(), int(buffer.size()));
        FontMetrics f{1e9, -1e9};
        for (int v = 0; v < quads * 4; ++v) {
            float y = 0;
            std::memcpy(&y, buffer.data() + v * 16 + 4, sizeof y);
            f.capTop = std::min(f.capTop, double(y)), f.baseline = std::max(f.baseline, double(y));
        }
        return f;
    }();
    return m;
}

/// rotate(a cx cy) with `a` a multiple of 90 degrees (the plots' vertical axis labels), as a point map.
struct Rotation {
    int quarterTurns = 0; ///< clockwise, in SVG's y-down frame
    double cx = 0, cy = 0;
    void apply(double& x, double& y) const {
        for (int k = 0; k < quarterTurns; ++k) {
            const double dx = x - cx, dy = y - cy;
            x = cx - dy, y = cy + dx; // +90 degrees in a y-down frame
        }
    }
};

Rotation rotation(const Element& e) {
    Rotation r;
    auto it = e.attributes.find("transform");
    if (it == e.attributes.end()) return r;
    std::string t = it->second;
    if (t.rfind("rotate(", 0) != 0 || t.back() != ')') fail("the transform '" + t + "' of <" + e.name + ">");
    t = t.substr(7, t.size() - 8);
    std::replace(t.begin(), t.end(), ',', ' ');
    std::istringstream in(t);
    double a = 0;
    if (!(in >> a)) fail("the transform '" + it->second + "' of <" + e.name + ">");
    in >> r.cx >> r.cy;
    const double q = a / 90;
    if (std::abs(q - std::round(q)) > 1e-9)
        fail("a rotation by " + it->second + " (only multiples of 90 degrees)");
    r.quarterTurns = ((int(std::lround(q)) % 4) + 4) % 4;
    return r;
}

void drawText(Canvas& canvas, const Element& e, double fontSize, double scale) {
    if (e.text.empty()) return;
    Rgb c{0, 0, 0};
    if (auto it = e.attributes.find("fill"); it != e.attributes.end() && !colour(it->second, "<text>", c))
        return;
    fontSize = number(e, "font-size", fontSize);
    const FontMetrics m = fontMetrics();
    // A sans-serif capital is about 0.72 of the font size.
    const double s = fontSize * 0.72 / (m.baseline - m.capTop);
    std::string text = e.text;
    const double width = stb_easy_font_width(text.data()) * s;
    double x = number(e, "x", 0), y = number(e, "y", 0);
    const auto anchor =
        e.attributes.count("text-anchor") ? e.attributes.at("text-anchor") : std::string("start");
    if (anchor == "middle")
        x -= width / 2;
    else if (anchor == "end")
        x -= width;
    else if (anchor != "start")
        fail("the text-anchor '" + anchor + "'");
    const double top = y - m.baseline * s;
    std::vector<char> buffer(text.size() * 300 + 1024);
    const int quads = stb_easy_font_print(0, 0, text.data(), nullptr, buffer.data(), int(buffer.size()));
    const Rotation r = rotation(e);
    for (int q = 0; q < quads; ++q) {
        float v[2][2];
        std::memcpy(&v[0][0], buffer.data() + (q * 4 + 0) * 16, 2 * sizeof(float));
        std::memcpy(&v[1][0], buffer.data() + (q * 4 + 2) * 16, 2 * sizeof(float));
        double x0 = x + v[0][0] * s, y0 = top + v[0][1] * s;
        double x1 = x + v[1][0] * s, y1 = top + v[1][1] * s;
        r.apply(x0, y0), r.apply(x1, y1);
        canvas.rect(x0 * scale, y0 * scale, x1 * scale, y1 * scale, c, 1);
    }
}

double opacity(const Element& e, const char* which) {
    return number(e, "opacity", 1) * number(e, which, 1);
}

} // namespace

PlotImage rasterizePlotSvg(const std::string& svg, double scale) {
    const std::vector<Element> elements = parse(svg);
    if (elements.empty() || elements.front().name != "svg")
        fail("the text does not start with an <svg> element");
    const Element& root = elements.front();
    const double W = number(root, "width", 0), H = number(root, "height", 0);
    if (!(W > 0 && H > 0) || W * scale > 8192 || H * scale > 8192)
        fail("the <svg> size " + std::to_string(W) + " x " + std::to_string(H) +
             " (width and height in pixels)");
    if (root.attributes.count("viewBox")) fail("a viewBox (the plots are drawn in pixels)");
    const double rootFont = number(root, "font-size", 16);
    Canvas canvas(int(std::lround(W * scale)), int(std::lround(H * scale)));
    for (std::size_t k = 1; k < elements.size(); ++k) {
        const Element& e = elements[k];
        Rgb fill{0, 0, 0}, stroke{0, 0, 0};
        const bool hasFill =
            !e.attributes.count("fill") || colour(e.attributes.at("fill"), "<" + e.name + ">", fill);
        const bool hasStroke =
            e.attributes.count("stroke") && colour(e.attributes.at("stroke"), "<" + e.name + ">", stroke);
        const double sw = number(e, "stroke-width", 1) * scale;
        if (e.name != "text" && e.attributes.count("transform")) fail("a transform on <" + e.name + ">");
        if (e.name == "rect") {
            auto length = [&](const char* key, double whole) {
                auto it = e.attributes.find(key);
                if (it != e.attributes.end() && !it->second.empty() && it->second.back() == '%')
                    return whole * std::stod(it->second) / 100;
                return number(e, key, 0);
            };
            const double x = number(e, "x", 0), y = number(e, "y", 0), w = length("width", W),
                         h = length("height", H);
            if (hasFill)
                canvas.rect(x * scale, y * scale, (x + w) * scale, (y + h) * scale, fill,
                            opacity(e, "fill-opacity"));
            if (hasStroke) {
                const double a = opacity(e, "stroke-opacity");
                const double x0 = x * scale, y0 = y * scale, x1 = (x + w) * scale, y1 = (y + h) * scale;
                canvas.segment(x0, y0, x1, y0, sw, stroke, a), canvas.segment(x1, y0, x1, y1, sw, stroke, a);
                canvas.segment(x1, y1, x0, y1, sw, stroke, a), canvas.segment(x0, y1, x0, y0, sw, stroke, a);
            }
        } else if (e.name == "line") {
            if (hasStroke)
                canvas.segment(number(e, "x1", 0) * scale, number(e, "y1", 0) * scale,
                               number(e, "x2", 0) * scale, number(e, "y2", 0) * scale, sw, stroke,
                               opacity(e, "stroke-opacity"));
        } else if (e.name == "polyline") {
            std::string points = e.attributes.count("points") ? e.attributes.at("points") : "";
            std::replace(points.begin(), points.end(), ',', ' ');
            std::istringstream in(points);
            std::vector<std::pair<double, double>> p;
            for (double px = 0, py = 0; in >> px;) {
                if (!(in >> py)) fail("an odd number of coordinates in a <polyline>'s points");
                p.emplace_back(px * scale, py * scale);
            }
            if (hasFill && p.size() > 2) fail("a filled <polyline> (the plots draw them with fill='none')");
            if (hasStroke)
                for (std::size_t i = 1; i < p.size(); ++i)
                    canvas.segment(p[i - 1].first, p[i - 1].second, p[i].first, p[i].second, sw, stroke,
                                   opacity(e, "stroke-opacity"));
        } else if (e.name == "circle") {
            const double cx = number(e, "cx", 0) * scale, cy = number(e, "cy", 0) * scale,
                         r = number(e, "r", 0) * scale;
            if (hasFill) canvas.disc(cx, cy, r, fill, opacity(e, "fill-opacity"));
            if (hasStroke) fail("a stroked <circle>");
        } else if (e.name == "text") {
            drawText(canvas, e, rootFont, scale);
        } else if (e.name == "title" || e.name == "desc") {
            // Not drawn (tooltips).
        } else {
            fail("the element <" + e.name + ">");
        }
    }
    return canvas.image();
}

PlotImage writePlotPng(const std::string& svgPath, const std::string& pngPath, double scale) {
    std::ifstream in(svgPath, std::ios::binary);
    if (!in) throw std::runtime_error(svgPath + ": cannot read the SVG plot");
    std::ostringstream text;
    text << in.rdbuf();
    PlotImage image;
    try {
        image = rasterizePlotSvg(text.str(), scale);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(svgPath + ": " + e.what());
    }
    if (!stbi_write_png(pngPath.c_str(), image.width, image.height, 3, image.rgb.data(), image.width * 3))
        throw std::runtime_error(pngPath + ": cannot write the PNG plot");
    return image;
}

} // namespace cdlab
