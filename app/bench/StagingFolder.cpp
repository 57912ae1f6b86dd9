#include "StagingFolder.h"

#include "core/InputError.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <sys/file.h>
#include <unistd.h>
#include <vector>

namespace cdlab {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPartialPrefix = ".partial-";
constexpr const char* kLockName = ".lock";

bool isPartial(const fs::path& p) {
    return p.filename().string().rfind(kPartialPrefix, 0) == 0;
}

/// A killed run's staging folder: its lock file can be locked now (no process holds it). A folder without a
/// lock file is left alone: it was not made by this code, or its run is still creating it.
bool abandoned(const fs::path& partial) {
    const int fd = ::open((partial / kLockName).c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) return false;
    const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
    ::close(fd); // releases the lock taken just now
    return free;
}

} // namespace

StagingFolder::StagingFolder(const fs::path& dir) : m_dir(dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw InputError(dir.string(), "-o",
                         "cannot create the output folder: " +
                             (ec ? ec.message() : std::string("not a folder")));
    // Only a folder that is empty or holds an earlier report: anything else would be overwritten by name.
    bool marked = fs::exists(dir / kMarker), holdsFiles = false;
    std::vector<fs::path> partials;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (isPartial(entry.path()))
            partials.push_back(entry.path());
        else
            holdsFiles = true;
    }
    if (holdsFiles && !marked)
        throw InputError(dir.string(), "-o",
                         "the output folder holds files but no earlier report (no " + std::string(kMarker) +
                             "): choose an empty or new folder");
    for (const fs::path& p : partials)
        if (abandoned(p)) fs::remove_all(p, ec);

    std::string pattern = (dir / (std::string(kPartialPrefix) + "XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw InputError(dir.string(), "-o",
                         "the output folder is not writable: " + std::string(strerror(errno)));
    m_path = pattern;
    m_lock = ::open((m_path / kLockName).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_lock < 0 || ::flock(m_lock, LOCK_EX | LOCK_NB) != 0) {
        fs::remove_all(m_path, ec);
        throw InputError(dir.string(), "-o", "cannot lock the staging folder " + m_path.string());
    }
}

StagingFolder::~StagingFolder() {
    std::error_code ec;
    if (!m_path.empty()) fs::remove_all(m_path, ec);
    if (m_lock >= 0) ::close(m_lock);
}

void StagingFolder::commit() {
    // The names first: renaming entries out of a folder while iterating it may skip some (POSIX).
    std::vector<fs::path> names;
    for (const auto& entry : fs::directory_iterator(m_path))
        if (entry.path().filename() != kLockName) names.push_back(entry.path().filename());
    std::stable_partition(names.begin(), names.end(), [](const fs::path& n) { return n != "README.md"; });
    { std::ofstream(m_dir / kMarker) << "cdlab-bench paper wrote this folder's report\n"; }
    for (const fs::path& name : names) {
        fs::path target = m_dir / name;
        fs::remove_all(target);
        fs::rename(m_path / name, target);
    }
    std::error_code ec;
    fs::remove_all(m_path, ec);
    m_path.clear();
}

} // namespace cdlab
