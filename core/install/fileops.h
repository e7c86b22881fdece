#pragma once
// Every file-system change the engine makes goes through this seam, so that tests can
// make any single step fail (I/O error, disk full, no permission, file in use) and
// check that the rollback leaves the toolkit as it was.

#include "common/problem.h"
#include "common/problemcodes.h"
#include "install/plan.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>

namespace cudnnsetup {

class OutputFile {
public:
    virtual ~OutputFile() = default;
    virtual Result<Unit> write(const void* data, std::size_t size) = 0;
    virtual Result<Unit> finish() = 0;  // flush to disk (fsync) and close
};

class FileOps {
public:
    virtual ~FileOps() = default;
    virtual NodeType type(const std::string& path) = 0;   // does not follow a final link
    virtual Result<Unit> createDirectory(const std::string& path) = 0;  // fails if it exists
    virtual Result<Unit> createDirectories(const std::string& path) = 0;  // mkdir -p
    virtual Result<Unit> removeDirectory(const std::string& path) = 0;  // empty only
    virtual Result<Unit> removeTree(const std::string& path) = 0;
    virtual Result<Unit> removeFile(const std::string& path) = 0;
    virtual Result<Unit> rename(const std::string& from, const std::string& to) = 0;  // replaces a file at `to`
    virtual Result<std::unique_ptr<OutputFile>> createFile(const std::string& path) = 0;  // exclusive
    virtual Result<Unit> syncDirectory(const std::string& path) = 0;
    virtual Result<Unit> writeFileAtomic(const std::string& path, const std::string& content) = 0;
    virtual Result<std::string> readFile(const std::string& path) = 0;
    virtual bool isEmptyDirectory(const std::string& path) = 0;
    // Symbolic links (Linux toolkits: libcudnn.so -> libcudnn.so.9 -> libcudnn.so.9.19.0).
    // Not pure, so that file systems written before links existed keep compiling.
    virtual Result<Unit> createSymlink(const std::string& target, const std::string& path);  // fails if path exists
    virtual Result<std::string> readSymlink(const std::string& path);  // the link's own target, not followed
};

// std::filesystem plus platform/durablefile for fsync.
std::unique_ptr<FileOps> makeRealFileOps();

// Wraps another FileOps and fails chosen mutating calls (every call but type, readFile
// and isEmptyDirectory counts, from 1) with a given error code.
class FaultyFileOps : public FileOps {
public:
    explicit FaultyFileOps(FileOps& inner) : m_inner(inner) {}
    // Fail call number `n` (and, if `sticky`, every one after it) with `code`.
    void failAt(int n, std::string code = codes::kIoError, bool sticky = false);
    int calls() const { return m_calls; }
    int failures() const { return m_failures; }

    NodeType type(const std::string& path) override { return m_inner.type(path); }
    Result<Unit> createDirectory(const std::string& path) override;
    Result<Unit> createDirectories(const std::string& path) override;
    Result<Unit> removeDirectory(const std::string& path) override;
    Result<Unit> removeTree(const std::string& path) override;
    Result<Unit> removeFile(const std::string& path) override;
    Result<Unit> rename(const std::string& from, const std::string& to) override;
    Result<std::unique_ptr<OutputFile>> createFile(const std::string& path) override;
    Result<Unit> syncDirectory(const std::string& path) override;
    Result<Unit> writeFileAtomic(const std::string& path, const std::string& content) override;
    Result<std::string> readFile(const std::string& path) override { return m_inner.readFile(path); }
    bool isEmptyDirectory(const std::string& path) override { return m_inner.isEmptyDirectory(path); }
    Result<Unit> createSymlink(const std::string& target, const std::string& path) override;
    Result<std::string> readSymlink(const std::string& path) override { return m_inner.readSymlink(path); }

    // Counts a call; an Error when it is the one (or past the one, sticky) to fail.
    std::optional<Error> tick(const std::string& what, const std::string& path);

private:
    FileOps& m_inner;
    int m_calls = 0;
    int m_failAt = 0;
    int m_failures = 0;
    bool m_sticky = false;
    std::string m_code;
    std::mutex m_mutex;  // staging writes from several threads
};

// Maps an OS error to the stable problem codes: disk-full, no-permission, file-in-use,
// target-blocked, io-error.
Error fsError(const std::error_code& ec, const std::string& what, const std::string& path);

}  // namespace cudnnsetup
