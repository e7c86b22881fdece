// The Windows build's download path under Wine: the real WinHTTP client (httpclient_win.cpp) and
// the downloader (downloader.h) against tests/download/faultserver.py on the host (issue 26).
// tests/wine/run-download.sh starts the servers and hands over, in the environment:
//   CUDNN_SETUP_DL_URL        https://localhost:PORT/ of the server with the test CA's certificate
//   CUDNN_SETUP_DL_ROGUE_URL  https://localhost:PORT/ of the one signed by a CA nobody trusts
//   CUDNN_SETUP_DL_FILE       the served file, relative to both URLs
//   CUDNN_SETUP_DL_SIZE, CUDNN_SETUP_DL_SHA256  what it must come out as
//   CUDNN_SETUP_DL_LOG        the test server's request log (one JSON object a line), a Windows path
//   CUDNN_SETUP_DL_PROXY      127.0.0.1:PORT of a proxy that answers every request 407 (Basic)
//   CUDNN_SETUP_DL_TRUSTED    1 when Wine trusts the test CA (its bundle bind-mounted over the host's);
//                             otherwise CUDNN_SETUP_DL_UNTRUSTED_WHY says why not, and the tests that
//                             need a trusted server check the refusal of its certificate, then skip.
// localhost, not 127.0.0.1: Wine's WinHTTP fails the host-name check of an IP address even when the
// certificate names it (an IP subjectAltName); the fault server listens on 127.0.0.1 either way.
#include "winetest.h"
#include "cancelat.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include "download/downloader.h"
#include "download/httpclient.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace cudnnsetup;
using cudnnsetup::winetest::ScratchDir;

namespace {

// A name no catalog entry has, so the catalog cross-check stays out of the way.
constexpr char kName[] = "cudnn-windows-x86_64-9.99.0.1_cuda12-archive.zip";

std::string env(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::vector<nlohmann::json> readRequestLog(const std::string& path)
{
    std::vector<nlohmann::json> out;
    std::ifstream in(std::filesystem::path(path), std::ios::binary);
    for (std::string line; std::getline(in, line);)
        if (line.find_first_not_of(" \r\t") != std::string::npos)
            out.push_back(nlohmann::json::parse(line));
    return out;
}

std::string u8(const std::filesystem::path& path)
{
    const std::u8string s = path.u8string();
    return std::string(s.begin(), s.end());
}

class WinHttpDownload : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_base = env("CUDNN_SETUP_DL_URL");
        m_rogueBase = env("CUDNN_SETUP_DL_ROGUE_URL");
        m_file = env("CUDNN_SETUP_DL_FILE");
        m_sha256 = env("CUDNN_SETUP_DL_SHA256");
        m_log = env("CUDNN_SETUP_DL_LOG");
        m_size = std::strtoull(env("CUDNN_SETUP_DL_SIZE").c_str(), nullptr, 10);
        m_trusted = env("CUDNN_SETUP_DL_TRUSTED") == "1";
        // Started without the native side (by hand, or by the plain "run" mode): nothing to test against.
        ASSERT_FALSE(m_base.empty() || m_rogueBase.empty() || m_file.empty() || m_sha256.empty() || m_size == 0)
            << "run through tests/wine/run-download.sh, which starts the HTTPS servers and sets CUDNN_SETUP_DL_*";
        clearLog();
    }

    DownloadItem item(const std::string& faults, const std::string& base = {}) const
    {
        DownloadItem i;
        i.url = (base.empty() ? m_base : base) + (faults.empty() ? "" : "f/" + faults + "/") + m_file;
        i.fileName = kName;
        i.size = m_size;
        i.sha256 = m_sha256;
        i.manifest = "redistrib_9.99.0.json";
        return i;
    }

    DownloadSettings settings() const
    {
        DownloadSettings s;
        s.folder = u8(m_out.path());
        s.attempts = 4;
        s.backoff = std::chrono::milliseconds(10);
        return s;
    }

