#pragma once
// The Finish page's report: what was examined, chosen, done and checked, as
// Markdown (for a bug report) or JSON (for scripts).

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace cudnnsetup::wizard {

class Session;

class ReportWriter {
    Q_DECLARE_TR_FUNCTIONS(ReportWriter)
public:
    static QString markdown(const Session& session);
    static QByteArray json(const Session& session);
};

}  // namespace cudnnsetup::wizard
