// PanelWidgets: the small Dear ImGui helpers every panel of the viewer uses — the "(?)" help marker, greyed
// wrapped text, plots with their axis values and now / avg / max table rows.
#pragma once

#include <imgui.h>

#include <deque>
#include <string>
#include <vector>

namespace cdlab {

/// The viewer's warning colour (a result to distrust, the view goes on), as "preparing" is shown.
inline const ImVec4 kWarningColor(1, 0.8f, 0.3f, 1);

/// A "(?)" after the last item that shows `text` as a wrapped tooltip (every panel's help).
void helpMarker(const std::string& text);

/// The latest value of a series, its mean and its maximum.
struct Stat {
    float now = 0, avg = 0, max = 0;
};
Stat stat(const std::deque<float>& d);
/// Greyed text that wraps at the panel's edge instead of being cut there.
void disabledWrapped(const std::string& text);
/// The axis values of the plot just drawn (the last item): its top and bottom values with their unit at the
/// left edge, and what the x axis spans at the right, so a plot reads without guessing its scale.
void plotAxes(float top, float bottom, const char* unit, const std::string& xSpan);
/// A line plot of `values` scaled from 0 to their maximum, with its axis values; `caption` names what it
/// shows (the counter or stage).
void plotWithAxes(const char* id, const std::vector<float>& values, float top, const char* caption,
                  const char* unit, float height);
/// A table row: the name, then now / avg / max of the series.
void statRow(const char* name, const std::deque<float>& d, const char* format);

} // namespace cdlab
