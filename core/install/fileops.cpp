#include "install/fileops.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "platform/durablefile.h"
#include "platform/filesinuse.h"
#include "platform/nofollow.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

Error fsError(const std::error_code& ec, const std::string& what, const std::string& path)
{
    const std::string why = ec.message();
    // Windows reports a DLL held by a running program as a sharing violation, which the
    // C++ library maps to "access denied" or "I/O error": ask whether the file is locked and
    // who holds it (Restart Manager), so the message names the program. Never true on POSIX.
    if (ec != std::errc::no_space_on_device && isFileLocked(pathOf(path))) {
        std::string who;
        if (const auto holders = processesUsing(pathOf(path)); holders.ok())
            who = describeHolders(holders.value());
        return {codes::kFileInUse,
                path + " is in use by " + (who.empty() ? std::string("a running program") : who) + ": cannot " + what +
                    " it. Close " + (who.empty() ? std::string("the program that uses it") : "it") +
                    " and try again; nothing was changed.",
                why};
    }
    if (ec == std::errc::no_space_on_device)
        return {codes::kDiskFull, "The disk is full: cannot " + what + " " + path + ". Free some space and try again.", why};
    if (ec == std::errc::permission_denied || ec == std::errc::operation_not_permitted ||
        ec == std::errc::read_only_file_system)
        return {codes::kNoPermission,
                "No permission to " + what + " " + path + ". Run the command as an administrator (root).", why};
    if (ec == std::errc::text_file_busy || ec == std::errc::device_or_resource_busy)
        return {codes::kFileInUse, path + " is in use by a running program: cannot " + what +
                                   " it. Close the program that uses it and try again.", why};
    if (ec == std::errc::is_a_directory || ec == std::errc::directory_not_empty || ec == std::errc::file_exists ||
        ec == std::errc::not_a_directory)
        return {codes::kTargetBlocked, "Cannot " + what + " " + path + ": " + why + ". Move what is in the way and try again.",
                why};
    return {codes::kIoError, "Cannot " + what + " " + path + ": " + why + ".", why};
}

