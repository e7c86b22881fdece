#include "redisttree.h"

#include "clirunner.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

using namespace cudnnsetup::fixtures;

QString writeRelease(const QString& root, const LinuxReleaseSpec& spec, TarCompression compression, QString* sha)
{
    const QString name = QString::fromStdString(linuxArchiveName(spec));
    const QString archive = root + "/cudnn/linux-x86_64/" + name;
    QDir().mkpath(QFileInfo(archive).path());
    std::string error;
    if (!writeTar(archive.toStdString(), cudnnLinuxRelease(spec), compression, &error, 1))
        return {};
    QFile f(archive);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    *sha = QString::fromLatin1(h.result().toHex());
    const QString label = QString::fromStdString(spec.cudnn).section('.', 0, 2);
    const QJsonObject manifest{
        {"release_date", "2026-01-01"},
        {"release_label", label},
        {"release_product", "cudnn"},
        {"cudnn",
         QJsonObject{{"name", "NVIDIA CUDA Deep Neural Network library"},
                     {"license", "cudnn"},
                     {"license_path", "cudnn/LICENSE.txt"},
                     {"version", QString::fromStdString(spec.cudnn)},
                     {"linux-x86_64",
                      QJsonObject{{"cuda" + QString::fromStdString(spec.cuda),
                                   QJsonObject{{"relative_path", "cudnn/linux-x86_64/" + name},
                                               {"sha256", *sha},
                                               {"md5", "0"},
                                               {"size", QString::number(f.size())}}}}}}}};
    writeAll(root + "/redistrib_" + label + ".json", QJsonDocument(manifest).toJson());
    return archive;
}

