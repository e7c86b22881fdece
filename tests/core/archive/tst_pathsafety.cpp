#include "archive/pathsafety.h"

#include <QTest>

using namespace cudnnsetup;

Q_DECLARE_METATYPE(cudnnsetup::PathVerdict)

class TestPathSafety : public QObject {
    Q_OBJECT
private slots:
    void verdicts_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<PathVerdict>("verdict");
        using V = PathVerdict;
        // zip-slip in every spelling
        QTest::newRow("parent first") << QByteArray("../evil.dll") << V::ParentSegment;
        QTest::newRow("parent in the middle") << QByteArray("cuda/bin/../../evil.dll") << V::ParentSegment;
        QTest::newRow("parent last") << QByteArray("cuda/..") << V::ParentSegment;
        QTest::newRow("parent backslash") << QByteArray("..\\evil.dll") << V::ParentSegment;
        QTest::newRow("parent mixed separators") << QByteArray("cuda\\bin/..\\../evil.dll") << V::ParentSegment;
        QTest::newRow("parent doubled slashes") << QByteArray("cuda//..//evil.dll") << V::ParentSegment;
        QTest::newRow("parent as directory entry") << QByteArray("../") << V::ParentSegment;
        // absolute, drive, UNC
        QTest::newRow("absolute posix") << QByteArray("/etc/passwd") << V::Absolute;
        QTest::newRow("absolute backslash") << QByteArray("\\Windows\\System32\\cudnn64_8.dll") << V::Absolute;
        QTest::newRow("drive absolute") << QByteArray("C:\\Windows\\System32\\evil.dll") << V::DriveQualified;
        QTest::newRow("drive absolute forward slash") << QByteArray("c:/evil.dll") << V::DriveQualified;
        QTest::newRow("drive relative") << QByteArray("C:evil.dll") << V::DriveQualified;
        QTest::newRow("drive only") << QByteArray("Z:") << V::DriveQualified;
        QTest::newRow("unc share") << QByteArray("\\\\server\\share\\evil.dll") << V::Unc;
        QTest::newRow("unc forward slashes") << QByteArray("//server/share/evil.dll") << V::Unc;
        QTest::newRow("win32 file namespace") << QByteArray("\\\\?\\C:\\evil.dll") << V::Unc;
        QTest::newRow("win32 device namespace") << QByteArray("\\\\.\\PhysicalDrive0") << V::Unc;
        QTest::newRow("mixed unc") << QByteArray("\\/server/share") << V::Unc;
        // streams
        QTest::newRow("ads on file") << QByteArray("cuda/bin/cudnn64_8.dll:evil") << V::Stream;
        QTest::newRow("ads data stream") << QByteArray("cuda/LICENSE::$DATA") << V::Stream;
        QTest::newRow("colon in folder") << QByteArray("cuda/a:b/c.h") << V::Stream;
        // reserved device names
        QTest::newRow("CON") << QByteArray("cuda/CON") << V::ReservedName;
        QTest::newRow("nul lower case with extension") << QByteArray("cuda/bin/nul.txt") << V::ReservedName;
        QTest::newRow("aux as folder") << QByteArray("aux/cudnn.h") << V::ReservedName;
        QTest::newRow("COM1") << QByteArray("cuda/com1") << V::ReservedName;
        QTest::newRow("LPT9 with extension") << QByteArray("cuda/LPT9.dll") << V::ReservedName;
        QTest::newRow("COM superscript one") << QByteArray("cuda/COM\xc2\xb9.log") << V::ReservedName;
        QTest::newRow("prn space before extension") << QByteArray("cuda/PRN .h") << V::ReservedName;
        QTest::newRow("CONIN$") << QByteArray("cuda/CONIN$") << V::ReservedName;
        QTest::newRow("conout$ lower case") << QByteArray("conout$.txt") << V::ReservedName;
        // trailing dots / spaces
        QTest::newRow("trailing dot") << QByteArray("cuda/bin/cudnn64_8.dll.") << V::TrailingDotSpace;
        QTest::newRow("trailing space") << QByteArray("cuda/bin/cudnn64_8.dll ") << V::TrailingDotSpace;
        QTest::newRow("folder trailing dot") << QByteArray("cuda./bin/x.dll") << V::TrailingDotSpace;
        QTest::newRow("three dots") << QByteArray("cuda/.../x.h") << V::TrailingDotSpace;
        QTest::newRow("reserved name with trailing dot") << QByteArray("cuda/nul.") << V::TrailingDotSpace;
        // control characters and forbidden characters
        QTest::newRow("newline") << QByteArray("cuda/bin/a\nb.dll") << V::ControlChar;
        QTest::newRow("escape") << QByteArray("cuda/\x1b[31m.h") << V::ControlChar;
        QTest::newRow("star") << QByteArray("cuda/*.dll") << V::ControlChar;
        QTest::newRow("question mark") << QByteArray("cuda/what?.h") << V::ControlChar;
        QTest::newRow("pipe") << QByteArray("cuda/a|b") << V::ControlChar;
        QTest::newRow("angle brackets") << QByteArray("cuda/<x>.h") << V::ControlChar;
        QTest::newRow("quote") << QByteArray("cuda/\"q\".h") << V::ControlChar;
        QTest::newRow("NUL byte") << QByteArray("cuda/a\0b.dll", 12) << V::ControlChar;
        // dot segments, empty
        QTest::newRow("dot segment") << QByteArray("cuda/./bin/x.dll") << V::DotSegment;
        QTest::newRow("leading dot segment") << QByteArray("./cuda/x.dll") << V::DotSegment;
        QTest::newRow("empty") << QByteArray("") << V::Empty;
        // safe names
        QTest::newRow("8.2 dll") << QByteArray("cuda/bin/cudnn64_8.dll") << V::Safe;
        QTest::newRow("9.x dll backslash") << QByteArray("cudnn-windows-x86_64-9.10.0.56_cuda12-archive\\bin\\cudnn64_9.dll") << V::Safe;
        QTest::newRow("directory entry") << QByteArray("cuda/bin/") << V::Safe;
        QTest::newRow("licence at root") << QByteArray("LICENSE") << V::Safe;
        QTest::newRow("dotfile") << QByteArray("cuda/.keep") << V::Safe;
        QTest::newRow("name starting with two dots") << QByteArray("cuda/..data") << V::Safe;
        QTest::newRow("console is not CON") << QByteArray("cuda/console.h") << V::Safe;
        QTest::newRow("COM10 is not a device") << QByteArray("cuda/COM10") << V::Safe;
        QTest::newRow("COM0 is not a device") << QByteArray("cuda/COM0") << V::Safe;
        QTest::newRow("nul inside a word") << QByteArray("cuda/nullable.h") << V::Safe;
        QTest::newRow("unicode") << QByteArray("cuda/doc/Lizenzvereinbarung-\xc3\xa4\xc3\xb6\xc3\xbc-\xe6\x97\xa5\xe6\x9c\xac.txt") << V::Safe;
        QTest::newRow("spaces inside") << QByteArray("cuda/My Folder/a b.h") << V::Safe;
    }
    void verdicts()
    {
        QFETCH(QByteArray, name);
        QFETCH(PathVerdict, verdict);
        const PathCheck c = checkEntryPath(std::string_view(name.constData(), std::size_t(name.size())));
        QCOMPARE(int(c.verdict), int(verdict));
        QCOMPARE(c.reason.empty(), verdict == PathVerdict::Safe);
        QVERIFY(c.normalized.find('\\') == std::string::npos);
    }

    void normalisation_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("normalized");
        QTest::newRow("backslashes") << "cuda\\bin\\cudnn64_8.dll" << "cuda/bin/cudnn64_8.dll";
        QTest::newRow("doubled slashes") << "cuda//bin///x.dll" << "cuda/bin/x.dll";
        QTest::newRow("directory slash kept") << "cuda\\include\\" << "cuda/include/";
    }
    void normalisation()
    {
        QFETCH(QString, name);
        QFETCH(QString, normalized);
        const PathCheck c = checkEntryPath(name.toStdString());
        QCOMPARE(int(c.verdict), int(PathVerdict::Safe));
        QCOMPARE(QString::fromStdString(c.normalized), normalized);
    }

    void collisions_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("collide");
        QTest::newRow("case differs") << "cuda/bin/cudnn64_8.dll" << "CUDA/BIN/CUDNN64_8.DLL" << true;
        QTest::newRow("folder vs directory entry") << "cuda/bin" << "cuda/bin/" << true;
        QTest::newRow("latin-1 case") << QString::fromUtf8("cuda/Ä.h") << QString::fromUtf8("cuda/ä.h") << true;
        QTest::newRow("cyrillic case") << QString::fromUtf8("cuda/Файл") << QString::fromUtf8("cuda/файл") << true;
        // Issue 12: full simple case folding (common/casefold.h), as NTFS compares names.
        QTest::newRow("latin extended-A (issue 12)") << QString::fromUtf8("cuda/include/cudnn_Ā.h")
                                                     << QString::fromUtf8("cuda/include/cudnn_ā.h") << true;
        QTest::newRow("greek final sigma") << QString::fromUtf8("cuda/ΣΑ.h") << QString::fromUtf8("cuda/ςα.h") << true;
        QTest::newRow("kelvin sign") << QString::fromUtf8("cuda/\u212A.h") << "cuda/k.h" << true;
        QTest::newRow("armenian") << QString::fromUtf8("cuda/Ա.h") << QString::fromUtf8("cuda/ա.h") << true;
        QTest::newRow("fullwidth latin") << QString::fromUtf8("cuda/Ａ.h") << QString::fromUtf8("cuda/ａ.h") << true;
        QTest::newRow("no folding across planes") << QString::fromUtf8("cuda/\U00010400.h")
                                                  << QString::fromUtf8("cuda/\U00010428.h") << false;
        QTest::newRow("different letters") << QString::fromUtf8("cuda/Ā.h") << QString::fromUtf8("cuda/ă.h") << false;
        QTest::newRow("different files") << "cuda/bin/cudnn64_8.dll" << "cuda/bin/cudnn64_9.dll" << false;
        QTest::newRow("different folders") << "cuda/lib/cudnn.lib" << "cuda/lib/x64/cudnn.lib" << false;
    }
    void collisions()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, collide);
        QCOMPARE(collisionKey(a.toStdString()) == collisionKey(b.toStdString()), collide);
    }

    void within_data()
    {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("child");
        QTest::addColumn<bool>("within");
        QTest::newRow("same") << "/opt/cuda" << "/opt/cuda" << true;
        QTest::newRow("below") << "/opt/cuda" << "/opt/cuda/bin/x.dll" << true;
        QTest::newRow("root with slash") << "/opt/cuda/" << "/opt/cuda/bin" << true;
        QTest::newRow("sibling with common prefix") << "/tmp/dest" << "/tmp/dest-evil/x.dll" << false;
        QTest::newRow("sibling prefix no separator") << "/tmp/dest" << "/tmp/destination" << false;
        QTest::newRow("parent") << "/tmp/dest" << "/tmp" << false;
        QTest::newRow("windows below") << "C:\\CUDA\\v11.3" << "C:\\CUDA\\v11.3\\bin\\cudnn64_8.dll" << true;
        QTest::newRow("windows sibling") << "C:\\CUDA\\v11.3" << "C:\\CUDA\\v11.3-evil\\x.dll" << false;
        QTest::newRow("filesystem root") << "/" << "/etc" << true;
        QTest::newRow("climbing out with ..") << "/tmp/dest" << "/tmp/dest/../etc" << false;
        QTest::newRow("empty root") << "" << "/tmp" << false;
    }
    void within()
    {
        QFETCH(QString, root);
        QFETCH(QString, child);
        QFETCH(bool, within);
        QCOMPARE(isWithin(root.toStdString(), child.toStdString()), within);
    }
};

QTEST_GUILESS_MAIN(TestPathSafety)
#include "tst_pathsafety.moc"
