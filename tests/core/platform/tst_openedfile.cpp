// platform/openedfile on POSIX (issue 29, "Bounded reads"): an archive is opened once and every
// read of it goes through that handle. The name swapped after the open (another file renamed over
// it, the file removed, a new file written under the name) changes nothing that is read; what is
// not a plain file is refused at the open without waiting (a FIFO) or following a link (noFollow).
// The archive readers on top of it: tst_openedarchive; the install flow: tst_installflow.
#include "platform/openedfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace cudnnsetup;

namespace {

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(bytes);
}

QByteArray readAllOf(const OpenedFile& file)
{
    QByteArray out(static_cast<qsizetype>(file.size()), '\0');
    if (!file.readAt(0, out.data(), static_cast<std::size_t>(out.size())))
        return "(read failed)";
    return out;
}

}  // namespace

class TestOpenedFile : public QObject {
    Q_OBJECT
    QTemporaryDir* m_dir = nullptr;
    QString m_path;
    const QByteArray m_original = QByteArray("the archive that was opened\n").repeated(1000);
    const QByteArray m_other = QByteArray("another file, same name\n").repeated(3000);

private slots:
    void init()
    {
        m_dir = new QTemporaryDir;
        m_path = m_dir->path() + "/archive.zip";
        writeFile(m_path, m_original);
    }
    void cleanup()
    {
        delete m_dir;
        m_dir = nullptr;
    }

    // What a user who may write the archive's folder does between the helper's open and its reads.
    void readsTheFileOpenedNotTheName_data()
    {
        QTest::addColumn<QString>("swap");
        QTest::newRow("another file renamed over the name") << "rename";
        QTest::newRow("the file removed") << "remove";
        QTest::newRow("removed, then a new file written under the name") << "rewrite";
        QTest::newRow("the name made a link to another file") << "link";
    }
    void readsTheFileOpenedNotTheName()
    {
        QFETCH(QString, swap);
        std::error_code ec;
        const auto file = OpenedFile::open(m_path.toStdString(), true, ec);
        QVERIFY2(file, ec.message().c_str());
        QCOMPARE(file->size(), std::uint64_t(m_original.size()));
        QCOMPARE(QString::fromStdString(file->path()), m_path);

        const QString other = m_dir->path() + "/other.zip";
        writeFile(other, m_other);
        if (swap == "rename") {
            QVERIFY(::rename(QFile::encodeName(other).constData(), QFile::encodeName(m_path).constData()) == 0);
        } else {
            QVERIFY(QFile::remove(m_path));
            if (swap == "rewrite")
                writeFile(m_path, m_other);
            else if (swap == "link")
                QVERIFY(QFile::link(other, m_path));
        }

        QCOMPARE(readAllOf(*file), m_original);
        QByteArray middle(100, '\0');
        QVERIFY(file->readAt(5000, middle.data(), 100));
        QCOMPARE(middle, m_original.mid(5000, 100));
        // Sequential reads to the end stop at the size of the file opened, not the one named now.
        QByteArray tail(4096, '\0');
        QCOMPARE(file->readSome(file->size() - 10, tail.data(), 4096), 10LL);
        QCOMPARE(file->readSome(file->size(), tail.data(), 4096), 0LL);
        QVERIFY(!file->readAt(file->size() - 10, tail.data(), 11));
    }

    // A file that grows after the open: what is read is what the open saw (the size fstat gave).
    void readsStopAtTheSizeOfTheOpen()
    {
        std::error_code ec;
        const auto file = OpenedFile::open(m_path.toStdString(), true, ec);
        QVERIFY(file);
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::Append));
        f.write("appended after the open");
        f.close();
        QCOMPARE(file->size(), std::uint64_t(m_original.size()));
        QCOMPARE(readAllOf(*file), m_original);
        char byte = 0;
        QCOMPARE(file->readSome(file->size(), &byte, 1), 0LL);
    }

    void refusesWhatIsNotAPlainFile_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<bool>("noFollow");
        QTest::addColumn<int>("expected");  // std::errc, 0: opened
        QTest::newRow("a link, not followed") << "link" << true << int(std::errc::too_many_symbolic_link_levels);
        QTest::newRow("a link, followed (a user's own verify)") << "link" << false << 0;
        QTest::newRow("a FIFO nobody writes") << "fifo" << true << int(std::errc::invalid_argument);
        QTest::newRow("a folder") << "folder" << true << int(std::errc::invalid_argument);
        QTest::newRow("/dev/zero") << "/dev/zero" << true << int(std::errc::invalid_argument);
        QTest::newRow("nothing there") << "missing" << true << int(std::errc::no_such_file_or_directory);
    }
    void refusesWhatIsNotAPlainFile()
    {
        QFETCH(QString, what);
        QFETCH(bool, noFollow);
        QFETCH(int, expected);
        QString path = m_dir->path() + "/" + what;
        if (what == "link")
            QVERIFY(QFile::link(m_path, path));
        else if (what == "fifo")
            QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
        else if (what == "folder")
            QVERIFY(QDir().mkpath(path));
        else if (what.startsWith('/'))
            path = what;
        std::error_code ec;
        const auto file = OpenedFile::open(path.toStdString(), noFollow, ec);  // a FIFO: returns at once
        if (expected == 0) {
            QVERIFY2(file, ec.message().c_str());
            QCOMPARE(readAllOf(*file), m_original);
            return;
        }
        QVERIFY(!file);
        QCOMPARE(ec, std::make_error_code(std::errc(expected)));
    }
};

QTEST_GUILESS_MAIN(TestOpenedFile)
#include "tst_openedfile.moc"
