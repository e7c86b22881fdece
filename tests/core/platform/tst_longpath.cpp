// extendedLengthPath: the "\\?\" form the Win32 layer passes to the API. Pure
// string rules, so they are checked here on Linux as well as under Wine.

#include "platform/longpath.h"

#include <QtTest>

using namespace cudnnsetup;

class TestLongPath : public QObject {
    Q_OBJECT
private slots:
    void extended_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("drive") << R"(C:\a\b)" << R"(\\?\C:\a\b)";
        QTest::newRow("forward slashes") << "C:/Program Files/x" << R"(\\?\C:\Program Files\x)";
        QTest::newRow("dot dot resolved") << R"(C:\a\..\b\.\c)" << R"(\\?\C:\b\c)";
        QTest::newRow("dot dot above root stays at root") << R"(C:\..\..\x)" << R"(\\?\C:\x)";
        QTest::newRow("doubled separators") << R"(C:\a\\b)" << R"(\\?\C:\a\b)";
        QTest::newRow("trailing separator kept") << R"(C:\dir\)" << R"(\\?\C:\dir\)";
        QTest::newRow("drive root") << R"(C:\)" << R"(\\?\C:\)";
        QTest::newRow("unc") << R"(\\server\share\x\..\y)" << R"(\\?\UNC\server\share\y)";
        QTest::newRow("unc share only") << R"(\\server\share)" << R"(\\?\UNC\server\share)";
        QTest::newRow("already extended") << R"(\\?\C:\a\..\b)" << R"(\\?\C:\a\..\b)";
        QTest::newRow("device namespace") << R"(\\.\pipe\x)" << R"(\\.\pipe\x)";
        QTest::newRow("relative unchanged") << R"(a\b)" << R"(a\b)";
        QTest::newRow("drive relative unchanged") << R"(C:x)" << R"(C:x)";
        QTest::newRow("rooted without drive unchanged") << R"(\x\y)" << R"(\x\y)";
        QTest::newRow("server without share unchanged") << R"(\\server)" << R"(\\server)";
    }
    void extended()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(QString::fromStdString(extendedLengthPath(in.toStdString())), out);
    }
    void prefixDetection()
    {
        QVERIFY(hasExtendedPrefix(R"(\\?\C:\x)"));
        QVERIFY(hasExtendedPrefix(R"(\\.\COM1)"));
        QVERIFY(!hasExtendedPrefix(R"(\\server\share)"));
        QVERIFY(!hasExtendedPrefix("C:\\"));
    }
};

QTEST_GUILESS_MAIN(TestLongPath)
#include "tst_longpath.moc"
