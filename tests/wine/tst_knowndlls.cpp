// The Windows executables may import at link time only what Windows maps from System32
// whatever folder they start in: the KnownDLLs. Any other name is looked up first in the
// program's own folder, before main() can call SetDefaultDllDirectories: a DLL planted next
// to a downloaded cudnn-setup-cli.exe (Downloads) would run, and run elevated in the helper.
// Read from the cross build's images with core's own PE reader.

#include "archive/pereader.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QtTest>

using namespace cudnnsetup;

namespace {

// HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\KnownDLLs on Windows 10 and 11 (names
// without ".dll", lower case). ntdll.dll is always mapped first and is not a planting target.
const QSet<QString>& knownDlls()
{
    static const QSet<QString> names = {
        "advapi32", "clbcatq", "combase", "comdlg32", "coml2", "difxapi", "gdi32", "gdiplus", "imagehlp",
        "imm32", "kernel32", "msctf", "msvcrt", "normaliz", "nsi", "ole32", "oleaut32", "psapi", "rpcrt4",
        "sechost", "setupapi", "shcore", "shell32", "shlwapi", "user32", "wldap32", "ws2_32", "ntdll"};
    return names;
}

}  // namespace

class TestKnownDlls : public QObject {
    Q_OBJECT
private slots:
    void onlyKnownDllsAreImported_data()
    {
        QTest::addColumn<QString>("exe");
        QTest::newRow("console tool") << QStringLiteral("cudnn-setup-cli.exe");
        QTest::newRow("windowed twin") << QStringLiteral("cudnn-setup.exe");
    }
    void onlyKnownDllsAreImported()
    {
        QFETCH(QString, exe);
        const QString path = QStringLiteral(CUDNN_SETUP_WINDOWS_BUILD_DIR "/app/") + exe;
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(path + " is not built; build the windows-mingw preset first (scripts/test.sh does)"));
        const PeInfo info = readPeFile(path.toStdString());
        QVERIFY2(info.isX64(), info.error.c_str());
        QVERIFY2(info.importsRead, "the import directory could not be read");
        QVERIFY(!info.imports.empty());
        QStringList planted;
        for (const std::string& name : info.imports) {
            const QString base = QString::fromStdString(name).toLower().remove(QRegularExpression("\\.dll$"));
            if (!base.startsWith(QLatin1String("api-ms-win-")) && !knownDlls().contains(base))
                planted << QString::fromStdString(name);
        }
        QVERIFY2(planted.isEmpty(), qPrintable(exe + " imports DLLs that are not KnownDLLs: " + planted.join(", ")));
    }
};

QTEST_GUILESS_MAIN(TestKnownDlls)
#include "tst_knowndlls.moc"
