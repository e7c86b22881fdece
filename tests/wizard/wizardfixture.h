#pragma once
// What the wizard GUI suites share: generated archives and toolkits in a scratch folder, a
// session config that never touches this machine, and the walk Welcome → Archive → Toolkit →
// Review.

#include "wizardharness.h"

#include "fixtures/archivebuilder.h"

#include <QString>
#include <QTemporaryDir>

#include <cstdint>
#include <optional>
#include <string>

namespace cudnnsetup::wizard::test {

// 8.2.2.99 for CUDA 11.4: a build NVIDIA never shipped (8.2.2.26 is official and in the catalog), so the
// wizard must ask for trust.
fixtures::ReleaseSpec goodRelease();
QString writeArchive(const QString& dir, const fixtures::ReleaseSpec& spec, const QString& name = {});

// A redist tree like NVIDIA's for "Download from NVIDIA": redistrib_8.2.2.99.json beside
// cudnn/windows-x86_64/<archive>, the archive goodRelease() (for CUDA 11.x). `faults` goes before the
// manifest's relative path ("f/corrupt/": tests/download/faultserver.py then serves it with that
// fault); manifestSha, when given, is the SHA-256 the manifest claims instead of the archive's.
struct RedistTree {
    QString root;
    QString archive;
    QString sha256;  // the archive's own
};
RedistTree writeRedistTree(const QString& root, const QString& faults = {}, std::uint64_t dllBodyBytes = 2048,
                           const QString& manifestSha = {});

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
