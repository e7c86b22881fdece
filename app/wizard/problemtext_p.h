#pragma once
// The catalog behind ProblemText: one translatable sentence (%1 = the file) and fix per code.
#include <QString>

#include <map>

namespace cudnnsetup::wizard {

struct ProblemTemplate {
    const char* message;
    const char* fix;
};

const std::map<QString, ProblemTemplate>& problemTemplates();

}  // namespace cudnnsetup::wizard
