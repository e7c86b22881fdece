// "Your frameworks" on the Welcome and Review pages: each verdict with its icon state, sentence
// and fix, in English and 简体中文.
#include "wizard/frameworkspanel.h"
#include "wizard/problemtext.h"
#include "wizard/wizardmain.h"

#include <QApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>
#include <QTreeWidget>

using namespace cudnnsetup::wizard;

namespace {
FrameworkView verdict(const QString& title, CheckState state, const QString& code, const QString& message)
{
    FrameworkView f;
    f.title = title;
    f.environment = QStringLiteral("conda C:\\Users\\me\\miniconda3\\envs\\ml");
    f.state = state;
    f.verdict = ProblemText::describe(code, title + QStringLiteral(" (") + f.environment + QLatin1Char(')'), message);
    return f;
}
}  // namespace

class TestFrameworksPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(installLanguage(QStringLiteral("en"))); }  // English plural forms

    void listsEveryVerdict()
    {
        MachineView m;
        m.detected = true;
        m.pythonEnvironments = 2;
        m.frameworks << verdict("onnxruntime-gpu 1.19.2", CheckState::Failed, "framework-cudnn-major",
                                "onnxruntime-gpu 1.19.2 needs cuDNN 9.x for CUDA 12.x; the cudnn64_8.dll it would find is cuDNN 8.2.0.53.")
                     << verdict("torch 2.5.1+cu124", CheckState::Passed, "framework-bundled",
                                "torch 2.5.1+cu124 loads its own cuDNN 9.1.0.70.");
        FrameworksPanel panel;
        panel.show(m);
        auto* list = panel.findChild<QTreeWidget*>(QStringLiteral("frameworkList"));
        QVERIFY(list);
        QVERIFY(!list->isHidden());
        QCOMPARE(list->topLevelItemCount(), 2);
        QVERIFY(list->topLevelItem(0)->text(0).startsWith(QStringLiteral("onnxruntime-gpu 1.19.2 in conda")));
        QCOMPARE(list->topLevelItem(0)->data(0, Qt::UserRole).toString(), QStringLiteral("framework-cudnn-major"));
        QVERIFY(list->topLevelItem(0)->isExpanded());   // a problem is open
        QVERIFY(!list->topLevelItem(1)->isExpanded());  // a healthy one is not
        QVERIFY(list->topLevelItem(0)->child(0)->text(0).contains(QStringLiteral("cudnn64_8.dll")));
        QVERIFY(list->topLevelItem(0)->child(1)->text(0).startsWith(QStringLiteral("Fix: ")));
        auto* summary = panel.findChild<QLabel*>(QStringLiteral("frameworksSummary"));
        QVERIFY(summary->text().contains(QStringLiteral("1 framework will not")));
    }

    void saysWhenThereAreNone()
    {
        MachineView m;
        m.detected = true;
        m.pythonEnvironments = 3;
        FrameworksPanel panel;
        panel.show(m);
        QVERIFY(panel.findChild<QTreeWidget*>(QStringLiteral("frameworkList"))->isHidden());
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("frameworksSummary"))->text().contains(QStringLiteral("3 Python environments")));
    }

    void chinese()
    {
        QVERIFY(installLanguage(QStringLiteral("zh_CN")));
        const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        MachineView m;
        m.detected = true;
        m.frameworks << verdict("onnxruntime-gpu 1.19.2", CheckState::Failed, "framework-cudnn-major", "English core sentence.");
        FrameworksPanel panel;
        panel.show(m);
        QCOMPARE(panel.title(), QStringLiteral("你的框架"));
        const auto* item = panel.findChild<QTreeWidget*>(QStringLiteral("frameworkList"))->topLevelItem(0);
        QVERIFY2(item->child(0)->text(0).contains(han), qPrintable(item->child(0)->text(0)));
        QVERIFY(item->child(0)->text(0).contains(QStringLiteral("onnxruntime-gpu 1.19.2")));
        QVERIFY(item->child(1)->text(0).contains(han));
        QVERIFY(installLanguage(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestFrameworksPanel)
#include "tst_frameworkspanel.moc"
