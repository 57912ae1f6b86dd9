#include "ViewerUi.h"

#include "OverlayTable.h"
#include "ViewerApp.h"
#include "core/InputError.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <numeric>

namespace cdlab {

void helpMarker(const std::string& text) {
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

namespace {

// The viewer's warning colour (a result to distrust, the view goes on), as "preparing" is shown.
const ImVec4 kWarningColor(1, 0.8f, 0.3f, 1);

struct Stat {
    float now = 0, avg = 0, max = 0;
};
Stat stat(const std::deque<float>& d) {
    Stat s;
    if (d.empty()) return s;
    s.now = d.back();
    s.avg = std::accumulate(d.begin(), d.end(), 0.0f) / float(d.size());
    s.max = *std::max_element(d.begin(), d.end());
    return s;
}

/// Greyed text that wraps at the panel's edge instead of being cut there.
void disabledWrapped(const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

/// The axis values of the plot just drawn (the last item): its top and bottom values with their unit at the
/// left edge, and what the x axis spans at the right, so a plot reads without guessing its scale.
void plotAxes(float top, float bottom, const char* unit, const std::string& xSpan) {
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 colour = IM_COL32(200, 200, 200, 200);
    char text[64];
    auto value = [](float v) { return std::fabs(v) >= 100 ? "%.0f %s" : "%.3g %s"; };
    std::snprintf(text, sizeof text, value(top), top, unit);
    dl->AddText(ImVec2(lo.x + 3, lo.y + 1), colour, text);
    std::snprintf(text, sizeof text, value(bottom), bottom, "");
    dl->AddText(ImVec2(lo.x + 3, hi.y - ImGui::GetFontSize() - 1), colour, text);
    if (!xSpan.empty()) {
        ImVec2 size = ImGui::CalcTextSize(xSpan.c_str());
        dl->AddText(ImVec2(hi.x - size.x - 3, hi.y - size.y - 1), colour, xSpan.c_str());
    }
}

/// A line plot of `values` scaled from 0 to their maximum, with its axis values; `caption` names what it
/// shows (the counter or stage).
void plotWithAxes(const char* id, const std::vector<float>& values, float top, const char* caption,
                  const char* unit, float height) {
    if (values.empty()) return;
    ImGui::TextUnformatted(caption); // above the plot: inside, it would run into the axis values
    // ImGui 1.86's PlotLines takes no negative width (it drew a 2-pixel plot): the width is explicit.
    ImGui::PlotLines(id, values.data(), int(values.size()), 0, nullptr, 0.0f, top,
                     ImVec2(ImGui::GetContentRegionAvail().x, height));
    plotAxes(top, 0, unit, "last " + std::to_string(values.size()) + " frames");
}

/// A table row: the name, then now / avg / max of the series.
void statRow(const char* name, const std::deque<float>& d, const char* format) {
    Stat s = stat(d);
    ImGui::TableNextRow();
    ImGui::TableNextColumn(), ImGui::TextUnformatted(name);
    for (float v : {s.now, s.avg, s.max}) ImGui::TableNextColumn(), ImGui::Text(format, v);
}

/// The algorithm a view runs (the one being prepared shows its answers only once it runs).
const AlgorithmInfo* algorithmOf(const Viewport& vp) {
    return AlgorithmRegistry::instance().find(vp.preparedAlgorithm.empty() ? vp.algorithm
                                                                           : vp.preparedAlgorithm);
}

/// Project folders a user browses for scenes and meshes.
std::vector<std::string> browseFiles() {
    std::vector<std::string> out;
    for (std::string root : {std::string("."), std::string(CDLAB_SOURCE_DIR)}) {
        for (const char* sub : {"scenes", "assets"}) {
            std::error_code ec;
            for (const auto& e : std::filesystem::directory_iterator(root + "/" + sub, ec)) {
                std::string ext = e.path().extension().string();
                if (ext == ".json" || ext == ".obj" || ext == ".ply" || ext == ".stl" || ext == ".gltf" ||
                    ext == ".glb")
                    out.push_back(std::filesystem::path(e.path()).lexically_normal().string());
            }
        }
        if (!out.empty()) break;
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// A mesh's closedness, indented under its row: neutral when closed and outward, in the warning colour with
/// the reason in a tooltip when not.
void surfaceLine(const SurfaceCheck& surface) {
    ImGui::Indent();
    if (surface.closedOutward()) {
        ImGui::TextDisabled("%s", surface.describe().c_str());
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningColor);
        ImGui::TextWrapped("%s", surface.describe().c_str());
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) { // wrapped, as helpMarker's: one line would run off the window
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
            ImGui::TextUnformatted(
                "Penetration queries on layered depth images and their CGAL peer need closed meshes: "
                "a ray through a hole leaks, so depths and volumes here are unreliable. Back-face "
                "culling (rigid-ccd-bm) gives such a mesh no BM-cones.");
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::Unindent();
}

} // namespace

ViewerUi::ViewerUi(ViewerApp& app) : m_app(app), m_hasWindow(app.m_platform.window() != nullptr) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // layout is not persisted; viewer settings are (ViewerApp)
    ImGui::StyleColorsDark();
    if (m_hasWindow) ImGui_ImplGlfw_InitForOpenGL(app.m_platform.window(), true);
    ImGui_ImplOpenGL3_Init("#version 450 core");
}

ViewerUi::~ViewerUi() {
    ImGui_ImplOpenGL3_Shutdown();
    if (m_hasWindow) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ViewerUi::begin(int width, int height) {
    m_width = width, m_height = height;
    ImGui_ImplOpenGL3_NewFrame();
    if (m_hasWindow) {
        ImGui_ImplGlfw_NewFrame();
    } else {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(width), float(height));
        io.DeltaTime = 1.0f / 60.0f;
        const auto& hover =
            m_app.m_options.hover; // automation: the mouse resting there (no window to move it)
        if (hover.size() == 2) io.MousePos = ImVec2(hover[0] * float(width), hover[1] * float(height));
    }
    ImGui::NewFrame();
    // Panels are placed in ImGui's units (the window's, not the framebuffer's pixels on a scaled display).
    m_width = int(ImGui::GetIO().DisplaySize.x), m_height = int(ImGui::GetIO().DisplaySize.y);
}

void ViewerUi::end() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ViewerUi::place(const LayoutRect& r) {
    ImGuiCond cond = m_relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), cond);
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h), cond);
}

