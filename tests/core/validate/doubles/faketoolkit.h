#pragma once
// Builds a toolkit folder out of the test doubles: lib/libcudnn.so.9, its seven sub-libraries and a
// libcublasLt.so.13, all copies, so a test can remove or replace any one of them.
#include <QDir>
#include "testpaths.h"
#include <QFile>
#include <QString>
#include <QStringList>

namespace faketoolkit {

inline QStringList subLibraries()
{
    return {"libcudnn_graph.so.9", "libcudnn_ops.so.9", "libcudnn_cnn.so.9", "libcudnn_adv.so.9",
            "libcudnn_heuristic.so.9", "libcudnn_engines_precompiled.so.9", "libcudnn_engines_runtime_compiled.so.9"};
}

// Returns an empty string on success, else what went wrong.
inline QString build(const QString& root)
{
    const QString lib = root + "/lib";
    if (!QDir().mkpath(lib))
        return "cannot create " + lib;
    auto copy = [&](const QString& from, const QString& name) -> QString {
        QFile::remove(lib + "/" + name);
        return QFile::copy(from, lib + "/" + name) ? QString() : "cannot copy " + from + " to " + name;
    };
    QString err = copy(cudnnsetup::testpaths::fakeCudnn(), "libcudnn.so.9");
    for (const auto& s : subLibraries())
        if (err.isEmpty())
            err = copy(cudnnsetup::testpaths::fakeSub(), s);
    if (err.isEmpty())
        err = copy(cudnnsetup::testpaths::fakeSub(), "libcublasLt.so.13");
    return err;
}

}  // namespace faketoolkit
