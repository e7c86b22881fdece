#pragma once
// Shared by the install tests: generated releases, toolkit folders, manifests of a tree.
#include "fixtures/archivebuilder.h"
#include "install/plan.h"

#include <QString>
#include <QStringList>

namespace installtest {

struct Release {
    QString path;
    cudnnsetup::ArchiveInfo info;
};

// Writes the release zip into `dir` and describes it as verify would (files mapped, SHA-256).
Release makeRelease(const QString& dir, const cudnnsetup::fixtures::ReleaseSpec& spec);

// A Windows-layout toolkit with a few files of its own (cudart, version.json).
// CUDA 11.3.1 unless told (a cuDNN build for another CUDA major is refused there: issue 30, rule 4).
void makeToolkit(const QString& root, const QString& cudaVersion = QStringLiteral("11.3.1"));

// One line per file or folder below root: path, type, size, permission bits, SHA-256.
QStringList manifest(const QString& root);

// Snapshot + plan, as the command line does it.
cudnnsetup::Plan planFor(cudnnsetup::PlanKind kind, const cudnnsetup::ArchiveInfo* archive, const QString& toolkit,
                         const QString& stateDir, const QString& pathFile, const QString& tx);

}  // namespace installtest
