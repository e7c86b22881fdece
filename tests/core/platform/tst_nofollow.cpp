// platform/nofollow on POSIX (issue 12): a step inside a toolkit that a standard user can change
// never lands outside it. A folder on the way swapped for a symbolic link to "outside":
//  - before the step: refused (ELOOP), the link named, nothing done through it;
//  - after the step opened its folder, right before it acts (the race the old check-then-act by
//    name lost): the step acts in the folder it opened (now moved aside), never through the
//    link — every step is done relative to the descriptor, not by name.
// The Windows side (reparse points) is tested under Wine (tests/wine/programs/tst_win_platform).
#include "platform/nofollow.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace cudnnsetup;

namespace {

void touch(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write("user's");
}

// Everything below root, relative, sorted (links not followed).
QStringList listing(const QString& root)
{
    QStringList out;
    const QDir dir(root);
    for (const QFileInfo& fi : dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                                                 QDir::Name)) {
        out << fi.fileName() + (fi.isSymLink() ? "@" : fi.isDir() ? "/" : "");
        if (fi.isDir() && !fi.isSymLink())
            for (const QString& sub : listing(fi.filePath()))
                out << fi.fileName() + "/" + sub;
    }
    return out;
}

}  // namespace

class TestNoFollow : public QObject {
    Q_OBJECT
    QTemporaryDir* m_dir = nullptr;
    QString m_bin, m_moved, m_outside, m_stage;

    // bin (a real folder in the toolkit) becomes a link to outside; the real one is kept aside.
    void swapBin()
    {
        QVERIFY(QDir().rename(m_bin, m_moved));
        QVERIFY(QFile::link(m_outside, m_bin));
    }

    // The step under test; its result in ec (and linkAt).
    void act(const QString& which, std::error_code& ec, std::string& linkAt)
    {
        const std::string bin = m_bin.toStdString();
        if (which == "create file") {
            auto f = nofollow::createFile(bin + "/new.dll", ec, &linkAt);
            if (f) {
                f->write("new", 3, ec);
                if (!ec)
                    f->finish(ec);
            }
        } else if (which == "create folder") {
            nofollow::createDirectory(bin + "/newdir", ec, &linkAt);
        } else if (which == "create link") {
            nofollow::createSymlink("new.dll", bin + "/new.so", ec, &linkAt);
        } else if (which == "rename into") {
            nofollow::rename(m_stage.toStdString() + "/staged.dll", bin + "/staged.dll", ec, &linkAt);
        } else if (which == "remove file") {
            nofollow::removeFile(bin + "/victim.dll", ec, &linkAt);
        } else if (which == "remove folder") {
            nofollow::removeDirectory(bin + "/emptydir", ec, &linkAt);
        } else if (which == "remove tree") {
            nofollow::removeTree(bin + "/sub", ec, &linkAt);
        } else {
            QFAIL("unknown step");
        }
    }

private slots:
    void init()
    {
        m_dir = new QTemporaryDir;
        const QString root = QFileInfo(m_dir->path()).canonicalFilePath();
        m_bin = root + "/toolkit/bin";
        m_moved = root + "/toolkit/bin-moved";
        m_outside = root + "/outside";
        m_stage = root + "/toolkit/.cudnn-setup/staging";
        // The same names on both sides: what a step removes through the link would be the user's.
        for (const QString& side : {m_bin, m_outside}) {
            QVERIFY(QDir().mkpath(side + "/sub/deeper"));
            QVERIFY(QDir().mkpath(side + "/emptydir"));
            touch(side + "/victim.dll");
            touch(side + "/sub/deeper/file.h");
        }
        QVERIFY(QDir().mkpath(m_stage));
        touch(m_stage + "/staged.dll");
    }
    void cleanup()
    {
        nofollow::setBeforeActForTests(nullptr);
        delete m_dir;
        m_dir = nullptr;
    }

    void linkSwappedInIsNeverFollowed_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<bool>("duringStep");  // swapped after the step opened its folder
        QTest::addColumn<QString>("landed");   // what the step did in the folder it opened
        const QList<std::pair<QString, QString>> steps{
            {"create file", "+new.dll"},        {"create folder", "+newdir/"}, {"create link", "+new.so@"},
            {"rename into", "+staged.dll"},     {"remove file", "-victim.dll"}, {"remove folder", "-emptydir/"},
            {"remove tree", "-sub/"}};
        for (const auto& [step, landed] : steps) {
            QTest::addRow("%s, link before the step", qPrintable(step)) << step << false << landed;
            QTest::addRow("%s, link after its folder was opened", qPrintable(step)) << step << true << landed;
        }
    }
    void linkSwappedInIsNeverFollowed()
    {
        QFETCH(QString, step);
        QFETCH(bool, duringStep);
        QFETCH(QString, landed);
        const QStringList outsideBefore = listing(m_outside);
        const QStringList binBefore = listing(m_bin);
        bool swapped = false;
        if (duringStep) {
            const std::string prefix = m_bin.toStdString() + "/";
            nofollow::setBeforeActForTests([this, &swapped, prefix](const std::string& path) {
                if (!swapped && path.starts_with(prefix)) {
                    swapped = true;
                    swapBin();
                }
            });
        } else {
            swapBin();
            swapped = true;
        }
        std::error_code ec;
        std::string linkAt;
        act(step, ec, linkAt);
        nofollow::setBeforeActForTests(nullptr);
        QVERIFY(swapped);
        QCOMPARE(listing(m_outside), outsideBefore);  // never reached through the link
        QVERIFY(QFileInfo(m_bin).isSymLink());
        if (!duringStep) {
            QVERIFY2(ec == std::errc::too_many_symbolic_link_levels, ec.message().c_str());
            QCOMPARE(QString::fromStdString(linkAt), m_bin);
            QCOMPARE(listing(m_moved), binBefore);  // nothing done at all
            return;
        }
        // The step did its work in the folder it had opened, now at bin-moved.
        QVERIFY2(!ec, ec.message().c_str());
        QStringList expected = binBefore;
        const QString name = landed.mid(1);
        if (landed.startsWith('+')) {
            expected << name;
            if (step == "create file")
                QCOMPARE(QFile(m_moved + "/new.dll").size(), qint64(3));
        } else {
            const QString bare = name.endsWith('/') ? name.chopped(1) : name;
            expected.removeIf([&](const QString& e) { return e == name || e.startsWith(bare + "/"); });
        }
        expected.sort();
        QStringList got = listing(m_moved);
        got.sort();
        QCOMPARE(got, expected);
    }

    // rm -r of a tree that holds a link to the user's folder: the link goes, the folder stays.
    void removeTreeRemovesALinkInsideNotItsTarget()
    {
        QVERIFY(QFile::link(m_outside, m_bin + "/sub/deeper/link-to-outside"));
        const QStringList outsideBefore = listing(m_outside);
        std::error_code ec;
        nofollow::removeTree(m_bin.toStdString() + "/sub", ec);
        QVERIFY2(!ec, ec.message().c_str());
        QVERIFY(!QFileInfo::exists(m_bin + "/sub"));
        QCOMPARE(listing(m_outside), outsideBefore);
        nofollow::removeTree(m_bin.toStdString() + "/sub", ec);  // nothing there: no error
        QVERIFY2(!ec, ec.message().c_str());
    }
};

QTEST_GUILESS_MAIN(TestNoFollow)
#include "tst_nofollow.moc"
