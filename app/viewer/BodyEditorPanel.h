// BodyEditorPanel: the Edit panel of the moved-body editor (issue 44; BodyEditor.h), shown in edit mode:
// the body edited, the drag's modifier and turning axis, the key time, Set / Delete keyframe, the body's
// keys (a click goes to one) and Save scene as.
#pragma once

#include <functional>

namespace cdlab {

class ViewerApp;

class BodyEditorPanel {
public:
    /// `saveAs`: File > Save scene as's prompt (ViewerUi's).
    explicit BodyEditorPanel(std::function<void()> saveAs) : m_saveAs(std::move(saveAs)) {}
    /// The panel at (x, y) when it first shows (the views' top left corner), in edit mode only.
    void draw(ViewerApp& app, float x, float y);

private:
    std::function<void()> m_saveAs;
};

} // namespace cdlab
