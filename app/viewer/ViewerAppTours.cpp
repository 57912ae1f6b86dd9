// ViewerApp's tours (issue 44): opening a tour, going to a step (its shot through the shot path, then its
// actions once the shot is applied) and the "play N frames" action's pause. Kept apart from the frame loop
// (ViewerApp.cpp) and the shots (ViewerAppShots.cpp).
#include "ViewerApp.h"

#include "core/InputError.h"

#include <algorithm>
#include <cstdio>

namespace cdlab {

namespace {

/// Every step's shot and every action's family, against the registries, before anything changes.
void checkActions(const Tour& tour, const std::string& path) {
    for (std::size_t k = 0; k < tour.steps.size(); ++k)
        for (std::size_t a = 0; a < tour.steps[k].actions.size(); ++a) {
            const TourAction& act = tour.steps[k].actions[a];
            if (act.kind != TourAction::Kind::Step) continue;
            const FamilyInfo* family = findFamilyView(act.family);
            if (!family || !family->stepHelp) {
                std::string known;
                for (const FamilyInfo& f : familyViews())
                    if (f.stepHelp) known += (known.empty() ? "" : ", ") + f.name;
                throw InputError(
                    path, "steps[" + std::to_string(k) + "].actions[" + std::to_string(a) + "].family",
                    "no family with a step-through named '" + act.family + "' (known: " + known + ")");
            }
        }
}

} // namespace

void ViewerApp::checkTour(const Tour& tour, const std::string& path) const {
    checkActions(tour, path);
    for (const TourStep& s : tour.steps) checkShot(s.shot, s.shotPath);
}

void ViewerApp::openTour(const std::string& path, int step) {
    try {
        Tour tour = Tour::load(path);
        checkTour(tour, path);
        m_tour = std::move(tour), m_tourPath = path;
        m_tourStep = -1;
        goToTourStep(std::clamp(step, 0, int(m_tour->steps.size()) - 1));
    } catch (const InputError& e) {
        m_loadError = e.what();
        m_status = "cannot open tour " + path;
        std::fprintf(stderr, "error: %s\n", e.what());
    }
}

void ViewerApp::goToTourStep(int k) {
    if (!m_tour || k < 0 || k >= int(m_tour->steps.size())) return;
    const TourStep& step = m_tour->steps[std::size_t(k)];
    try {
        openShot(step.shot, step.shotPath);
        m_tourStep = k;
        m_tourActionsPending = true;
        m_tourPlayUntil = -1;
        m_status = "tour step " + std::to_string(k + 1) + " of " + std::to_string(m_tour->steps.size());
    } catch (const InputError& e) {
        m_loadError = e.what();
        m_status = "cannot show tour step " + std::to_string(k + 1);
        std::fprintf(stderr, "error: %s\n", e.what());
    }
}

void ViewerApp::closeTour() {
    m_tour.reset();
    m_tourActionsPending = false;
    m_tourPlayUntil = -1;
}

std::string ViewerApp::tourLine() const {
    if (!m_tour) return "";
    return m_tour->title + ": step " + std::to_string(m_tourStep + 1) + " of " +
           std::to_string(m_tour->steps.size()) + ": " + m_tour->steps[std::size_t(m_tourStep)].caption;
}

void ViewerApp::runTourActions() {
    m_tourActionsPending = false;
    if (!m_tour || m_tourStep < 0) return;
    AutomationOptions& a = m_options.automation;
    const bool scripted = a.frames > 0;
    for (const TourAction& act : m_tour->steps[std::size_t(m_tourStep)].actions) {
        switch (act.kind) {
        case TourAction::Kind::NextContact:
            startSeek();
            // A scripted run searches now, as --seek-contact does; the window searches over its frames.
            if (scripted)
                while (seekContact(0)) {
                }
            break;
        case TourAction::Kind::Step:
            m_steps[act.family] = act.index;
            for (auto& vp : m_viewports)
                for (std::size_t f = 0; f < familyViews().size(); ++f)
                    if (familyViews()[f].name == act.family) vp->families[f]->setStep(act.index);
            break;
        case TourAction::Kind::Play: {
            const int until = std::min(m_timeline.position() + act.frames, m_timeline.frameCount());
            if (scripted) {
                m_timeline.scrubTo(until);
            } else {
                m_tourPlayUntil = until;
                if (!m_timeline.playing()) m_timeline.togglePlaying();
            }
            break;
        }
        }
    }
    // A scripted run's frames end at the time the actions reached (the step's frame, a contact found).
    if (scripted) a.hasAt = true, a.at = m_timeline.time();
}

void ViewerApp::updateTourPlay() {
    if (m_tourPlayUntil < 0) return;
    if (!m_timeline.playing()) { // paused by the user (or a search) meanwhile
        m_tourPlayUntil = -1;
        return;
    }
    if (m_timeline.position() >= m_tourPlayUntil) {
        m_timeline.scrubTo(m_tourPlayUntil); // pauses on the frame
        m_tourPlayUntil = -1;
    }
}

} // namespace cdlab