void ViewerUi::settle(const std::string& name, int viewport) {
    ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const float W = float(m_width), H = float(m_height);
    ImVec2 fit(std::min(size.x, W), std::min(size.y, H));
    ImVec2 at(std::clamp(pos.x, 0.0f, W - fit.x), std::clamp(pos.y, 0.0f, H - fit.y));
    if (fit.x != size.x || fit.y != size.y) ImGui::SetWindowSize(fit), size = fit;
    if (at.x != pos.x || at.y != pos.y) ImGui::SetWindowPos(at), pos = at;
    m_placed.push_back({name, {pos.x, pos.y, size.x, size.y}, viewport});
}

void ViewerUi::draw() {
    m_placed.clear();
    m_relayout = m_placedGeneration != m_app.m_layoutGeneration;
    m_placedGeneration = m_app.m_layoutGeneration;
    shortcuts();
    menuBar();
    openDialog();
    errorPanel();
    preparationPanel();
    scenePanel();
    timelinePanel();
    for (std::size_t i = 0; i < m_app.m_viewports.size(); ++i) viewportPanel(int(i), *m_app.m_viewports[i]);
    if (m_app.m_viewports.size() > 1) comparePanel();
}

const std::vector<ViewerUi::Shortcut>& ViewerUi::shortcutList() {
    static const std::vector<Shortcut> list = {
        {GLFW_KEY_P, "P", "play / pause"},
        {GLFW_KEY_O, "O", "single step: pause and advance one scene frame (held: repeats)"},
        {GLFW_KEY_R, "R", "restart from the scene's start"},
        {GLFW_KEY_N, "N", "next contact: step until a view reports one (N again stops)"},
        {GLFW_KEY_F, "F", "frame all: fit the whole motion into every view"},
        {GLFW_KEY_F12, "F12", "screenshot (cdlab-screenshot.png)"},
    };
    return list;
}

void ViewerUi::shortcuts() {
    // Every press GLFW reported since the last frame, in order: a tap shorter than a frame still counts.
    std::vector<GlPlatform::KeyPress> presses = m_app.m_platform.takeKeyPresses();
    // Typing into a field (keys are text there), dragging a slider or a modal dialog open: not for the scene.
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    for (const auto& k : presses) {
        if (k.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) continue;
        if (k.repeat && k.key != GLFW_KEY_O) continue; // only stepping repeats while held
        switch (k.key) {
        case GLFW_KEY_P:
            m_app.m_playing = !m_app.m_playing;
            break;
        case GLFW_KEY_O:
            m_app.singleStep();
            break;
        case GLFW_KEY_R:
            if (m_app.m_scene) m_app.m_time = m_app.m_scene->startTime;
            break;
        case GLFW_KEY_F:
            m_app.frameAll();
            break;
        case GLFW_KEY_N:
            m_app.m_seeking ? m_app.stopSeek() : m_app.startSeek();
            break;
        case GLFW_KEY_F12:
            m_app.m_pendingScreenshot = "cdlab-screenshot.png";
            break;
        default:
            continue;
        }
        ++m_app.m_shortcutsActedOn;
    }
}

