#pragma once
// The Install page's log as a person reads it: paths relative to the toolkit and one line
// per folder and action ("place  bin\  7 files"), instead of a column of absolute paths.
// The full lines stay available (InstallPage's "Full log" button, the wizard's log file).

#include <QList>
#include <QString>
#include <QStringList>

namespace cudnnsetup::wizard {

class LogDigest {
public:
    explicit LogDigest(const QString& toolkit = {});
    void reset(const QString& toolkit);
    void add(const QStringList& lines);
    QStringList lines() const;      // the digest, in the order things first happened
    QStringList fullLog() const { return m_full; }

    // `path` relative to the toolkit with native separators, or "" when outside it.
    QString relative(const QString& path) const;

private:
    struct Group {
        QString action;   // "place", "remove", "restore", ...
        QString folder;   // relative, native separators, "" = the toolkit itself
        int files = 0;
        QString single;   // the file's name while there is one
        QString plain;    // a line that names no toolkit path, kept as it is
    };
    QString m_toolkit;    // '/' separators, no trailing '/'
    QStringList m_full;
    QList<Group> m_groups;
};

}  // namespace cudnnsetup::wizard
