// Helpers shared by the test suites: a fixed-seed PRNG, temporary files and the bundled scenes.
#pragma once

#include "TestPaths.h"
#include "core/InputError.h"
#include "geometry/Mat3.h"
#include "geometry/Quat.h"
#include "scene/PoseTrack.h"
#include "scene/SceneLoader.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <gmpxx.h>
#include <string>
#include <unistd.h>

namespace cdlab::test {

/// SplitMix64: small, fast, and the same sequence on every platform (std distributions are not).
class Rng {
public:
    explicit Rng(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() { return (next() >> 11) * 0x1p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    int integer(int lo, int hi) {
        return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }
    Vec3 vec(double lo, double hi) { return {uniform(lo, hi), uniform(lo, hi), uniform(lo, hi)}; }
    Vec3 unit() {
        for (;;) {
            Vec3 v = vec(-1, 1);
            double l = length(v);
            if (l > 1e-3 && l <= 1) return v / l;
        }
    }
    Mat3 rotation() { return Quat::fromAxisAngle(unit(), uniform(0, 6.283185307179586)).toMat3(); }

private:
    std::uint64_t m_state;
};

/// A keyframe holding pose p at time t (rotation matrix to quaternion, Shepperd's method).
inline Keyframe keyframe(double t, const Pose& p) {
    Keyframe k;
    k.time = t;
    k.position = p.t;
    const Mat3& m = p.R;
    double tr = m(0, 0) + m(1, 1) + m(2, 2);
    if (tr > 0) {
        double s = std::sqrt(tr + 1) * 2;
        k.rotation = {s / 4, (m(2, 1) - m(1, 2)) / s, (m(0, 2) - m(2, 0)) / s, (m(1, 0) - m(0, 1)) / s};
    } else if (m(0, 0) > m(1, 1) && m(0, 0) > m(2, 2)) {
        double s = std::sqrt(1 + m(0, 0) - m(1, 1) - m(2, 2)) * 2;
        k.rotation = {(m(2, 1) - m(1, 2)) / s, s / 4, (m(0, 1) + m(1, 0)) / s, (m(0, 2) + m(2, 0)) / s};
    } else if (m(1, 1) > m(2, 2)) {
        double s = std::sqrt(1 + m(1, 1) - m(0, 0) - m(2, 2)) * 2;
        k.rotation = {(m(0, 2) - m(2, 0)) / s, (m(0, 1) + m(1, 0)) / s, s / 4, (m(1, 2) + m(2, 1)) / s};
    } else {
        double s = std::sqrt(1 + m(2, 2) - m(0, 0) - m(1, 1)) * 2;
        k.rotation = {(m(1, 0) - m(0, 1)) / s, (m(0, 2) + m(2, 0)) / s, (m(1, 2) + m(2, 1)) / s, s / 4};
    }
    return k;
}

/// Exact rational coordinates of a double vector.
struct QVec {
    mpq_class x, y, z;
    explicit QVec(const Vec3& v) : x(v.x), y(v.y), z(v.z) {}
    QVec(mpq_class a, mpq_class b, mpq_class c) : x(std::move(a)), y(std::move(b)), z(std::move(c)) {}
    QVec operator-(const QVec& o) const { return {x - o.x, y - o.y, z - o.z}; }
};
inline mpq_class qdot(const QVec& a, const QVec& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline QVec qcross(const QVec& a, const QVec& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline bool qzero(const QVec& a) {
    return sgn(a.x) == 0 && sgn(a.y) == 0 && sgn(a.z) == 0;
}

/// Sign of det[a-d, b-d, c-d] in exact arithmetic (independent of the engine's filtered predicate).
inline int exactOrient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    QVec qd(d);
    return sgn(mpq_class(qdot(QVec(a) - qd, qcross(QVec(b) - qd, QVec(c) - qd))));
}

/// A fresh directory under the system temp dir, removed with the object.
class TempDir {
public:
    TempDir() {
        static int counter = 0;
        m_path = std::filesystem::temp_directory_path() /
                 ("cdlab-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(m_path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    std::string write(const std::string& name, const std::string& content) const {
        std::string p = (m_path / name).string();
        std::ofstream(p, std::ios::binary) << content;
        return p;
    }
    std::string path(const std::string& name) const { return (m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

/// A scene of the project's scenes/ folder.
/// The message a scene text's parse throws ("" when it parses), as from a file "bad.json".
inline std::string sceneError(const std::string& text) {
    try {
        parseScene(text, "bad.json", ".");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

inline Scene bundled(const std::string& name) {
    return loadScene(std::string(CDLAB_SOURCE_DIR) + "/scenes/" + name);
}

} // namespace cdlab::test
