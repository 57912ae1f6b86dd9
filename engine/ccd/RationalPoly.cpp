#include "ccd/RationalPoly.h"

#include <algorithm>

namespace cdlab {

RationalPoly RationalPoly::linear(const Rational& a, const Rational& b) {
    RationalPoly p;
    p.m_c = {a, b};
    p.trim();
    return p;
}

void RationalPoly::trim() {
    while (!m_c.empty() && sgn(m_c.back()) == 0) m_c.pop_back();
}

RationalPoly RationalPoly::operator+(const RationalPoly& o) const {
    RationalPoly r;
    r.m_c.resize(std::max(m_c.size(), o.m_c.size()));
    for (std::size_t i = 0; i < r.m_c.size(); ++i) {
        if (i < m_c.size()) r.m_c[i] += m_c[i];
        if (i < o.m_c.size()) r.m_c[i] += o.m_c[i];
    }
    r.trim();
    return r;
}

RationalPoly RationalPoly::operator-(const RationalPoly& o) const {
    RationalPoly r;
    r.m_c.resize(std::max(m_c.size(), o.m_c.size()));
    for (std::size_t i = 0; i < r.m_c.size(); ++i) {
        if (i < m_c.size()) r.m_c[i] += m_c[i];
        if (i < o.m_c.size()) r.m_c[i] -= o.m_c[i];
    }
    r.trim();
    return r;
}

RationalPoly RationalPoly::operator*(const RationalPoly& o) const {
    RationalPoly r;
    if (isZero() || o.isZero()) return r;
    r.m_c.assign(m_c.size() + o.m_c.size() - 1, Rational(0));
    for (std::size_t i = 0; i < m_c.size(); ++i)
        for (std::size_t j = 0; j < o.m_c.size(); ++j) r.m_c[i + j] += m_c[i] * o.m_c[j];
    r.trim();
    return r;
}

Rational RationalPoly::eval(const Rational& t) const {
    Rational r(0);
    for (std::size_t i = m_c.size(); i-- > 0;) r = r * t + m_c[i];
    return r;
}

void RationalPoly::range(const Rational& lo, const Rational& hi, Rational& outLo, Rational& outHi) const {
    if (m_c.empty()) {
        outLo = 0, outHi = 0;
        return;
    }
    Rational a = m_c.back(), b = m_c.back();
    for (std::size_t i = m_c.size() - 1; i-- > 0;) {
        // [a, b] * [lo, hi] with lo >= 0, then + c_i.
        Rational na, nb;
        if (sgn(a) >= 0)
            na = a * lo, nb = b * hi;
        else if (sgn(b) <= 0)
            na = a * hi, nb = b * lo;
        else
            na = a * hi, nb = b * hi;
        a = na + m_c[i];
        b = nb + m_c[i];
    }
    outLo = a, outHi = b;
}

PolyVec3 cross(const PolyVec3& a, const PolyVec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

RationalPoly dot(const PolyVec3& a, const PolyVec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

} // namespace cdlab
