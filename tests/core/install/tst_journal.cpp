// The journal writer keeps each operation's JSON from its last write and makes it again only
// when the operation changed. Whatever happened between two writes, what the file says must be
// the document as it is now: every row makes a series of writes with one writer, changes the
// document, writes again, and reads the file back (loadJournal) against the document itself
// and against a one-off write of it by a new writer.
#include "install/fileops.h"
#include "install/journal.h"

#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace cudnnsetup;

namespace {

Operation op(OpKind kind, const std::string& path)
{
    Operation o;
    o.kind = kind;
    o.path = path;
    return o;
}

// A plan with one operation of each kind the journal has to carry, and an archive.
JournalDoc sampleDoc()
{
    JournalDoc doc;
    Plan& p = doc.plan;
    p.kind = PlanKind::Install;
    p.toolkit = "/t/v11.3";
    p.stateDir = "/t/state";
    p.transactionId = "20261203T000000Z-abcdef";
    p.workDir = "/t/v11.3/.cudnn-setup/" + p.transactionId;
    p.stagingDir = p.workDir + "/staging";
    p.backupDir = p.workDir + "/backup";
    p.recordPath = "/t/state/records/0123456789abcdef.json";
    ArchiveInfo a;
    a.path = "/d/cudnn.zip";
    a.sha256 = std::string(64, 'a');
    a.size = 1234;
    a.files.push_back({"cudnn/bin/cudnn64_8.dll", "bin/cudnn64_8.dll", 10, 0x1234});
    p.archive = a;
    p.notes = {"PATH left alone"};
    Operation work = op(OpKind::CreateDirectory, p.workDir);
    work.workDir = true;
    p.ops.push_back(work);
    p.ops.push_back(op(OpKind::StageFiles, p.stagingDir));
    Operation place = op(OpKind::PlaceFile, "/t/v11.3/bin/cudnn64_8.dll");
    place.source = p.stagingDir + "/bin/cudnn64_8.dll";
    place.entry = "cudnn/bin/cudnn64_8.dll";
    place.size = 10;
    place.crc32 = 0x1234;
    p.ops.push_back(place);
    Operation path = op(OpKind::PathChange, "PATH");
    path.location = "HKLM\\...\\Path";
    path.before = "C:\\Windows";
    path.after = "C:\\t\\bin;C:\\Windows";
    path.edit.before = *path.before;
    path.edit.after = *path.after;
    path.edit.inserted.push_back({"C:\\t\\bin", 0});
    p.ops.push_back(path);
    Operation link = op(OpKind::PlaceLink, "/t/v11.3/lib/libcudnn.so");
    link.linkTarget = "libcudnn.so.8";
    p.ops.push_back(link);
    Operation record = op(OpKind::WriteRecord, p.recordPath);
    record.record = nlohmann::json{{"cudnn", "8.2.0"}, {"files", {"bin/cudnn64_8.dll"}}};
    p.ops.push_back(record);
    return doc;
}

using Change = std::function<void(JournalDoc&)>;

}  // namespace

Q_DECLARE_METATYPE(Change)

class TestJournal : public QObject {
    Q_OBJECT
private slots:
    void rewrittenAsTheDocumentIsNow_data()
    {
        QTest::addColumn<Change>("change");
        QTest::newRow("nothing changed") << Change([](JournalDoc&) {});
        QTest::newRow("the next operation started") << Change([](JournalDoc& d) { d.started = 3; });
        QTest::newRow("a folder marked as made by this transaction")
            << Change([](JournalDoc& d) { d.plan.ops[0].changed = true; });
        QTest::newRow("a placed file's backup and digest filled in") << Change([](JournalDoc& d) {
            d.plan.ops[2].backup = d.plan.backupDir + "/bin/cudnn64_8.dll";
            d.plan.ops[2].sha256 = std::string(64, 'b');
        });
        QTest::newRow("PATH as it was found at the step")
            << Change([](JournalDoc& d) { d.plan.ops[3].before = "C:\\Windows;C:\\Other"; });
        QTest::newRow("one PATH move more") << Change([](JournalDoc& d) { d.plan.ops[3].edit.moved.push_back({"x", 1, 0}); });
        QTest::newRow("a record's nested value") << Change([](JournalDoc& d) { (*d.plan.ops[5].record)["cudnn"] = "8.2.1"; });
        QTest::newRow("a record's previous content known")
            << Change([](JournalDoc& d) { d.plan.ops[5].previousRecord = nlohmann::json{{"cudnn", "8.1.0"}}; });
        QTest::newRow("an operation replaced by another kind")
            << Change([](JournalDoc& d) { d.plan.ops[4] = op(OpKind::RemoveFile, "/t/v11.3/bin/old.dll"); });
        QTest::newRow("two operations swapped")
            << Change([](JournalDoc& d) { std::swap(d.plan.ops[1], d.plan.ops[2]); });
        QTest::newRow("the last operation gone") << Change([](JournalDoc& d) { d.plan.ops.pop_back(); });
        QTest::newRow("every operation gone") << Change([](JournalDoc& d) { d.plan.ops.clear(); });
        QTest::newRow("an operation added")
            << Change([](JournalDoc& d) { d.plan.ops.push_back(op(OpKind::RemoveDirectory, "/t/v11.3/old")); });
        QTest::newRow("rolling back, one undo failed") << Change([](JournalDoc& d) {
            d.status = JournalStatus::RollbackIncomplete;
            d.notRestored.push_back({"not-restored", std::string("/t/v11.3/bin/cudnn64_8.dll"), "Check it by hand."});
        });
        QTest::newRow("the plan's own fields") << Change([](JournalDoc& d) {
            d.plan.cleanup.push_back(d.plan.stagingDir);
            d.plan.archive->files[0].size = 11;
        });
        QTest::newRow("committed") << Change([](JournalDoc& d) { d.status = JournalStatus::Committed; });
    }
    void rewrittenAsTheDocumentIsNow()
    {
        QFETCH(Change, change);
        QTemporaryDir dir;
        const auto files = makeRealFileOps();
        const std::string path = dir.filePath("journal.json").toStdString();
        JournalDoc doc = sampleDoc();
        JournalWriter writer(*files, path);
        // A series as the engine writes it: before each operation.
        for (long i = 0; i < 3; ++i) {
            doc.started = i;
            QVERIFY(writer.write(doc));
        }
        change(doc);
        QVERIFY(writer.write(doc));

        auto loaded = loadJournal(*files, path);
        QVERIFY2(loaded && *loaded, loaded ? "no journal" : loaded.error().message.c_str());
        const JournalDoc& got = **loaded;
        QCOMPARE(got.started, doc.started);
        QCOMPARE(toString(got.status), toString(doc.status));
        QCOMPARE(toJson(got.notRestored).dump(), toJson(doc.notRestored).dump());
        QCOMPARE(toJson(got.plan).dump(), toJson(doc.plan).dump());
        QCOMPARE(got.plan.ops.size(), doc.plan.ops.size());

        // The same bytes as a writer that never saw the earlier versions.
        const std::string again = dir.filePath("again.json").toStdString();
        QVERIFY(writeJournal(*files, again, doc));
        QCOMPARE(files->readFile(path).value(), files->readFile(again).value());
    }
};

QTEST_GUILESS_MAIN(TestJournal)
#include "tst_journal.moc"
