#include "consoletwin.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <windows.h>

#include <memory>

namespace cudnnsetup::wizard {

namespace {

constexpr auto kName = "cudnn-setup-cli.exe";

// The copy: its folder (removed at exit) and the handle that keeps the file as written.
struct HeldCopy {
    std::unique_ptr<QTemporaryDir> dir;
    HANDLE file = INVALID_HANDLE_VALUE;
    QString path;
    QString error;
    ~HeldCopy()
    {
        if (file != INVALID_HANDLE_VALUE)
            ::CloseHandle(file);
    }
};

HeldCopy* makeCopy()
{
    auto* held = new HeldCopy;
    QFile embedded(QStringLiteral(":/helper/%1").arg(QLatin1String(kName)));
    if (!embedded.open(QIODevice::ReadOnly)) {
        held->error = QStringLiteral("%1 is not beside the wizard and no copy is built into it").arg(QLatin1String(kName));
        return held;
    }
    const QByteArray bytes = embedded.readAll();
    held->dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/cudnn-setup-XXXXXX"));
    if (!held->dir->isValid()) {
        held->error = QStringLiteral("cannot create a folder in %1: %2").arg(QDir::tempPath(), held->dir->errorString());
        return held;
    }
    const QString path = held->dir->filePath(QLatin1String(kName));
    const std::wstring wpath = QDir::toNativeSeparators(path).toStdWString();
    // Written and then kept open with FILE_SHARE_READ only: others may read and run it, nobody
    // may write, rename or delete it (nor rename its folder) while the wizard holds it.
    HANDLE h = ::CreateFileW(wpath.c_str(), GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ, nullptr, CREATE_NEW,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        held->error = QStringLiteral("cannot create %1 (error %2)").arg(path).arg(::GetLastError());
        return held;
    }
    held->file = h;
    DWORD written = 0;
    if (!::WriteFile(h, bytes.constData(), DWORD(bytes.size()), &written, nullptr) || written != DWORD(bytes.size())
        || !::FlushFileBuffers(h)) {
        held->error = QStringLiteral("cannot write %1 (error %2)").arg(path).arg(::GetLastError());
        return held;
    }
    // What is on disk is what was embedded: read back through our own handle.
    QByteArray back(bytes.size(), Qt::Uninitialized);
    DWORD read = 0;
    LARGE_INTEGER zero{};
    if (!::SetFilePointerEx(h, zero, nullptr, FILE_BEGIN)
        || !::ReadFile(h, back.data(), DWORD(back.size()), &read, nullptr) || read != DWORD(back.size())
        || QCryptographicHash::hash(back, QCryptographicHash::Sha256) != QCryptographicHash::hash(bytes, QCryptographicHash::Sha256)) {
        held->error = QStringLiteral("%1 does not read back as written").arg(path);
        return held;
    }
    held->path = path;
    return held;
}

}  // namespace

QString ConsoleTwin::program(QString* error)
{
    const QString beside = QCoreApplication::applicationDirPath() + QLatin1Char('/') + QLatin1String(kName);
    if (QFileInfo::exists(beside))
        return beside;
    static std::unique_ptr<HeldCopy> held(makeCopy());
    if (!held->error.isEmpty() && error)
        *error = held->error;
    return held->path;
}

}  // namespace cudnnsetup::wizard