void ViewerUi::menuBar() {
    if (!ImGui::BeginMainMenuBar()) return;
    m_app.m_menuHeight = ImGui::GetWindowSize().y; // the layout starts below it
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("Open...")) m_openRequested = true;
        if (!m_app.m_lastScene.empty() && ImGui::MenuItem(("Reopen " + m_app.m_lastScene).c_str()))
            m_app.load({m_app.m_lastScene});
        if (ImGui::MenuItem("Screenshot", "F12")) m_app.m_pendingScreenshot = "cdlab-screenshot.png";
        if (m_hasWindow && ImGui::MenuItem("Quit")) glfwSetWindowShouldClose(m_app.m_platform.window(), 1);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        if (ImGui::MenuItem("Shaded", nullptr, m_app.m_renderMode == RenderMode::Shaded))
            m_app.m_renderMode = RenderMode::Shaded;
        if (ImGui::MenuItem("Wireframe", nullptr, m_app.m_renderMode == RenderMode::Wireframe))
            m_app.m_renderMode = RenderMode::Wireframe;
        if (ImGui::MenuItem("Shaded + wire", nullptr, m_app.m_renderMode == RenderMode::ShadedWire))
            m_app.m_renderMode = RenderMode::ShadedWire;
        ImGui::Separator();
        if (ImGui::MenuItem("Frame all", "F")) m_app.frameAll();
        if (ImGui::MenuItem("Reset cameras")) m_app.resetCameras();
        if (ImGui::MenuItem("Reset layout")) ++m_app.m_layoutGeneration; // every panel back to its place
        ImGui::MenuItem("Link cameras", nullptr, &m_app.m_linkCameras);
        ImGui::Separator();
        if (ImGui::MenuItem("Add viewport")) m_app.addViewport(m_app.m_viewports.back()->algorithm);
        if (m_app.m_viewports.size() > 1 && ImGui::MenuItem("Remove last viewport"))
            m_app.removeLastViewport();
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::BeginMenu("Keys")) {
            if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
                auto row = [](const char* key, const char* what) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn(), ImGui::TextUnformatted(key);
                    ImGui::TableNextColumn(), ImGui::TextUnformatted(what);
                };
                for (const Shortcut& s : shortcutList()) row(s.name, s.what);
                row("Ctrl+click", "pick the node of the chosen body and level under the cursor");
                row("left drag", "orbit");
                row("right / middle drag", "pan");
                row("wheel", "zoom");
                ImGui::EndTable();
            }
            ImGui::TextDisabled("Keys do nothing while you type into a text field.");
            ImGui::EndMenu();
        }
        ImGui::Text("Drop scene (.json) or mesh files onto the window to open them.");
        ImGui::EndMenu();
    }
    if (!m_app.m_status.empty()) ImGui::TextDisabled("%s", m_app.m_status.c_str());
    ImGui::EndMainMenuBar();
}

