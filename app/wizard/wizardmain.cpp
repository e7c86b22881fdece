#include "wizardmain.h"

#include "archiveservice.h"
#include "session.h"
#include "setupwizard.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTranslator>

#include <cstdio>

namespace cudnnsetup::wizard {

namespace {

// QWizard's own button texts, so that they are translated with the rest even
// where Qt's translations are not installed (a Windows machine without them).
[[maybe_unused]] const char* const kQWizardTexts[] = {
    QT_TRANSLATE_NOOP("QWizard", "< &Back"), QT_TRANSLATE_NOOP("QWizard", "&Next >"),
    QT_TRANSLATE_NOOP("QWizard", "&Next"),   QT_TRANSLATE_NOOP("QWizard", "&Finish"),
    QT_TRANSLATE_NOOP("QWizard", "Cancel"),  QT_TRANSLATE_NOOP("QWizard", "Commit"),
    QT_TRANSLATE_NOOP("QWizard", "&Help"),
};

const QStringList kLanguages = {QStringLiteral("en"), QStringLiteral("zh_CN")};

}  // namespace

QString chooseLanguage(const QStringList& arguments, const QLocale& system)
{
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--lang") && i + 1 < arguments.size())
            return arguments[i + 1];
        if (a.startsWith(QLatin1String("--lang=")))
            return a.mid(7);
    }
    // Chinese in any script or region reads the Simplified translation better than English.
    return system.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

bool installLanguage(const QString& lang)
{
    if (!kLanguages.contains(lang))
        return false;
    static QTranslator* ours = nullptr;
    static QTranslator* qt = nullptr;
    for (QTranslator** t : {&ours, &qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
    const QLocale locale(lang);
    QLocale::setDefault(locale);
    ours = new QTranslator;
    if (ours->load(QStringLiteral(":/i18n/cudnn-setup_%1.qm").arg(lang)))
        QCoreApplication::installTranslator(ours);
    qt = new QTranslator;
    if (lang != QLatin1String("en")
        && qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    // Ours last installed is searched first: our QWizard texts win over Qt's.
    if (!ours->isEmpty()) {
        QCoreApplication::removeTranslator(ours);
        QCoreApplication::installTranslator(ours);
    }
    return true;
}

int pointToConsoleTwin(int argc, char** argv)
{
    QApplication app(argc, argv);
    installLanguage(chooseLanguage(QApplication::arguments(), QLocale::system()));
    QMessageBox::information(nullptr, QStringLiteral("cudnn-setup"),
                             QApplication::translate("cudnnsetup::wizard::Main",
                                                     "cudnn-setup.exe is the wizard and takes no command. For "
                                                     "scripts and silent installs run the console twin next to "
                                                     "it:\n\ncudnn-setup-cli.exe %1")
                                 .arg(QApplication::arguments().mid(1).join(QLatin1Char(' '))));
    return 2;
}

int run(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("cudnn-setup"));
    QApplication::setApplicationVersion(QStringLiteral(CUDNN_SETUP_VERSION));
    QApplication::setOrganizationName(QStringLiteral("cudnn-setup"));

    const QString lang = chooseLanguage(QApplication::arguments(), QLocale::system());
    if (!installLanguage(lang)) {
        std::fprintf(stderr, "cudnn-setup: unknown language \"%s\"; use --lang en or --lang zh_CN\n",
                     qPrintable(lang));
        return 2;
    }

    SessionConfig config;
    config.searchFolders = ArchiveService::defaultSearchFolders();
    // stateDir stays empty: Session takes the core's defaultStateDir() (CUDNN_SETUP_STATE_DIR included).
    Session session(config);
    SetupWizard wizard(&session);
    wizard.show();
    return app.exec();
}

}  // namespace cudnnsetup::wizard
