// Which archive of NVIDIA's redist tree fits a toolkit, a CUDA major and the driver
// (core/download/chooser.h), over manifests in both of NVIDIA's shapes read by the real parser and
// the built-in support data (resources/compat.json).
#include "download/chooser.h"

#include <QCryptographicHash>
#include <QTest>

#include <map>
#include <string>
#include <vector>

using namespace cudnnsetup;

namespace {

std::string fakeSha(const std::string& name)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(name), QCryptographicHash::Sha256).toHex().toStdString();
}

std::string archiveExtension(const std::string& platform)
{
    return platform.rfind("windows", 0) == 0 ? ".zip" : ".tar.xz";
}

// A redistrib_<label>.json of `version` with an archive per platform and CUDA major: the nested
// form ("cuda_variant", one object per "cudaN") unless `direct`, where each platform has one
// archive and its CUDA major is only in the file name (the 8.x shape).
std::string manifestJson(const std::string& label, const std::string& version,
                         const std::map<std::string, std::vector<int>>& archives, bool direct = false)
{
    std::string platforms;
    for (const auto& item : archives) {
        const std::string& platform = item.first;  // a lambda cannot capture a structured binding before C++20's P1091 in clang 14
        const std::vector<int>& majors = item.second;
        auto entry = [&](int major) {
            const std::string file = "cudnn-" + platform + "-" + version + "_cuda" + std::to_string(major) + "-archive" +
                                     archiveExtension(platform);
            return std::string("{\"relative_path\": \"cudnn/") + platform + "/" + file + "\", \"sha256\": \"" +
                   fakeSha(file) + "\", \"md5\": \"00000000000000000000000000000000\", \"size\": \"" +
                   std::to_string(700000000 + major) + "\"}";
        };
        if (!platforms.empty())
            platforms += ",\n";
        if (direct) {
            platforms += "\"" + platform + "\": " + entry(majors.front());
        } else {
            std::string variants;
            for (int major : majors)
                variants += (variants.empty() ? "" : ", ") + std::string("\"cuda") + std::to_string(major) + "\": " + entry(major);
            platforms += "\"" + platform + "\": {" + variants + "}";
        }
    }
    return "{\"release_date\": \"2025-01-01\", \"release_label\": \"" + label +
           "\", \"release_product\": \"cudnn\", \"cudnn\": {\"name\": \"NVIDIA CUDA Deep Neural Network library\", "
           "\"license\": \"cudnn\", \"license_path\": \"cudnn/LICENSE.txt\", \"version\": \"" + version + "\", " +
           (direct ? std::string() : std::string("\"cuda_variant\": [\"11\", \"12\", \"13\"], ")) + platforms + "}}";
}

const std::vector<Candidate>& redistTree()
{
    static const std::vector<Candidate> candidates = [] {
        const std::vector<std::pair<std::string, std::string>> files = {
            {"redistrib_8.9.7.29.json", manifestJson("8.9.7.29", "8.9.7.29", {{"windows-x86_64", {12}}, {"linux-x86_64", {12}}}, true)},
            // The same release under its 3-part label, as NVIDIA publishes 8.x: listed once.
            {"redistrib_8.9.7.json", manifestJson("8.9.7", "8.9.7.29", {{"windows-x86_64", {12}}, {"linux-x86_64", {12}}}, true)},
            {"redistrib_9.5.1.json", manifestJson("9.5.1", "9.5.1.17", {{"windows-x86_64", {11, 12}}, {"linux-x86_64", {11, 12}}})},
            {"redistrib_9.10.0.json", manifestJson("9.10.0", "9.10.0.56", {{"windows-x86_64", {11, 12}}, {"linux-x86_64", {11, 12}}})},
            {"redistrib_9.11.0.json", manifestJson("9.11.0", "9.11.0.98", {{"windows-x86_64", {12}}, {"linux-x86_64", {12}}})},
            {"redistrib_9.13.0.json", manifestJson("9.13.0", "9.13.0.50", {{"windows-x86_64", {12, 13}}, {"linux-x86_64", {12, 13}}})},
            {"redistrib_9.19.0.json", manifestJson("9.19.0", "9.19.0.56", {{"windows-x86_64", {12, 13}}, {"linux-x86_64", {12, 13}}, {"linux-sbsa", {12, 13}}})},
            // A release past the built-in support data: passed over, never guessed at.
            {"redistrib_10.0.0.json", manifestJson("10.0.0", "10.0.0.1", {{"windows-x86_64", {13}}, {"linux-x86_64", {13}}})},
        };
        std::vector<Manifest> manifests;
        for (const auto& [name, json] : files) {
            auto m = parseManifest(json, name);
            if (!m)
                qFatal("test manifest %s: %s", name.c_str(), m.error().message.c_str());
            manifests.push_back(*m);
        }
        return candidatesFrom(manifests);
    }();
    return candidates;
}

}  // namespace