    std::filesystem::path finalPath() const { return m_out.path() / kName; }
    std::filesystem::path partPath() const { return m_out.path() / (std::string(kName) + ".part"); }

    // The server logs a request once its answer is sent (an abandoned one once it notices), a moment
    // after the client may have moved on: both wait until the log has been still for 300 ms.
    void clearLog() const
    {
        settle();
        std::ofstream(std::filesystem::path(m_log), std::ios::binary | std::ios::trunc);
    }
    std::vector<nlohmann::json> requests() const
    {
        settle();
        return readRequestLog(m_log);
    }
    void settle() const
    {
        std::size_t seen = readRequestLog(m_log).size();
        for (int i = 0; i < 30; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            const std::size_t now = readRequestLog(m_log).size();
            if (now == seen)
                return;
            seen = now;
        }
    }

    // Without the test CA in Wine's trust: the test server's certificate must be refused exactly as
    // the rogue one is (the same code, nothing written), and the caller then skips what needs more.
    void expectTestCaRefused() const
    {
        auto client = makeHttpClient(HttpOptions{});
        const auto got = downloadArchive(*client, item(""), settings());
        ASSERT_FALSE(got.ok()) << "Wine trusted the test CA although CUDNN_SETUP_DL_TRUSTED is not 1";
        EXPECT_EQ(got.error().code, codes::kCertificateUntrusted) << got.error().message << " / " << got.error().detail;
        EXPECT_FALSE(std::filesystem::exists(finalPath()));
        std::cout << "refused as expected: " << got.error().message << " [" << got.error().detail << "]\n";
    }

    std::string untrustedWhy() const
    {
        const std::string why = env("CUDNN_SETUP_DL_UNTRUSTED_WHY");
        return "Wine does not trust the test CA here (" + (why.empty() ? std::string("no reason given") : why) +
               "); the refusal of the test server's certificate was checked instead";
    }

    std::string m_base, m_rogueBase, m_file, m_sha256, m_log;
    std::uint64_t m_size = 0;
    bool m_trusted = false;
    ScratchDir m_out{"download"};
};

// (a) A plain download: the file under its final name, its SHA-256 the expected one, no .part left.
TEST_F(WinHttpDownload, PlainDownloadIsVerified)
{
    if (!m_trusted) {
        expectTestCaRefused();
        GTEST_SKIP() << untrustedWhy();
    }
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item(""), settings());
    ASSERT_TRUE(got.ok()) << got.error().message << " / " << got.error().detail;
    EXPECT_EQ(got->exchanges, 1);
    EXPECT_EQ(got->resumedFrom, 0u);
    ASSERT_TRUE(std::filesystem::exists(finalPath()));
    EXPECT_EQ(std::filesystem::file_size(finalPath()), m_size);
    const auto digest = digestFile(got->path);
    ASSERT_TRUE(digest.ok()) << digest.error().message;
    EXPECT_EQ(digest->sha256, m_sha256);
    EXPECT_FALSE(std::filesystem::exists(partPath()));
    const auto log = requests();
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].value("status", 0), 200);
    EXPECT_TRUE(log[0].value("range", nlohmann::json()).is_null());
}

