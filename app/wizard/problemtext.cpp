#include "problemtext.h"

#include <QLocale>

#include <map>

namespace cudnnsetup::wizard {

namespace {

struct Template {
    const char* message;  // %1 = the file
    const char* fix;
};

// QT_TRANSLATE_NOOP keeps the sentences in the .ts file; they are translated at use.
const std::map<QString, Template>& templates()
{
    static const std::map<QString, Template> t = {
        {QStringLiteral("corrupt-archive"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 is not a readable zip archive (empty, truncated or damaged)."),
          QT_TRANSLATE_NOOP("ProblemText", "Download the archive again from NVIDIA.")}},
        {QStringLiteral("crc-mismatch"),
         {QT_TRANSLATE_NOOP("ProblemText", "The data of %1 inside the archive is damaged (CRC-32 does not match)."),
          QT_TRANSLATE_NOOP("ProblemText", "Download the archive again; the copy on disk is damaged.")}},
        {QStringLiteral("unsafe-path"),
         {QT_TRANSLATE_NOOP("ProblemText", "The entry %1 would be written outside the toolkit folder."),
          QT_TRANSLATE_NOOP("ProblemText", "Do not use this archive; get cuDNN from NVIDIA's site.")}},
        {QStringLiteral("duplicate-entry"),
         {QT_TRANSLATE_NOOP("ProblemText", "Two entries would both be written to %1."),
          QT_TRANSLATE_NOOP("ProblemText", "Do not use this archive; get cuDNN from NVIDIA's site.")}},
        {QStringLiteral("size-limit"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 declares a size or compression ratio no real cuDNN file has (a zip bomb)."),
          QT_TRANSLATE_NOOP("ProblemText", "Do not use this archive; get cuDNN from NVIDIA's site.")}},
        {QStringLiteral("zero-size"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 is empty (0 bytes)."),
          QT_TRANSLATE_NOOP("ProblemText", "Download the archive again, or repair the toolkit from a good archive.")}},
        {QStringLiteral("missing-file"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 is missing."),
          QT_TRANSLATE_NOOP("ProblemText", "Use the complete archive from NVIDIA, or run Repair with it.")}},
        {QStringLiteral("wrong-architecture"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 is not a 64-bit x64 library."),
          QT_TRANSLATE_NOOP("ProblemText", "Use the windows-x86_64 (x64) download.")}},
        {QStringLiteral("version-mismatch"),
         {QT_TRANSLATE_NOOP("ProblemText", "The versions of the files do not agree (%1)."),
          QT_TRANSLATE_NOOP("ProblemText", "Do not mix files from different cuDNN releases; install one complete release.")}},
        {QStringLiteral("hash-mismatch"),
         {QT_TRANSLATE_NOOP("ProblemText", "The bytes of %1 are not the ones its name, manifest or SHA-256 promises."),
          QT_TRANSLATE_NOOP("ProblemText", "Download the archive again from NVIDIA and check the SHA-256 you entered.")}},
        {QStringLiteral("unknown-layout"),
         {QT_TRANSLATE_NOOP("ProblemText", "%1 is not a cuDNN archive in any known layout."),
          QT_TRANSLATE_NOOP("ProblemText", "Choose the cuDNN zip for Windows downloaded from NVIDIA.")}},
        {QStringLiteral("encrypted-entry"),
         {QT_TRANSLATE_NOOP("ProblemText", "The entry %1 is encrypted."),
          QT_TRANSLATE_NOOP("ProblemText", "NVIDIA archives are never encrypted; download it again from NVIDIA.")}},
        {QStringLiteral("shadowed"),
         {QT_TRANSLATE_NOOP("ProblemText", "Another cuDNN copy (%1) is found first by programs started now."),
          QT_TRANSLATE_NOOP("ProblemText", "Remove that copy or move its folder after the toolkit's bin folder on PATH.")}},
        {QStringLiteral("system32-copy"),
         {QT_TRANSLATE_NOOP("ProblemText", "A cuDNN library sits in the system folder: %1."),
          QT_TRANSLATE_NOOP("ProblemText", "Delete it from the system folder; it wins over every toolkit.")}},
        {QStringLiteral("cuda-major-mismatch"),
         {QT_TRANSLATE_NOOP("ProblemText", "cuDNN in %1 was built for another CUDA major version than this toolkit."),
          QT_TRANSLATE_NOOP("ProblemText", "Install the cuDNN build for this toolkit's CUDA version.")}},
        {QStringLiteral("cuda-path-order"),
         {QT_TRANSLATE_NOOP("ProblemText", "Another CUDA version's bin folder (%1) comes first on PATH."),
          QT_TRANSLATE_NOOP("ProblemText", "Let the installer put this toolkit's bin first, or reorder PATH yourself.")}},
        {QStringLiteral("cuda-path-var-mismatch"),
         {QT_TRANSLATE_NOOP("ProblemText", "CUDA_PATH names a different toolkit (%1) than the first CUDA bin on PATH."),
          QT_TRANSLATE_NOOP("ProblemText", "Set CUDA_PATH to the toolkit you use, in System Properties → Environment Variables.")}},
        {QStringLiteral("driver-too-old"),
         {QT_TRANSLATE_NOOP("ProblemText", "The NVIDIA driver is too old for this toolkit or cuDNN build (%1)."),
          QT_TRANSLATE_NOOP("ProblemText", "Update the NVIDIA driver from nvidia.com.")}},
        {QStringLiteral("no-driver"),
         {QT_TRANSLATE_NOOP("ProblemText", "No NVIDIA driver could be loaded."),
          QT_TRANSLATE_NOOP("ProblemText", "Install the NVIDIA display driver; cuDNN cannot run without it.")}},
        {QStringLiteral("stub-driver"),
         {QT_TRANSLATE_NOOP("ProblemText", "The driver library found is the toolkit's link stub (%1), not a real driver."),
          QT_TRANSLATE_NOOP("ProblemText", "Install the NVIDIA display driver, or remove the stubs folder from the library search path.")}},
        {QStringLiteral("zlibwapi-missing"),
         {QT_TRANSLATE_NOOP("ProblemText", "This cuDNN needs zlibwapi.dll (64-bit) and none can be loaded."),
          QT_TRANSLATE_NOOP("ProblemText", "Put a 64-bit zlibwapi.dll into the toolkit's bin folder.")}},
        {QStringLiteral("python-dll-search"),
         {QT_TRANSLATE_NOOP("ProblemText", "Python 3.8 and later ignore PATH when loading DLLs."),
          QT_TRANSLATE_NOOP("ProblemText", "In Python call os.add_dll_directory() with the toolkit's bin folder before importing.")}},
    };
    return t;
}

}  // namespace

bool ProblemText::englishUi()
{
    return QLocale().language() == QLocale::English || QLocale().language() == QLocale::C;
}

ProblemView ProblemText::describe(const QString& code, const QString& path, const QString& coreMessage)
{
    ProblemView v{code, path, coreMessage, {}};
    const auto it = templates().find(code);
    if (it == templates().end())
        return v;
    v.fix = tr(it->second.fix);
    if (!englishUi() || coreMessage.isEmpty()) {
        QString text = tr(it->second.message);
        if (text.contains(QLatin1String("%1")))
            text = text.arg(path.isEmpty() ? tr("the archive") : path);
        v.message = text;
    }
    return v;
}

QString ProblemText::checkKey(const QString& code)
{
    if (code == QLatin1String("unknown-layout") || code == QLatin1String("version-mismatch"))
        return QStringLiteral("identity");
    if (code == QLatin1String("hash-mismatch"))
        return QStringLiteral("authenticity");
    if (code == QLatin1String("missing-file"))
        return QStringLiteral("completeness");
    if (code == QLatin1String("unsafe-path") || code == QLatin1String("duplicate-entry")
        || code == QLatin1String("size-limit"))
        return QStringLiteral("safety");
    return QStringLiteral("integrity");
}

QString ProblemText::checkTitle(const QString& key)
{
    if (key == QLatin1String("identity"))
        return tr("Identity");
    if (key == QLatin1String("authenticity"))
        return tr("Authenticity");
    if (key == QLatin1String("completeness"))
        return tr("Completeness");
    if (key == QLatin1String("integrity"))
        return tr("Integrity");
    return tr("Safety");
}

QString ProblemText::authenticityText(const QString& a)
{
    if (a == QLatin1String("official"))
        return tr("Official NVIDIA release: the SHA-256 matches NVIDIA's published value.");
    if (a == QLatin1String("manifest"))
        return tr("Matches the NVIDIA manifest you gave.");
    if (a == QLatin1String("user"))
        return tr("Matches the SHA-256 you entered.");
    if (a == QLatin1String("mismatch"))
        return tr("MISMATCH: these are not the bytes NVIDIA published under this name.");
    return tr("UNKNOWN: this file's SHA-256 is not in the list of official releases. "
              "Install it only if you trust where it came from.");
}

}  // namespace cudnnsetup::wizard