class TestChooser : public QObject {
    Q_OBJECT
private slots:
    void candidatesNewestFirstAndOnce();
    void releaseText_data();
    void releaseText();
    void choose_data();
    void choose();
};

void TestChooser::candidatesNewestFirstAndOnce()
{
    const auto& all = redistTree();
    // 2 (8.9.7, listed twice) + 4 + 4 + 2 + 4 + 6 + 2 archives.
    QCOMPARE(all.size(), std::size_t(24));
    for (std::size_t i = 1; i < all.size(); ++i) {
        QVERIFY2(!(all[i - 1].cudnn < all[i].cudnn), all[i].entry.relativePath.c_str());
        if (all[i - 1].cudnn == all[i].cudnn)
            QVERIFY(all[i - 1].cudaMajor >= all[i].cudaMajor);
    }
    QCOMPARE(all.front().cudnn.toString(), std::string("10.0.0.1"));
    // The direct form's CUDA major comes from the archive's name.
    QCOMPARE(all.back().cudnn.toString(), std::string("8.9.7.29"));
    QCOMPARE(all.back().cudaMajor, 12);
    QCOMPARE(all.back().manifest, std::string("redistrib_8.9.7.29.json"));
}

void TestChooser::releaseText_data()
{
    QTest::addColumn<QString>("release");
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<bool>("matches");
    QTest::newRow("major_minor") << "9.13" << "9.13.0.50" << true << true;
    QTest::newRow("three_parts") << "9.13.0" << "9.13.0.50" << true << true;
    QTest::newRow("four_parts") << "9.13.0.50" << "9.13.0.50" << true << true;
    QTest::newRow("other_build") << "9.13.0.51" << "9.13.0.50" << true << false;
    QTest::newRow("other_minor") << "9.1" << "9.13.0.50" << true << false;
    QTest::newRow("major_only") << "9" << "9.13.0.50" << false << false;
    QTest::newRow("five_parts") << "9.13.0.50.1" << "9.13.0.50" << false << false;
    QTest::newRow("word") << "latest" << "9.13.0.50" << false << false;
    QTest::newRow("empty_part") << "9..13" << "9.13.0.50" << false << false;
    QTest::newRow("trailing_dot") << "9.13." << "9.13.0.50" << false << false;
    QTest::newRow("sign") << "9.-13" << "9.13.0.50" << false << false;
}

void TestChooser::releaseText()
{
    QFETCH(QString, release);
    QFETCH(QString, version);
    QFETCH(bool, valid);
    QFETCH(bool, matches);
    QCOMPARE(isReleaseText(release.toStdString()), valid);
    QCOMPARE(releaseMatches(release.toStdString(), *Version::parse(version.toStdString())), matches);
}

