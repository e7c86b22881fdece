#pragma once
// The catalog behind ProblemText, generated from resources/problems/problems.json into problemcatalog.cpp:
// one sentence (%1 = the file) and fix per code in every language of the wizard.
#include <QString>

#include <map>

namespace cudnnsetup::wizard {

struct ProblemTemplate {
    struct Text {
        const char* message;  // UTF-8
        const char* fix;
    };
    bool archiveSubject;  // %1 with no path names "the archive", else "the file"
    const char* check;    // the archive checklist line of a verify code: identity, authenticity, ..., integrity
    Text en;
    Text zhCN;
};

const std::map<QString, ProblemTemplate>& problemTemplates();

}  // namespace cudnnsetup::wizard
