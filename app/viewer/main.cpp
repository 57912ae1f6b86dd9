// cdlab: the interactive viewer.
//
//   cdlab                                   open the bundled default scene
//   cdlab scenes/knot_teapot.json           open a scene
//   cdlab a.obj b.ply                       open meshes side by side
//   cdlab --algo bvh --algo bvh:bv=aabb     one viewport per algorithm, same scene and time
//   cdlab shots/doors_contact.json          open a shot: its scene, views, cameras and time
//   cdlab run.cdrec                         replay a recording (cdlab-bench run --record): no algorithm runs
//   cdlab --frames 60 --screenshot out.png [--offscreen] [--overlays] [scene]   automated run, then exit
//   cdlab --offscreen --video out.mp4 --frames 240 [--width W --height H] [scene]   a video (or .gif)
//   cdlab --offscreen --size 3840x2160 --screenshot out.png SHOT.json        a shot rendered at any size
//   cdlab tours/bvh_culling.json                  a tour: a caption bar with Previous / Next
//   (PageUp/PageDown) cdlab --offscreen --tour-step 2 --screenshot out.png TOUR.json           a tour's step
//   2 rendered
#include "CommandLine.h"
#include "GlPlatform.h"
#include "ViewerApp.h"
#include "core/InputError.h"

#include <CLI/CLI.hpp>
#include <cstdio>

using namespace cdlab;

