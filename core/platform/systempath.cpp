#include "platform/systempath.h"

#include "common/problemcodes.h"
#include "platform/durablefile.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace cudnnsetup {

std::string_view toString(PathMechanism m)
{
    return m == PathMechanism::WindowsPath ? "windows-path" : "ld.so.conf";
}

namespace {

Result<std::optional<std::string>> readOptionalFile(const std::string& file)
{
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return std::optional<std::string>();
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Error{codes::kIoError, "Cannot read " + file + ": " + std::strerror(errno) + ".", "ifstream"};
    std::ostringstream s;
    s << in.rdbuf();
    return std::optional<std::string>(s.str());
}

// Temp + fsync + rename + fsync of the folder: a reader never sees half a value, and a
// committed install keeps its ld.so.conf.d entry (or PATH file) across a power cut.
Result<Unit> writeOptionalFile(const std::string& file, const std::optional<std::string>& value)
{
    std::error_code ec;
    const std::string dir = std::filesystem::path(file).parent_path().string();
    if (!value) {
        std::filesystem::remove(file, ec);
        if (ec)
            return Error{codes::kIoError, "Cannot remove " + file + ": " + ec.message() + ".", "remove"};
        syncDirectory(dir, ec);
        return Unit{};
    }
    const std::string tmp = file + ".tmp";
    std::filesystem::remove(tmp, ec);
    auto out = DurableFile::create(tmp, ec);
    if (out) {
        out->write(value->data(), value->size(), ec);
        if (!ec)
            out->finish(ec);
    }
    if (ec) {
        const bool denied = ec == std::errc::permission_denied || ec == std::errc::operation_not_permitted;
        std::error_code ignored;
        std::filesystem::remove(tmp, ignored);
        return Error{denied ? codes::kNoPermission : codes::kIoError, "Cannot write " + file + ": " + ec.message() + ".",
                     "DurableFile"};
    }
    std::filesystem::rename(tmp, file, ec);
    if (ec)
        return Error{codes::kIoError, "Cannot write " + file + ": " + ec.message() + ".", "rename"};
    syncDirectory(dir, ec);
    if (ec)
        return Error{codes::kIoError, "Cannot flush " + dir + ": " + ec.message() + ".", "syncDirectory"};
    return Unit{};
}

class FileSystemPath : public SystemPath {
public:
    explicit FileSystemPath(std::string file) : m_file(std::move(file)) {}
    PathMechanism mechanism() const override { return PathMechanism::WindowsPath; }
    std::string location() const override { return m_file; }
    Result<std::optional<std::string>> read() override
    {
        auto v = readOptionalFile(m_file);
        if (v && !*v)
            return std::optional<std::string>(std::string());
        return v;
    }
    Result<Unit> write(const std::optional<std::string>& value) override
    {
        return writeOptionalFile(m_file, value.value_or(""));
    }
    std::optional<std::string> lookupVariable(std::string_view name) const override
    {
        const char* v = std::getenv(std::string(name).c_str());
        return v ? std::optional<std::string>(v) : std::nullopt;
    }

private:
    std::string m_file;
};

class LdSoConfPath : public SystemPath {
public:
    LdSoConfPath(std::string dir, std::string name, std::string ldconfig)
        : m_file(std::move(dir) + "/" + std::move(name)), m_ldconfig(std::move(ldconfig))
    {
    }
    PathMechanism mechanism() const override { return PathMechanism::LdSoConf; }
    std::string location() const override { return m_file; }
    Result<std::optional<std::string>> read() override { return readOptionalFile(m_file); }
    Result<Unit> write(const std::optional<std::string>& value) override
    {
        auto w = writeOptionalFile(m_file, value);
        if (!w)
            return w;
        if (!m_ldconfig.empty() && std::system(m_ldconfig.c_str()) != 0)
            return Error{codes::kLdconfigFailed, "Wrote " + m_file + " but `" + m_ldconfig +
                                                "` failed; run it by hand so the dynamic linker sees the change.",
                         m_ldconfig};
        return Unit{};
    }
    std::optional<std::string> lookupVariable(std::string_view) const override { return std::nullopt; }

private:
    std::string m_file;
    std::string m_ldconfig;
};

}  // namespace

std::unique_ptr<SystemPath> makeFileSystemPath(std::string file)
{
    return std::make_unique<FileSystemPath>(std::move(file));
}

std::unique_ptr<SystemPath> makeLdSoConfPath(std::string confDir, std::string fileName, std::string ldconfigCommand)
{
    return std::make_unique<LdSoConfPath>(std::move(confDir), std::move(fileName), std::move(ldconfigCommand));
}

}  // namespace cudnnsetup
