// VideoExportDialog: File > Export video — the dialog that asks for the file, the frames (the whole scene
// or a number), the size and the frame rate, and, while the export runs (ViewerApp's VideoExportJob), the
// panel with its progress and Cancel.
#pragma once

#include "VideoExportJob.h"

#include <string>

namespace cdlab {

class ViewerApp;

class VideoExportDialog {
public:
    /// The menu item was chosen: the dialog opens on the next draw (with the window's size as the default).
    void open() { m_openRequested = true; }
    /// The dialog when open, the progress panel while an export runs.
    void draw(ViewerApp& app, int width, int height);

private:
    void progressPanel(ViewerApp& app, int width);

    bool m_openRequested = false;
    bool m_wholeScene = true;
    VideoExportSettings m_settings;
    std::string m_error; ///< the last Export's error (a path that cannot be written), shown in the dialog
};

} // namespace cdlab
