#pragma once
// "Download from NVIDIA" for the wizard (issue 26): the core's choice for a toolkit and its
// download (core/download/fetch.h), each on a worker thread, turned into what the Archive page
// shows. Nothing here re-decides what the console tool decides: the same chooser, the same
// downloader with its checks and .part resume; the file then goes through the normal verify.

#include "task.h"
#include "viewmodels.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace cudnnsetup::wizard {

struct DownloadRequest {
    QString source;          // "" (NVIDIA's redist), an https:// mirror or a folder laid out like it
    QString caFile;          // PEM of a mirror's CA (Linux; the tests' local server)
    QString platform;        // "" = this computer's
    QString folder;          // "" = the user's Downloads folder
    QString toolkitVersion;  // the toolkit's CUDA version ("11.4"), or
    int cudaMajor = 0;       // only a CUDA major, when no toolkit was found
    QString driver;          // the installed driver's version, "" when none
    std::shared_ptr<const std::vector<FrameworkVerdict>> frameworks;
};

class DownloadService {
    Q_DECLARE_TR_FUNCTIONS(DownloadService)
public:
    // The folder a download goes to: request.folder, else the user's Downloads (as the CLI's).
    static QString folderFor(const DownloadRequest& request);
    // Reads the source's release list and chooses, as `download` does; downloads nothing.
    static Task<DownloadChoiceView>* choose(const DownloadRequest& request, QObject* parent);
    // Downloads the choice into folderFor(request), resuming a .part an earlier (cancelled) run left.
    static Task<DownloadView>* download(const DownloadRequest& request, std::shared_ptr<const SourceChoice> choice,
                                        QObject* parent);
};

}  // namespace cudnnsetup::wizard
