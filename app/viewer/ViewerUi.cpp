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

namespace {

/// Project folders a user browses for scenes and meshes.
std::vector<std::string> browseFiles() {
    std::vector<std::string> out;
    for (std::string root : {std::string("."), std::string(CDLAB_SOURCE_DIR)}) {
        for (const char* sub : {"scenes", "shots", "tours", "assets"}) {
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

} // namespace

ViewerUi::ViewerUi(ViewerApp& app)
    : m_app(app), m_hasWindow(app.platform().window() != nullptr),
      m_scenePanel(m_placement, app.loaded(), app.renderMode(), app.frameTimes(),
                   [&app](int object) { app.selectObject(object); },
                   {[&app](int object) { app.followObject(object); }, [&app] { app.frameSelection(); },
                    &app.trailBetween()}),
      m_timelinePanel(m_placement, app.timeline(), app.status()),
      m_viewPanel(m_placement, app.loaded(), app.preparation(),
                  [&app](int v, const Vec3& point) { app.lookAt(v, point); }),
      m_comparePanel(m_placement, app.viewports(), app.status(), app.lastScene()),
      m_editPanel([this] { askPath(PathPrompt::SaveScene); }) {
    m_viewPanel.setLookAtContact([&app](int v, std::size_t k) { app.lookAtContact(v, k); });
    m_viewPanel.setFrameBox([&app](int v, const Aabb& box) { app.frameBox(v, box); });
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr; // layout is not persisted; viewer settings are (ViewerApp)
    ImGui::StyleColorsDark();
    if (m_hasWindow) {
        ImGui_ImplGlfw_InitForOpenGL(app.platform().window(), true);
    } else {
        // Offscreen, --key presses GLFW's keys as the GLFW backend would report them: ImGui's key map
        // names the keys its fields and dialogs react to (Enter, Escape, Tab, arrows...).
        ImGuiIO& io = ImGui::GetIO();
        for (const ScriptedKeyName& k : scriptedKeyNames()) io.KeyMap[k.imguiKey] = k.key;
    }
    ImGui_ImplOpenGL3_Init("#version 450 core");
}

ViewerUi::~ViewerUi() {
    ImGui_ImplOpenGL3_Shutdown();
    if (m_hasWindow) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ViewerUi::applyUiScale() {
    const float scale = m_app.uiScale();
    if (scale == m_appliedScale) return;
    m_appliedScale = scale;
    // ImGui's own font (ProggyClean, drawn for 13 px) rasterized at the scaled size: its outlines give crisp
    // glyphs at any size, where io.FontGlobalScale would stretch the 13-px bitmap (blurry on a projector).
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    ImFontConfig font;
    font.SizePixels = std::round(13.0f * scale);
    io.Fonts->AddFontDefault(&font);
    io.Fonts->Build();
    ImGui_ImplOpenGL3_DestroyFontsTexture(); // made again from the new atlas by the next NewFrame
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.ScaleAllSizes(scale); // paddings, spacings, scrollbars, rounding
    ImGui::GetStyle() = style;
}

void ViewerUi::begin(int width, int height) {
    m_width = width, m_height = height;
    applyUiScale();
    ImGui_ImplOpenGL3_NewFrame();
    if (m_hasWindow) {
        ImGui_ImplGlfw_NewFrame();
    } else {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(float(width), float(height));
        io.DeltaTime = 1.0f / 60.0f;
        const ScriptedMouse& mouse = m_app.scriptedMouse(); // automation: no window to move the mouse
        if (mouse.placed) {
            io.MousePos = ImVec2(mouse.x * float(width), mouse.y * float(height));
            io.MouseDown[0] = mouse.down;
        }
        // --type and --key: the only keyboard offscreen, so a key is down exactly on its scripted frame.
        std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
        if (mouse.key >= 0 && mouse.key < int(IM_ARRAYSIZE(io.KeysDown))) io.KeysDown[mouse.key] = true;
        if (!mouse.text.empty()) io.AddInputCharactersUTF8(mouse.text.c_str());
    }
    ImGui::NewFrame();
    // Panels are placed in ImGui's units (the window's, not the framebuffer's pixels on a scaled display).
    m_width = int(ImGui::GetIO().DisplaySize.x), m_height = int(ImGui::GetIO().DisplaySize.y);
}

void ViewerUi::end() {
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ViewerUi::draw() {
    m_placement.beginFrame(m_app.layoutGeneration(), m_width, m_height);
    shortcuts();
    m_videoDialog.draw(m_app, m_width, m_height); // its progress panel shows in presentation mode too
    m_caption.clear();
    if (m_app.presenting()) {
        // Presentation mode: the caption instead of the menu and every panel; the keys still work, and
        // errors and a running preparation still show.
        captionLine();
        m_tourBar.draw(m_app, float(m_width));
        openDialog();
        errorPanel();
        preparationPanel();
        return;
    }
    menuBar();
    openDialog();
    pathPrompt();
    errorPanel();
    preparationPanel();
    const ViewerLayout& layout = m_app.layout();
    m_scenePanel.draw(layout.scene);
    m_timelinePanel.setKeyTimes(m_app.editor().keyTimes(m_app));
    m_timelinePanel.draw(layout.timeline);
    if (!layout.viewports.empty()) m_editPanel.draw(m_app, layout.viewports[0].x, layout.viewports[0].y);
    const auto& vps = m_app.viewports();
    for (std::size_t i = 0; i < vps.size(); ++i)
        m_viewPanel.draw(int(i), int(vps.size()), *vps[i], layout.viewPanels,
                         i < layout.viewPanelAutoHides.size() && layout.viewPanelAutoHides[i]);
    if (vps.size() > 1) m_comparePanel.draw(layout.compare);
    m_tourBar.draw(m_app, float(m_width));
}

const std::vector<ViewerUi::Shortcut>& ViewerUi::shortcutList() {
    static const std::vector<Shortcut> list = {
        {GLFW_KEY_P, "P", "play / pause"},
        {GLFW_KEY_O, "O", "single step: pause and advance one scene frame (held: repeats)"},
        {GLFW_KEY_R, "R", "restart from the scene's start"},
        {GLFW_KEY_N, "N", "next contact: step until a view reports one (N again stops)"},
        {GLFW_KEY_F, "F", "frame all: fit the whole motion into every view"},
        {GLFW_KEY_H, "H", "presentation mode: hide every panel but a caption line (H again shows them)"},
        {GLFW_KEY_S, "S", "frame the selection: fit the selected body or link into every view"},
        {GLFW_KEY_V, "V",
         "every view back to its algorithm's recommended overlays (rigid-ccd-bm: redon2002's Figure 1)"},
        {GLFW_KEY_F12, "F12", "screenshot into the screenshot folder (File menu), e.g. doors-bvh-f0037.png"},
        {GLFW_KEY_PAGE_DOWN, "PageDown", "an open tour's next step (Help > Tours; a presenter's clicker)"},
        {GLFW_KEY_PAGE_UP, "PageUp", "an open tour's previous step"},
        {GLFW_KEY_E, "E", "edit motion: drag a body (Shift+drag turns it), keyframes, Save scene as"},
        {GLFW_KEY_K, "K", "edit motion: set a keyframe of the selected body at the key time"},
        {GLFW_KEY_DELETE, "Delete", "edit motion: delete the selected body's keyframe at the time shown"},
    };
    return list;
}

void ViewerUi::shortcuts() {
    // Every press GLFW reported since the last frame, in order: a tap shorter than a frame still counts.
    std::vector<GlPlatform::KeyPress> presses = m_app.platform().takeKeyPresses();
    // Typing into a field (keys are text there), dragging a slider or a modal dialog open: not for the scene.
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    for (const auto& k : presses) {
        if (k.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) continue;
        if (k.repeat && k.key != GLFW_KEY_O) continue; // only stepping repeats while held
        switch (k.key) {
        case GLFW_KEY_P:
            m_app.timeline().togglePlaying();
            break;
        case GLFW_KEY_O:
            m_app.timeline().singleStep();
            break;
        case GLFW_KEY_R:
            m_app.timeline().restart();
            break;
        case GLFW_KEY_F:
            m_app.frameAll();
            break;
        case GLFW_KEY_S:
            m_app.frameSelection();
            break;
        case GLFW_KEY_N:
            m_app.timeline().seeking() ? m_app.stopSeek() : m_app.startSeek();
            break;
        case GLFW_KEY_H:
            m_app.presenting() = !m_app.presenting();
            break;
        case GLFW_KEY_V:
            for (const auto& vp : m_app.viewports()) vp->showRecommendedOverlays();
            break;
        case GLFW_KEY_F12:
            m_app.takeScreenshot();
            break;
        case GLFW_KEY_E:
            m_app.editor().enabled() = !m_app.editor().enabled();
            break;
        case GLFW_KEY_K:
            if (!m_app.editor().enabled()) continue;
            m_app.editor().setKeyframe(m_app);
            break;
        case GLFW_KEY_DELETE:
            if (!m_app.editor().enabled()) continue;
            m_app.editor().deleteKeyframe(m_app);
            break;
        case GLFW_KEY_PAGE_DOWN:
        case GLFW_KEY_PAGE_UP: {
            const int next = m_app.tourStep() + (k.key == GLFW_KEY_PAGE_DOWN ? 1 : -1);
            if (!m_app.tour() || next < 0 || next >= int(m_app.tour()->steps.size())) continue;
            m_app.goToTourStep(next);
            break;
        }
        default:
            continue;
        }
        ++m_app.shortcutsActedOn();
    }
}

void ViewerUi::menuBar() {
    if (!ImGui::BeginMainMenuBar()) return;
    m_app.menuHeight() = ImGui::GetWindowSize().y; // the layout starts below it
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("Open...")) m_openRequested = true;
        if (!m_app.lastScene().empty() && ImGui::MenuItem(("Reopen " + m_app.lastScene()).c_str()))
            m_app.load({m_app.lastScene()});
        if (ImGui::MenuItem("Open shot...")) m_openRequested = true; // the same dialog: it tells shots apart
        if (ImGui::MenuItem("Save shot...")) askPath(PathPrompt::SaveShot);
        ImGui::MenuItem("Edit motion", "E", &m_app.editor().enabled());
        if (ImGui::MenuItem("Save scene as...")) askPath(PathPrompt::SaveScene);
        ImGui::Separator();
        if (ImGui::MenuItem("Screenshot", "F12")) m_app.takeScreenshot();
        if (ImGui::MenuItem("Screenshot folder...")) askPath(PathPrompt::ScreenshotFolder);
        ImGui::MenuItem("Screenshots include the panels", nullptr, &m_app.screenshotPanels());
        if (ImGui::MenuItem("Export video...")) m_videoDialog.open();
        if (!m_app.recorder() && ImGui::MenuItem("Record...")) askPath(PathPrompt::Record);
        if (m_app.recorder() &&
            ImGui::MenuItem(
                ("Stop recording (" + std::to_string(m_app.recorder()->frames()) + " frames)").c_str()))
            m_app.status() = m_app.stopRecording();
        ImGui::Separator();
        if (m_hasWindow && ImGui::MenuItem("Quit")) glfwSetWindowShouldClose(m_app.platform().window(), 1);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        if (ImGui::MenuItem("Shaded", nullptr, m_app.renderMode() == RenderMode::Shaded))
            m_app.renderMode() = RenderMode::Shaded;
        if (ImGui::MenuItem("Wireframe", nullptr, m_app.renderMode() == RenderMode::Wireframe))
            m_app.renderMode() = RenderMode::Wireframe;
        if (ImGui::MenuItem("Shaded + wire", nullptr, m_app.renderMode() == RenderMode::ShadedWire))
            m_app.renderMode() = RenderMode::ShadedWire;
        ImGui::Separator();
        if (ImGui::MenuItem("Frame all", "F")) m_app.frameAll();
        if (ImGui::MenuItem("Frame selection", "S")) m_app.frameSelection();
        if (ImGui::MenuItem("Recommended overlays", "V"))
            for (const auto& vp : m_app.viewports()) vp->showRecommendedOverlays();
        if (ImGui::MenuItem("Reset cameras")) m_app.resetCameras();
        if (ImGui::MenuItem("Reset layout")) ++m_app.layoutGeneration(); // every panel back to its place
        ImGui::MenuItem("Link cameras", nullptr, &m_app.linkCameras());
        ImGui::Separator();
        ImGui::MenuItem("Presentation mode", "H", &m_app.presenting());
        if (ImGui::BeginMenu("UI scale")) {
            // For a projector: fonts (rasterized at the size), panels, overlay lines and labels; kept in
            // the settings file.
            for (float scale : {0.75f, 1.0f, 1.25f, 1.5f, 2.0f, 2.5f, 3.0f}) {
                char label[16];
                std::snprintf(label, sizeof label, "%.0f %%", scale * 100);
                if (ImGui::MenuItem(label, nullptr, m_app.uiScale() == scale)) m_app.uiScale() = scale;
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Add viewport")) m_app.addViewport(m_app.viewports().back()->algorithm);
        if (m_app.viewports().size() > 1 && ImGui::MenuItem("Remove last viewport"))
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
                row("edit mode: drag a body", "move it on the plane through its centre facing the camera");
                row("edit mode: Shift+drag", "turn it about the Edit panel's axis (view, x, y or z)");
                row("left drag", "orbit");
                row("right / middle drag", "pan");
                row("wheel", "zoom");
                ImGui::EndTable();
            }
            ImGui::TextDisabled("Keys do nothing while you type into a text field.");
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Tours")) {
            // The bundled tours (tours/): a lecture's shots with a caption and text each.
            const std::vector<TourListing> tours = bundledTours(CDLAB_SOURCE_DIR);
            if (tours.empty()) ImGui::TextDisabled("No tours/ folder found.");
            for (const TourListing& t : tours)
                if (ImGui::MenuItem(t.title.c_str())) m_app.openTour(t.path);
            if (m_app.tour()) {
                ImGui::Separator();
                if (ImGui::MenuItem("Close tour")) m_app.closeTour();
            }
            ImGui::EndMenu();
        }
        ImGui::Text("Drop scene (.json) or mesh files onto the window to open them.");
        ImGui::EndMenu();
    }
    if (!m_app.status().empty()) ImGui::TextDisabled("%s", m_app.status().c_str());
    ImGui::EndMainMenuBar();
}

void ViewerUi::captionLine() {
    // One line across the top: the scene, the frame on its grid, and each view's algorithm in the view's
    // colour (Compare's), so that the audience knows what each picture is.
    const Timeline& timeline = m_app.timeline();
    const Scene* scene = m_app.loaded().scene();
    char frame[96];
    std::snprintf(frame, sizeof frame, "frame %d of %d, t %.3f s", timeline.position(), timeline.frameCount(),
                  timeline.time());
    m_caption = (scene ? scene->name : std::string("(no scene)")) + "  |  " + frame;
    if (!m_app.shotCaption().empty()) m_caption = m_app.shotCaption() + "  |  " + m_caption; // a shot's
    const auto& vps = m_app.viewports();
    for (std::size_t v = 0; v < vps.size(); ++v)
        m_caption += "  |  " + std::to_string(v + 1) + ": " + vps[v]->label();
    const float height = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(float(m_width), height));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1)); // one line high, not the 32-px minimum
    ImGui::Begin("##caption", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus |
                     ImGuiWindowFlags_NoNav);
    ImGui::SetCursorPosY((height - ImGui::GetTextLineHeight()) * 0.5f);
    if (!m_app.shotCaption().empty()) { // a shot's caption first: what the picture is meant to show
        ImGui::TextUnformatted(m_app.shotCaption().c_str());
        ImGui::SameLine(0, ImGui::CalcTextSize("  |  ").x);
    }
    ImGui::Text("%s  |  %s", scene ? scene->name.c_str() : "(no scene)", frame);
    for (std::size_t v = 0; v < vps.size(); ++v) {
        const auto c = ComparePanel::viewColour(v);
        ImGui::SameLine(0, ImGui::CalcTextSize("  |  ").x);
        ImGui::TextColored(ImVec4(c[0], c[1], c[2], 1), "%zu: %s", v + 1, vps[v]->label().c_str());
    }
    const char* hint = "H: panels";
    const float hintW = ImGui::CalcTextSize(hint).x;
    // After the last item on the line (the cursor is already on the next line): a long caption (a shot's)
    // leaves no room, and the hint is left out rather than drawn over it.
    if (ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::CalcTextSize("  ").x + hintW <
        float(m_width) - ImGui::GetStyle().FramePadding.x) {
        ImGui::SameLine(float(m_width) - hintW - ImGui::GetStyle().FramePadding.x);
        ImGui::TextDisabled("%s", hint);
    }
    ImGui::End();
    ImGui::PopStyleVar(3);
    m_app.menuHeight() = height; // the views start below it
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
    const bool appearing = ImGui::IsWindowAppearing();
    if (appearing) files = browseFiles();
    ImGui::TextUnformatted("Project scenes, shots and assets:");
    ImGui::BeginChild("files", ImVec2(520, 240), true);
    for (const auto& f : files)
        if (ImGui::Selectable(f.c_str(), m_pathField == f, ImGuiSelectableFlags_AllowDoubleClick)) {
            m_pathField = f;
            if (ImGui::IsMouseDoubleClicked(0)) {
                Tour::isTourFile(f)   ? m_app.openTour(f)
                : Shot::isShotFile(f) ? m_app.openShot(f)
                                      : m_app.load({f});
                ImGui::CloseCurrentPopup();
            }
        }
    ImGui::EndChild();
    ImGui::SetNextItemWidth(440);
    if (appearing) ImGui::SetKeyboardFocusHere(); // type a path at once, Enter opens it
    const bool enterInField = ImGui::InputText("path", &m_pathField, ImGuiInputTextFlags_EnterReturnsTrue);
    helpMarker(
        "A scene .json, a shot .json (a saved picture: scene, views, cameras, time), or one or more mesh "
        "files separated by spaces (any format Assimp reads). Enter opens it.");
    // Enter opens, as the button does: in the path field, or with a file of the list chosen.
    const bool enter =
        enterInField || (!m_pathField.empty() && ImGui::IsWindowFocused(ImGuiFocusedFlags_ChildWindows) &&
                         (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                          ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)));
    if (ImGui::Button("Open") || enter) {
        std::vector<std::string> paths;
        std::size_t pos = 0;
        while (pos < m_pathField.size()) {
            auto sp = m_pathField.find(' ', pos);
            std::string p = m_pathField.substr(pos, sp == std::string::npos ? std::string::npos : sp - pos);
            if (!p.empty()) paths.push_back(p);
            if (sp == std::string::npos) break;
            pos = sp + 1;
        }
        if (paths.size() == 1 && Tour::isTourFile(paths[0]))
            m_app.openTour(paths[0]);
        else if (paths.size() == 1 && Shot::isShotFile(paths[0]))
            m_app.openShot(paths[0]);
        else if (!paths.empty())
            m_app.load(paths);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void ViewerUi::askPath(PathPrompt what) {
    m_prompt = what;
    m_promptOpen = true;
    m_promptField = what == PathPrompt::ScreenshotFolder ? m_app.screenshotFolder()
                    : what == PathPrompt::SaveScene      ? "my-scene.json"
                    : what == PathPrompt::Record         ? "recording.cdrec"
                                                         : "shot.json";
}

void ViewerUi::pathPrompt() {
    const char* title = m_prompt == PathPrompt::SaveShot    ? "Save shot"
                        : m_prompt == PathPrompt::SaveScene ? "Save scene as"
                        : m_prompt == PathPrompt::Record    ? "Record"
                                                            : "Screenshot folder";
    if (m_promptOpen) ImGui::OpenPopup(title), m_promptOpen = false;
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::SetNextItemWidth(440);
    // The field has the keyboard focus with its proposal selected: typing replaces it, Enter takes it.
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    const bool enter = ImGui::InputText(
        "path", &m_promptField, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    helpMarker(
        m_prompt == PathPrompt::SaveScene
            ? "A scene file (.json) with every body's mesh (by its path relative to this file), keyframes "
              "and the scene's settings: cdlab and cdlab-bench run open it as it is. Articulated models "
              "cannot be saved."
        : m_prompt == PathPrompt::SaveShot
            ? "The shot file (.json): the scene, each view's algorithm, overlays and camera, the time, "
              "the selection and the window size. Open it with File > Open shot or `cdlab FILE.json`."
        : m_prompt == PathPrompt::Record
            ? "The recording (.cdrec): from now until File > Stop recording, every frame the views step "
              "while time moves forward, each view's answer and what its overlays drew. Open it with "
              "File > Open or `cdlab FILE.cdrec` to replay it."
            : "F12 and File > Screenshot write here, as <scene>-<algorithm>-f<frame>.png, never over "
              "an existing file. Empty: the working directory.");
    if (ImGui::Button("OK") || enter) {
        if (m_prompt == PathPrompt::SaveShot) {
            if (!m_promptField.empty()) m_app.saveShot(m_promptField);
        } else if (m_prompt == PathPrompt::SaveScene) {
            if (!m_promptField.empty()) m_app.saveScene(m_promptField); // an error shows in its panel
        } else if (m_prompt == PathPrompt::Record) {
            if (!m_promptField.empty()) m_app.startRecording(m_promptField);
        } else {
            m_app.screenshotFolder() = m_promptField;
            m_app.status() =
                "screenshots go to " + (m_promptField.empty() ? std::string(".") : m_promptField);
        }
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

void ViewerUi::preparationPanel() {
    if (!m_app.preparation().busy()) return;
    ImGui::SetNextWindowPos(ImVec2(m_width * 0.5f, 30), ImGuiCond_Always, ImVec2(0.5f, 0));
    ImGui::Begin("Preparing", nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings);
    const auto& p = m_app.preparation().pending();
    if (p.load)
        ImGui::Text("Loading %s", p.label.c_str());
    else
        ImGui::Text("Preparing %zu %s", p.targets.size(), p.targets.size() == 1 ? "view" : "views");
    ImGui::ProgressBar(float(m_app.preparation().fraction()), ImVec2(440, 0));
    ImGui::TextDisabled("%s, %.1f s", m_app.preparation().what().c_str(), m_app.preparation().seconds());
    ImGui::TextDisabled(m_app.loaded().scene() ? "The current scene keeps running until this is ready."
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
    panel("Load error", m_app.loadError(), "The previous scene stays loaded.");
    panel("Settings error", m_app.settingsProblem(), "Settings changed now are saved at exit as usual.");
}

} // namespace cdlab
