#pragma once
// Runs the built cudnn-setup-cli as a child process, as a user or script would.
#include <QByteArray>
#include <QJsonDocument>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

// Any program: exit code -2 when it still ran after timeoutMs (it is killed), -3 when it crashed.
CliRun runProgram(const QString& program, const QStringList& args, const QProcessEnvironment& env, int timeoutMs);
CliRun runCli(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
              int timeoutMs = 120000);

// A file's bytes ("" when it cannot be read); writing one aborts the test when it cannot.
QByteArray readAll(const QString& path);
void writeAll(const QString& path, const QByteArray& data);

// The environment of a CLI run on this host, which has no Windows PATH: the test build's
// CUDNN_SETUP_TEST_SYSTEM_PATH_FILE (common/testhooks.h) is `pathFile`, and no driver is found.
QProcessEnvironment pathFileEnvironment(const QString& pathFile);

// Every entry below `dir` (folders too, links as links) with the SHA-256 of each file's bytes:
// "byte-identical" made checkable.
QMap<QString, QByteArray> treeOf(const QString& dir);
