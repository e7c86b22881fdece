#pragma once
// Finding and verifying archives for the wizard: calls core verifyArchive() on a
// worker thread and turns its result into the checklist the Archive page shows.

#include "task.h"
#include "viewmodels.h"

#include <QCoreApplication>
#include <QStringList>

namespace cudnnsetup::wizard {

class ArchiveService {
    Q_DECLARE_TR_FUNCTIONS(ArchiveService)
public:
    // Downloads, Desktop and the current folder, the places a user's download lands.
    static QStringList defaultSearchFolders();
    // cudnn*.zip directly inside the folders (not below), newest first, no duplicates.
    static QStringList discover(const QStringList& folders);
    // Starts verification; the task belongs to parent.
    static Task<ArchiveReport>* verify(const QString& path, const QString& sha256, const QString& manifest,
                                       QObject* parent);
};

}  // namespace cudnnsetup::wizard
