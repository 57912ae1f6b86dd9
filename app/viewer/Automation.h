// Automation: the viewer's scripted runs (--frames and the options that need it: --seek-contact, --at,
// --tap, --resize, --then, --then-algo, --cancel-then, --pick) — what happens at which frame, so that the
// frame loop (ViewerApp::run) stays the same for people and scripts. The scripted frames' times come from
// the Timeline (Timeline::scripted); the report after the last frame is ViewerReport's.
#pragma once

#include "FamilyView.h"

#include <string>
#include <vector>

namespace cdlab {

class ViewerApp;

/// One of --click, --type and --key as given on the command line (Automation checks it).
struct ScriptedInputSpec {
    std::string option; ///< "--click", "--type" or "--key"
    std::string value;  ///< "X,Y", the text, or the key's name
};

/// The scripted run's options (main fills them from the command line); `frames` > 0 makes a run scripted.
struct AutomationOptions {
    int frames = 0;          ///< run this many frames, then exit
    std::string screenshot;  ///< PNG written after the last frame
    std::string reportPath;  ///< the run report as JSON (--report FILE.json)
    std::string saveShot;    ///< a shot of the last frame's picture (--save-shot FILE.json)
    std::string record;      ///< File > Record from the first frame to the last (--record FILE.cdrec)
    std::string thenLoad;    ///< open this after half of the frames (scripted demos, tests)
    std::string thenAlgo;    ///< switch the first viewport to this spec after half of the frames
    bool cancelThen = false; ///< Cancel the --then / --then-algo preparation once it has drawn
    bool hasAt = false;      ///< the last frame ends at `at`, frames one scene frame long
    double at = 0;
    bool seekContact = false;      ///< `at` is the end of the first frame with a contact
    std::vector<float> pick;       ///< Ctrl+click here (x, y as fractions of the window), frame 1
    std::vector<float> hover;      ///< (offscreen) the mouse rests here (x, y as window fractions)
    std::vector<int> resizeTo;     ///< resize the window to (width, height) after half of the frames
    std::string taps;              ///< keys tapped (down and up) within the middle frame, e.g. "O*10,P"
    std::string select;            ///< select this object ("model/link") as the link tree does
    bool printLayout = false;      ///< print every panel's and viewport's rectangle, and the check
    std::vector<FamilyStep> steps; ///< --step NAME=K: a family's step-through index, as it counts them
    std::string follow;   ///< the cameras follow this object ("model/link"), as the Scene panel's toggle
    int lookContact = -1; ///< on the last frame, press "look" on view 1's first contact K (0-based)
    std::string video;    ///< every frame, as drawn, into this MP4 or GIF (VideoExport)
    double videoFps = 0;  ///< the video's frame rate; 0: the scene's, else 30
    /// FILE FRAMES WxH: on the middle frame, File > Export video's Export pressed with these (FRAMES 0: the
    /// whole scene)
    std::vector<std::string> exportVideo;
    /// (offscreen) --click X,Y, --type TEXT and --key NAME, in the command line's order: from the middle
    /// frame on, one per two frames. A click is pressed at (X, Y) (window fractions) on one frame and
    /// released there on the next; then the mouse rests at --hover if given (else stays). A --type hands
    /// its characters to ImGui as typed text on one frame (into the field that has the keyboard focus); a
    /// --key is held down for one frame and released on the next (Enter, Escape, Tab, ...: scriptedKeyNames).
    /// Plain input, as a user's: title bars, menus, buttons, a path typed and Enter pressed.
    std::vector<ScriptedInputSpec> inputs;
    /// The motion editor (issue 44), on the middle frame in order: "[shift+]X0,Y0:X1,Y1[@T]": edit mode on,
    /// a left press at (X0, Y0) (window fractions), the cursor moved to (X1, Y1), the button released (with
    /// Shift: turning), then, with @T, Set keyframe at time T
    std::vector<std::string> drags;
    std::string saveScene; ///< after the last frame, File > Save scene as this file (--save-scene)
};

/// Where the scripted mouse is this frame, and the keyboard's input (offscreen runs have no window to move
/// the mouse or type into): ViewerUi hands them to ImGui.
struct ScriptedMouse {
    bool placed = false; ///< false: the mouse is wherever it was
    float x = 0, y = 0;  ///< window fractions
    bool down = false;   ///< the left button
    std::string text;    ///< characters typed this frame (UTF-8)
    int key = -1;        ///< a GLFW key held down this frame (-1: none)
};

/// The keys a text field, a list or a dialog reacts to: the name --key takes, the GLFW key it presses and the
/// ImGui key it is (offscreen, ViewerUi maps ImGui's keys to GLFW's from this table: one list of keys), in
/// the order the error message lists them.
struct ScriptedKeyName {
    const char* name;
    int key;      ///< GLFW_KEY_*
    int imguiKey; ///< ImGuiKey_*
};
const std::vector<ScriptedKeyName>& scriptedKeyNames();

class Automation {
public:
    /// Checks what can be checked before the first frame: a bad --tap fails here (InputError).
    Automation(AutomationOptions& options, ViewerApp& app);
    /// Whether this is a scripted run (--frames): it counts its frames from when the scene is prepared.
    bool active() const;
    /// A frame drawn while the background job runs: counted and, with --cancel-then, the Preparing panel's
    /// Cancel pressed once the --then work has drawn.
    void whilePreparing();
    /// Before frame `frame` steps: on the first, --seek-contact's search (the frames then end where the
    /// first contact is found, as --at).
    void firstFrame(int frame);
    /// Before frame `frame` steps: on the middle one, --tap's keys, --resize, --then, --then-algo and
    /// --export-video.
    void middleFrame(int frame);
    /// Frame `frame`'s start, its time from the timeline's scripted frames (InputError when --at lies
    /// outside the scene's range).
    double frameStart(int frame);
    /// Once the frame's time is set, before it steps: on the second frame, --pick's Ctrl+click.
    void pick(int frame);
    /// After frame `frame` has stepped: on the last one, --look-contact's "look" on its contacts.
    void afterStep(int frame);
    /// After the last frame: --save-scene (InputError when it cannot be saved: the exit code's).
    void finish();
    /// Whether frame `frame` is the last one (its coverage is measured, then the screenshot and report).
    bool lastFrame(int frame) const;
    /// Before frame `frame`'s UI: where --hover and --click put the mouse, and what --type and --key type.
    ScriptedMouse mouse(int frame) const;
    /// Frames drawn while a job ran (the report prints them).
    int framesWhilePreparing() const { return m_framesWhilePreparing; }

private:
    /// One of --click, --type and --key, checked.
    struct Input {
        enum class Kind { Click, Type, Key } kind = Kind::Click;
        float x = 0, y = 0; ///< a click's position (window fractions)
        std::string text;   ///< what --type types
        int key = -1;       ///< the GLFW key --key presses
    };
    static Input parseInput(const ScriptedInputSpec& spec);

    AutomationOptions& m_options;
    std::vector<Input> m_inputs;
    ViewerApp& m_app;
    bool m_thenStarted = false, m_thenCancelled = false;
    int m_framesWhilePreparing = 0;
};

} // namespace cdlab
