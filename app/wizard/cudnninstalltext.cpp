#include "cudnninstalltext.h"

#include "problemtext.h"

#include "common/problemcodes.h"
#include "common/text.h"
#include "detect/detector.h"
#include "detect/fsutil.h"

#include <QDir>

#include <algorithm>
#include <filesystem>

namespace cudnnsetup::wizard {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString native(const std::string& s)
{
    return QDir::toNativeSeparators(q(s));
}

std::string lowerFileName(const std::string& path)
{
    return lowerAscii(std::filesystem::path(path).filename().string());
}

// The copy a program started now loads for this variant's DLL name, when it is another one.
const CudnnCopy* otherWinner(const DetectResult& r, const CudnnVariant& v)
{
    if (v.wins || v.mainLibrary.empty())
        return nullptr;
    for (const CudnnCopy& c : r.copies)
        if (c.wins && lowerFileName(c.path) == lowerFileName(v.mainLibrary))
            return &c;
    return nullptr;
}

// The findings of variantdiagnosis.cpp name the variant's bin folder, in their path or their
// sentence (an install's other variants are listed in its "not on the search path" finding too).
bool aboutVariant(const Problem& p, const CudnnVariant& v)
{
    static const char* const kCodes[] = {codes::kCudnnInstallNotOnPath, codes::kPathEntryAboveCudnn,
                                         codes::kCudnnVariantCudaMismatch, codes::kOlderCudnnShadowsInstall,
                                         codes::kCudaRuntimeDllMissing};
    if (std::none_of(std::begin(kCodes), std::end(kCodes), [&](const char* c) { return p.code == c; }))
        return false;
    if (p.path && (sameFolder(*p.path, v.binDir) || sameFolder(*p.path, v.mainLibrary)))
        return true;
    return p.message.find(v.binDir) != std::string::npos;
}

QString fitText(const DetectResult& r, const CudnnVariant& v)
{
    if (!v.cudaMajor)
        return CudnnInstallText::tr("The CUDA version it was built for is not known.");
    const QString major = QString::number(*v.cudaMajor);
    QString s = v.builtWith.empty() ? CudnnInstallText::tr("Built for CUDA %1.x: it serves any CUDA %1.x toolkit.").arg(major)
                                    : CudnnInstallText::tr("Built with CUDA %1: it serves any CUDA %2.x toolkit.").arg(q(v.builtWith), major);
    QStringList served;
    for (const Toolkit& tk : r.toolkits) {
        if (std::find(v.toolkits.begin(), v.toolkits.end(), tk.path) == v.toolkits.end())
            continue;
        const QString tkVersion = tk.version ? QStringLiteral("%1.%2").arg(tk.version->major).arg(tk.version->minor)
                                             : q(tk.versionText);
        if (!v.builtWith.empty() && tkVersion != q(v.builtWith))
            served << CudnnInstallText::tr("the folder says %1 and you have CUDA %2 (%3): that is fine, the folder names the CUDA "
                            "NVIDIA built it with, not a version your toolkit must have")
                          .arg(q(v.builtWith), tkVersion, native(tk.path));
        else
            served << CudnnInstallText::tr("it serves CUDA %1 in %2").arg(tkVersion, native(tk.path));
    }
    if (served.isEmpty())
        return s + QLatin1Char(' ') +
               CudnnInstallText::tr("No CUDA %1.x toolkit was found on this computer; cuDNN %2 needs one for its cuBLAS and NVRTC.")
                   .arg(major, v.version ? QString::number(v.version->major) : QStringLiteral("9"));
    return s + QLatin1Char(' ') + CudnnInstallText::tr("Here: %1.").arg(served.join(QStringLiteral("; ")));
}

CudnnInstallView describeVariant(const DetectResult& r, const CudnnVariant& v)
{
    CudnnInstallView view;
    view.origin = q(v.origin);
    view.originText = CudnnInstallText::originText(view.origin);
    view.version = v.version ? q(v.version->toString()) : QString();
    view.builtWith = q(v.builtWith);
    view.cudaMajor = v.cudaMajor.value_or(0);
    view.root = native(v.root);
    view.binDir = native(v.binDir);
    view.variantFolder = QDir::toNativeSeparators(QDir(q(v.root)).relativeFilePath(q(v.binDir)));
    view.fit = fitText(r, v);

    const CudnnCopy* winner = otherWinner(r, v);
    if (winner) {
        view.winner = native(winner->path);
        view.winnerVersion = winner->version ? q(*winner->version) : QString();
        const auto theirs = winner->version ? Version::parse(*winner->version) : std::nullopt;
        view.winnerOlder = theirs && v.version && *theirs < *v.version && !theirs->agreesWith(*v.version);
    }
    const QString winnerText = view.winnerVersion.isEmpty()
                                   ? view.winner
                                   : CudnnInstallText::tr("%1 (cuDNN %2)").arg(view.winner, view.winnerVersion);
    if (v.wins) {
        view.reach = CudnnReach::Loaded;
        view.reachText = CudnnInstallText::tr("Programs find it: its folder is on the search path and this is the cuDNN they load.");
    } else if (v.searchRank >= 0) {
        view.reach = CudnnReach::Behind;
        view.reachText = winner ? CudnnInstallText::tr("On the search path, but programs load %1 first.").arg(winnerText)
                                : CudnnInstallText::tr("On the search path, but programs load another copy first.");
    } else {
        view.reach = CudnnReach::NotOnPath;
        view.reachText = winner ? CudnnInstallText::tr("Not on the search path: programs load %1 instead.").arg(winnerText)
                                : CudnnInstallText::tr("Not on the search path: programs do not find it (\"Could not locate "
                                        "cudnn_ops64_9.dll\").");
    }
    if (v.origin == "pip wheel" && !v.wins)
        view.reachText = CudnnInstallText::tr("A pip wheel: it is loaded by the Python environment it belongs to, not through PATH; "
                               "cudnn-setup leaves it to pip.");
    for (const Problems* list : {&r.problems, &r.warnings})
        for (const Problem& p : *list)
            if (aboutVariant(p, v))
                view.findings << ProblemText::describe(q(p.code), p.path ? native(*p.path) : QString(), q(p.message));
    // Only NVIDIA's own install is ours to wire: a CUDNN_PATH folder is the user's choice already, and a
    // wheel is pip's. Not offered when it is what programs load, nor when a newer cuDNN is ahead of it
    // on the search path on purpose.
    view.canUse = v.origin == "NVIDIA installer" && v.version && !v.mainLibrary.empty() &&
                  (view.reach == CudnnReach::NotOnPath || (view.reach == CudnnReach::Behind && view.winnerOlder));
    return view;
}

}  // namespace

QString CudnnInstallText::originText(const QString& origin)
{
    if (origin == QLatin1String("NVIDIA installer"))
        return tr("NVIDIA's installer");
    if (origin == QLatin1String("pip wheel"))
        return tr("pip wheel");
    return origin;  // CUDNN_PATH: the variable's name
}

QList<CudnnInstallView> CudnnInstallText::describe(const DetectResult& result)
{
    QList<CudnnInstallView> out;
    for (const CudnnVariant& v : result.variants)
        out << describeVariant(result, v);
    return out;
}

}  // namespace cudnnsetup::wizard
