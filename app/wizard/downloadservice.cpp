#include "downloadservice.h"

#include "problemtext.h"

#include "common/problemcodes.h"
#include "detect/compat.h"
#include "download/fetch.h"
#include "platform/environment.h"

#include <QDir>

namespace cudnnsetup::wizard {

namespace {

QString fromStd(const std::string& s)
{
    return QString::fromStdString(s);
}

// The core's error in the UI's words: the translated sentence and its fix from the problem registry.
ProblemView problemOf(const Error& e, const QString& subject)
{
    return ProblemText::describe(fromStd(e.code), subject, fromStd(e.message));
}

QString sourceName(const QString& source)
{
    return source.isEmpty() ? DownloadService::tr("NVIDIA's download server") : source;
}

std::string absolutePathOf(const QString& path)
{
    return path.isEmpty() || path.contains(QLatin1String("://")) ? path.toStdString()
                                                                   : QDir::cleanPath(QDir(path).absolutePath()).toStdString();
}

HttpOptions httpOptions(const DownloadRequest& r)
{
    HttpOptions http;
    http.caFile = absolutePathOf(r.caFile);
    return http;
}

ChoiceRequest choiceRequest(const DownloadRequest& r)
{
    ChoiceRequest c;
    c.platform = r.platform.isEmpty() ? hostPlatform() : r.platform.toStdString();
    if (const auto v = Version::parse(r.toolkitVersion.toStdString()); v && !r.toolkitVersion.isEmpty())
        c.toolkitCuda = v;
    else if (r.cudaMajor > 0)
        c.cudaMajor = r.cudaMajor;
    if (!r.driver.isEmpty())
        c.driver = r.driver.toStdString();
    return c;
}

DownloadChoiceView choiceView(const SourceChoice& chosen, const DownloadRequest& r)
{
    const Candidate& c = chosen.choice.candidate;
    DownloadChoiceView v;
    v.ok = true;
    v.release = fromStd(c.cudnn.toString());
    v.cudaMajor = c.cudaMajor;
    v.fileName = fromStd(c.entry.fileName());
    v.size = c.entry.size.value_or(0);
    v.reason = fromStd(chosen.choice.reason);
    if (r.frameworks)
        for (const FrameworkFit& fit : frameworkFits(c, *r.frameworks))
            v.frameworks << fromStd(fit.sentence);
    v.core = std::make_shared<const SourceChoice>(chosen);
    return v;
}

}  // namespace

QString DownloadService::folderFor(const DownloadRequest& request)
{
    if (!request.folder.isEmpty())
        return QDir::toNativeSeparators(QDir::cleanPath(QDir(request.folder).absolutePath()));
    return QDir::toNativeSeparators(fromStd(defaultDownloadFolder(*hostEnvironment())));
}

Task<DownloadChoiceView>* DownloadService::choose(const DownloadRequest& request, QObject* parent)
{
    auto* task = new Task<DownloadChoiceView>(parent);
    task->start([request](TaskContext&) {
        DownloadChoiceView v;
        auto source = RedistSource::open(absolutePathOf(request.source), httpOptions(request));
        if (!source) {
            v.problem = problemOf(source.error(), sourceName(request.source));
            return v;
        }
        auto chosen = chooseFromSource(**source, choiceRequest(request), CompatRules::builtin());
        if (!chosen) {
            v.problem = problemOf(chosen.error(), sourceName(request.source));
            return v;
        }
        return choiceView(chosen.value(), request);
    });
    return task;
}

Task<DownloadView>* DownloadService::download(const DownloadRequest& request, std::shared_ptr<const SourceChoice> choice,
                                              QObject* parent)
{
    auto* task = new Task<DownloadView>(parent);
    const std::string folder = QDir::fromNativeSeparators(folderFor(request)).toStdString();
    task->start([request, choice, folder](TaskContext& ctx) {
        DownloadView v;
        const QString name = fromStd(choice->choice.candidate.entry.fileName());
        auto source = RedistSource::open(absolutePathOf(request.source), httpOptions(request));
        if (!source) {
            v.problem = problemOf(source.error(), sourceName(request.source));
            return v;
        }
        DownloadSettings settings;
        settings.folder = folder;
        settings.progress = &ctx.progress;
        settings.cancel = &ctx.cancel;
        settings.log = [&ctx](const std::string& line) { ctx.progress.log("download: " + line); };
        auto fetched = fetchChosen(**source, *choice, settings);
        if (!fetched) {
            v.cancelled = fetched.error().code == codes::kCancelled;
            v.problem = problemOf(fetched.error(), name);
            return v;
        }
        v.ok = true;
        v.path = QDir::toNativeSeparators(fromStd(fetched->file.path));
        v.sha256 = fromStd(choice->choice.candidate.entry.sha256);
        v.alreadyThere = fetched->file.alreadyThere;
        v.resumedFrom = fetched->file.resumedFrom;
        return v;
    });
    return task;
}

}  // namespace cudnnsetup::wizard
