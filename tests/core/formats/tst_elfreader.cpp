// formats/elfreader.h: the one ELF reader, in its two forms. Real shared objects are built now with
// gcc (a SONAME, DT_NEEDED, DT_RUNPATH or DT_RPATH, a library name in .rodata), then read from
// the file (readElfFile: seeks, what detect uses) and as a stream fed whole and in small pieces
// (ElfStreamReader: what verify uses on a tarball entry): both forms give the same facts, and a
// damaged file gives no invented ones.
#include "fixtures/toolkitbuilder.h"
#include "formats/cudabuild.h"
#include "formats/elfreader.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> readAll(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

ElfFacts streamed(const std::vector<std::uint8_t>& bytes, std::size_t piece)
{
    ElfStreamReader r;
    for (std::size_t at = 0; at < bytes.size(); at += piece)
        r.feed(bytes.data() + at, std::min(piece, bytes.size() - at));
    return r.finish();
}

}  // namespace

class TestElfReader : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_tmp;

    // gcc -shared with these flags over a source naming `literal`; the library's path.
    fs::path build(const QString& name, const QStringList& flags, const QString& literal)
    {
        const fs::path dir(m_tmp.path().toStdString());
        const fs::path src = dir / (name.toStdString() + ".c"), out = dir / name.toStdString();
        writeText(src.string(), "const char* loads(void) { return \"" + literal.toStdString() + "\"; }\n");
        QProcess gcc;
        gcc.start("/usr/bin/gcc", QStringList{"-shared", "-fPIC", "-o", QString::fromStdString(out.string()),
                                              QString::fromStdString(src.string())} + flags);
        if (!gcc.waitForFinished(120000) || gcc.exitCode() != 0)
            qWarning("gcc: %s", gcc.readAllStandardError().constData());
        return out;
    }