int main(int argc, char** argv) {
    CLI::App app{"cdlab: collision-detection lab viewer"};
    ViewerOptions opts;
    bool offscreen = false, noSettings = false;
    app.add_option(
        "inputs", opts.inputs,
        "A scene .json, a shot or tour .json (docs/FORMATS.md), a recording .cdrec (replayed, no "
        "algorithm runs), or mesh files (default: the last session's shot, else scenes/default.json)");
    // One value per --algo, so a scene given after it is not taken for a second algorithm.
    app.add_option("-a,--algo", opts.algorithms, "Algorithm per viewport: name[:key=value,...] (repeatable)")
        ->allow_extra_args(false);
    auto* framesOption = app.add_option("--frames", opts.automation.frames,
                                        "Run this many frames over the scene's time range, then exit")
                             ->check(CLI::Range(1, 1000000));
    app.add_option("--screenshot", opts.automation.screenshot, "Write a PNG after the last of --frames");
    app.add_flag("--offscreen", offscreen, "Render through headless EGL into an FBO (no X server)");
    app.add_flag("--overlays", opts.allOverlays, "Turn every overlay on (BVH level, hits, contacts)");
    app.add_option("--ui-scale", opts.uiScale,
                   "UI scale for a projector: fonts, panels, overlay lines and labels (default: last "
                   "session's, else 1)")
        ->check(CLI::Range(double(kMinUiScale), double(kMaxUiScale)));
    app.add_flag("--present", opts.presenting,
                 "Start in presentation mode: every panel hidden but a caption line (H toggles it)");
    int width = 0, height = 0;
    app.add_option("--width", width, "Window width (default: last session's, else 1280)")
        ->check(CLI::Range(64, 8192));
    app.add_option("--height", height, "Window height (default: last session's, else 720)")
        ->check(CLI::Range(64, 8192));
    std::string size;
    app.add_option("--size", size,
                   "Window (framebuffer) size WxH, e.g. 3840x2160 (wins over --width/--height)");
    app.add_flag("--no-settings", noSettings, "Neither read nor write the settings file");
    std::string settingsFile;
    app.add_option("--settings", settingsFile, "Read and write this settings file (also in automated runs)");
    app.add_option("--then", opts.automation.thenLoad,
                   "Automated runs: open this scene after half of --frames");
    app.add_option("--pick", opts.automation.pick,
                   "Automated runs: Ctrl+click at X,Y (fractions of the window) on the second frame")
        ->expected(2)
        ->delimiter(',')
        ->check(CLI::Range(0.0, 1.0));
    auto* atOption =
        app.add_option("--at", opts.automation.at,
                       "Automated runs: the last of --frames ends at this scene time (frames of the "
                       "scene's own length; default: --frames spread over the whole time range)")
            ->needs(framesOption);
    app.add_flag("--seek-contact", opts.automation.seekContact,
                 "Automated runs: as --at, at the end of the first frame from the scene's start (or after "
                 "the frame --at shows) in which a viewport reports a contact (what Next contact finds)")
        ->needs(framesOption);
    app.add_option("--then-algo", opts.automation.thenAlgo,
                   "Automated runs: after half of --frames, switch the first viewport to this algorithm "
                   "(name[:key=value,...]), as its picker does")
        ->needs(framesOption);
    app.add_flag("--cancel-then", opts.automation.cancelThen,
                 "Automated runs: press the Preparing panel's Cancel once the --then load or --then-algo "
                 "preparation has drawn a frame (the scene and algorithms stay as they were)")
        ->needs(framesOption);
    app.add_flag("--print-layout", opts.automation.printLayout,
                 "Automated runs: print each panel's and viewport's rectangle and whether the layout holds "
                 "(panels inside the window, none overlapping, each view's panel inside its view)")
        ->needs(framesOption);
    app.add_option("--select", opts.automation.select,
                   "Select an object (a body, or model/link) as clicking it in the Scene panel's link tree "
                   "does: its chain is highlighted and the overlays follow it");
    app.add_option("--follow", opts.automation.follow,
                   "The cameras follow an object (a body, or model/link) as the Scene panel's follow toggle "
                   "does: their target tracks its centre while playing");
    app.add_option("--look-contact", opts.automation.lookContact,
                   "Automated runs: on the last frame, press \"look\" on the first view's K-th first contact "
                   "(0-based), as its Contacts tab does")
        ->check(CLI::Range(0, 1000000))
        ->needs(framesOption);
    app.add_option("--resize", opts.automation.resizeTo,
                   "Automated runs: resize the window to W,H after half of --frames")
        ->delimiter(',')
        ->expected(2)
        ->check(CLI::Range(64, 8192))
        ->needs(framesOption);
    app.add_option(
           "--tap", opts.automation.taps,
           "Automated runs: tap these shortcut keys (down and up) all within the middle frame, e.g. O*10,P")
        ->needs(framesOption);
    app.add_option("--levels", opts.levels,
                   "BVH level of each viewport's overlays, in order (the last repeats), e.g. 7,9,11")
        ->delimiter(',')
        ->check(CLI::Range(0, 64));
    app.add_option(
           "--hover", opts.automation.hover,
           "Offscreen automated runs: the mouse rests at X,Y (fractions of the window) on every frame, "
           "e.g. over a bar of a panel's chart for its tooltip")
        ->expected(2)
        ->delimiter(',')
        ->check(CLI::Range(0.0, 1.0))
        ->allow_extra_args(false) // a scene after it is not taken for a third value
        ->needs(framesOption);
    // --click, --type and --key keep the command line's order: each occurrence is noted as it is parsed.
    auto scripted = [&opts](const char* name) {
        return [&opts, name](const std::vector<std::string>& values) {
            std::string value;
            for (const std::string& v : values) value += (value.empty() ? "" : ",") + v;
            opts.automation.inputs.push_back({name, value});
        };
    };
    app.add_option_function<std::vector<std::string>>(
           "--click", scripted("--click"),
           "Offscreen automated runs: left clicks at X,Y (fractions of the window) from the middle "
           "frame on, one per two frames (pressed, then released), e.g. on a collapsed panel's title; "
           "repeatable, in order with --type and --key")
        ->delimiter(',') // Automation::parseInput checks the pair and its range (one check for every input)
        ->allow_extra_args(false)
        ->trigger_on_parse()
        ->needs(framesOption);
    app.add_option_function<std::vector<std::string>>(
           "--type", scripted("--type"),
           "Offscreen automated runs: type this text into the field that has the keyboard focus, on one "
           "frame of the --click sequence (in the command line's order), e.g. a path in File > Open")
        ->allow_extra_args(false)
        ->trigger_on_parse()
        ->needs(framesOption);
    app.add_option_function<std::vector<std::string>>(
           "--key", scripted("--key"),
           "Offscreen automated runs: press and release a key (Enter, Escape, Tab, Backspace, Delete, Space, "
           "Left, Right, Up, Down, Home, End, PageUp, PageDown, KeypadEnter), in order with --click and "
           "--type")
        ->allow_extra_args(false)
        ->trigger_on_parse()
        ->needs(framesOption);
    app.add_option("--video", opts.automation.video,
                   "Automated runs: encode each of --frames, as drawn (the window; --present for the "
                   "views alone), into this .mp4 (H.264) or .gif: frames on the scene's grid, as --at "
                   "and --seek-contact place them, however slowly they render")
        ->needs(framesOption)
        ->excludes("--resize"); // one size per video
    app.add_option("--fps", opts.automation.videoFps,
                   "The frame rate of --video and --export-video (default: the scene's own frames per "
                   "second, else 30)")
        ->check(CLI::Range(1.0, 240.0))
        ->needs(framesOption);
    app.add_option("--export-video", opts.automation.exportVideo,
                   "Automated runs: on the middle of --frames, start File > Export video with FILE FRAMES "
                   "WIDTHxHEIGHT (FRAMES 0: the whole scene; --fps applies), as its dialog does")
        ->expected(3)
        ->allow_extra_args(false)
        ->needs(framesOption);
    std::string stepHelp = "A family's step-through index, NAME=K (repeatable):";
    for (const FamilyInfo& f : familyViews())
        if (f.stepHelp) stepHelp += " " + f.name + "=K: " + f.stepHelp + ";";
    std::vector<std::string> steps;
    app.add_option("--step", steps, stepHelp)->allow_extra_args(false);
    app.add_option(
           "--save-shot", opts.automation.saveShot,
           "Automated runs: after the last frame, save the picture shown as a shot (JSON) to this file")
        ->needs(framesOption);
    app.add_option("--drag", opts.automation.drags,
                   "Automated runs, the motion editor: on the middle of --frames, edit mode on and a drag "
                   "[shift+]X0,Y0:X1,Y1[@T] (window fractions; shift+: turn; @T: then Set keyframe at T); "
                   "repeatable, in order")
        ->allow_extra_args(false)
        ->needs(framesOption);
    app.add_option("--save-scene", opts.automation.saveScene,
                   "Automated runs: after the last frame, File > Save scene as this file (scene JSON)")
        ->needs(framesOption);
    app.add_option("--record", opts.automation.record,
                   "Automated runs: record every view's answers and drawing from the first frame to the last "
                   "into this .cdrec, as File > Record does (docs/VIEWER.md, Recordings)")
        ->needs(framesOption);
    app.add_option("--report", opts.automation.reportPath,
                   "Automated runs: also write the run report (every line it prints, per viewport and per "
                   "family) as JSON to this file")
        ->needs(framesOption);
    int tourStep = 0;
    auto* tourStepOption =
        app.add_option("--tour-step", tourStep,
                       "With a tour (TOUR.json): show its step K (1-based) first, its shot and its actions")
            ->check(CLI::Range(1, 1000));
    if (auto exitCode = parseCommandLine(app, argc, argv)) return *exitCode;
    try {
        for (const std::string& s : steps) opts.automation.steps.push_back(parseFamilyStep(s));
        if (!size.empty()) {
            // WxH, each side as --width and --height take it.
            int sw = 0, sh = 0;
            char x = 0, rest = 0;
            if (std::sscanf(size.c_str(), "%d%c%d%c", &sw, &x, &sh, &rest) != 3 || (x != 'x' && x != 'X') ||
                sw < 64 || sw > 8192 || sh < 64 || sh > 8192)
                throw InputError("--size", "",
                                 "'" + size + "': expected WxH, each in [64, 8192], e.g. 3840x2160");
            width = sw, height = sh;
        }
        // A shot (cdlab SHOT.json): its scene, views, cameras, time and window size.
        if (opts.inputs.size() == 1 && Shot::isShotFile(opts.inputs[0])) {
            opts.shotPath = opts.inputs[0];
            opts.shot = Shot::load(opts.shotPath);
            opts.inputs.clear();
        }
        // A tour (cdlab TOUR.json): its step's shot opens as a shot would, with the caption bar.
        if (opts.inputs.size() == 1 && Tour::isTourFile(opts.inputs[0])) {
            opts.tourPath = opts.inputs[0];
            opts.tour = Tour::load(opts.tourPath);
            const int n = int(opts.tour->steps.size());
            if (tourStep > n)
                throw InputError("--tour-step", "",
                                 std::to_string(tourStep) + " is past the tour's last step (" +
                                     opts.tourPath + " has " + std::to_string(n) + ")");
            opts.tourStep = tourStep > 0 ? tourStep - 1 : 0;
            const TourStep& step = opts.tour->steps[std::size_t(opts.tourStep)];
            opts.shot = step.shot, opts.shotPath = step.shotPath;
            opts.inputs.clear();
        } else if (tourStepOption->count() > 0) {
            throw InputError("--tour-step", "", "needs a tour file (a JSON file with \"cdlab\": \"tour\")");
        }
    } catch (const InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
    opts.automation.hasAt = atOption->count() > 0;
    if (offscreen && opts.automation.frames == 0) opts.automation.frames = 1;
    // Automated runs leave the user's settings alone (and do not depend on them).
    if (!noSettings && (opts.automation.frames == 0 || !settingsFile.empty())) {
        opts.settingsPath = settingsFile.empty() ? ViewerSettings::defaultPath() : settingsFile;
        opts.settings = ViewerSettings::load(opts.settingsPath);
    }
    int w = width ? width : opts.shot ? opts.shot->width : opts.settings.width;
    int h = height ? height : opts.shot ? opts.shot->height : opts.settings.height;
    try {
        auto platform =
            offscreen ? GlPlatform::createOffscreen(w, h) : GlPlatform::createWindow(w, h, "cdlab");
        ViewerApp viewer(*platform, opts);
        return viewer.run();
    } catch (const InputError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