void TestChooser::choose_data()
{
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("toolkit");  // the toolkit's CUDA version, "" for none
    QTest::addColumn<int>("cudaMajor");    // 0 for none
    QTest::addColumn<QString>("driver");   // "" when no driver was found
    QTest::addColumn<QString>("release");
    QTest::addColumn<QString>("file");     // the archive chosen, "" when refused
    QTest::addColumn<QString>("code");     // the refusal's code
    QTest::addColumn<QString>("says");     // part of the reason or the refusal's message
    QTest::addColumn<int>("passedOver");

    const QString win = "windows-x86_64", lin = "linux-x86_64";
    QTest::newRow("toolkit_12_4_newest") << win << "12.4" << 0 << "551.61" << ""
        << "cudnn-windows-x86_64-9.19.0.56_cuda12-archive.zip" << ""
        << "cuDNN 9.19.0.56 (built for CUDA 12) is the newest release whose support data covers CUDA 12.4 (it supports 12.0–12.9), and driver 551.61 meets its floor, 527.41."
        << 0;
    QTest::newRow("toolkit_11_8_newest_with_a_cuda11_build") << win << "11.8" << 0 << "551.61" << ""
        << "cudnn-windows-x86_64-9.10.0.56_cuda11-archive.zip" << "" << "covers CUDA 11.8 (it supports 11.8–11.8)" << 0;
    QTest::newRow("toolkit_13_0_past_the_support_data") << lin << "13.0" << 0 << "580.65.06" << ""
        << "cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz" << "" << "covers CUDA 13.0 (it supports 13.0–13.99)" << 1;
    QTest::newRow("toolkit_12_9_skips_9_5") << win << "12.9" << 0 << "551.61" << "9.5"
        << "" << "no-matching-release"
        << "No cuDNN 9.5 for CUDA 12 on windows-x86_64 supports CUDA 12.9 (the newest, 9.5.1.17, supports CUDA 12.0–12.6)" << 0;
    QTest::newRow("toolkit_12_2_release_8_9") << win << "12.2" << 0 << "551.61" << "8.9"
        << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip" << "" << "is the newest 8.9 release whose support data covers CUDA 12.2" << 0;
    QTest::newRow("toolkit_12_4_release_8_9_too_new_a_toolkit") << win << "12.4" << 0 << "551.61" << "8.9"
        << "" << "no-matching-release" << "supports CUDA 12.0–12.2" << 0;
    QTest::newRow("release_major_minor") << win << "12.4" << 0 << "551.61" << "9.13"
        << "cudnn-windows-x86_64-9.13.0.50_cuda12-archive.zip" << "" << "is the newest 9.13 release" << 0;
    QTest::newRow("release_four_parts") << lin << "12.4" << 0 << "" << "9.10.0.56"
        << "cudnn-linux-x86_64-9.10.0.56_cuda12-archive.tar.xz" << "" << "is the newest 9.10.0.56 release" << 0;
    QTest::newRow("release_not_listed") << win << "12.4" << 0 << "551.61" << "9.12"
        << "" << "no-matching-release" << "NVIDIA's manifests list no cuDNN 9.12 for windows-x86_64" << 0;
    QTest::newRow("release_not_a_release") << win << "12.4" << 0 << "551.61" << "latest"
        << "" << "no-matching-release" << "\"latest\" is not a cuDNN release" << 0;
    QTest::newRow("neither_toolkit_nor_major") << win << "" << 0 << "551.61" << ""
        << "" << "no-matching-release" << "--toolkit DIR" << 0;
    QTest::newRow("driver_below_the_cuda12_floor") << win << "12.4" << 0 << "522.06" << ""
        << "" << "driver-too-old" << "The installed driver 522.06 is older than 527.41, the oldest that runs a cuDNN built for CUDA 12 on Windows" << 0;
    QTest::newRow("driver_below_the_cuda13_floor_linux") << lin << "13.0" << 0 << "575.57.08" << ""
        << "" << "driver-too-old" << "older than 580, the oldest that runs a cuDNN built for CUDA 13 on Linux" << 0;
    QTest::newRow("driver_at_the_floor") << lin << "12.0" << 0 << "525.60.13" << ""
        << "cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz" << "" << "driver 525.60.13 meets its floor, 525.60.13" << 0;
    QTest::newRow("no_driver_found") << lin << "12.4" << 0 << "" << ""
        << "cudnn-linux-x86_64-9.19.0.56_cuda12-archive.tar.xz" << "" << "no NVIDIA driver was found: it will need 525.60.13 or newer" << 0;
    QTest::newRow("cuda_major_only") << win << "" << 12 << "551.61" << ""
        << "cudnn-windows-x86_64-9.19.0.56_cuda12-archive.zip" << "" << "is the newest release for CUDA 12 (it supports 12.0–12.9)" << 0;
    QTest::newRow("cuda_major_11_only") << lin << "" << 11 << "" << ""
        << "cudnn-linux-x86_64-9.10.0.56_cuda11-archive.tar.xz" << "" << "for CUDA 11 (it supports 11.8–11.8)" << 0;
    QTest::newRow("toolkit_10_2_no_build") << win << "10.2" << 0 << "551.61" << ""
        << "" << "no-matching-release" << "list no cuDNN built for CUDA 10 on windows-x86_64" << 0;
    QTest::newRow("toolkit_13_0_release_9_11_no_cuda13") << win << "13.0" << 0 << "581.15" << "9.11"
        << "" << "no-matching-release" << "list no cuDNN 9.11 built for CUDA 13" << 0;
    QTest::newRow("linux_sbsa") << "linux-sbsa" << "12.4" << 0 << "550.54.15" << ""
        << "cudnn-linux-sbsa-9.19.0.56_cuda12-archive.tar.xz" << "" << "covers CUDA 12.4" << 0;
    QTest::newRow("platform_not_listed") << "windows-arm64" << "12.4" << 0 << "551.61" << ""
        << "" << "no-matching-release" << "no cuDNN archive for windows-arm64" << 0;
    QTest::newRow("toolkit_13_1_windows") << win << "13.1" << 0 << "581.15" << ""
        << "cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip" << "" << "driver 581.15 meets its floor, 580" << 1;
}