namespace {

// A link met on the way (platform/nofollow.h): refused with the link named.
Error stepError(const std::error_code& ec, const std::string& what, const std::string& path, const std::string& link)
{
    if (ec == std::errc::too_many_symbolic_link_levels)
        return {codes::kUnsafeTarget,
                (link.empty() ? path : link) +
                    " is a symbolic link or junction; cudnn-setup does not write through links inside a toolkit. "
                    "Replace it with a real folder; nothing was written through it.",
                "link on the way to " + path};
    return fsError(ec, what, path);
}

class RealOutput : public OutputFile {
public:
    RealOutput(std::unique_ptr<DurableFile> f, std::string path) : m_file(std::move(f)), m_path(std::move(path)) {}
    Result<Unit> write(const void* data, std::size_t size) override
    {
        std::error_code ec;
        m_file->write(data, size, ec);
        if (ec)
            return fsError(ec, "write", m_path);
        return Unit{};
    }
    Result<Unit> finish() override
    {
        std::error_code ec;
        m_file->finish(ec);
        if (ec)
            return fsError(ec, "write", m_path);
        return Unit{};
    }

private:
    std::unique_ptr<DurableFile> m_file;
    std::string m_path;
};

class RealFileOps : public FileOps {
public:
    NodeType type(const std::string& path) override
    {
        std::error_code ec;
        const fs::file_status s = fs::symlink_status(pathOf(path), ec);
        if (ec || !fs::exists(s))
            return NodeType::Missing;
        if (fs::is_symlink(s))
            return NodeType::Symlink;
        if (fs::is_directory(s))
            return NodeType::Directory;
        if (fs::is_regular_file(s))
            return NodeType::File;
        return NodeType::Other;
    }
    // Every step below goes through platform/nofollow: no link on the way is followed.
    Result<Unit> createDirectory(const std::string& path) override
    {
        std::error_code ec;
        std::string link;
        nofollow::createDirectory(path, ec, &link);
        if (ec)
            return stepError(ec, "create the folder", path, link);
        return Unit{};
    }
    Result<Unit> createDirectories(const std::string& path) override
    {
        if (type(path) == NodeType::Directory) {
            std::error_code ec;
            std::string link;
            nofollow::checkParents(path + "/x", ec, &link);
            if (ec)
                return stepError(ec, "create the folder", path, link);
            return Unit{};
        }
        const auto slash = path.rfind('/');
        if (slash != std::string::npos && slash > 0)
            if (auto up = createDirectories(path.substr(0, slash)); !up)
                return up;
        std::error_code ec;
        std::string link;
        nofollow::createDirectory(path, ec, &link);
        if (ec && !(ec == std::errc::file_exists && type(path) == NodeType::Directory))
            return stepError(ec, "create the folder", path, link);
        return Unit{};
    }
    Result<Unit> removeDirectory(const std::string& path) override
    {
        std::error_code ec;
        if (!isEmptyDirectory(path))
            return fsError(std::make_error_code(std::errc::directory_not_empty), "remove the folder", path);
        std::string link;
        nofollow::removeDirectory(path, ec, &link);
        if (ec)
            return stepError(ec, "remove the folder", path, link);
        return Unit{};
    }
    Result<Unit> removeTree(const std::string& path) override
    {
        std::error_code ec;
        std::string link;
        nofollow::removeTree(path, ec, &link);
        if (ec)
            return stepError(ec, "remove", path, link);
        return Unit{};
    }
    Result<Unit> removeFile(const std::string& path) override
    {
        std::error_code ec;
        std::string link;
        nofollow::removeFile(path, ec, &link);
        if (ec)
            return stepError(ec, "remove", path, link);
        return Unit{};
    }
    Result<Unit> rename(const std::string& from, const std::string& to) override
    {
        std::error_code ec;
        if (type(to) == NodeType::Directory)
            return fsError(std::make_error_code(std::errc::is_a_directory), "replace", to);
        std::string link;
        nofollow::rename(from, to, ec, &link);
        if (ec == std::errc::too_many_symbolic_link_levels)
            return stepError(ec, "move", to, link);
        if (ec && isFileLocked(pathOf(from)))
            return fsError(ec, "move", from);  // names the program holding it
        if (ec)
            return fsError(ec, "move " + from + " to", to);
        return Unit{};
    }
    Result<std::unique_ptr<OutputFile>> createFile(const std::string& path) override
    {
        std::error_code ec;
        std::string link;
        auto f = nofollow::createFile(path, ec, &link);
        if (!f)
            return stepError(ec, "create", path, link);
        return std::unique_ptr<OutputFile>(std::make_unique<RealOutput>(std::move(f), path));
    }
    Result<Unit> syncDirectory(const std::string& path) override
    {
        std::error_code ec;
        cudnnsetup::syncDirectory(path, ec);
        if (ec)
            return fsError(ec, "flush", path);
        return Unit{};
    }
    Result<Unit> writeFileAtomic(const std::string& path, const std::string& content) override
    {
        const std::string tmp = path + ".tmp";
        std::error_code ec;
        nofollow::removeFile(tmp, ec);  // a leftover of a crash; through no link
        auto out = createFile(tmp);
        if (!out)
            return out.error();
        if (auto w = (*out)->write(content.data(), content.size()); !w) {
            nofollow::removeFile(tmp, ec);
            return w;
        }
        if (auto f = (*out)->finish(); !f) {
            nofollow::removeFile(tmp, ec);
            return f;
        }
        if (auto r = rename(tmp, path); !r) {
            nofollow::removeFile(tmp, ec);
            return r;
        }
        return syncDirectory(utf8Of(pathOf(path).parent_path()));
    }
    Result<std::string> readFile(const std::string& path) override
    {
        // The journal: one handle, a plain file that is no link, read with a bound (issue 29).
        constexpr std::uint64_t kMaxJournalBytes = 256u << 20;
        std::error_code ec;
        auto text = nofollow::readRegularFile(path, kMaxJournalBytes, true, ec);
        if (!text)
            return Error{codes::kIoError, "Cannot read " + path + " (" + ec.message() + ").", "readRegularFile"};
        return std::move(*text);
    }
    bool isEmptyDirectory(const std::string& path) override
    {
        std::error_code ec;
        return fs::is_directory(pathOf(path), ec) && fs::is_empty(pathOf(path), ec);
    }
    Result<Unit> createSymlink(const std::string& target, const std::string& path) override
    {
        std::error_code ec;
        std::string link;
        nofollow::createSymlink(target, path, ec, &link);
        if (ec)
            return stepError(ec, "create the link", path, link);
        return Unit{};
    }
};

}  // namespace

