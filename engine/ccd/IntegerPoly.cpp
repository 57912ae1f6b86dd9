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
    int c = cmp(x, y); // any sign-carrying int
    return (c > 0) - (c < 0);
}

namespace {
/// l becomes the least common multiple of l and p's denominators.
void lcmOfDenominators(const RationalPoly& p, mpz_class& l) {
    for (const Rational& q : p.coefficients()) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), q.get_den_mpz_t());
}

/// p's coefficients times l (a multiple of each of their denominators), as integers.
std::vector<mpz_class> scaledBy(const RationalPoly& p, const mpz_class& l) {
    std::vector<mpz_class> c;
    c.reserve(p.coefficients().size());
    for (const Rational& q : p.coefficients()) c.push_back(q.get_num() * (l / q.get_den()));
    return c;
}
} // namespace

IntegerPoly::IntegerPoly(const RationalPoly& p) {
    mpz_class l = 1;
    lcmOfDenominators(p, l);
    m_c = scaledBy(p, l);
}

void IntegerPoly::trim() {
    while (!m_c.empty() && sgn(m_c.back()) == 0) m_c.pop_back();
}

IntegerPoly IntegerPoly::operator+(const IntegerPoly& o) const {
    const IntegerPoly &big = m_c.size() >= o.m_c.size() ? *this : o, &small = &big == this ? o : *this;
    IntegerPoly r = big;
    for (std::size_t i = 0; i < small.m_c.size(); ++i) r.m_c[i] += small.m_c[i];
    r.trim();
    return r;
}

IntegerPoly IntegerPoly::operator-(const IntegerPoly& o) const {
    IntegerPoly r = *this;
    if (r.m_c.size() < o.m_c.size()) r.m_c.resize(o.m_c.size());
    for (std::size_t i = 0; i < o.m_c.size(); ++i) r.m_c[i] -= o.m_c[i];
    r.trim();
    return r;
}

IntegerPoly IntegerPoly::operator*(const IntegerPoly& o) const {
    IntegerPoly r;
    if (m_c.empty() || o.m_c.empty()) return r;
    r.m_c.resize(m_c.size() + o.m_c.size() - 1);
    for (std::size_t i = 0; i < m_c.size(); ++i)
        for (std::size_t j = 0; j < o.m_c.size(); ++j)
            mpz_addmul(r.m_c[i + j].get_mpz_t(), m_c[i].get_mpz_t(), o.m_c[j].get_mpz_t());
    return r; // no trailing zeros: the leading coefficient is a product of two non-zero ones
}

IntegerPolyVec3 cross(const IntegerPolyVec3& a, const IntegerPolyVec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

IntegerPoly dot(const IntegerPolyVec3& a, const IntegerPolyVec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

std::array<IntegerPolyVec3, 4> toIntegers(const std::array<PolyVec3, 4>& tr) {
    mpz_class l = 1;
    for (const PolyVec3& v : tr)
        for (const RationalPoly* p : {&v.x, &v.y, &v.z}) lcmOfDenominators(*p, l);
    auto scaled = [&l](const RationalPoly& p) { return IntegerPoly(scaledBy(p, l)); };
    std::array<IntegerPolyVec3, 4> r;
    for (std::size_t k = 0; k < 4; ++k) r[k] = {scaled(tr[k].x), scaled(tr[k].y), scaled(tr[k].z)};
    return r;
}

namespace {
/// Scratch integers reused across calls: the search evaluates thousands of times per query, and GMP
/// integers allocate when first sized.
struct Scratch {
    mpz_class a, b, na, nb, c, kLo, kHi;
};
Scratch& scratch() {
    thread_local Scratch s;
    return s;
}
} // namespace

int IntegerPoly::signAt(const Dyadic& t) const {
    if (m_c.empty()) return 0;
    // 2^(e n) p(k / 2^e) = sum c_i k^i 2^(e (n - i)), by Horner's rule.
    Scratch& s = scratch();
    std::size_t n = m_c.size() - 1;
    mpz_set(s.a.get_mpz_t(), m_c[n].get_mpz_t());
    for (std::size_t i = n; i-- > 0;) {
        mpz_mul(s.a.get_mpz_t(), s.a.get_mpz_t(), t.k.get_mpz_t());
        mpz_mul_2exp(s.c.get_mpz_t(), m_c[i].get_mpz_t(), t.e * (n - i));
        mpz_add(s.a.get_mpz_t(), s.a.get_mpz_t(), s.c.get_mpz_t());
    }
    return sgn(s.a);
}

void IntegerPoly::rangeSigns(const Dyadic& lo, const Dyadic& hi, int& signLo, int& signHi) const {
    if (m_c.empty()) {
        signLo = signHi = 0;
        return;
    }
    Scratch& s = scratch();
    unsigned long e = std::max(lo.e, hi.e);
    mpz_mul_2exp(s.kLo.get_mpz_t(), lo.k.get_mpz_t(), e - lo.e);
    mpz_mul_2exp(s.kHi.get_mpz_t(), hi.k.get_mpz_t(), e - hi.e);
    std::size_t n = m_c.size() - 1;
    mpz_set(s.a.get_mpz_t(), m_c[n].get_mpz_t());
    mpz_set(s.b.get_mpz_t(), m_c[n].get_mpz_t());
    for (std::size_t i = n; i-- > 0;) {
        // [a, b] * [lo, hi] with lo >= 0, then + c_i; all scaled by 2^(e (n - i)).
        const mpz_class& fa = sgn(s.a) >= 0 ? s.kLo : s.kHi;
        const mpz_class& fb = sgn(s.a) < 0 && sgn(s.b) <= 0 ? s.kLo : s.kHi;
        mpz_mul(s.na.get_mpz_t(), s.a.get_mpz_t(), fa.get_mpz_t());
        mpz_mul(s.nb.get_mpz_t(), s.b.get_mpz_t(), fb.get_mpz_t());
        mpz_mul_2exp(s.c.get_mpz_t(), m_c[i].get_mpz_t(), e * (n - i));
        mpz_add(s.a.get_mpz_t(), s.na.get_mpz_t(), s.c.get_mpz_t());
        mpz_add(s.b.get_mpz_t(), s.nb.get_mpz_t(), s.c.get_mpz_t());
    }
    signLo = sgn(s.a), signHi = sgn(s.b);
}

} // namespace cdlab