private slots:
    void initTestCase()
    {
        if (!fs::exists("/usr/bin/gcc"))
            QSKIP("no gcc here to build shared objects with");
        QVERIFY(m_tmp.isValid());
        // A library for DT_NEEDED to name.
        const fs::path dir(m_tmp.path().toStdString());
        writeText((dir / "dep.c").string(), "int dep(void) { return 1; }\n");
        QProcess gcc;
        gcc.start("/usr/bin/gcc", {"-shared", "-fPIC", "-Wl,-soname,libdep.so.3", "-o",
                                   QString::fromStdString((dir / "libdep.so.3").string()),
                                   QString::fromStdString((dir / "dep.c").string())});
        QVERIFY(gcc.waitForFinished(120000));
        QCOMPARE(gcc.exitCode(), 0);
    }

    void bothFormsAgree_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("soname");    // empty: none
        QTest::addColumn<QString>("needed");    // a DT_NEEDED name expected, or empty
        QTest::addColumn<QString>("runpath");   // DT_RUNPATH as written, or empty
        QTest::addColumn<QString>("rpath");     // DT_RPATH as written, or empty
        QTest::addColumn<QString>("literal");   // in .rodata
        const QString dir = m_tmp.path();
        QTest::newRow("soname, needed, runpath") << QStringList{"-Wl,-soname,libcudnn.so.9", "-L" + dir, "-Wl,--no-as-needed",
                                                                 "-l:libdep.so.3", "-Wl,-rpath,$ORIGIN/../lib:/opt/x",
                                                                 "-Wl,--enable-new-dtags"}
                                                 << "libcudnn.so.9" << "libdep.so.3" << "$ORIGIN/../lib:/opt/x" << ""
                                                 << "libcublasLt.so.13";
        QTest::newRow("rpath only (old dtags)") << QStringList{"-Wl,-soname,libcudnn_ops.so.9", "-Wl,-rpath,/usr/local/cuda/lib64",
                                                               "-Wl,--disable-new-dtags"}
                                                << "libcudnn_ops.so.9" << "" << "" << "/usr/local/cuda/lib64" << "libnvrtc.so.12";
        QTest::newRow("no soname") << QStringList{} << "" << "" << "" << "" << "libcublasLt.so.12";
    }
    void bothFormsAgree()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, soname);
        QFETCH(QString, needed);
        QFETCH(QString, runpath);
        QFETCH(QString, rpath);
        QFETCH(QString, literal);
        const fs::path lib = build(QString("lib%1.so").arg(QTest::currentDataTag()).replace(' ', '_').replace(',', '_').replace('(', '_').replace(')', '_'),
                                   flags, literal);
        QVERIFY(fs::exists(lib));
        const ElfFacts file = readElfFile(lib.string());
        QVERIFY(file.isElf);
        QVERIFY(file.is64);
        QVERIFY(file.littleEndian);
        QCOMPARE(file.type, std::uint16_t(3));
        QCOMPARE(file.machine, std::uint16_t(62));
        QCOMPARE(QString::fromStdString(file.soname.value_or("")), soname);
        if (!needed.isEmpty())
            QVERIFY(std::find(file.needed.begin(), file.needed.end(), needed.toStdString()) != file.needed.end());
        auto joined = [](const std::vector<std::string>& v) {
            std::string s;
            for (const auto& e : v)
                s += (s.empty() ? "" : ":") + e;
            return QString::fromStdString(s);
        };
        QCOMPARE(joined(file.runpath), runpath);
        QCOMPARE(file.hasRunpath, !runpath.isEmpty());
        QCOMPARE(joined(file.rpath), rpath);
        // .rodata from the section table: the literal lies in it, and the name scanner finds it there.
        QVERIFY(file.readOnlyData);
        const std::vector<std::uint8_t> bytes = readAll(lib);
        QVERIFY(file.readOnlyData->first + file.readOnlyData->second <= bytes.size());
        const std::string rodata(bytes.begin() + std::ptrdiff_t(file.readOnlyData->first),
                                 bytes.begin() + std::ptrdiff_t(file.readOnlyData->first + file.readOnlyData->second));
        QVERIFY(rodata.find(literal.toStdString()) != std::string::npos);
        QCOMPARE(cudaLibraryNames(lib.string()), std::vector<std::string>{literal.toStdString()});

        // The stream form, fed whole and in pieces that split every field: the same header facts
        // and SONAME (it keeps no more than that).
        for (const std::size_t piece : {bytes.size(), std::size_t(4096), std::size_t(7), std::size_t(1)}) {
            const ElfFacts s = streamed(bytes, piece);
            QVERIFY(s.isElf);
            QCOMPARE(s.machine, file.machine);
            QCOMPARE(s.type, file.type);
            QCOMPARE(s.soname, file.soname);
            QCOMPARE(QString::fromStdString(s.error), QString::fromStdString(file.error));
        }
    }

    // Damaged or foreign files: no facts invented, in either form.
    void damaged_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<bool>("isElf");
        QTest::addColumn<bool>("soname");
        QTest::newRow("cut inside the header (the magic is there)") << "cut:40" << true << false;
        QTest::newRow("cut inside the dynamic section") << "cut:200" << true << false;
        QTest::newRow("cut inside the SONAME string") << "cut:230" << true << false;
        QTest::newRow("32-bit class byte") << "class32" << true << false;
        QTest::newRow("big-endian byte") << "bigendian" << true << false;
        QTest::newRow("not ELF (zero-filled)") << "zeros" << false << false;
        QTest::newRow("intact") << "none" << true << true;
    }
    void damaged()
    {
        QFETCH(QString, damage);
        QFETCH(bool, isElf);
        QFETCH(bool, soname);
        std::vector<std::uint8_t> bytes = buildElfSharedObject("libcudnn.so.9");
        if (damage.startsWith("cut:"))
            bytes.resize(std::min<std::size_t>(bytes.size(), damage.mid(4).toULong()));
        else if (damage == "class32")
            bytes[4] = 1;
        else if (damage == "bigendian")
            bytes[5] = 2;
        else if (damage == "zeros")
            std::fill(bytes.begin(), bytes.end(), 0);
        const fs::path p = fs::path(m_tmp.path().toStdString()) / "damaged.so";
        writeBytes(p.string(), bytes);
        const ElfFacts file = readElfFile(p.string());
        const ElfFacts stream = streamed(bytes, 5);
        QCOMPARE(file.isElf, isElf);
        QCOMPARE(stream.isElf, isElf);
        QCOMPARE(file.soname.has_value(), soname);
        QCOMPARE(stream.soname.has_value(), soname);
        if (soname) {
            QCOMPARE(*file.soname, std::string("libcudnn.so.9"));
            QCOMPARE(file.soname, stream.soname);
        }
        QCOMPARE(readElfFile((fs::path(m_tmp.path().toStdString()) / "missing.so").string()).isElf, false);
    }
};

QTEST_GUILESS_MAIN(TestElfReader)
#include "tst_elfreader.moc"
