#include "PaperReport.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace cdlab {

namespace {

std::string htmlEscape(const std::string& s) {
    std::string r;
    r.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&':
            r += "&amp;";
            break;
        case '<':
            r += "&lt;";
            break;
        case '>':
            r += "&gt;";
            break;
        case '"':
            r += "&quot;";
            break;
        default:
            r += c;
        }
    }
    return r;
}

/// A Markdown table cell: pipes escaped, so a figure like "a | b" stays in its cell.
std::string mdCell(const std::string& s) {
    std::string r;
    for (char c : s) r += c == '|' ? std::string("\\|") : std::string(1, c);
    return r;
}

/// Anchor of a section or paper heading (lower case, spaces and punctuation as '-').
std::string anchor(const std::string& s) {
    std::string r;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            r += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!r.empty() && r.back() != '-')
            r += '-';
    }
    while (!r.empty() && r.back() == '-') r.pop_back();
    return r;
}

std::vector<const PaperGoal*> unmetGoals(const std::vector<PaperSection>& sections,
                                         const std::string& paper) {
    std::vector<const PaperGoal*> goals;
    for (const auto& s : sections)
        if (s.paper == paper)
            for (const auto& g : s.goals)
                if (!g.met) goals.push_back(&g);
    return goals;
}

} // namespace

std::string paperName(const std::string& paper) {
    if (paper == "redon2002")
        return "redon2002: Redon, Kheddar, Coquillart, Hierarchical back-face culling for collision "
               "detection (2002)";
    if (paper == "zhang2007")
        return "zhang2007: Zhang, Redon, Lee, Kim, Continuous collision detection for articulated models "
               "using "
               "Taylor models and temporal culling (CATCH, 2007)";
    if (paper == "sbv") return "sbv: Separating bounding volumes and the GPU layered depth image (LDI) query";
    return paper;
}

std::vector<std::string> PaperReport::papers() const {
    std::vector<std::string> result;
    for (const auto& s : sections)
        if (std::find(result.begin(), result.end(), s.paper) == result.end()) result.push_back(s.paper);
    return result;
}

std::string PaperReport::pinned() const {
    std::ostringstream out;
    out << "# cdlab-bench paper: the report's deterministic figures (counts, culled nodes, PCLs, pieces, "
           "agreement); no times\n";
    for (const auto& s : sections) {
        out << "[" << s.paper << "] " << s.title << "\n";
        for (const auto& line : s.pinned) out << "  " << line << "\n";
    }
    return out.str();
}

std::string PaperReport::markdown() const {
    std::ostringstream md;
    md << "# " << header.title << "\n\n";
    for (const auto& [key, value] : header.facts) md << "- **" << key << "**: " << value << "\n";
    md << "\n";
    for (const auto& notice : header.notices) md << "> **" << notice << "**\n\n";
    md << "Contents:\n\n";
    for (const auto& paper : papers()) {
        md << "- [" << paperName(paper) << "](#" << anchor(paperName(paper)) << ")\n";
        for (const auto& s : sections)
            if (s.paper == paper) md << "  - [" << s.title << "](#" << anchor(s.title) << ")\n";
    }
    md << "- [What does not reproduce, and why](#what-does-not-reproduce-and-why)\n\n";
    for (const auto& paper : papers()) {
        md << "## " << paperName(paper) << "\n\n";
        for (const auto& s : sections) {
            if (s.paper != paper) continue;
            md << "### " << s.title << "\n\n";
            for (const auto& p : s.paragraphs) md << p << "\n\n";
            md << "Regenerate alone: `" << s.command << "`\n\n";
            for (const auto& t : s.tables) {
                md << "**" << t.title << "**\n\n|";
                for (const auto& h : t.header) md << " " << mdCell(h) << " |";
                md << "\n|";
                for (std::size_t i = 0; i < t.header.size(); ++i) md << (i == 0 ? "---|" : "---:|");
                md << "\n";
                for (const auto& row : t.rows) {
                    md << "|";
                    for (const auto& cell : row) md << " " << mdCell(cell) << " |";
                    md << "\n";
                }
                md << "\n";
                if (!t.note.empty()) md << "*Differs from the paper:* " << t.note << "\n\n";
            }
            for (const auto& img : s.images) {
                md << "![" << img.title << "](" << img.path << ")\n\n*" << img.title << ".* " << img.caption;
                if (!img.vector.empty()) md << " [SVG](" << img.vector << ").";
                md << " Regenerate alone: `" << img.command << "`\n\n";
            }
            if (!s.goals.empty()) {
                md << "| goal | paper | this run | reproduces |\n|---|---:|---:|---|\n";
                for (const auto& g : s.goals)
                    md << "| " << mdCell(g.what) << " | " << mdCell(g.paper) << " | " << mdCell(g.ours)
                       << " | " << (g.met ? "yes" : "**no**") << " |\n";
                md << "\n";
            }
            md << "<details><summary>The command's full output in this run</summary>\n\n```\n" << s.output;
            if (!s.output.empty() && s.output.back() != '\n') md << "\n";
            md << "```\n\n</details>\n\n";
        }
    }
    md << "## What does not reproduce, and why\n\n";
    bool any = false;
    for (const auto& paper : papers())
        for (const PaperGoal* g : unmetGoals(sections, paper)) {
            any = true;
            md << "- **" << paper << ", " << g->what << "**: the paper " << g->paper << ", this run "
               << g->ours << ". " << g->why << "\n";
        }
    if (!any) md << "Every goal checked in this run reproduces.\n";
    return md.str();
}

