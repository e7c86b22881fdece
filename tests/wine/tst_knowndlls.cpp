// The Windows executables may import at link time only what Windows maps from System32
// whatever folder they start in: the KnownDLLs. Any other name is looked up first in the
// program's own folder, before main() can call SetDefaultDllDirectories: a DLL planted next
// to a downloaded cudnn-setup-cli.exe (Downloads) would run, and run elevated in the helper.
// Read from the cross build's images with core's own PE reader.

#include "formats/pereader.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QtEndian>
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

QStringList importsOf(const QString& path, QString* error)
{
    const PeInfo info = readPeFile(path.toStdString());
    if (!info.isX64() || !info.importsRead) {
        *error = QString::fromStdString(info.error.empty() ? "not an x64 image with a readable import table" : info.error);
        return {};
    }
    QStringList out;
    for (const std::string& name : info.imports)
        out << QString::fromStdString(name);
    return out;
}

QStringList notKnown(const QStringList& imports)
{
    QStringList planted;
    for (const QString& name : imports) {
        const QString base = name.toLower().remove(QRegularExpression("\\.dll$"));
        if (!base.startsWith(QLatin1String("api-ms-win-")) && !knownDlls().contains(base))
            planted << name;
    }
    return planted;
}

// IMAGE_OPTIONAL_HEADER64.Subsystem: 2 = Windows GUI, 3 = console.
int subsystem(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray head = f.read(4096);
    if (head.size() < 0x40)
        return -1;
    const quint32 pe = qFromLittleEndian<quint32>(head.constData() + 0x3c);
    if (pe + 24 + 70 > quint32(head.size()))
        return -1;
    return qFromLittleEndian<quint16>(head.constData() + pe + 24 + 68);
}

bool containsText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.readAll().contains(text);
}

}  // namespace

class TestKnownDlls : public QObject {
    Q_OBJECT
private slots:
    // Every program that ships (the package carries these two). The one Windows runs elevated
    // (the console twin: `elevated-apply` under UAC) may import KnownDLLs only; the wizard may
    // import more, because it never runs elevated: it has no command line to be started in
    // helper mode with (no CLI11 parser is linked into it), and it hands the apply step to the
    // console twin beside it (docs/windows.md lists what each imports).
    void shippedPrograms_data()
    {
        QTest::addColumn<QString>("exe");
        QTest::addColumn<bool>("elevated");
        QTest::addColumn<int>("subsystem");
        QTest::newRow("console twin, the elevated helper") << QStringLiteral("cudnn-setup-cli.exe") << true << 3;
        QTest::newRow("wizard") << QStringLiteral("cudnn-setup.exe") << false << 2;
    }
    void shippedPrograms()
    {
        QFETCH(QString, exe);
        QFETCH(bool, elevated);
        QFETCH(int, subsystem);
        const QString path = (cudnnsetup::testpaths::windowsBuildDir() + "/app/") + exe;
        if (!QFileInfo::exists(path))
            QSKIP(qPrintable(path + " is not built; build the windows-mingw preset first (scripts/test.sh does)"));
        if (!elevated && ::subsystem(path) == 3)
            QSKIP("cudnn-setup.exe is the console build (windows-mingw with CUDNN_SETUP_WIZARD=OFF), not the wizard that ships");
        QString error;
        const QStringList imports = importsOf(path, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!imports.isEmpty());
        qInfo("%s (%lld bytes) imports: %s", qPrintable(exe), QFileInfo(path).size(), qPrintable(imports.join(", ")));
        const QStringList planted = notKnown(imports);
        const bool cli = containsText(path, QByteArrayLiteral(" for more information.\n"));
        if (elevated) {
            QVERIFY2(planted.isEmpty(), qPrintable(exe + " runs elevated and imports DLLs that are not KnownDLLs: " + planted.join(", ")));
            QVERIFY2(cli, "the console twin has lost its command line");
        } else {
            qInfo("  not KnownDLLs (looked up beside the exe first; fine only because it never runs elevated): %s",
                  qPrintable(planted.join(", ")));
            QVERIFY2(!cli, qPrintable(exe + " links the command-line parser: it could be started as the elevated helper"));
        }
        // A GUI program cannot be the console twin that scripts read exit codes and text from.
        QCOMPARE(::subsystem(path), subsystem);
    }
};

QTEST_GUILESS_MAIN(TestKnownDlls)
#include "tst_knowndlls.moc"
