// The real wizard on Linux, offscreen, over the real core: a cuDNN tarball dropped on the
// Archive page is verified, a Linux toolkit chosen, the Review page shows the symlinks as
// links, Install places them, Validate runs, and Maintenance uninstalls back to the exact
// tree (links included).
#include "wizardfixture.h"

#include "archive/tarreader.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "wizard/archivepage.h"
#include "wizard/archiveservice.h"
#include "wizard/installservice.h"
#include "wizard/toolkitpage.h"
#include "wizard/wizardmain.h"

#include <QCheckBox>
#include <QDirIterator>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QRadioButton>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUrl>

#include <unistd.h>

using namespace cudnnsetup;
using namespace cudnnsetup::wizard;
using namespace cudnnsetup::wizard::test;

namespace {

// path -> type and content (SHA-256 of files, target of links).
QStringList linuxTree(const QString& root)
{
    QStringList out;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        const QFileInfo fi(p);
        QString line = QDir(root).relativeFilePath(p);
        if (fi.isSymLink()) {
            char buf[4096];
            const ssize_t n = ::readlink(QFile::encodeName(p).constData(), buf, sizeof buf);
            line += " -> " + QString::fromLocal8Bit(buf, n > 0 ? int(n) : 0);
        } else if (fi.isFile()) {
            QFile f(p);
            f.open(QIODevice::ReadOnly);
            line += " " + QString::number(fi.size()) + " " + QString::fromLatin1(f.readAll().toHex().left(64));
        }
        out << line;
    }
    out.sort();
    return out;
}

}  // namespace

class TestWizardLinux : public QObject, private WizardFixture {
    Q_OBJECT

    QString m_tarball;

    QString linuxToolkit(const QString& tag)
    {
        const QString root = m_dir.filePath(tag + QStringLiteral("/cuda-13.0"));
        fixtures::ToolkitSpec spec;
        spec.cuda = "13.0.88";
        spec.windowsLayout = false;
        fixtures::buildToolkit(root.toStdString(), spec);
        return root;
    }

private slots:
    void initTestCase()
    {
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
        if (!tarReaderAvailable())
            QSKIP("no tar reader on this platform");
        m_downloads = m_dir.filePath(QStringLiteral("downloads"));
        QDir().mkpath(m_downloads);
        fixtures::LinuxReleaseSpec spec;
        spec.cudnn = "9.19.0.56";
        spec.cuda = "13";
        m_tarball = m_downloads + "/" + QString::fromStdString(fixtures::linuxArchiveName(spec));
        std::string error;
        QVERIFY2(fixtures::writeTar(m_tarball.toStdString(), fixtures::cudnnLinuxRelease(spec),
                                    fixtures::TarCompression::Xz, &error),
                 error.c_str());
        m_good = m_tarball;
    }

    void tarballInstallReviewValidateUninstall()
    {
        QVERIFY(installLanguage(QStringLiteral("en")));
        const QString tag = QStringLiteral("linux");
        const QString toolkit = linuxToolkit(tag);
        const QStringList before = linuxTree(toolkit);
        {
            Harness h;
            SessionConfig c = config(tag);
            c.searchFolders = {};  // the tarball is dropped, not discovered
            h.create(c);
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
            QVERIFY(h.next());
            QCOMPARE(h.currentId(), int(SetupWizard::ArchiveId));

            // Drop the tarball on the page, as a file manager does.
            QMimeData mime;
            mime.setUrls({QUrl::fromLocalFile(m_tarball)});
            auto* page = h.wizard->currentPage();
            QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(page, &enter);
            QVERIFY(enter.isAccepted());
            QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(page, &drop);
            QTRY_VERIFY_WITH_TIMEOUT(h.session->archivePath() == m_tarball, 5000);
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->verifying(), 120000);
            const ArchiveReport& a = h.session->archive();
            QVERIFY2(a.ok, qPrintable(a.error + (a.problems.isEmpty() ? QString() : a.problems.first().message)));
            QCOMPARE(a.cudnnVersion, QStringLiteral("9.19.0.56"));
            QVERIFY2(a.releaseText.contains(QLatin1String("linux-x86_64")), qPrintable(a.releaseText));
            auto* trust = child<QCheckBox>(h, "trustArchive");
            QVERIFY(trust->isVisible());
            trust->click();
            h.screenshot(QStringLiteral("en"), QStringLiteral("linux-archive"));

            QVERIFY(h.next());
            QCOMPARE(h.currentId(), int(SetupWizard::ToolkitId));
            static_cast<ToolkitPage*>(h.wizard->currentPage())->addFolder(toolkit);
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->detecting(), 30000);
            QTRY_VERIFY(h.session->selectedToolkit() != nullptr);
            QVERIFY(h.next());
            QCOMPARE(h.currentId(), int(SetupWizard::ReviewId));
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->planning(), 30000);
            const PlanView& plan = h.session->plan();
            QVERIFY2(plan.ok, qPrintable(plan.error));

            // The symlinks are links on the Review page: "libcudnn.so → libcudnn.so.9", marked so.
            auto* files = child<QTreeWidget>(h, "planFiles");
            QVERIFY(files);
            int links = 0;
            bool chainShown = false;
            // Grouped by folder: a link is a row under its folder, named "libcudnn.so → libcudnn.so.9".
            for (QTreeWidgetItemIterator it(files); *it; ++it) {
                const QTreeWidgetItem* item = *it;
                if (item->text(2) == QLatin1String("symbolic link")) {
                    ++links;
                    chainShown = chainShown || item->text(0) == QStringLiteral("libcudnn.so \u2192 libcudnn.so.9");
                }
            }
            QCOMPARE(links, 16);
            QVERIFY(chainShown);
            h.screenshot(QStringLiteral("en"), QStringLiteral("linux-review"));

            QVERIFY(h.next());
            QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
            QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
            QVERIFY(QFileInfo(toolkit + "/lib64/libcudnn.so").isSymLink());
            QCOMPARE(QFileInfo(toolkit + "/lib64/libcudnn.so").canonicalFilePath(),
                     QFileInfo(toolkit + "/lib64/libcudnn.so.9.19.0").canonicalFilePath());
            h.screenshot(QStringLiteral("en"), QStringLiteral("linux-install"));

            QVERIFY(h.next());
            QCOMPARE(h.currentId(), int(SetupWizard::ValidateId));
            QTRY_VERIFY_WITH_TIMEOUT(!h.session->validating(), 100000);
            QVERIFY(!h.session->validation().headline.isEmpty());
        }
        QVERIFY(linuxTree(toolkit) != before);

        Harness h;
        openMaintenance(h, config(tag), toolkit);
        if (QTest::currentTestFailed())
            return;
        child<QRadioButton>(h, "actionUninstall")->click();
        QVERIFY(h.next());
        QCOMPARE(h.currentId(), int(SetupWizard::InstallId));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session->operationRunning(), 120000);
        QVERIFY2(h.session->outcome().ok, qPrintable(h.session->outcome().headline));
        QCOMPARE(linuxTree(toolkit), before);
    }
};

QTEST_MAIN(TestWizardLinux)
#include "tst_wizardlinux.moc"