void ViewerUi::openDialog() {
    if (m_openRequested) { // a fresh path field: typing replaces, it does not append (the list keeps its
                           // folder)
        ImGui::OpenPopup("Open scene or meshes");
        m_openRequested = false;
        m_pathField.clear();
    }
    if (!ImGui::BeginPopupModal("Open scene or meshes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    static std::vector<std::string> files;
    if (ImGui::IsWindowAppearing()) files = browseFiles();
    ImGui::TextUnformatted("Project scenes and assets:");
    ImGui::BeginChild("files", ImVec2(520, 240), true);
    for (const auto& f : files)
        if (ImGui::Selectable(f.c_str(), m_pathField == f, ImGuiSelectableFlags_AllowDoubleClick)) {
            m_pathField = f;
            if (ImGui::IsMouseDoubleClicked(0)) m_app.load({f}), ImGui::CloseCurrentPopup();
        }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(440);
    ImGui::InputText("path", &m_pathField);
    helpMarker("A scene .json, or one or more mesh files separated by spaces (any format Assimp reads).");
    if (ImGui::Button("Open")) {
        std::vector<std::string> paths;
        std::size_t pos = 0;
        while (pos < m_pathField.size()) {
            auto sp = m_pathField.find(' ', pos);
            std::string p = m_pathField.substr(pos, sp == std::string::npos ? std::string::npos : sp - pos);
            if (!p.empty()) paths.push_back(p);
            if (sp == std::string::npos) break;
            pos = sp + 1;
        }
        if (!paths.empty()) m_app.load(paths);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void ViewerUi::preparationPanel() {
    if (!m_app.m_job.busy()) return;
    ImGui::SetNextWindowPos(ImVec2(m_width * 0.5f, 30), ImGuiCond_Always, ImVec2(0.5f, 0));
    ImGui::Begin("Preparing", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings);
    const auto& p = m_app.m_pending;
    if (p.load)
        ImGui::Text("Loading %s", p.label.c_str());
    else
        ImGui::Text("Preparing %zu %s", p.targets.size(), p.targets.size() == 1 ? "view" : "views");
    ImGui::ProgressBar(float(m_app.m_job.fraction()), ImVec2(440, 0));
    ImGui::TextDisabled("%s, %.1f s", m_app.m_job.what().c_str(), m_app.m_jobClock.ms() / 1000);
    ImGui::TextDisabled(m_app.m_scene ? "The current scene keeps running until this is ready."
                                      : "The scene appears when this is ready.");
    if (ImGui::Button("Cancel")) m_app.cancelPreparation();
    ImGui::End();
}

void ViewerUi::errorPanel() {
    float y = 60;
    auto panel = [&](const char* title, std::string& text, const char* note) {
        if (text.empty()) return;
        ImGui::SetNextWindowPos(ImVec2(m_width * 0.5f, y), ImGuiCond_Always, ImVec2(0.5f, 0));
        ImGui::SetNextWindowSize(ImVec2(std::min(700.0f, m_width * 0.9f), 0));
        ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.08f, 0.08f, 0.95f));
        ImGui::Begin(title, nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize);
        ImGui::TextWrapped("%s", text.c_str());
        ImGui::TextDisabled("%s", note);
        if (ImGui::Button("Dismiss")) text.clear();
        y += ImGui::GetWindowHeight() + 10; // a second panel goes below the first
        ImGui::End();
        ImGui::PopStyleColor();
    };
    panel("Load error", m_app.m_loadError, "The previous scene stays loaded.");
    panel("Settings error", m_app.m_settingsProblem, "Settings changed now are saved at exit as usual.");
}

void ViewerUi::scenePanel() {
    place(m_app.m_layout.scene);
    ImGui::Begin("Scene");
    settle("Scene");
    // The live timing first: the line a user looks for, visible however many bodies follow.
    if (m_app.m_frameMs > 0) // nothing measured before the first frame has finished
        ImGui::Text("%.0f fps, collision %.2f ms", 1000.0f / m_app.m_frameMs, m_app.m_stepMs);
    else
        ImGui::TextDisabled("frame time: measuring...");
    if (ImGui::BeginTable("frame", 4, ImGuiTableFlags_SizingStretchProp)) {
        for (const char* h : {"ms", "now", "avg", "max"}) ImGui::TableSetupColumn(h);
        ImGui::TableHeadersRow();
        statRow("frame", m_app.m_frameHistory, "%.1f");
        statRow("overhead", m_app.m_overheadHistory, "%.1f");
        ImGui::EndTable();
    }
    helpMarker("frame: the whole frame. overhead: everything except the collision steps (UI, overlay upload, "
               "rendering; llvmpipe renders on the CPU). Over the last 512 frames.");
    int mode = int(m_app.m_renderMode);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f); // fits the narrow docked column
    ImGui::Combo("render", &mode, "shaded\0wire\0shaded+wire\0");
    m_app.m_renderMode = RenderMode(mode);
    ImGui::Separator();
    if (m_app.m_scene) {
        ImGui::TextWrapped("%s", m_app.m_scene->name.c_str());
        if (!m_app.m_scene->description.empty()) disabledWrapped(m_app.m_scene->description);
        // What each imported file held and what import made of it (welding; ignored skins, animations).
        for (const std::string& line : m_app.m_scene->imports) {
            if (line.find(": warning: ") == std::string::npos) {
                disabledWrapped(line);
                continue;
            }
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.3f, 1));
            ImGui::TextWrapped("%s", line.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::Text("%zu triangles", m_app.m_scene->triangleCount());
        const auto& objs = m_app.m_objects->objects();
        // One row per object: visibility, colour, and a selectable name (selecting focuses the overlays on it
        // and, for a link, highlights its chain). Bodies first, then each model's links as a tree.
        auto row = [&](std::size_t i, const std::string& label) {
            ImGui::PushID(int(i));
            ImGui::Checkbox("##vis", &m_app.m_bodyViews[i].visible);
            ImGui::SameLine();
            ImGui::ColorEdit4("##col", m_app.m_bodyViews[i].color, ImGuiColorEditFlags_NoInputs);
            ImGui::SameLine();
            std::string text = label + " (" + std::to_string(objs[i].mesh->triangleCount()) + " tris)" +
                               (objs[i].environment ? " env" : "");
            if (ImGui::Selectable(text.c_str(), m_app.m_selectedLink == int(i)))
                m_app.selectObject(m_app.m_selectedLink == int(i) ? -1 : int(i));
            // Closedness under each body; in a model's link tree only a link that fails (a tree of dozens
            // of closed links would drown in lines saying so).
            const SurfaceCheck& surface = m_app.surfaceOf(i);
            if (objs[i].model < 0 || !surface.closedOutward()) surfaceLine(surface);
            ImGui::PopID();
        };
        for (std::size_t i = 0; i < objs.size(); ++i)
            if (objs[i].model < 0) row(i, objs[i].name);
        const Scene& scene = *m_app.m_scene;
        for (std::size_t m = 0; m < scene.models.size(); ++m) {
            const ArticulatedModel& model = scene.models[m];
            std::vector<int> objectOf(model.links.size(), -1);
            for (std::size_t i = 0; i < objs.size(); ++i)
                if (objs[i].model == int(m)) objectOf[std::size_t(objs[i].link)] = int(i);
            std::string header = model.name + " (" + std::to_string(model.links.size()) + " links)";
            if (!ImGui::TreeNodeEx(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
            // Links in parent order: a link's children are indented under it.
            std::function<void(int)> subtree = [&](int parent) {
                for (std::size_t l = 0; l < model.links.size(); ++l) {
                    if (model.links[l].parent != parent) continue;
                    row(std::size_t(objectOf[l]), model.links[l].name);
                    ImGui::Indent(10);
                    subtree(int(l));
                    ImGui::Unindent(10);
                }
            };
            subtree(-1);
            ImGui::TreePop();
        }
        if (m_app.m_selectedLink >= 0)
            disabledWrapped("selected " + m_app.chainText(m_app.m_selectedLink) +
                            " (click it again to clear)");
    }
    ImGui::End();
}

void ViewerUi::timelinePanel() {
    if (!m_app.m_scene) return;
    place(m_app.m_layout.timeline);
    ImGui::Begin("Timeline");
    settle("Timeline");
    if (ImGui::Button(m_app.m_playing ? "Pause (P)" : "Play (P)")) m_app.m_playing = !m_app.m_playing;
    ImGui::SameLine();
    if (ImGui::Button("Step (O)")) m_app.singleStep();
    ImGui::SameLine();
    if (ImGui::Button("Restart (R)")) m_app.m_time = m_app.m_scene->startTime;
    ImGui::SameLine();
    if (m_app.m_seeking) {
        if (ImGui::Button("Stop search (N)")) m_app.stopSeek();
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "searching: t %.3f, %.1f s", m_app.m_time,
                           m_app.m_seekClock.ms() / 1000);
    } else {
        if (ImGui::Button("Next contact (N)")) m_app.startSeek();
        helpMarker("Steps the scene's frames from here until a viewport reports a contact, and pauses on "
                   "that frame (the timeline follows the search; Stop ends it). Paused, every algorithm runs "
                   "the scene frame that ends at the current time, so the continuous ones show the time of "
                   "contact inside it.");
    }
    ImGui::SameLine();
    ImGui::Checkbox("loop", &m_app.m_loop);
    ImGui::SameLine();
    float speed = float(m_app.m_speed);
    ImGui::SetNextItemWidth(120);
    if (ImGui::SliderFloat("speed", &speed, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic))
        m_app.m_speed = speed;
    float t = float(m_app.m_time);
    const ImVec2 sliderAt = ImGui::GetCursorScreenPos();
    const float sliderWidth = ImGui::GetContentRegionAvail().x - 60;
    ImGui::SetNextItemWidth(-60);
    if (ImGui::SliderFloat("t (s)", &t, float(m_app.m_scene->startTime), float(m_app.m_scene->endTime),
                           "%.3f"))
        m_app.m_time = t, m_app.m_playing = false;
    // Under the slider: the frames in which a viewport reported a contact so far (played, stepped or
    // searched), so the moments worth a closer look stay visible after they pass.
    const auto& marks = m_app.m_contactFrames;
    if (std::find(marks.begin(), marks.end(), 1) != marks.end()) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        float y = ImGui::GetCursorScreenPos().y, per = sliderWidth / float(marks.size());
        std::size_t count = 0;
        for (std::size_t f = 0; f < marks.size(); ++f) {
            if (!marks[f]) continue;
            std::size_t g = f; // a run of marked frames is one bar
            while (g + 1 < marks.size() && marks[g + 1]) ++g;
            count += g - f + 1;
            float x0 = sliderAt.x + per * float(f), x1 = std::max(sliderAt.x + per * float(g + 1), x0 + 2);
            dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + 5), IM_COL32(235, 70, 60, 255));
            f = g;
        }
        ImGui::Dummy(ImVec2(sliderWidth, 5));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Frames in which a viewport reported a contact so far: %zu of %zu", count,
                              marks.size());
    }
    ImGui::End();
}