// (b) The connection cut twice without a TLS close after 400000 bytes, and the downloader resumes
// with Range + If-Range until the third exchange finishes the file. Wine's WinHTTP ends such a body
// without an error (WinHttpQueryDataAvailable says 0 bytes): the client's Content-Length check is
// what tells the drop (httpclient_win.cpp, streamBody).
TEST_F(WinHttpDownload, DroppedTwiceIsResumed)
{
    if (!m_trusted) {
        expectTestCaRefused();
        GTEST_SKIP() << untrustedWhy();
    }
    auto client = makeHttpClient(HttpOptions{});
    std::vector<std::string> said;
    DownloadSettings s = settings();
    s.log = [&said](const std::string& line) { said.push_back(line); };
    const auto got = downloadArchive(*client, item("drop=400000"), s);
    ASSERT_TRUE(got.ok()) << got.error().message << " / " << got.error().detail;
    for (const std::string& line : said)
        std::cout << "downloader: " << line << "\n";
    EXPECT_EQ(got->exchanges, 3);
    const auto digest = digestFile(got->path);
    ASSERT_TRUE(digest.ok()) << digest.error().message;
    EXPECT_EQ(digest->sha256, m_sha256);
    const auto log = requests();
    ASSERT_EQ(log.size(), 3u);
    EXPECT_TRUE(log[0].value("range", nlohmann::json()).is_null());
    for (std::size_t i = 1; i < log.size(); ++i) {
        SCOPED_TRACE(log[i].dump());
        EXPECT_EQ(log[i].value("range", nlohmann::json()), "bytes=" + std::to_string(400000 * i) + "-");
        EXPECT_TRUE(log[i].value("if_range", nlohmann::json()).is_string()) << "a resume sends If-Range with its Range";
        EXPECT_EQ(log[i].value("status", 0), 206);
    }
}

// (c) A cancel in the middle of a slow transfer keeps the .part and its side file; the next run
// asks only for the rest (one ranged exchange) and the result is verified.
TEST_F(WinHttpDownload, CancelKeepsThePartAndASecondRunResumes)
{
    if (!m_trusted) {
        expectTestCaRefused();
        GTEST_SKIP() << untrustedWhy();
    }
    auto client = makeHttpClient(HttpOptions{});
    CancelToken token;
    CancelAt cancelAt(token, 600000);
    DownloadSettings s = settings();
    s.cancel = &token;
    s.progress = &cancelAt;
    const auto first = downloadArchive(*client, item("slow=400000"), s);
    ASSERT_FALSE(first.ok());
    EXPECT_EQ(first.error().code, codes::kCancelled) << first.error().message;
    ASSERT_TRUE(std::filesystem::exists(partPath()));
    const std::uint64_t kept = std::filesystem::file_size(partPath());
    EXPECT_GE(kept, 600000u);
    EXPECT_LT(kept, m_size);
    EXPECT_TRUE(std::filesystem::exists(partSidecarPath(u8(partPath()))));
    EXPECT_FALSE(std::filesystem::exists(finalPath()));

    clearLog();
    const auto second = downloadArchive(*client, item(""), settings());
    ASSERT_TRUE(second.ok()) << second.error().message << " / " << second.error().detail;
    EXPECT_EQ(second->resumedFrom, kept);
    EXPECT_EQ(second->exchanges, 1);
    const auto digest = digestFile(second->path);
    ASSERT_TRUE(digest.ok()) << digest.error().message;
    EXPECT_EQ(digest->sha256, m_sha256);
    const auto log = requests();
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].value("range", nlohmann::json()), "bytes=" + std::to_string(kept) + "-");
    EXPECT_TRUE(log[0].value("if_range", nlohmann::json()).is_string());
    EXPECT_EQ(log[0].value("status", 0), 206);
    EXPECT_FALSE(std::filesystem::exists(partPath()));
}

// (d) A 302 from https:// to http:// is not followed: WinHTTP hands the 3xx back (its own
// redirects are off) and the downloader refuses the plain-HTTP target.
TEST_F(WinHttpDownload, RedirectToPlainHttpIsRefused)
{
    if (!m_trusted) {
        expectTestCaRefused();
        GTEST_SKIP() << untrustedWhy();
    }
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item("redirecthttp"), settings());
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().code, codes::kInsecureUrl) << got.error().message;
    EXPECT_NE(got.error().message.find("http://127.0.0.1:"), std::string::npos) << got.error().message;
    EXPECT_FALSE(std::filesystem::exists(finalPath()));
    const auto log = requests();
    ASSERT_EQ(log.size(), 1u) << "the http:// target must never be asked";
    EXPECT_EQ(log[0].value("status", 0), 302);
}

