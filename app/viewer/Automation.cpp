#include "Automation.h"

#include "ViewerApp.h"
#include "ViewerUi.h"
#include "core/InputError.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <imgui.h>
#include <sstream>

namespace cdlab {

namespace {

/// "O*10,P": the GLFW keys of the named shortcuts, each repeated as asked (--tap).
std::vector<int> tapKeys(const std::string& spec) {
    std::vector<int> keys;
    std::size_t pos = 0;
    while (pos < spec.size()) {
        std::size_t end = std::min(spec.find(',', pos), spec.size());
        std::string item = spec.substr(pos, end - pos);
        pos = end + 1;
        const std::string given = item;
        int times = 1;
        if (auto star = item.find('*'); star != std::string::npos) {
            const char *first = item.data() + star + 1, *last = item.data() + item.size();
            auto [end, error] = std::from_chars(first, last, times);
            if (error != std::errc() || end != last) times = 0; // "O*10x", "O*": refused below
            item.resize(star);
        }
        const ViewerUi::Shortcut* found = nullptr;
        for (const auto& s : ViewerUi::shortcutList())
            if (item == s.name) found = &s;
        if (!found || times < 1 || times > 1000)
            throw InputError("--tap", "",
                             "'" + given + "' is no shortcut key (or a bad count); use e.g. O*10,P");
        keys.insert(keys.end(), std::size_t(times), found->key);
    }
    return keys;
}

/// One --drag: "[shift+]X0,Y0:X1,Y1[@T]".
struct Drag {
    bool turn = false;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool key = false;
    double keyTime = 0;
};

Drag parseDrag(const std::string& spec) {
    Drag d;
    std::string s = spec;
    if (s.rfind("shift+", 0) == 0) d.turn = true, s = s.substr(6);
    char at = 0, rest = 0;
    const int n =
        std::sscanf(s.c_str(), "%f,%f:%f,%f%c%lf%c", &d.x0, &d.y0, &d.x1, &d.y1, &at, &d.keyTime, &rest);
    d.key = n == 6 && at == '@';
    auto fraction = [](float v) { return v >= 0 && v <= 1; };
    if ((n != 4 && !(n == 6 && at == '@')) || !fraction(d.x0) || !fraction(d.y0) || !fraction(d.x1) ||
        !fraction(d.y1) || (d.key && !std::isfinite(d.keyTime)))
        throw InputError("--drag", "",
                         "'" + spec +
                             "': expected [shift+]X0,Y0:X1,Y1[@T] (window fractions in [0, 1], T a "
                             "time), e.g. 0.7,0.5:0.5,0.5@1");
    return d;
}

} // namespace

const std::vector<ScriptedKeyName>& scriptedKeyNames() {
    // The keys a text field, a list or a dialog reacts to (ImGui's key map); letters and digits are typed
    // with --type, the viewer's own shortcuts tapped with --tap.
    static const std::vector<ScriptedKeyName> names = {
        {"Enter", GLFW_KEY_ENTER, ImGuiKey_Enter},
        {"Escape", GLFW_KEY_ESCAPE, ImGuiKey_Escape},
        {"Tab", GLFW_KEY_TAB, ImGuiKey_Tab},
        {"Backspace", GLFW_KEY_BACKSPACE, ImGuiKey_Backspace},
        {"Delete", GLFW_KEY_DELETE, ImGuiKey_Delete},
        {"Space", GLFW_KEY_SPACE, ImGuiKey_Space},
        {"Left", GLFW_KEY_LEFT, ImGuiKey_LeftArrow},
        {"Right", GLFW_KEY_RIGHT, ImGuiKey_RightArrow},
        {"Up", GLFW_KEY_UP, ImGuiKey_UpArrow},
        {"Down", GLFW_KEY_DOWN, ImGuiKey_DownArrow},
        {"Home", GLFW_KEY_HOME, ImGuiKey_Home},
        {"End", GLFW_KEY_END, ImGuiKey_End},
        {"PageUp", GLFW_KEY_PAGE_UP, ImGuiKey_PageUp},
        {"PageDown", GLFW_KEY_PAGE_DOWN, ImGuiKey_PageDown},
        {"KeypadEnter", GLFW_KEY_KP_ENTER, ImGuiKey_KeyPadEnter},
    };
    return names;
}

Automation::Input Automation::parseInput(const ScriptedInputSpec& spec) {
    Input in;
    if (spec.option == "--click") {
        char rest = 0;
        in.kind = Input::Kind::Click;
        if (std::sscanf(spec.value.c_str(), "%f,%f%c", &in.x, &in.y, &rest) != 2 ||
            !(in.x >= 0 && in.x <= 1) || !(in.y >= 0 && in.y <= 1))
            throw InputError("--click", "",
                             "expected X,Y pairs (fractions of the window), e.g. 0.5,0.04, not '" +
                                 spec.value + "'");
    } else if (spec.option == "--type") {
        in.kind = Input::Kind::Type, in.text = spec.value;
        // Control characters are keys, not text: ImGui's fields drop them, so the run would not type
        // what was asked.
        const bool control = std::any_of(in.text.begin(), in.text.end(),
                                         [](char c) { return (unsigned char)c < 0x20 || c == 0x7f; });
        if (in.text.empty() || control)
            throw InputError("--type", "",
                             "'" + spec.value +
                                 "': expected printable text (Enter, Tab and other keys: --key NAME)");
    } else {
        in.kind = Input::Kind::Key;
        std::string known;
        for (const ScriptedKeyName& k : scriptedKeyNames()) {
            if (spec.value == k.name) in.key = k.key;
            known += (known.empty() ? "" : ", ") + std::string(k.name);
        }
        if (in.key < 0)
            throw InputError("--key", "", "'" + spec.value + "' is no key name; use one of " + known);
    }
    return in;
}

Automation::Automation(AutomationOptions& options, ViewerApp& app) : m_options(options), m_app(app) {
    tapKeys(m_options.taps); // a bad --tap fails before the first frame
    for (const ScriptedInputSpec& spec : m_options.inputs) m_inputs.push_back(parseInput(spec));
    // Two frames per input from the middle frame on (a key acts on its first): an input that would fall after
    // the last frame would never happen, and the run would pass without it.
    if (m_options.frames > 0 && !m_inputs.empty()) {
        const int last = m_options.frames / 2 + 2 * int(m_inputs.size() - 1) +
                         (m_inputs.back().kind == Input::Kind::Key ? 0 : 1);
        if (last >= m_options.frames)
            throw InputError(
                "--frames", std::to_string(m_options.frames),
                "the " + std::to_string(m_inputs.size()) +
                    " --click/--type/--key inputs take two frames each from the middle frame on; "
                    "the last would need frame " +
                    std::to_string(last + 1));
    }
    for (const std::string& d : m_options.drags) parseDrag(d);
}

bool Automation::active() const {
    return m_options.frames > 0;
}

void Automation::whilePreparing() {
    ++m_framesWhilePreparing;
    if (m_thenStarted && m_options.cancelThen && !m_thenCancelled) {
        m_app.cancelPreparation(); // the Preparing panel's Cancel button, once it has been drawn
        m_thenCancelled = true;
    }
}

void Automation::firstFrame(int frame) {
    if (frame == 0 && m_options.seekContact && m_app.loaded().scene()) {
        // The frames end where the first contact after --at (Next contact pressed there), else after the
        // scene's start, is found.
        if (m_options.hasAt)
            m_app.timeline().scrub(m_options.at);
        else
            m_app.timeline().restart();
        m_app.startSeek();
        while (m_app.seekContact(0)) { // one frame per call, as a slow machine's window would resume it
        }
        m_options.hasAt = true, m_options.at = m_app.timeline().time();
    }
}

void Automation::middleFrame(int frame) {
    if (frame != m_options.frames / 2) return;
    for (int key : tapKeys(m_options.taps)) m_app.platform().tap(key); // all within this one frame
    if (m_options.resizeTo.size() == 2)
        m_app.platform().resize(m_options.resizeTo[0], m_options.resizeTo[1]); // takes effect next frame
    if (!m_options.thenLoad.empty()) m_app.load({m_options.thenLoad});         // a failure is the exit code's
    // The motion editor's drags: the mouse path's own calls (press on a body, the cursor moved in steps,
    // release), then Set keyframe as its key or button does.
    for (const std::string& spec : m_options.drags) {
        const Drag d = parseDrag(spec);
        BodyEditor& editor = m_app.editor();
        editor.enabled() = true;
        const float w = m_app.layout().window.w, h = m_app.layout().window.h;
        if (!editor.press(m_app, d.x0 * w, d.y0 * h, d.turn)) {
            std::printf("edit: --drag %s: no body under (%g, %g)\n", spec.c_str(), d.x0, d.y0);
            continue;
        }
        constexpr int kSteps = 8;
        for (int k = 1; k <= kSteps; ++k)
            editor.move(m_app, (d.x0 + (d.x1 - d.x0) * k / kSteps) * w,
                        (d.y0 + (d.y1 - d.y0) * k / kSteps) * h);
        editor.release(m_app);
        std::printf("edit: %s\n", editor.lastAction().c_str());
        if (d.key) {
            editor.keyTime() = d.keyTime;
            if (editor.setKeyframe(m_app)) std::printf("edit: %s\n", editor.lastAction().c_str());
        }
    }
    if (!m_options.thenAlgo.empty() && !m_app.viewports().empty())
        m_app.setAlgorithm(*m_app.viewports().front(), m_options.thenAlgo, "--then-algo");
    m_thenStarted = !m_options.thenLoad.empty() || !m_options.thenAlgo.empty();
    if (m_options.exportVideo.size() == 3) { // FILE FRAMES WxH, as the export dialog takes them
        VideoExportSettings settings;
        settings.path = m_options.exportVideo[0];
        const std::string &frames = m_options.exportVideo[1], &size = m_options.exportVideo[2];
        const auto x = size.find('x');
        auto number = [](const std::string& text, int& out) {
            auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
            return error == std::errc() && end == text.data() + text.size();
        };
        if (!number(frames, settings.frames) || settings.frames < 0 || x == std::string::npos ||
            !number(size.substr(0, x), settings.width) || !number(size.substr(x + 1), settings.height))
            throw InputError("--export-video", "",
                             "expected FILE FRAMES WIDTHxHEIGHT, e.g. out.mp4 0 640x360");
        settings.fps = m_options.videoFps;
        m_app.startVideoExport(settings);
    }
}

double Automation::frameStart(int frame) {
    const Scene& scene = *m_app.loaded().scene();
    // The scene's own frames, the last ending at --at, or spread over the whole range.
    if (m_options.hasAt && !(m_options.at >= scene.startTime && m_options.at <= scene.endTime)) // NaN too
        throw InputError("--at", "",
                         formattedTime(m_options.at) + " is outside the scene's time range [" +
                             formattedTime(scene.startTime) + ", " + formattedTime(scene.endTime) + "]");
    return m_app.timeline().scripted(frame, m_options.frames, m_options.hasAt ? &m_options.at : nullptr);
}

void Automation::pick(int frame) {
    if (frame == 1 && m_options.pick.size() == 2)
        m_app.ctrlClick(m_options.pick[0] * m_app.layout().window.w,
                        m_options.pick[1] * m_app.layout().window.h);
}

void Automation::afterStep(int frame) {
    if (lastFrame(frame) && m_options.lookContact >= 0)
        m_app.lookAtContact(0, std::size_t(m_options.lookContact));
}

ScriptedMouse Automation::mouse(int frame) const {
    ScriptedMouse m;
    if (m_options.hover.size() == 2) m.placed = true, m.x = m_options.hover[0], m.y = m_options.hover[1];
    const int since = frame - m_options.frames / 2;
    if (m_options.frames <= 0 || since < 0) return m;
    // Input k owns frames 2k and 2k + 1 from the middle one: a click pressed then released; a text field
    // focused on the first frame takes the typed text on the second; a key down then up.
    const std::size_t now = std::size_t(since / 2);
    const bool first = since % 2 == 0;
    for (std::size_t k = 0; k < m_inputs.size() && k <= now; ++k) {
        const Input& in = m_inputs[k];
        if (in.kind == Input::Kind::Click) {
            if (k == now)
                m.placed = true, m.x = in.x, m.y = in.y, m.down = first;
            else if (m_options.hover.size() != 2) // once clicked, the mouse stays there (or rests at --hover)
                m.placed = true, m.x = in.x, m.y = in.y;
        } else if (k == now && in.kind == Input::Kind::Type && !first) {
            m.text = in.text;
        } else if (k == now && in.kind == Input::Kind::Key && first) {
            m.key = in.key;
        }
    }
    return m;
}

void Automation::finish() {
    if (m_options.saveScene.empty()) return;
    if (!m_app.saveScene(m_options.saveScene)) throw InputError("--save-scene", "", m_app.loadError());
}

bool Automation::lastFrame(int frame) const {
    return m_options.frames > 0 && frame + 1 >= m_options.frames;
}

} // namespace cdlab
