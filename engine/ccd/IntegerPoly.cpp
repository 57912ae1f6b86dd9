#include "ccd/IntegerPoly.h"

#include <algorithm>
#include <cmath>

namespace cdlab {

Dyadic Dyadic::fromDouble(double t) {
    Dyadic d;
    int exp = 0;
    double m = std::frexp(t, &exp); // t = m 2^exp, |m| in [0.5, 1): m 2^53 is an integer
    d.k = mpz_class(std::ldexp(m, 53));
    long shift = long(exp) - 53; // t = k 2^shift
    if (sgn(d.k) != 0) {         // the smallest denominator keeps the integers of the search short
        mp_bitcnt_t zeros = mpz_scan1(d.k.get_mpz_t(), 0);
        d.k >>= zeros;
        shift += long(zeros);
    }
    if (shift >= 0)
        d.k <<= static_cast<mp_bitcnt_t>(shift);
    else
        d.e = static_cast<unsigned long>(-shift);
    return d;
}

double Dyadic::toDouble() const {
    long exp = 0;
    double m = mpz_get_d_2exp(&exp, k.get_mpz_t()); // k = m 2^exp (truncated mantissa)
    return std::ldexp(m, int(exp - long(e)));
}

Dyadic Dyadic::midpoint(const Dyadic& o) const {
    Dyadic r; // (k / 2^e + o.k / 2^o.e) / 2 over the common denominator 2^(max e + 1)
    unsigned long common = std::max(e, o.e);
    r.k = (k << static_cast<mp_bitcnt_t>(common - e)) + (o.k << static_cast<mp_bitcnt_t>(common - o.e));
    r.e = common + 1;
    return r;
}

int compare(const Dyadic& a, const Dyadic& b) {
    unsigned long e = std::max(a.e, b.e);
    mpz_class x = a.k << static_cast<mp_bitcnt_t>(e - a.e), y = b.k << static_cast<mp_bitcnt_t>(e - b.e);
    return cmp(x, y);
}

IntegerPoly::IntegerPoly(const RationalPoly& p) {
    const auto& c = p.coefficients();
    mpz_class l = 1;
    for (const Rational& q : c) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), q.get_den_mpz_t());
    m_c.resize(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) m_c[i] = c[i].get_num() * (l / c[i].get_den());
}

int IntegerPoly::signAt(const Dyadic& t) const {
    if (m_c.empty()) return 0;
    // 2^(e n) p(k / 2^e) = sum c_i k^i 2^(e (n - i)), by Horner's rule.
    std::size_t n = m_c.size() - 1;
    mpz_class r = m_c[n];
    for (std::size_t i = n; i-- > 0;) r = r * t.k + (m_c[i] << static_cast<mp_bitcnt_t>(t.e * (n - i)));
    return sgn(r);
}

void IntegerPoly::rangeSigns(const Dyadic& lo, const Dyadic& hi, int& signLo, int& signHi) const {
    if (m_c.empty()) {
        signLo = signHi = 0;
        return;
    }
    unsigned long e = std::max(lo.e, hi.e);
    mpz_class kLo = lo.k << static_cast<mp_bitcnt_t>(e - lo.e),
              kHi = hi.k << static_cast<mp_bitcnt_t>(e - hi.e);
    std::size_t n = m_c.size() - 1;
    mpz_class a = m_c[n], b = m_c[n], na, nb;
    for (std::size_t i = n; i-- > 0;) {
        // [a, b] * [lo, hi] with lo >= 0, then + c_i; all scaled by 2^(e (n - i)).
        if (sgn(a) >= 0)
            na = a * kLo, nb = b * kHi;
        else if (sgn(b) <= 0)
            na = a * kHi, nb = b * kLo;
        else
            na = a * kHi, nb = b * kHi;
        mpz_class c = m_c[i] << static_cast<mp_bitcnt_t>(e * (n - i));
        a = na + c;
        b = nb + c;
    }
    signLo = sgn(a), signHi = sgn(b);
}

} // namespace cdlab
