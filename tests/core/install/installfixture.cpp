#include "installfixture.h"

#include "common/digest.h"
#include "install/archiveinfo.h"
#include "install/nvidiaroot.h"
#include "install/toolkitscan.h"
#include "platform/systempath.h"
#include "releases/releases.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace cudnnsetup;

namespace installtest {

Release makeRelease(const QString& dir, const fixtures::ReleaseSpec& spec)
{
    Release r;
    // Not NVIDIA's name: the catalog knows the official hashes and would call it a mismatch.
    r.path = dir + "/generated-" + QString::fromStdString(fixtures::releaseArchiveName(spec));
    std::string error;
    if (!fixtures::writeZip(r.path.toStdString(), fixtures::cudnnWindowsRelease(spec), &error))
        qFatal("cannot write %s: %s", qPrintable(r.path), error.c_str());
    const Version v = *Version::parse(spec.cudnn);
    const Layout layout = windowsLayoutFor(v, spec.root ? *spec.root : windowsRootFolderFor(v, spec.cuda));
    auto info = describeArchive(r.path.toStdString(), layout);
    if (!info)
        qFatal("cannot describe %s: %s", qPrintable(r.path), info.error().message.c_str());
    r.info = *info;
    r.info.sha256 = digestFile(r.path.toStdString())->sha256;
    r.info.size = QFileInfo(r.path).size();
    r.info.authenticity = "user";
    r.info.cudnn = spec.cudnn;
    r.info.cuda = spec.cuda;
    r.info.platform = "windows-x86_64";
    return r;
}

void makeToolkit(const QString& root, const QString& cudaVersion)
{
    QDir().mkpath(root + "/bin");
    QDir().mkpath(root + "/include");
    QDir().mkpath(root + "/lib/x64");
    const QStringList v = cudaVersion.split('.');
    const QByteArray major = v.value(0).toUtf8(), minor = v.value(1, "0").toUtf8();
    const QByteArray cudart = major.toInt() >= 12 ? major : major + "0";  // cudart64_12.dll, cudart64_110.dll
    for (const auto& [name, text] :
         {std::pair{QByteArray("bin/cudart64_" + cudart + ".dll"), QByteArray("MZ cudart")},
          std::pair{QByteArray("include/cuda.h"),
                    "#define CUDA_VERSION " + QByteArray::number(major.toInt() * 1000 + minor.toInt() * 10)},
          std::pair{QByteArray("version.json"), "{\"cuda\":{\"version\":\"" + cudaVersion.toUtf8() + "\"}}"}}) {
        QFile f(root + "/" + QString::fromUtf8(name));
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", name.constData());
        f.write(text);
    }
}

QStringList manifest(const QString& root)
{
    QStringList lines;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo fi(path);
        QString line = QDir(root).relativeFilePath(path) + "|" + (fi.isSymLink() ? "link" : fi.isDir() ? "dir" : "file") +
                       "|" + QString::number(fi.isDir() ? 0 : fi.size()) + "|" +
                       QString::number(int(fi.permissions()), 16);
        if (fi.isFile() && !fi.isSymLink()) {
            QFile f(path);
            if (f.open(QIODevice::ReadOnly)) {
                QCryptographicHash h(QCryptographicHash::Sha256);
                h.addData(&f);
                line += "|" + h.result().toHex();
            }
        }
        lines << line;
    }
    lines.sort();
    return lines;
}

Plan planFor(PlanKind kind, const ArchiveInfo* archive, const QString& toolkit, const QString& stateDir,
             const QString& pathFile, const QString& tx)
{
    auto state = snapshotToolkit(toolkit.toStdString(), pathsOfInterest(archive, nullptr, toolkit.toStdString()),
                                 stateDir.toStdString());
    if (!state)
        qFatal("snapshot: %s", state.error().message.c_str());
    PathState path;
    if (!pathFile.isEmpty()) {
        auto sys = makeFileSystemPath(pathFile.toStdString());
        path.available = true;
        path.mechanism = PathMechanism::WindowsPath;
        path.location = sys->location();
        path.value = *sys->read();
    }
    const PlanOptions options{stateDir.toStdString(), tx.toStdString(), false};
    switch (kind) {
    case PlanKind::Install:
        return planInstall(*archive, *state, path, options);
    case PlanKind::Uninstall:
        return planUninstall(*state, path, options);
    case PlanKind::Repair:
        return planRepair(archive ? std::optional<ArchiveInfo>(*archive) : std::nullopt, *state, path, options);
    case PlanKind::Use: {
        // `toolkit` an NVIDIA cuDNN root: its first variant folder, at the end of PATH.
        const std::vector<std::string> bins = nvidiaVariantBins(state->root);
        return planUse(*state, bins.empty() ? std::string() : bins.front(), false, path, options);
    }
    }
    return {};
}

}  // namespace installtest
