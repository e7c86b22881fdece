#include "download/licence.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "download/jsonread_p.h"
#include "platform/durablefile.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

std::string utcNow()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
#ifdef _WIN32
    gmtime_s(&tm, &now);
#else
    gmtime_r(&now, &tm);
#endif
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

}  // namespace

std::string licenceRecordPath(const std::string& stateDir)
{
    return utf8Of(pathOf(stateDir) / "license-accepted.json");
}

std::optional<LicenceAcceptance> recordedLicenceAcceptance(const std::string& stateDir)
{
    std::ifstream in(pathOf(licenceRecordPath(stateDir)), std::ios::binary);
    if (!in)
        return std::nullopt;
    std::stringstream text;
    text << in.rdbuf();
    const auto doc = nlohmann::json::parse(text.str(), nullptr, false);
    if (!doc.is_object() || jsonread::text(doc, "accepted").empty())
        return std::nullopt;
    return LicenceAcceptance{jsonread::text(doc, "accepted"), jsonread::text(doc, "license"), jsonread::text(doc, "url")};
}

Result<LicenceAcceptance> recordLicenceAcceptance(const std::string& stateDir)
{
    const LicenceAcceptance record{utcNow(), kCudnnLicenceName, kCudnnLicenceUrl};
    const nlohmann::json doc = {{"accepted", record.date}, {"license", record.licence}, {"url", record.url}};
    const std::string text = doc.dump(1) + "\n";
    const std::string path = licenceRecordPath(stateDir);
    const std::string tmp = path + ".new";
    std::error_code ec;
    fs::create_directories(pathOf(stateDir), ec);
    fs::remove(pathOf(tmp), ec);
    auto file = DurableFile::create(tmp, ec);
    if (file)
        file->write(text.data(), text.size(), ec);
    if (file && !ec)
        file->finish(ec);
    if (!file || ec || (renameDurably(pathOf(tmp), pathOf(path), ec), ec)) {
        fs::remove(pathOf(tmp), ec);
        return Error{codes::kIoError, "Cannot record the licence's acceptance in " + path + ".", ec.message()};
    }
    return record;
}

Error licenceNotAccepted()
{
    return Error{codes::kLicenseNotAccepted,
                 std::string("NVIDIA's cuDNN licence (") + kCudnnLicenceName + ", " + kCudnnLicenceUrl +
                     ") must be accepted before the first download: read it, then run again with --accept-license "
                     "(the wizard: tick its checkbox).",
                 ""};
}

}  // namespace cudnnsetup
