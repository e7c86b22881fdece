// The journal `recover` and the elevated helper read back (install/journal.h): normally our
// own atomic write, but the state folder can be damaged. Any bytes give a journal or
// "journal-corrupt", never a crash or another exception.
#include "install/journal.h"

#include <cstdlib>
#include <string>

namespace {
// One read-only file in memory; nothing else exists.
class OneFile : public cudnnsetup::FileOps {
public:
    std::string text;
    cudnnsetup::NodeType type(const std::string&) override { return cudnnsetup::NodeType::File; }
    cudnnsetup::Result<cudnnsetup::Unit> createDirectory(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> createDirectories(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> removeDirectory(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> removeTree(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> removeFile(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> rename(const std::string&, const std::string&) override { return no(); }
    cudnnsetup::Result<std::unique_ptr<cudnnsetup::OutputFile>> createFile(const std::string&) override
    {
        return cudnnsetup::Error{"read-only", "fuzz", ""};
    }
    cudnnsetup::Result<cudnnsetup::Unit> syncDirectory(const std::string&) override { return no(); }
    cudnnsetup::Result<cudnnsetup::Unit> writeFileAtomic(const std::string&, const std::string&) override { return no(); }
    cudnnsetup::Result<std::string> readFile(const std::string&) override { return text; }
    bool isEmptyDirectory(const std::string&) override { return false; }

private:
    static cudnnsetup::Result<cudnnsetup::Unit> no() { return cudnnsetup::Error{"read-only", "fuzz", ""}; }
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    OneFile files;
    files.text.assign(reinterpret_cast<const char*>(data), size);
    auto doc = cudnnsetup::loadJournal(files, "/state/journal.json");
    if (!doc) {
        if (doc.error().code != "journal-corrupt")
            std::abort();
        return 0;
    }
    if (!*doc)
        std::abort();  // the file exists: "no journal" would be a lie
    // recover walks ops from `started` down: the index it uses must be clamped by the engine,
    // whatever the file says; here the plan must at least write back out.
    (void)cudnnsetup::toJson((*doc)->plan).dump();
    return 0;
}
