#include "ccd/DoublePoly.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cdlab {

DoublePoly DoublePoly::linear(double a, double b) {
    DoublePoly p;
    p.m_n = 2;
    p.m_c[0] = a, p.m_c[1] = b;
    p.m_mag[0] = std::fabs(a), p.m_mag[1] = std::fabs(b);
    return p;
}

DoublePoly DoublePoly::operator+(const DoublePoly& o) const {
    DoublePoly r;
    r.m_n = std::max(m_n, o.m_n);
    for (int i = 0; i < r.m_n; ++i) r.m_c[i] = m_c[i] + o.m_c[i], r.m_mag[i] = m_mag[i] + o.m_mag[i];
    return r;
}

DoublePoly DoublePoly::operator-(const DoublePoly& o) const {
    DoublePoly r;
    r.m_n = std::max(m_n, o.m_n);
    for (int i = 0; i < r.m_n; ++i) r.m_c[i] = m_c[i] - o.m_c[i], r.m_mag[i] = m_mag[i] + o.m_mag[i];
    return r;
}

DoublePoly DoublePoly::operator*(const DoublePoly& o) const {
    DoublePoly r;
    if (m_n == 0 || o.m_n == 0) return r;
    r.m_n = m_n + o.m_n - 1;
    if (r.m_n > kMaxCoefficients) throw std::length_error("DoublePoly: degree too high");
    for (int i = 0; i < m_n; ++i)
        for (int j = 0; j < o.m_n; ++j) {
            r.m_c[i + j] += m_c[i] * o.m_c[j];
            r.m_mag[i + j] += m_mag[i] * o.m_mag[j];
        }
    return r;
}

void DoublePoly::range(double lo, double hi, double& outLo, double& outHi) const {
    if (m_n == 0) {
        outLo = outHi = 0;
        return;
    }
    double a = m_c[m_n - 1], b = a, mag = 0;
    for (int i = 0; i < m_n; ++i) mag += m_mag[i];
    for (int i = m_n - 1; i-- > 0;) {
        double na, nb;
        if (a >= 0)
            na = a * lo, nb = b * hi;
        else if (b <= 0)
            na = a * hi, nb = b * lo;
        else
            na = a * hi, nb = b * hi;
        a = na + m_c[i];
        b = nb + m_c[i];
    }
    double slack = kRoundingSlack * mag;
    outLo = a - slack, outHi = b + slack;
}

DoublePolyVec3 cross(const DoublePolyVec3& a, const DoublePolyVec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

DoublePoly dot(const DoublePolyVec3& a, const DoublePolyVec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

} // namespace cdlab
