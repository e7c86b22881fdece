#include "archive/verifyresult.h"

#include "common/text.h"

#include <cstdio>

namespace cudnnsetup {

namespace {

// Feeds the verifier's own consumer (if any) and the caller's tee; a failing tee is dropped.
class TeeConsumer : public EntryConsumer {
public:
    TeeConsumer(std::unique_ptr<EntryConsumer> own, std::unique_ptr<EntryConsumer> tee)
        : m_own(std::move(own)), m_tee(std::move(tee))
    {
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        if (m_teeOk)
            m_teeOk = m_tee->write(data, size);
        return m_own ? m_own->write(data, size) : true;
    }
    void finish(bool intact) override
    {
        if (m_own)
            m_own->finish(intact);
        m_tee->finish(intact);
    }

private:
    std::unique_ptr<EntryConsumer> m_own, m_tee;
    bool m_teeOk = true;
};

}  // namespace

std::string_view toString(Authenticity a)
{
    switch (a) {
    case Authenticity::Official: return "official";
    case Authenticity::Manifest: return "manifest";
    case Authenticity::User: return "user";
    case Authenticity::Unknown: return "unknown";
    case Authenticity::Mismatch: return "mismatch";
    }
    return "unknown";
}

nlohmann::json toJson(const VerifyResult& r)
{
    using nlohmann::json;
    json doc;
    doc["ok"] = r.ok();
    doc["archive"] = r.archive;
    doc["size"] = r.size;
    doc["sha256"] = r.sha256.empty() ? json(nullptr) : json(r.sha256);
    doc["authenticity"] = std::string(toString(r.authenticity));
    if (r.release)
        doc["release"] = {{"cudnn", r.release->cudnn.toString()},
                          {"cuda", r.release->cuda.empty() ? json(nullptr) : json(r.release->cuda)},
                          {"platform", r.release->platform}};
    else
        doc["release"] = nullptr;
    if (r.layout)
        doc["layout"] = {{"root", r.layout->root}, {"bin", r.layout->bin}, {"include", r.layout->include}, {"lib", r.layout->lib}};
    else
        doc["layout"] = nullptr;
    json entries = json::array();
    for (const auto& e : r.entries) {
        json entry{{"path", e.path},
                   {"size", e.size},
                   {"crc32", hex8(e.crc32)},
                   {"kind", std::string(toString(e.kind))},
                   {"version", e.version ? json(*e.version) : json(nullptr)}};
        if (e.linkTarget)
            entry["link"] = *e.linkTarget;  // tarballs only: a symbolic link's target
        entries.push_back(std::move(entry));
    }
    doc["entries"] = std::move(entries);
    doc["crc_checked"] = r.crcChecked;
    if (r.buildCudaMajor)
        doc["build_cuda"] = {{"major", *r.buildCudaMajor}, {"source", r.buildCudaSource}};
    else
        doc["build_cuda"] = nullptr;
    doc["problems"] = toJson(r.problems);
    doc["warnings"] = toJson(r.warnings);
    if (r.cancelled)
        doc["cancelled"] = true;
    return doc;
}

std::unique_ptr<EntryConsumer> teeConsumer(std::unique_ptr<EntryConsumer> own, std::unique_ptr<EntryConsumer> tee)
{
    return std::make_unique<TeeConsumer>(std::move(own), std::move(tee));
}

}  // namespace cudnnsetup
