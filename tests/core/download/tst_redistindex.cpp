// Which manifests NVIDIA's redist index offers (core/download/redistindex.h): the labels of an
// Apache-style listing like NVIDIA's, newest first, one per release.
#include "download/redistindex.h"

#include <QTest>

#include <string>
#include <vector>

using namespace cudnnsetup;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {
// The shape of developer.download.nvidia.com/compute/cudnn/redist/ (a directory listing).
std::string listingOf(const std::vector<std::string>& names)
{
    std::string html = "<html><head><title>Index of /compute/cudnn/redist</title></head><body><h1>Index of /compute/cudnn/redist</h1><pre>"
                       "<a href=\"../\">../</a>\n<a href=\"cudnn/\">cudnn/</a>\n";
    for (const auto& n : names)
        html += "<a href=\"" + n + "\">" + n + "</a>  03-Oct-2025 18:11  3412\n";
    return html + "</pre><hr></body></html>\n";
}
}  // namespace

class TestRedistIndex : public QObject {
    Q_OBJECT
private slots:
    void labels_data();
    void labels();
    void fileName();
};

void TestRedistIndex::labels_data()
{
    QTest::addColumn<std::string>("listing");
    QTest::addColumn<std::vector<std::string>>("expected");

    QTest::newRow("newest_first") << listingOf({"redistrib_8.5.0.96.json", "redistrib_9.10.0.json", "redistrib_9.2.1.json", "redistrib_9.13.0.json"})
                                  << std::vector<std::string>{"9.13.0", "9.10.0", "9.2.1", "8.5.0.96"};
    QTest::newRow("three_and_four_part_labels_once") << listingOf({"redistrib_8.9.7.json", "redistrib_8.9.7.29.json", "redistrib_8.5.0.json", "redistrib_8.5.0.96.json"})
                                                     << std::vector<std::string>{"8.9.7.29", "8.5.0.96"};
    QTest::newRow("four_part_label_first") << listingOf({"redistrib_8.9.7.29.json", "redistrib_8.9.7.json"})
                                           << std::vector<std::string>{"8.9.7.29"};
    QTest::newRow("numeric_not_text_order") << listingOf({"redistrib_9.9.0.json", "redistrib_9.10.0.json", "redistrib_9.100.0.json"})
                                            << std::vector<std::string>{"9.100.0", "9.10.0", "9.9.0"};
    QTest::newRow("other_files_ignored") << listingOf({"redistrib_9.13.0.json", "redistrib-v2.schema.json", "cudnn/", "redistrib_latest.json",
                                                       "redistrib_9.13.0.json.sha256", "redistrib_.json", "redistrib_9.json", "redistrib_9..1.json",
                                                       "redistrib_9.1..json", "redistrib_9.1.0.0.0.json", "redistrib_99999999999.1.json"})
                                         << std::vector<std::string>{"9.13.0"};
    QTest::newRow("each_name_twice_in_a_line") << listingOf({"redistrib_9.27.0.json"}) << std::vector<std::string>{"9.27.0"};
    QTest::newRow("empty_page") << std::string() << std::vector<std::string>{};
    QTest::newRow("truncated_at_the_end") << std::string("<a href=\"redistrib_9.13.0.json\">x</a><a href=\"redistrib_9.14.0.js")
                                          << std::vector<std::string>{"9.13.0"};
    std::string longRun(4000, '9');
    longRun.insert(0, "redistrib_");
    longRun.append(".json");
    QTest::newRow("long_digit_run") << longRun << std::vector<std::string>{};
}

void TestRedistIndex::labels()
{
    QFETCH(std::string, listing);
    QFETCH(std::vector<std::string>, expected);
    QCOMPARE(redistIndexLabels(listing), expected);
}

void TestRedistIndex::fileName()
{
    QCOMPARE(manifestFileName("9.13.0"), std::string("redistrib_9.13.0.json"));
    QCOMPARE(manifestFileName("8.9.7.29"), std::string("redistrib_8.9.7.29.json"));
}

QTEST_GUILESS_MAIN(TestRedistIndex)
#include "tst_redistindex.moc"
