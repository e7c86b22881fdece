#include "archiveservice.h"

#include "problemtext.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "archive/verifier.h"

#include <algorithm>

namespace cudnnsetup::wizard {

QStringList ArchiveService::defaultSearchFolders()
{
    QStringList folders;
    for (auto loc : {QStandardPaths::DownloadLocation, QStandardPaths::DesktopLocation})
        folders << QStandardPaths::writableLocation(loc);
    folders << QDir::currentPath();
    return folders;
}

QStringList ArchiveService::discover(const QStringList& folders)
{
    QFileInfoList found;
    QStringList seen;
    for (const QString& folder : folders) {
        if (folder.isEmpty())
            continue;
        const QDir dir(folder);
        const QFileInfoList files = dir.entryInfoList({QStringLiteral("cudnn*.zip"), QStringLiteral("cudnn*.tar.xz"),
                                                       QStringLiteral("cudnn*.tgz")}, QDir::Files | QDir::Readable,
                                                      QDir::Name | QDir::IgnoreCase);
        for (const QFileInfo& f : files) {
            const QString canonical = f.canonicalFilePath();
            if (seen.contains(canonical))
                continue;
            seen << canonical;
            found << f;
        }
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const QFileInfo& a, const QFileInfo& b) { return a.lastModified() > b.lastModified(); });
    QStringList paths;
    for (const QFileInfo& f : found)
        paths << QDir::toNativeSeparators(f.absoluteFilePath());
    return paths;
}

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

ProblemView view(const Problem& p)
{
    return ProblemText::describe(q(p.code), p.path ? q(*p.path) : QString(), q(p.message));
}

ArchiveReport toReport(const VerifyResult& r)
{
    ArchiveReport a;
    a.path = q(r.archive);
    a.size = r.size;
    a.sha256 = q(r.sha256);
    a.authenticity = q(std::string(toString(r.authenticity)));
    a.cancelled = r.cancelled;
    a.ok = r.ok();
    a.entryCount = int(r.entries.size());
    if (r.release) {
        a.cudnnVersion = q(r.release->cudnn.toString());
        a.cudaVersion = q(r.release->cuda);
        a.releaseText = ArchiveService::tr("cuDNN %1 for CUDA %2 (%3)")
                            .arg(a.cudnnVersion, a.cudaVersion, q(r.release->platform));
    }
    for (const Problem& p : r.problems)
        a.problems << view(p);
    for (const Problem& p : r.warnings)
        a.warnings << view(p);

    const QStringList keys = {QStringLiteral("identity"), QStringLiteral("authenticity"),
                              QStringLiteral("completeness"), QStringLiteral("integrity"), QStringLiteral("safety")};
    for (const QString& key : keys) {
        CheckItem item;
        item.key = key;
        item.title = ProblemText::checkTitle(key);
        for (const ProblemView& p : a.problems)
            if (ProblemText::checkKey(p.code) == key)
                item.problems << p;
        item.state = item.problems.isEmpty() ? CheckState::Passed : CheckState::Failed;
        if (r.cancelled && item.problems.isEmpty())
            item.state = CheckState::Skipped;
        a.checks << item;
    }
    auto& identity = a.checks[0];
    if (identity.state == CheckState::Passed && !r.release) {
        identity.state = CheckState::Failed;
    }
    identity.summary = a.releaseText.isEmpty() ? ArchiveService::tr("Not identified") : a.releaseText;

    auto& auth = a.checks[1];
    auth.summary = ProblemText::authenticityText(a.authenticity);
    if (a.authenticity == QLatin1String("mismatch"))
        auth.state = CheckState::Failed;
    else if (a.authenticity == QLatin1String("unknown") && auth.state == CheckState::Passed)
        auth.state = CheckState::Warning;

    auto& complete = a.checks[2];
    complete.summary = complete.problems.isEmpty()
                           ? ArchiveService::tr("All %n files of the release are present.", "", a.entryCount)
                           : ArchiveService::tr("%n file(s) missing.", "", int(complete.problems.size()));
    auto& integrity = a.checks[3];
    integrity.summary = !integrity.problems.isEmpty() ? ArchiveService::tr("Damaged or wrong files found.")
                        : r.crcChecked
                            ? ArchiveService::tr("Every entry inflates and matches its CRC-32; libraries are x64.")
                            // An official SHA-256 proves every byte: checked at hashing speed, no CRC pass.
                            : ArchiveService::tr("NVIDIA's own bytes (official SHA-256, so no CRC pass is needed); libraries are x64.");
    auto& safety = a.checks[4];
    safety.summary = safety.problems.isEmpty()
                         ? ArchiveService::tr("No entry escapes the target folder; no zip bomb.")
                         : ArchiveService::tr("The archive tries to write where it must not.");
    if (r.cancelled)
        for (auto& c : a.checks)
            if (c.state == CheckState::Skipped)
                c.summary = ArchiveService::tr("Not checked: verification was cancelled.");
    return a;
}

}  // namespace

Task<ArchiveReport>* ArchiveService::verify(const QString& path, const QString& sha256, const QString& manifest,
                                            QObject* parent)
{
    auto* task = new Task<ArchiveReport>(parent);
    const std::string p = QDir::toNativeSeparators(path).toStdString();
    const std::string sha = sha256.trimmed().toLower().toStdString();
    const std::string man = manifest.toStdString();
    task->start([p, sha, man](TaskContext& ctx) {
        VerifyOptions options;
        if (!sha.empty())
            options.sha256 = sha;
        if (!man.empty())
            options.manifestPath = man;
        options.progress = &ctx.progress;
        options.cancel = &ctx.cancel;
        try {
            auto result = std::make_shared<VerifyResult>(verifyArchive(p, options));
            ArchiveReport report = toReport(*result);
            report.core = std::move(result);
            return report;
        } catch (const std::exception& e) {
            ArchiveReport r;
            r.path = QString::fromStdString(p);
            r.error = tr("Verification of %1 stopped with an internal error: %2").arg(r.path, QString::fromUtf8(e.what()));
            return r;
        }
    });
    return task;
}

}  // namespace cudnnsetup::wizard
