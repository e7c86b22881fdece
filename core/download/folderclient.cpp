#include "download/folderclient.h"

#include "common/problemcodes.h"
#include "common/u8path.h"

#include <filesystem>
#include <fstream>
#include <vector>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

class FolderClient : public HttpClient {
public:
    Result<HttpHead> get(const HttpRequest& request, HttpSink& sink) override
    {
        HttpHead head;
        std::error_code ec;
        const fs::path path = pathOf(request.url);
        const auto status = fs::symlink_status(path, ec);
        if (ec || !fs::is_regular_file(status)) {
            head.status = 404;
            if (!sink.onHead(head))
                return aborted(request);
            return head;
        }
        const std::uint64_t size = fs::file_size(path, ec);
        const auto stamp = fs::last_write_time(path, ec).time_since_epoch().count();
        // A validator of this file's state, as a server's ETag would be: a resume from a folder whose
        // file was replaced meanwhile starts over.
        const std::string etag = "\"" + std::to_string(size) + "-" + std::to_string(stamp) + "\"";
        std::ifstream in(path, std::ios::binary);
        if (!in)
            return Error{codes::kNetworkUnreachable, "Cannot read " + request.url + " from the mirror folder.", "open"};
        head.acceptRanges = true;
        head.etag = etag;
        std::uint64_t from = 0;
        if (request.from > 0 && (request.ifRange.empty() || request.ifRange == etag)) {
            if (request.from >= size) {
                head.status = 416;
                head.rangeTotal = size;
                if (!sink.onHead(head))
                    return aborted(request);
                return head;
            }
            from = request.from;
            head.status = 206;
            head.rangeStart = from;
            head.rangeTotal = size;
        } else {
            head.status = 200;
        }
        head.contentLength = size - from;
        if (!sink.onHead(head))
            return aborted(request);
        in.seekg(static_cast<std::streamoff>(from));
        std::vector<char> buffer(1 << 20);
        std::uint64_t left = size - from;
        while (left > 0) {
            if (sink.stopRequested())
                return aborted(request);
            in.read(buffer.data(), static_cast<std::streamsize>(std::min<std::uint64_t>(left, buffer.size())));
            const auto n = static_cast<std::size_t>(in.gcount());
            if (n == 0)
                return Error{codes::kConnectionDropped, "Reading " + request.url + " from the mirror folder stopped early.",
                             "read"};
            if (!sink.onData(buffer.data(), n))
                return aborted(request);
            left -= n;
        }
        return head;
    }

private:
    static Error aborted(const HttpRequest& request)
    {
        return Error{codes::kDownloadAborted, "The copy of " + request.url + " was stopped.", ""};
    }
};

}  // namespace

std::unique_ptr<HttpClient> makeFolderClient()
{
    return std::make_unique<FolderClient>();
}

}  // namespace cudnnsetup