void TestChooser::choose()
{
    QFETCH(QString, platform);
    QFETCH(QString, toolkit);
    QFETCH(int, cudaMajor);
    QFETCH(QString, driver);
    QFETCH(QString, release);
    QFETCH(QString, file);
    QFETCH(QString, code);
    QFETCH(QString, says);
    QFETCH(int, passedOver);

    ChoiceRequest request;
    request.platform = platform.toStdString();
    if (!toolkit.isEmpty())
        request.toolkitCuda = parseCudaVersion(toolkit.toStdString());
    if (cudaMajor)
        request.cudaMajor = cudaMajor;
    if (!driver.isEmpty())
        request.driver = driver.toStdString();
    request.release = release.toStdString();

    const auto choice = chooseArchive(request, redistTree(), CompatRules::builtin());
    if (file.isEmpty()) {
        QVERIFY2(!choice.ok(), choice.ok() ? choice->candidate.entry.fileName().c_str() : "");
        QCOMPARE(QString::fromStdString(choice.error().code), code);
        QVERIFY2(choice.error().message.find(says.toStdString()) != std::string::npos, choice.error().message.c_str());
        return;
    }
    QVERIFY2(choice.ok(), choice.ok() ? "" : choice.error().message.c_str());
    QCOMPARE(QString::fromStdString(choice->candidate.entry.fileName()), file);
    QCOMPARE(choice->candidate.entry.platform, request.platform);
    // What the download is checked against comes from the manifest that listed it.
    QCOMPARE(choice->candidate.entry.sha256, fakeSha(file.toStdString()));
    QVERIFY2(choice->reason.find(says.toStdString()) != std::string::npos, choice->reason.c_str());
    QCOMPARE(int(choice->passedOver.size()), passedOver);
}

QTEST_GUILESS_MAIN(TestChooser)
#include "tst_chooser.moc"