// (e) A server whose certificate comes from a CA nobody trusts: refused before any byte, whatever
// Wine does with the test CA.
TEST_F(WinHttpDownload, RogueCaIsRefused)
{
    auto client = makeHttpClient(HttpOptions{});
    const auto got = downloadArchive(*client, item("", m_rogueBase), settings());
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().code, codes::kCertificateUntrusted) << got.error().message << " / " << got.error().detail;
    std::cout << "refused: " << got.error().message << " [" << got.error().detail << "]\n";
    EXPECT_FALSE(std::filesystem::exists(finalPath()));
    EXPECT_FALSE(std::filesystem::exists(partPath()) && std::filesystem::file_size(partPath()) > 0);
}

// (f) --ca-file is a Linux option: WinHTTP takes its trust from Windows' store only, so the client
// refuses it with the way to do it on Windows, and asks no server.
TEST_F(WinHttpDownload, CaFileIsRefusedOnWindows)
{
    HttpOptions options;
    options.caFile = "C:\\ca.pem";
    auto client = makeHttpClient(options);
    const auto got = downloadArchive(*client, item(""), settings());
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(got.error().code, codes::kCertificateUntrusted);
    EXPECT_NE(got.error().message.find("--ca-file is for Linux"), std::string::npos) << got.error().message;
    EXPECT_TRUE(requests().empty());
    EXPECT_FALSE(std::filesystem::exists(finalPath()));
}

// (g) A proxy that wants a sign-in, named with --proxy (HttpOptions::proxy; what a deployment tool
// running as SYSTEM, which has no user proxy settings, passes): every request goes to it, also to
// localhost, and nothing is written. The proxy answers the CONNECT 407 with only a typed-password
// scheme. Windows' WinHTTP hands that 407 back (the logged-on user's credentials are offered only to
// a proxy that takes Negotiate or NTLM, so not here) and the error names where to sign in; Wine's
// WinHTTP (8.0) instead goes on with a TLS handshake on the refused tunnel and fails it
// (ERROR_WINHTTP_SECURE_CHANNEL_ERROR), so under Wine the refusal is a certificate error. Both are
// accepted, and which one is printed. (Wine's WinHTTP also takes no proxy from the user's Internet
// Settings in AUTOMATIC_PROXY mode: the system-proxy path is not testable here.)
TEST_F(WinHttpDownload, ANamedProxyIsUsedAndItsRefusalStopsTheDownload)
{
    const std::string proxy = env("CUDNN_SETUP_DL_PROXY");
    ASSERT_FALSE(proxy.empty()) << "run through tests/wine/run-download.sh, which starts the 407 proxy";
    HttpOptions options;
    options.proxy = proxy;
    auto client = makeHttpClient(options);
    const auto got = downloadArchive(*client, item(""), settings());
    ASSERT_FALSE(got.ok()) << "the download went around the proxy";
    std::cout << "proxy: [" << got.error().code << "] " << got.error().message << " [" << got.error().detail << "]\n";
    if (got.error().code == codes::kProxyAuthRequired) {
        EXPECT_NE(got.error().message.find("sign-in"), std::string::npos) << got.error().message;
        EXPECT_NE(got.error().detail.find("typed password"), std::string::npos) << got.error().detail;
    } else {
        EXPECT_EQ(got.error().code, codes::kCertificateUntrusted) << got.error().message;
        std::cout << "Wine's WinHTTP treated the proxy's 407 as a failed TLS handshake (Windows returns the 407)\n";
    }
    EXPECT_FALSE(std::filesystem::exists(finalPath()));
    bool sawProxy = false;
    for (const auto& r : requests())
        sawProxy = sawProxy || (r.value("status", 0) == 407 && r.value("method", "") == "CONNECT");
    EXPECT_TRUE(sawProxy) << "the proxy never saw the CONNECT";
}

}  // namespace