std::unique_ptr<FileOps> makeRealFileOps()
{
    return std::make_unique<RealFileOps>();
}

void FaultyFileOps::failAt(int n, std::string code, bool sticky)
{
    m_failAt = n;
    m_code = std::move(code);
    m_sticky = sticky;
}

std::optional<Error> FaultyFileOps::tick(const std::string& what, const std::string& path)
{
    std::lock_guard lock(m_mutex);
    ++m_calls;
    if (m_failAt > 0 && (m_calls == m_failAt || (m_sticky && m_calls > m_failAt))) {
        ++m_failures;
        return Error{m_code, "Injected " + m_code + " on call " + std::to_string(m_calls) + ": " + what + " " + path + ".",
                     "FaultyFileOps"};
    }
    return std::nullopt;
}

namespace {
class FaultyOutput : public OutputFile {
public:
    FaultyOutput(std::unique_ptr<OutputFile> inner, FaultyFileOps& ops, std::string path)
        : m_inner(std::move(inner)), m_ops(ops), m_path(std::move(path))
    {
    }
    Result<Unit> write(const void* data, std::size_t size) override
    {
        if (!m_wroteOnce) {  // one countable step per file, not per block
            m_wroteOnce = true;
            if (auto e = m_ops.tick("write", m_path))
                return *e;
        }
        return m_inner->write(data, size);
    }
    Result<Unit> finish() override
    {
        if (auto e = m_ops.tick("sync", m_path))
            return *e;
        return m_inner->finish();
    }

private:
    std::unique_ptr<OutputFile> m_inner;
    FaultyFileOps& m_ops;
    std::string m_path;
    bool m_wroteOnce = false;
};
}  // namespace

#define FAULT_OR(what, path, call)          \
    do {                                    \
        if (auto e = tick(what, path))      \
            return *e;                      \
        return call;                        \
    } while (0)

Result<Unit> FaultyFileOps::createDirectory(const std::string& p) { FAULT_OR("mkdir", p, m_inner.createDirectory(p)); }
Result<Unit> FaultyFileOps::createDirectories(const std::string& p) { FAULT_OR("mkdir -p", p, m_inner.createDirectories(p)); }
Result<Unit> FaultyFileOps::removeDirectory(const std::string& p) { FAULT_OR("rmdir", p, m_inner.removeDirectory(p)); }
Result<Unit> FaultyFileOps::removeTree(const std::string& p) { FAULT_OR("rm -r", p, m_inner.removeTree(p)); }
Result<Unit> FaultyFileOps::removeFile(const std::string& p) { FAULT_OR("rm", p, m_inner.removeFile(p)); }
Result<Unit> FaultyFileOps::rename(const std::string& a, const std::string& b) { FAULT_OR("rename " + a, b, m_inner.rename(a, b)); }
Result<Unit> FaultyFileOps::syncDirectory(const std::string& p) { FAULT_OR("sync", p, m_inner.syncDirectory(p)); }
Result<Unit> FaultyFileOps::writeFileAtomic(const std::string& p, const std::string& c) { FAULT_OR("write", p, m_inner.writeFileAtomic(p, c)); }

Result<Unit> FaultyFileOps::createSymlink(const std::string& t, const std::string& p) { FAULT_OR("symlink " + t, p, m_inner.createSymlink(t, p)); }

Result<Unit> FileOps::createSymlink(const std::string& target, const std::string& path)
{
    std::error_code ec;
    fs::create_symlink(pathOf(target), pathOf(path), ec);
    if (ec)
        return fsError(ec, "create the link", path);
    return Unit{};
}

Result<std::string> FileOps::readSymlink(const std::string& path)
{
    std::error_code ec;
    const fs::path target = fs::read_symlink(pathOf(path), ec);
    if (ec)
        return fsError(ec, "read the link", path);
    return utf8Of(target);
}

Result<std::unique_ptr<OutputFile>> FaultyFileOps::createFile(const std::string& path)
{
    if (auto e = tick("create", path))
        return *e;
    auto inner = m_inner.createFile(path);
    if (!inner)
        return inner.error();
    return std::unique_ptr<OutputFile>(std::make_unique<FaultyOutput>(std::move(*inner), *this, path));
}

}  // namespace cudnnsetup
