// LdiFrame: the orthographic view a layered depth image is taken in (ldi-notes §7.1). A right-handed box
// frame (u, v, w) with the view along +w; the query box Q is [x0, x0 + W·h] × [y0, y0 + H·h] × [z0, z1] in
// it, with square pixels of side h. Rays run through pixel centres along +w; only Q's depth range is
// resolved, but every fragment in front of Q still counts towards the winding number, so a ray may enter Q
// inside a body (§7.3).
#pragma once

#include "geometry/Vec3.h"

#include <span>
#include <string>

namespace cdlab {

/// The view axis of an LDI query: the world axes, the shortest extent of the query box among them and, when a
/// separating direction is known (sbv-ldi), d* (§7.8: the overlap region is thin along d*).
enum class LdiAxis : unsigned char { Auto, X, Y, Z };
const char* toString(LdiAxis a);
/// "auto", "x", "y", "z"; false when `s` is none of them.
bool parseLdiAxis(const std::string& s, LdiAxis& out);

struct LdiFrame {
    Vec3 u{1, 0, 0}, v{0, 1, 0}, w{0, 0, 1}; ///< orthonormal, u × v = w
    double x0 = 0, y0 = 0;                   ///< the window's lower-left corner (box coordinates)
    double pixel = 0;                        ///< h: a pixel's side (world units)
    int width = 0, height = 0;               ///< W, H
    double z0 = 0, z1 = 0;                   ///< Q's depth range

    bool empty() const { return width <= 0 || height <= 0 || !(z1 > z0); }
    double pixelArea() const { return pixel * pixel; }
    Vec3 toBox(const Vec3& p) const { return {dot(u, p), dot(v, p), dot(w, p)}; }
    Vec3 toWorld(const Vec3& b) const { return u * b.x + v * b.y + w * b.z; }
    /// The world point at pixel (i, j)'s centre, at depth z.
    Vec3 pixelPoint(int i, int j, double z) const {
        return toWorld({x0 + (i + 0.5) * pixel, y0 + (j + 0.5) * pixel, z});
    }
};

/// A unit vector's orthonormal completion: u, v with u × v = w.
void completeBasis(const Vec3& w, Vec3& u, Vec3& v);

/// The frame whose Q bounds `points` (the query box's corners or the overlap region's vertices) viewed along
/// `w`, with `resolution` pixels along the window's longer side (square pixels). Empty when the points are.
LdiFrame makeLdiFrame(std::span<const Vec3> points, const Vec3& w, int resolution);

/// The axis among x, y, z (and `extra` when non-zero) along which `points` have the smallest extent: the
/// default view (§7.8: along the thin dimension the depth is exact, across it the pixels sample).
Vec3 shortestExtentAxis(std::span<const Vec3> points, const Vec3& extra = {});

} // namespace cdlab