std::string PaperReport::html() const {
    std::ostringstream h;
    h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
      << htmlEscape(header.title)
      << "</title>\n<style>\n"
         "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 "
         "1em;line-height:1.4;color:#222}\n"
         "table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #bbb;padding:.2em .5em;"
         "text-align:right}td:first-child,th:first-child{text-align:left}th{background:#eee}\n"
         "pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:85%}code{background:#f0f0f0}\n"
         ".notice{border-left:4px solid #c60;padding:.3em .8em;background:#fff4e8;font-weight:bold}\n"
         ".no{color:#b00;font-weight:bold}.yes{color:#070}figure{margin:1em 0}img{max-width:100%;"
         "border:1px solid #ddd}\n</style></head><body>\n";
    h << "<h1>" << htmlEscape(header.title) << "</h1>\n<ul>\n";
    for (const auto& [key, value] : header.facts)
        h << "<li><b>" << htmlEscape(key) << "</b>: " << htmlEscape(value) << "</li>\n";
    h << "</ul>\n";
    for (const auto& notice : header.notices) h << "<p class=\"notice\">" << htmlEscape(notice) << "</p>\n";
    h << "<p>Contents:</p><ul>\n";
    for (const auto& paper : papers()) {
        h << "<li><a href=\"#" << anchor(paperName(paper)) << "\">" << htmlEscape(paperName(paper))
          << "</a><ul>";
        for (const auto& s : sections)
            if (s.paper == paper)
                h << "<li><a href=\"#" << anchor(s.title) << "\">" << htmlEscape(s.title) << "</a></li>";
        h << "</ul></li>\n";
    }
    h << "<li><a href=\"#what-does-not-reproduce-and-why\">What does not reproduce, and why</a></li></ul>\n";
    for (const auto& paper : papers()) {
        h << "<h2 id=\"" << anchor(paperName(paper)) << "\">" << htmlEscape(paperName(paper)) << "</h2>\n";
        for (const auto& s : sections) {
            if (s.paper != paper) continue;
            h << "<h3 id=\"" << anchor(s.title) << "\">" << htmlEscape(s.title) << "</h3>\n";
            for (const auto& p : s.paragraphs) h << "<p>" << htmlEscape(p) << "</p>\n";
            h << "<p>Regenerate alone: <code>" << htmlEscape(s.command) << "</code></p>\n";
            for (const auto& t : s.tables) {
                h << "<p><b>" << htmlEscape(t.title) << "</b></p>\n<table><tr>";
                for (const auto& c : t.header) h << "<th>" << htmlEscape(c) << "</th>";
                h << "</tr>\n";
                for (const auto& row : t.rows) {
                    h << "<tr>";
                    for (const auto& c : row) h << "<td>" << htmlEscape(c) << "</td>";
                    h << "</tr>\n";
                }
                h << "</table>\n";
                if (!t.note.empty())
                    h << "<p><i>Differs from the paper:</i> " << htmlEscape(t.note) << "</p>\n";
            }
            for (const auto& img : s.images)
                h << "<figure><img src=\"" << htmlEscape(img.path) << "\" alt=\"" << htmlEscape(img.title)
                  << "\"><figcaption><i>" << htmlEscape(img.title) << ".</i> " << htmlEscape(img.caption)
                  << (img.vector.empty() ? "" : " <a href=\"" + htmlEscape(img.vector) + "\">SVG</a>.")
                  << " Regenerate alone: <code>" << htmlEscape(img.command)
                  << "</code></figcaption></figure>\n";
            if (!s.goals.empty()) {
                h << "<table><tr><th>goal</th><th>paper</th><th>this run</th><th>reproduces</th></tr>\n";
                for (const auto& g : s.goals)
                    h << "<tr><td>" << htmlEscape(g.what) << "</td><td>" << htmlEscape(g.paper) << "</td><td>"
                      << htmlEscape(g.ours) << "</td><td class=\"" << (g.met ? "yes\">yes" : "no\">no")
                      << "</td></tr>\n";
                h << "</table>\n";
            }
            h << "<details><summary>The command's full output in this run</summary><pre>"
              << htmlEscape(s.output) << "</pre></details>\n";
        }
    }
    h << "<h2 id=\"what-does-not-reproduce-and-why\">What does not reproduce, and why</h2>\n<ul>\n";
    bool any = false;
    for (const auto& paper : papers())
        for (const PaperGoal* g : unmetGoals(sections, paper)) {
            any = true;
            h << "<li><b>" << htmlEscape(paper + ", " + g->what) << "</b>: the paper " << htmlEscape(g->paper)
              << ", this run " << htmlEscape(g->ours) << ". " << htmlEscape(g->why) << "</li>\n";
        }
    h << "</ul>\n";
    if (!any) h << "<p>Every goal checked in this run reproduces.</p>\n";
    h << "</body></html>\n";
    return h.str();
}

} // namespace cdlab
