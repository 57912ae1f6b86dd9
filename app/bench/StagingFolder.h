// StagingFolder: a report written beside its output folder and moved into it at the end, so that a run that
// fails or is killed never leaves a README that mixes two runs (cdlab-bench paper).
#pragma once

#include <filesystem>

namespace cdlab {

class StagingFolder {
public:
    /// Creates `dir` if needed and a fresh `dir/.partial-XXXXXX` (mkdtemp) locked by this process (flock) for
    /// its whole life. Leftovers of killed runs (.partial-* whose lock nobody holds) are removed; a live
    /// run's folder (locked) is left alone, on any machine sharing the folder. Refuses, as an InputError
    /// naming -o: a folder that cannot be made or written, and a folder that holds files but no earlier
    /// report's marker
    /// (`-o .` in a checkout must not replace its README).
    explicit StagingFolder(const std::filesystem::path& dir);
    ~StagingFolder();
    StagingFolder(const StagingFolder&) = delete;
    StagingFolder& operator=(const StagingFolder&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    /// Moves what the run wrote into the output folder, replacing the previous report's files of the same
    /// names; README.md goes last, so a README always belongs to a complete report.
    void commit();

    /// The marker a report leaves in its folder: a later run may replace that folder's report files.
    static constexpr const char* kMarker = ".cdlab-report";

private:
    std::filesystem::path m_dir, m_path;
    int m_lock = -1; ///< the open lock file inside m_path (flock held until the destructor)
};

} // namespace cdlab