void ViewerUi::overlayCheckbox(const OverlayInfo& row, OverlaySettings& o, const AlgorithmInfo& algo) {
    std::string why;
    const bool applies = overlayApplies(row, algo, &why);
    const OverlayInfo* parent = nullptr;
    for (const OverlayInfo& r : overlayTable())
        if (row.refines && std::string(r.key) == row.refines) parent = &r;
    const bool parentOn = !parent || overlayOn(*parent, o);
    if (parent) ImGui::Indent();
    ImGui::BeginDisabled(!applies || !parentOn);
    ImGui::Checkbox(row.label, &(o.*row.flag));
    ImGui::EndDisabled();
    std::string help = row.help;
    if (!applies)
        help += "\n\nNot available here: " + why;
    else if (!parentOn)
        help += std::string("\n\nTurn on \"") + parent->label + "\" first.";
    helpMarker(help);
    if (parent) ImGui::Unindent();
}

void ViewerUi::viewportPanel(int index, Viewport& vp) {
    int n = int(m_app.m_viewports.size());
    const auto& panels = m_app.m_layout.viewPanels;
    if (std::size_t(index) < panels.size()) place(panels[std::size_t(index)]);
    // Side by side, an open panel covers much of its viewport's scene: start closed (title bar only).
    if (n > 1) ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    std::string title =
        "View " + std::to_string(index + 1) + ": " + vp.label() + "###view" + std::to_string(index);
    ImGui::Begin(title.c_str());
    settle("View " + std::to_string(index + 1), index);
    auto& registry = AlgorithmRegistry::instance();
    bool changed = false;
    if (ImGui::BeginCombo("algorithm", vp.algorithm.c_str())) {
        for (const auto& a : registry.list())
            if (ImGui::Selectable(a.name.c_str(), a.name == vp.algorithm)) {
                vp.algorithm = a.name;
                vp.params = ParamSet(a.params);
                changed = true;
            }
        ImGui::EndCombo();
    }
    const AlgorithmInfo* info = registry.find(vp.algorithm);
    helpMarker(info->description);
    for (const auto& spec : info->params) {
        ParamValue v = vp.params.values().at(spec.name);
        if (auto* b = std::get_if<bool>(&v)) {
            if (ImGui::Checkbox(spec.name.c_str(), b)) vp.params.set(spec.name, *b), changed = true;
        } else if (auto* i = std::get_if<std::int64_t>(&v)) {
            int x = int(*i);
            if (ImGui::SliderInt(spec.name.c_str(), &x, int(spec.min), int(spec.max)))
                vp.params.set(spec.name, std::int64_t(x)), changed = true;
        } else if (auto* d = std::get_if<double>(&v)) {
            float x = float(*d);
            if (ImGui::SliderFloat(spec.name.c_str(), &x, float(spec.min), float(spec.max)))
                vp.params.set(spec.name, double(x)), changed = true;
        } else if (auto* s = std::get_if<std::string>(&v)) {
            if (ImGui::BeginCombo(spec.name.c_str(), s->c_str())) {
                for (const auto& c : spec.choices)
                    if (ImGui::Selectable(c.c_str(), c == *s)) vp.params.set(spec.name, c), changed = true;
                ImGui::EndCombo();
            }
        }
        helpMarker(spec.help);
    }
    if (changed) m_app.rebuild(vp);
    const auto& pending = m_app.m_pending.targets;
    if (m_app.m_job.busy() && std::find(pending.begin(), pending.end(), &vp) != pending.end())
        ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "preparing %s (%.0f %%); the view runs %s meanwhile",
                           vp.algorithm.c_str(), 100 * m_app.m_job.fraction(),
                           vp.algo ? vp.preparedAlgorithm.c_str() : "nothing");
    if (!vp.error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", vp.error.c_str());
    char prepared[96];
    std::snprintf(prepared, sizeof prepared, "prepare %.1f ms, %.0f KiB: ", vp.prepare.stages.get("build"),
                  vp.prepare.memoryBytes / 1024.0);
    disabledWrapped(prepared + vp.prepare.notes);
    const ImVec4 warn(1, 0.8f, 0.3f, 1);
    for (const auto& w : vp.prepare.warnings) {
        ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::TextWrapped("%s", w.c_str());
        ImGui::PopStyleColor();
    }
    // BM-culling assumes each frame starts with the bodies apart: say so on the frames where they do not.
    if (std::uint64_t n = vp.result.counters.get(Counter::BmStartOverlaps)) {
        ImGui::PushStyleColor(ImGuiCol_Text, warn);
        ImGui::TextWrapped(
            "this frame starts with %llu body %s interpenetrating: BM-culling assumes separated "
            "starts, so its contacts may differ from rigid-ccd's here",
            (unsigned long long)n, n == 1 ? "pair" : "pairs");
        ImGui::PopStyleColor();
    }
    // The families' sections (FamilyView), for the frames that carry their detail.
    for (auto& f : vp.families) {
        f->beginPanel();
        if (m_app.m_objects && f->reports(vp.result))
            f->panel(vp.result, {*m_app.m_objects, [&](const Vec3& p) { m_app.lookAt(index, p); }});
    }
    if (ImGui::CollapsingHeader("Overlays", ImGuiTreeNodeFlags_DefaultOpen) && m_app.m_objects) {
        OverlaySettings& o = vp.overlays;
        // One checkbox per row of the overlay table: disabled, with the reason in its tooltip, where the
        // view's algorithm draws nothing of it or the option it refines is off.
        const AlgorithmInfo* drawer =
            registry.find(vp.preparedAlgorithm.empty() ? vp.algorithm : vp.preparedAlgorithm);
        const auto& objs = m_app.m_objects->objects();
        for (const OverlayInfo& row : overlayTable()) {
            if (row.flag == &OverlaySettings::pickedCone) continue; // with the pick, below
            overlayCheckbox(row, o, drawer ? *drawer : *info);
            if (row.flag == &OverlaySettings::bvh) {
                // The body and level every BVH and Fig. 1 overlay shows.
                o.bvhObject = std::clamp(o.bvhObject, 0, int(objs.size()) - 1);
                if (ImGui::BeginCombo("body", objs[o.bvhObject].name.c_str())) {
                    for (int i = 0; i < int(objs.size()); ++i)
                        if (ImGui::Selectable(objs[i].name.c_str(), i == o.bvhObject))
                            o.pickedNode = i == o.bvhObject ? o.pickedNode : -1, o.bvhObject = i;
                    ImGui::EndCombo();
                }
                const AlgorithmStructure* structure = vp.algo ? vp.algo->structure() : nullptr;
                int depth = structure ? structure->depth(std::uint32_t(o.bvhObject)) : 0;
                ImGui::SliderInt("level", &o.bvhLevel, 0, std::max(depth, 0));
                if (o.pickedNode < 0) {
                    disabledWrapped("Ctrl+click a box to pick a node of this level");
                } else {
                    for (const auto& note : vp.draw.notes) ImGui::TextWrapped("picked %s", note.c_str());
                    if (ImGui::SmallButton("clear pick")) o.pickedNode = -1;
                    for (const OverlayInfo& cone : overlayTable())
                        if (cone.flag == &OverlaySettings::pickedCone)
                            overlayCheckbox(cone, o, drawer ? *drawer : *info);
                }
            }
            if (row.flag == &OverlaySettings::bmLevel) {
                if (o.bmLevel && !vp.draw.bmLevelBoxes.empty()) {
                    // The share of each level's nodes culled (redon2002 Fig. 1: it grows down the hierarchy).
                    const auto& sizes = m_app.levelSizes(vp);
                    std::vector<float> share(sizes.size(), 0.0f);
                    for (std::size_t d = 0; d < sizes.size() && d < vp.draw.bmLevelBoxes.size(); ++d)
                        share[d] = sizes[d] ? float(vp.draw.bmLevelBoxes[d]) / float(sizes[d]) : 0.0f;
                    std::size_t level = std::size_t(std::max(o.bvhLevel, 0));
                    char caption[96];
                    if (level < sizes.size())
                        std::snprintf(caption, sizeof caption, "level %zu: %u of %u nodes culled", level,
                                      level < vp.draw.bmLevelBoxes.size() ? vp.draw.bmLevelBoxes[level] : 0u,
                                      sizes[level]);
                    else
                        caption[0] = 0;
                    if (!share.empty()) {
                        ImGui::TextUnformatted(caption);
                        ImGui::PlotHistogram("##bmlevels", share.data(), int(share.size()), 0, nullptr, 0.0f,
                                             1.0f, ImVec2(ImGui::GetContentRegionAvail().x, 60));
                        plotAxes(100, 0, "% culled", "levels 0-" + std::to_string(share.size() - 1));
                    }
                    helpMarker(
                        "The share of each level's nodes (root on the left) that the BM test culls over this "
                        "frame; a level is the hierarchy cut there, leaves above it included.");
                }
            }
        }
    }
    if (ImGui::CollapsingHeader("Timings", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (ImGui::BeginTable("timings", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("stage (ms)");
            ImGui::TableSetupColumn("now");
            ImGui::TableSetupColumn("avg");
            ImGui::TableSetupColumn("max");
            ImGui::TableHeadersRow();
            for (const auto& [name, d] : vp.timing.stages()) statRow(name.c_str(), d, "%.3f");
            statRow("total", vp.timing.total(), "%.3f");
            ImGui::EndTable();
        }
        std::vector<float> plot(vp.timing.total().begin(), vp.timing.total().end());
        if (!plot.empty())
            plotWithAxes("##total", plot, std::max(1e-3f, *std::max_element(plot.begin(), plot.end())),
                         "total step time", "ms", 60);
    }
    if (ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const auto& [name, value] : vp.result.counters.items())
            ImGui::Text("%-14s %llu", toString(name), (unsigned long long)value);
        ImGui::Text("%-14s %zu", "contact pairs", vp.result.contactPairCount());
    }
    if (!vp.result.firstContacts.empty() &&
        ImGui::CollapsingHeader("Times of contact", ImGuiTreeNodeFlags_DefaultOpen)) {
        const FrameResult& r = vp.result;
        ImGui::TextDisabled("frame t %.6f -> %.6f", r.t0, r.t1);
        for (std::size_t k = 0; k < r.firstContacts.size(); ++k) {
            const TimeOfContact& c = r.firstContacts[k];
            double span = r.t1 - r.t0;
            ImGui::Text("t %.6f (%.3f of the frame)", c.time, span > 0 ? (c.time - r.t0) / span : 0.0);
            // The time-of-contact overlay put a label at the contact point, one per contact in this order.
            if (k < vp.draw.labels.size()) {
                ImGui::SameLine();
                if (ImGui::SmallButton(("look##toc" + std::to_string(k)).c_str()))
                    m_app.lookAt(index, vp.draw.labels[k].at);
            }
            ImGui::TextWrapped("  %s", m_app.describeContact(c).c_str());
        }
    }
    ImGui::End();
}

std::string ViewerUi::firstTocCell(const Viewport& vp) {
    const AlgorithmInfo* info = algorithmOf(vp);
    if (!vp.algo && !vp.error.empty()) return "refused"; // prepare() refused the scene: no answer, not "free"
    if (!info || info->kind != AlgorithmKind::Continuous) return "-";
    const TimeOfContact* c = vp.result.earliest();
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", c ? c->time : 0.0);
    return c ? text : "free";
}

std::string ViewerUi::sameContactsCell(const std::vector<std::unique_ptr<Viewport>>& vps, std::size_t v) {
    const Viewport& vp = *vps[v];
    const AlgorithmInfo* info = algorithmOf(vp);
    const auto refused = [](const Viewport& w) { return !w.algo && !w.error.empty(); };
    if (refused(vp)) return "refused";
    if (!info || info->kind == AlgorithmKind::Culling) return "culling only";
    const Viewport* ref = nullptr; // the first view of the same kind that answered
    for (const auto& other : vps)
        if (!ref && !refused(*other) && algorithmOf(*other) && algorithmOf(*other)->kind == info->kind)
            ref = other.get();
    const AlgorithmInfo* refInfo = algorithmOf(*ref);
    const FrameResult &a = vp.result, &b = ref->result;
    // Contact sets where both report every body pair's first contact exactly; else the earliest contact.
    if (a.firstContactScope == FirstContactScope::PerBodyPair &&
        b.firstContactScope == FirstContactScope::PerBodyPair && info->hashReference &&
        refInfo->hashReference)
        return a.hash() == b.hash() ? "yes" : "DIFFERENT";
    const TimeOfContact *ca = a.earliest(), *cb = b.earliest();
    if (!ca || !cb) return !ca && !cb ? "yes" : "DIFFERENT";
    if (std::minmax(ca->objectA, ca->objectB) != std::minmax(cb->objectA, cb->objectB))
        return "DIFFERENT pair";
    if (ca->time == cb->time) return "yes";
    char text[32];
    std::snprintf(text, sizeof text, "dt %.0e", std::fabs(ca->time - cb->time));
    return text;
}

std::string ViewerUi::viewLabel(std::size_t v) const {
    return "view " + std::to_string(v + 1) + ": " + m_app.m_viewports[v]->label();
}

void ViewerUi::counterPlots(const std::vector<Counter>& counters) {
    // One counter over the last frames, a plot per viewport on one scale: where along the motion one
    // algorithm does less work than the other (e.g. ee_tests with and without BM-culling).
    if (counters.empty()) return;
    if (std::find(counters.begin(), counters.end(), m_plotCounter) == counters.end())
        m_plotCounter = counters[0];
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    if (ImGui::BeginCombo("over time", toString(m_plotCounter))) {
        for (Counter c : counters)
            if (ImGui::Selectable(toString(c), c == m_plotCounter)) m_plotCounter = c;
        ImGui::EndCombo();
    }
    auto& vps = m_app.m_viewports;
    std::vector<std::vector<float>> series(vps.size());
    float top = 1;
    for (std::size_t v = 0; v < vps.size(); ++v)
        for (const auto& frame : vps[v]->counters) {
            series[v].push_back(float(frame.get(m_plotCounter)));
            top = std::max(top, series[v].back());
        }
    for (std::size_t v = 0; v < vps.size(); ++v) {
        if (series[v].empty()) continue;
        plotWithAxes(("##plot" + std::to_string(v)).c_str(), series[v], top, viewLabel(v).c_str(),
                     toString(m_plotCounter), 45);
    }
}

void ViewerUi::comparePanel() {
    // Bottom right, beside the timeline (bottom left); with two or more viewports the view panels above it
    // start collapsed.
    place(m_app.m_layout.compare);
    ImGui::Begin("Compare (this frame)");
    settle("Compare");
    auto& vps = m_app.m_viewports;
    std::vector<Counter> counters;
    std::vector<std::string> stages;
    for (const auto& vp : vps) {
        for (const auto& [n, x] : vp->result.counters.items())
            if (std::find(counters.begin(), counters.end(), n) == counters.end()) counters.push_back(n);
        for (const auto& [n, x] : vp->result.stages.items())
            if (std::find(stages.begin(), stages.end(), n) == stages.end()) stages.push_back(n);
    }
    counterPlots(counters);
    if (ImGui::BeginTable("compare", int(vps.size()) + 1, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
        // Short headers (V1, V2, ...) that fit a narrow column; the full label as the header's tooltip.
        ImGui::TableSetupColumn("");
        for (std::size_t v = 0; v < vps.size(); ++v)
            ImGui::TableSetupColumn(("V" + std::to_string(v + 1)).c_str());
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        for (int c = 0; c <= int(vps.size()); ++c) {
            if (!ImGui::TableSetColumnIndex(c)) continue;
            ImGui::PushID(c);
            ImGui::TableHeader(ImGui::TableGetColumnName(c));
            if (c > 0 && ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", viewLabel(std::size_t(c - 1)).c_str());
            ImGui::PopID();
        }
        for (Counter c : counters) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::TextUnformatted(toString(c));
            for (const auto& vp : vps)
                ImGui::TableNextColumn(), ImGui::Text("%llu", (unsigned long long)vp->result.counters.get(c));
        }
        for (const auto& s : stages) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn(), ImGui::Text("%s ms", s.c_str());
            for (const auto& vp : vps)
                ImGui::TableNextColumn(), ImGui::Text("%.3f", vp->result.stages.get(s));
        }
        // The scene's earliest time of contact of each continuous view (catch, articulated-reference and the
        // rigid pipelines side by side), then whether each view agrees with the first view of its kind.
        auto cell = [](const std::string& text) {
            text == "-" || text == "culling only" || text == "refused"
                ? ImGui::TextDisabled("%s", text.c_str())
                : ImGui::TextUnformatted(text.c_str());
        };
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("first TOC");
        for (const auto& vp : vps) ImGui::TableNextColumn(), cell(firstTocCell(*vp));
        ImGui::TableNextRow();
        ImGui::TableNextColumn(), ImGui::TextUnformatted("same contacts");
        helpMarker(
            "Against the first view of the same kind (discrete or continuous). Contact sets are compared "
            "where both views report every body pair's first contact; where one reports only the scene's "
            "earliest (the articulated algorithms), that contact's pair and time are: \"dt\" means the "
            "same pair, the times this far apart (conservative advancement stops a distance threshold short "
            "of touching, "
            "the sampled reference within its tolerance). Culling algorithms report no contacts.");
        for (std::size_t v = 0; v < vps.size(); ++v) ImGui::TableNextColumn(), cell(sameContactsCell(vps, v));
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace cdlab
