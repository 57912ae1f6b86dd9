#include "ccd/DoublePoly.h"

#include <algorithm>
#include <stdexcept>

namespace cdlab {

template <class T> FloatPoly<T> FloatPoly<T>::linear(const T& a, const T& b) {
    FloatPoly p;
    p.m_n = 2;
    p.m_c[0] = a, p.m_c[1] = b;
    p.m_mag[0] = magnitude(a), p.m_mag[1] = magnitude(b);
    return p;
}

template <class T> void FloatPoly<T>::setCoefficient(int i, const T& c) {
    if (i >= kMaxCoefficients) throw std::length_error("FloatPoly: degree too high");
    m_c[i] = c, m_mag[i] = magnitude(c);
    m_n = std::max(m_n, i + 1);
}

template <class T> FloatPoly<T> FloatPoly<T>::operator+(const FloatPoly& o) const {
    FloatPoly r;
    r.m_n = std::max(m_n, o.m_n);
    for (int i = 0; i < r.m_n; ++i) r.m_c[i] = m_c[i] + o.m_c[i], r.m_mag[i] = m_mag[i] + o.m_mag[i];
    return r;
}

template <class T> FloatPoly<T> FloatPoly<T>::operator-(const FloatPoly& o) const {
    FloatPoly r;
    r.m_n = std::max(m_n, o.m_n);
    for (int i = 0; i < r.m_n; ++i) r.m_c[i] = m_c[i] - o.m_c[i], r.m_mag[i] = m_mag[i] + o.m_mag[i];
    return r;
}

template <class T> FloatPoly<T> FloatPoly<T>::operator*(const FloatPoly& o) const {
    FloatPoly r;
    if (m_n == 0 || o.m_n == 0) return r;
    r.m_n = m_n + o.m_n - 1;
    if (r.m_n > kMaxCoefficients) throw std::length_error("FloatPoly: degree too high");
    for (int i = 0; i < m_n; ++i)
        for (int j = 0; j < o.m_n; ++j) {
            r.m_c[i + j] += m_c[i] * o.m_c[j];
            r.m_mag[i + j] += m_mag[i] * o.m_mag[j];
        }
    return r;
}

template <class T> void FloatPoly<T>::range(double lo, double hi, T& outLo, T& outHi) const {
    if (m_n == 0) {
        outLo = outHi = T(0.0);
        return;
    }
    T a = m_c[m_n - 1], b = a;
    double mag = 0;
    for (int i = 0; i < m_n; ++i) mag += m_mag[i];
    for (int i = m_n - 1; i-- > 0;) {
        T na, nb;
        if (a >= 0.0)
            na = a * T(lo), nb = b * T(hi);
        else if (b <= 0.0)
            na = a * T(hi), nb = b * T(lo);
        else
            na = a * T(hi), nb = b * T(hi);
        a = na + m_c[i];
        b = nb + m_c[i];
    }
    T slack(kRoundingSlack * mag);
    outLo = a - slack, outHi = b + slack;
}

template <class T> FloatPolyVec3<T> cross(const FloatPolyVec3<T>& a, const FloatPolyVec3<T>& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

template <class T> FloatPoly<T> dot(const FloatPolyVec3<T>& a, const FloatPolyVec3<T>& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

template class FloatPoly<double>;
template class FloatPoly<DoubleDouble>;
template FloatPolyVec3<double> cross(const FloatPolyVec3<double>&, const FloatPolyVec3<double>&);
template FloatPolyVec3<DoubleDouble> cross(const FloatPolyVec3<DoubleDouble>&,
                                           const FloatPolyVec3<DoubleDouble>&);
template FloatPoly<double> dot(const FloatPolyVec3<double>&, const FloatPolyVec3<double>&);
template FloatPoly<DoubleDouble> dot(const FloatPolyVec3<DoubleDouble>&, const FloatPolyVec3<DoubleDouble>&);

} // namespace cdlab
