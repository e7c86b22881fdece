// The headers most Qt Test programs of this tree include, compiled once per tree and reused by
// every test (tests/CMakeLists.txt, CUDNN_SETUP_TEST_PCH): parsing them, and instantiating their
// templates, was about half of each test source's compile under ASan + UBSan. Standard, Qt and
// nlohmann headers only: a header of ours here would hide a test's missing include and rebuild
// every test on each change to it. Portable headers only (no <unistd.h>): MSVC builds it too.
#pragma once

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
