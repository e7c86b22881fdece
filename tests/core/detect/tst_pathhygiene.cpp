// PATH hygiene rules over the registry values as stored.
#include "detect/pathhygiene.h"

#include <QTest>

#include <set>

using namespace cudnnsetup;

namespace {
std::set<std::string> g_existing;
bool exists(const std::string& d)
{
    return g_existing.count(d) > 0;
}
std::vector<std::string> split(const std::string& s)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < s.size()) {
        auto end = s.find(';', start);
        if (end == std::string::npos)
            end = s.size();
        if (end > start)
            out.push_back(s.substr(start, end - start));
        start = end + 1;
    }
    return out;
}
}  // namespace

class TestPathHygiene : public QObject {
    Q_OBJECT
private slots:
    void rules_data()
    {
        QTest::addColumn<QString>("system");     // raw system PATH
        QTest::addColumn<QString>("user");       // raw user PATH
        QTest::addColumn<QStringList>("exist");  // folders that exist
        QTest::addColumn<QStringList>("cudaPath");  // NAME=value
        QTest::addColumn<QString>("codes");      // codes found, in order, with the path of each
        const QString tk = "C:/CUDA/v12.6/bin";
        QTest::newRow("clean") << tk + ";C:/Windows" << "" << QStringList{tk, "C:/Windows", "C:/CUDA/v12.6"} << QStringList{"CUDA_PATH=C:/CUDA/v12.6"}
                               << "";
        QTest::newRow("system PATH over 2,047 characters")
            << tk + ";" + QString("C:/x").repeated(520) << "" << QStringList{tk, QString("C:/x").repeated(520)} << QStringList{}
            << "system-path-too-long";
        QTest::newRow("exactly 2,047 is still editable")
            << tk + ";" + QString("y").repeated(2047 - tk.size() - 1) << "" << QStringList{tk, QString("y").repeated(2047 - tk.size() - 1)}
            << QStringList{} << "";
        QTest::newRow("quoted entry") << "\"" + tk + "\";C:/Windows" << "" << QStringList{tk, "C:/Windows"} << QStringList{}
                                      << "path-quoted-entry:\"C:/CUDA/v12.6/bin\"";
        QTest::newRow("entries that do not exist, per scope") << tk + ";C:/gone;C:/gone2" << "C:/old" << QStringList{tk}
                                                              << QStringList{} << "path-missing-entry:C:/gone path-missing-entry:C:/old";
        QTest::newRow("toolkit bin only on the user PATH") << "C:/Windows" << tk << QStringList{tk, "C:/Windows"} << QStringList{}
                                                           << "toolkit-bin-user-path:C:/CUDA/v12.6/bin";
        QTest::newRow("on both PATHs is fine") << tk << tk << QStringList{tk} << QStringList{} << "";
        QTest::newRow("CUDA_PATH names a folder that is gone") << tk << "" << QStringList{tk} << QStringList{"CUDA_PATH=C:/CUDA/v11.8"}
                                                               << "cuda-path-missing:C:/CUDA/v11.8";
        QTest::newRow("CUDA_PATH_V11_8 too") << tk << "" << QStringList{tk, "C:/CUDA/v12.6"}
                                             << QStringList{"CUDA_PATH=C:/CUDA/v12.6", "CUDA_PATH_V11_8=C:/CUDA/v11.8"}
                                             << "cuda-path-missing:C:/CUDA/v11.8";
    }
    void rules()
    {
        QFETCH(QString, system);
        QFETCH(QString, user);
        QFETCH(QStringList, exist);
        QFETCH(QStringList, cudaPath);
        QFETCH(QString, codes);
        g_existing.clear();
        for (const auto& e : exist)
            g_existing.insert(e.toStdString());
        PathValues s;
        s.systemRaw = system.toStdString();
        s.userRaw = user.toStdString();
        s.systemExpanded = split(system.toStdString());
        s.userExpanded = split(user.toStdString());
        for (const auto& c : cudaPath)
            s.cudaPathVars.emplace_back(c.section('=', 0, 0).toStdString(), c.section('=', 1).toStdString());
        const auto found = pathHygiene(s, {{"C:/CUDA/v12.6/bin", "12.6"}}, &exists);
        QStringList got;
        for (const auto& f : found)
            got << QString::fromStdString(f.code + (f.path.empty() ? "" : ":" + f.path));
        QCOMPARE(got.join(' '), codes);
    }
};

QTEST_GUILESS_MAIN(TestPathHygiene)
#include "tst_pathhygiene.moc"
