#pragma once
// What the wizard GUI suites share: generated archives and toolkits in a scratch folder, a
// session config that never touches this machine, and the walk Welcome → Archive → Toolkit →
// Review.

#include "wizardharness.h"

#include "fixtures/archivebuilder.h"

#include <QString>
#include <QTemporaryDir>

#include <optional>
#include <string>

namespace cudnnsetup::wizard::test {

// 8.2.2.99 for CUDA 11.4: a build NVIDIA never shipped (8.2.2.26 is official and in the catalog), so the
// wizard must ask for trust.
fixtures::ReleaseSpec goodRelease();
QString writeArchive(const QString& dir, const fixtures::ReleaseSpec& spec, const QString& name = {});

template <typename T>
T* child(const Harness& h, const char* name)
{
    return h.wizard->findChild<T*>(QLatin1String(name));
}

// Selects the fixture toolkit on the Maintenance page (the environment may point at real ones too).
bool selectMaintenanceToolkit(const Harness& h, const QString& toolkit);

// The "lang" column with the rows en and zh_CN.
void addLanguageRows();

class WizardFixture {
public:
    // The downloads folder with the good archive in it (auto-discovered by the Archive page).
    void createDownloads();
    SessionConfig config(const QString& tag) const;
    QString freshToolkit(const QString& tag, const std::optional<std::string>& cudnn = std::nullopt) const;
    // Welcome → Archive (auto-discovered, verified, trusted) → Toolkit → Review; *reached stays false
    // when a step of the way failed (the test has then failed).
    void goToReview(Harness& h, const QString& lang, const QString& toolkit, bool shots, bool* reached);
    // Starts the wizard with `toolkit` among the known ones and walks Welcome → Maintenance with it
    // selected; the test has failed when it returns with QTest::currentTestFailed().
    void openMaintenance(Harness& h, SessionConfig c, const QString& toolkit);

protected:
    QTemporaryDir m_dir;
    QString m_downloads, m_good;
};

}  // namespace cudnnsetup::wizard::test
