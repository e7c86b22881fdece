// The one version-evidence rule verify and detect share (releases/versionevidence.h): what a DLL's
// version fields prove, how much a version names, and which claim is the release.
#include "releases/versionevidence.h"

#include <QTest>

using namespace cudnnsetup;

namespace {

// "8.4" names two parts, "9" only the major.
NamedVersion nv(const QString& text)
{
    const std::string t = text.toStdString();
    if (const auto v = Version::parse(t))
        return namedAsWritten(*v, t);
    return {Version{text.toInt(), 0, 0, -1}, 1};
}

// "h=8.1.1;d1=8.2.0.53": one claim each, a leading '!' makes it authoritative (an official hash).
std::vector<VersionClaim> claimsOf(const QString& spec)
{
    std::vector<VersionClaim> out;
    for (const QString& part : spec.split(';', Qt::SkipEmptyParts)) {
        QString source = part.section('=', 0, 0);
        const bool official = source.startsWith('!');
        if (official)
            source.remove(0, 1);
        out.push_back({source.toStdString(), std::nullopt, nv(part.section('=', 1)), official});
    }
    return out;
}

}  // namespace

class TestVersionEvidence : public QObject {
    Q_OBJECT
private slots:
    void agreesAsNamed_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("agree");
        QTest::newRow("two parts agree with every patch of major.minor") << "8.4" << "8.4.1" << true;
        QTest::newRow("two parts against another minor") << "8.4" << "8.3.2" << false;
        QTest::newRow("three parts agree with every build") << "8.2.0" << "8.2.0.53" << true;
        QTest::newRow("three parts against another patch") << "8.2.0" << "8.2.1.32" << false;
        QTest::newRow("four parts, another build") << "8.2.0.53" << "8.2.0.54" << false;
        QTest::newRow("a bare major agrees with its family") << "9" << "9.10.0" << true;
        QTest::newRow("a bare major against another family") << "9" << "8.9.7" << false;
    }
    void agreesAsNamed()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, agree);
        QCOMPARE(cudnnsetup::agreesAsNamed(nv(a), nv(b)), agree);
        QCOMPARE(cudnnsetup::agreesAsNamed(nv(b), nv(a)), agree);
    }

    // Real FileVersion and FileDescription shapes: NVIDIA's driver-style scheme (cuDNN 7, cudnn-facts.md
    // §7), CUDA versions (10-13, and 8.0.61 / 9.2.148 that share a cuDNN major), prose, padding zeros.
    void versionFieldEvidence_data()
    {
        QTest::addColumn<QString>("field");     // "version" (VS_FIXEDFILEINFO) or "description"
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("family");        // the release family's major; 0 = unknown
        QTest::addColumn<QString>("expected");  // what the header / names say; "" = nothing
        QTest::addColumn<QString>("evidence");  // the parts it names; "" = no evidence
        QTest::newRow("FileVersion: the cuDNN version") << "version" << "8.2.0.53" << 8 << "8.2.0" << "8.2.0.53";
        QTest::newRow("FileVersion: another patch (a mix)") << "version" << "8.2.1.32" << 8 << "8.2.0" << "8.2.1.32";
        QTest::newRow("FileVersion: another minor of the family (a mix)") << "version" << "8.1.0.77" << 8 << "8.2.0" << "8.1.0.77";
        QTest::newRow("FileVersion: 8.1.1 in a 9.x family is not its shape") << "version" << "8.1.1.33" << 9 << "9.1.0" << "";
        QTest::newRow("FileVersion: NVIDIA driver style (cuDNN 7)") << "version" << "6.14.11.10020" << 7 << "7.6.5" << "";
        QTest::newRow("FileVersion: NVIDIA driver style in 8.x") << "version" << "6.14.11.8020" << 8 << "8.2.0" << "";
        QTest::newRow("FileVersion: CUDA 12.3") << "version" << "12.3.0.1" << 8 << "8.9.7" << "";
        QTest::newRow("FileVersion: CUDA 9.2 beside cuDNN 9.2") << "version" << "9.2.148.0" << 9 << "9.2.1" << "";
        QTest::newRow("FileVersion: CUDA 8.0 GA2 beside cuDNN 8.0") << "version" << "8.0.61.0" << 8 << "8.0.5" << "";
        QTest::newRow("FileVersion: zero padding names major.minor") << "version" << "8.9.0.0" << 8 << "8.9.7" << "8.9";
        QTest::newRow("FileVersion: zero padding names a patch") << "version" << "9.10.2.0" << 9 << "9.10.2" << "9.10.2";
        QTest::newRow("FileVersion: all zeros after the major") << "version" << "9.0.0.0" << 9 << "9.10.0" << "9";
        QTest::newRow("FileVersion: no family, no evidence") << "version" << "8.2.0.53" << 0 << "" << "";
        QTest::newRow("FileVersion: no header, still evidence") << "version" << "8.2.0.53" << 8 << "" << "8.2.0.53";
        QTest::newRow("description: cuDNN version") << "description" << "NVIDIA CUDA Deep Neural Network (cuDNN) 9.10.0.56" << 9
                                                     << "9.10.0" << "9.10.0.56";
        QTest::newRow("description: two parts (NVIDIA's wording)") << "description" << "NVIDIA CUDA Deep Neural Network, Version 8.4"
                                                                   << 8 << "8.4.1" << "8.4";
        QTest::newRow("description: two parts of 9.x") << "description" << "NVIDIA CUDA Deep Neural Network, Version 9.10" << 9
                                                        << "9.10.2" << "9.10";
        QTest::newRow("description: a two-part number that disagrees is no evidence")
            << "description" << "cuDNN for compute capability 8.6 and up" << 8 << "8.2.0" << "";
        QTest::newRow("description: another minor of the family (a mix)") << "description" << "cuDNN 8.1.1.33" << 8 << "8.2.0"
                                                                          << "8.1.1.33";
        QTest::newRow("description: with v and the CUDA it is for") << "description" << "cuDNN v8.2.0.53 (CUDA 11.3)" << 8
                                                                    << "8.2.0" << "8.2.0.53";
        QTest::newRow("description: naming only its CUDA") << "description" << "cuDNN library for CUDA 11.3" << 8 << "8.2.0" << "";
        QTest::newRow("description: CUDA 8.0.61 is not a cuDNN shape") << "description" << "Built with CUDA 8.0.61" << 8
                                                                        << "8.0.5" << "";
        QTest::newRow("description: ending a sentence") << "description" << "Deep neural network library, version 9.10.0." << 9
                                                        << "9.10.0" << "9.10.0";
        QTest::newRow("description: NVIDIA's scheme") << "description" << "NVIDIA cuDNN 6.14.11.7020" << 7 << "7.6.5" << "";
        QTest::newRow("description: a DLL name is no version") << "description" << "cudnn64_8.dll for x64" << 8 << "8.0.0" << "";
        QTest::newRow("description: prose") << "description" << "not a version" << 9 << "9.10.0" << "";
        QTest::newRow("description: no header, the first cuDNN shape") << "description" << "cuDNN 9.1.0 for CUDA 12.4" << 9 << ""
                                                                        << "9.1.0";
    }
    void versionFieldEvidence()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(int, family);
        QFETCH(QString, expected);
        QFETCH(QString, evidence);
        const auto got = cudnnsetup::versionFieldEvidence(
            field == "version" ? VersionField::FileVersion : VersionField::FileDescription, text.toStdString(),
            family ? std::optional<int>(family) : std::nullopt,
            expected.isEmpty() ? std::nullopt : Version::parse(expected.toStdString()));
        QCOMPARE(got ? QString::fromStdString(toString(*got)) : QString(), evidence);
    }

    void weighVersionClaims_data()
    {
        QTest::addColumn<QString>("claims");
        QTest::addColumn<QString>("reference");
        QTest::addColumn<QStringList>("odd");
        QTest::addColumn<QString>("release");  // mostSpecific
        QTest::newRow("all agree") << "name=8;h=8.2.0;d1=8.2.0.53;d2=8.2.0.53" << "d1" << QStringList{} << "8.2.0.53";
        QTest::newRow("the header is the odd one out") << "name=8;h=8.1.1;d1=8.2.0.53;d2=8.2.0.53;d3=8.2.0.53" << "d1"
                                                       << QStringList{"h"} << "8.2.0.53";
        QTest::newRow("one DLL of another minor") << "name=8;h=8.2.0;d1=8.2.0.53;d2=8.1.1.33;d3=8.2.0.53" << "d1"
                                                  << QStringList{"d2"} << "8.2.0.53";
        QTest::newRow("a two-part description agrees") << "name=8;h=8.4.1;desc=8.4;d1=8.4.1.50" << "d1" << QStringList{}
                                                       << "8.4.1.50";
        QTest::newRow("8.4.1 and 8.4.2 beside a bare 8.4 are still a mix") << "desc=8.4;a=8.4.1.50;b=8.4.2.1" << "a"
                                                                           << QStringList{"b"} << "8.4.1.50";
        QTest::newRow("a tie goes to the earlier claim") << "h=8.2.0;d=8.2.1.32" << "h" << QStringList{"d"} << "8.2.0";
        QTest::newRow("the header of another major") << "name=8;h=9.1.0;d=8.2.0.53" << "d" << QStringList{"h"} << "8.2.0.53";
        QTest::newRow("an official hash is the release") << "!official=8.2.0.53;h=8.2.1;d=8.2.1.32" << "official"
                                                         << QStringList{"h", "d"} << "8.2.0.53";
    }
    void weighVersionClaims()
    {
        QFETCH(QString, claims);
        QFETCH(QString, reference);
        QFETCH(QStringList, odd);
        QFETCH(QString, release);
        const auto list = claimsOf(claims);
        const auto verdict = cudnnsetup::weighVersionClaims(list);
        QVERIFY(verdict);
        QCOMPARE(QString::fromStdString(list[verdict->reference].source), reference);
        QStringList got;
        for (const std::size_t i : verdict->disagreeing)
            got << QString::fromStdString(list[i].source);
        QCOMPARE(got, odd);
        QCOMPARE(QString::fromStdString(toString(mostSpecific(list, *verdict))), release);
    }
};

QTEST_APPLESS_MAIN(TestVersionEvidence)
#include "tst_versionevidence.moc"
