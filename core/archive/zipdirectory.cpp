#include "archive/zipdirectory.h"

#include "common/bytes.h"
#include "common/problemcodes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace cudnnsetup {

namespace {

constexpr std::uint32_t kEocdSig = 0x06054b50;
constexpr std::uint32_t kZip64LocatorSig = 0x07064b50;
constexpr std::uint32_t kZip64EocdSig = 0x06064b50;
constexpr std::uint32_t kCentralSig = 0x02014b50;
constexpr std::uint32_t kLocalSig = 0x04034b50;
constexpr std::size_t kEocdSize = 22;
constexpr std::size_t kCentralSize = 46;
constexpr std::size_t kLocalSize = 30;

// Fills the fields that the 32-bit record marks as 0xFFFF.. from the ZIP64 extra field.
bool applyZip64Extra(CentralRecord& r, const std::uint8_t* extra, std::size_t extraLen, bool needSize,
                     bool needCompressed, bool needOffset)
{
    std::size_t pos = 0;
    while (pos + 4 <= extraLen) {
        const std::uint16_t id = le16(extra + pos);
        const std::uint16_t len = le16(extra + pos + 2);
        if (pos + 4 + len > extraLen)
            return false;
        if (id == 0x0001) {
            const std::uint8_t* f = extra + pos + 4;
            std::size_t off = 0;
            auto take = [&](std::uint64_t& out) {
                if (off + 8 > len)
                    return false;
                out = le64(f + off);
                off += 8;
                return true;
            };
            if (needSize && !take(r.size))
                return false;
            if (needCompressed && !take(r.compressedSize))
                return false;
            if (needOffset && !take(r.localHeaderOffset))
                return false;
            return true;
        }
        pos += 4 + len;
    }
    return !(needSize || needCompressed || needOffset);
}

}  // namespace

Result<std::unique_ptr<RandomAccessFile>> RandomAccessFile::open(const std::string& path)
{
    std::error_code ec;
    auto file = OpenedFile::open(path, false, ec);
    if (!file)
        return Error{codes::kIo, "cannot open " + path + ": " + ec.message(), {}};
    return std::make_unique<RandomAccessFile>(std::move(file));
}

RandomAccessFile::RandomAccessFile(std::shared_ptr<const OpenedFile> file) : m_file(std::move(file)) {}

bool RandomAccessFile::seek(std::uint64_t offset)
{
    if (offset > m_file->size())
        return false;
    m_position = offset;
    return true;
}

std::size_t RandomAccessFile::read(void* buffer, std::size_t size)
{
    auto* p = static_cast<unsigned char*>(buffer);
    std::size_t done = 0;
    while (done < size) {
        const long long n = m_file->readSome(m_position, p + done, size - done);
        if (n <= 0)
            break;
        done += static_cast<std::size_t>(n);
        m_position += static_cast<std::uint64_t>(n);
    }
    return done;
}

bool RandomAccessFile::readAt(std::uint64_t offset, void* buffer, std::size_t size)
{
    return seek(offset) && read(buffer, size) == size;
}

bool RandomAccessFile::readShared(std::uint64_t offset, void* buffer, std::size_t size) const
{
    return m_file->readAt(offset, buffer, size);
}

Error corruptArchive(const std::string& why)
{
    return Error{codes::kCorruptArchive, why, {}};
}

Result<ZipDirectory> readZipDirectory(RandomAccessFile& file)
{
    const std::uint64_t fileSize = file.size();
    if (fileSize < kEocdSize)
        return corruptArchive(fileSize == 0 ? "the file is empty" : "the file is too short to be a zip archive");

    // The end record sits in the last 22 + 65535 (comment) bytes.
    const std::size_t tailLen = static_cast<std::size_t>(std::min<std::uint64_t>(fileSize, kEocdSize + 0xFFFF));
    const std::uint64_t tailStart = fileSize - tailLen;
    std::vector<std::uint8_t> tail(tailLen);
    if (!file.readAt(tailStart, tail.data(), tailLen))
        return corruptArchive("the end of the file cannot be read");
    std::size_t eocd = tailLen;
    for (std::size_t i = tailLen - kEocdSize + 1; i-- > 0;) {
        if (le32(&tail[i]) == kEocdSig && i + kEocdSize + le16(&tail[i + 20]) <= tailLen) {
            eocd = i;
            break;
        }
    }
    if (eocd == tailLen)
        return corruptArchive("no end-of-central-directory record (not a zip, or truncated)");
    const std::uint8_t* e = &tail[eocd];
    if (le16(e + 4) != 0 || le16(e + 6) != 0)
        return corruptArchive("multi-volume (split) zip archives are not supported");
    std::uint64_t count = le16(e + 10);
    std::uint64_t cdSize = le32(e + 12);
    std::uint64_t cdOffset = le32(e + 16);
    std::uint64_t cdLimit = tailStart + eocd;  // the directory must end before this

    if (count == 0xFFFF || cdSize == 0xFFFFFFFF || cdOffset == 0xFFFFFFFF) {
        if (eocd < 20)
            return corruptArchive("ZIP64 end record locator is missing");
        const std::uint8_t* loc = &tail[eocd - 20];
        if (le32(loc) != kZip64LocatorSig)
            return corruptArchive("ZIP64 end record locator is missing");
        const std::uint64_t z64 = le64(loc + 8);
        std::uint8_t rec[56];
        if (z64 >= cdLimit || !file.readAt(z64, rec, sizeof rec) || le32(rec) != kZip64EocdSig)
            return corruptArchive("ZIP64 end record is missing or unreadable");
        count = le64(rec + 32);
        cdSize = le64(rec + 40);
        cdOffset = le64(rec + 48);
        cdLimit = z64;
    }
    if (cdOffset > cdLimit || cdSize > cdLimit - cdOffset)
        return corruptArchive("the central directory lies outside the file (truncated download?)");
    if (cdSize > kMaxCentralDirectoryBytes)
        return corruptArchive("the central directory is larger than 16 MiB");
    if (count > cdSize / kCentralSize)
        return corruptArchive("the central directory claims more entries than it can hold");

    std::vector<std::uint8_t> cd(static_cast<std::size_t>(cdSize));
    if (!file.readAt(cdOffset, cd.data(), cd.size()))
        return corruptArchive("the central directory cannot be read");

    ZipDirectory dir;
    dir.centralDirectoryOffset = cdOffset;
    dir.centralDirectorySize = cdSize;
    dir.records.reserve(static_cast<std::size_t>(count));
    std::size_t pos = 0;
    for (std::uint64_t i = 0; i < count; ++i) {
        if (pos + kCentralSize > cd.size() || le32(&cd[pos]) != kCentralSig)
            return corruptArchive("central directory record " + std::to_string(i) + " is damaged");
        const std::uint8_t* c = &cd[pos];
        const std::size_t nameLen = le16(c + 28), extraLen = le16(c + 30), commentLen = le16(c + 32);
        if (pos + kCentralSize + nameLen + extraLen + commentLen > cd.size())
            return corruptArchive("central directory record " + std::to_string(i) + " runs past the directory");
        CentralRecord r;
        r.versionMadeBy = le16(c + 4);
        r.flags = le16(c + 8);
        r.method = le16(c + 10);
        r.crc32 = le32(c + 16);
        r.compressedSize = le32(c + 20);
        r.size = le32(c + 24);
        r.externalAttributes = le32(c + 38);
        r.localHeaderOffset = le32(c + 42);
        r.name.assign(reinterpret_cast<const char*>(c + kCentralSize), nameLen);
        const bool needSize = r.size == 0xFFFFFFFF, needCompressed = r.compressedSize == 0xFFFFFFFF,
                   needOffset = r.localHeaderOffset == 0xFFFFFFFF;
        if (!applyZip64Extra(r, c + kCentralSize + nameLen, extraLen, needSize, needCompressed, needOffset))
            return corruptArchive("the ZIP64 sizes of \"" + r.name + "\" are damaged");
        pos += kCentralSize + nameLen + extraLen + commentLen;

        std::uint8_t lh[kLocalSize];
        if (r.localHeaderOffset >= cdOffset || !file.readAt(r.localHeaderOffset, lh, sizeof lh) ||
            le32(lh) != kLocalSig)
            return corruptArchive("the local header of \"" + r.name + "\" is missing");
        r.localFlags = le16(lh + 6);
        r.localMethod = le16(lh + 8);
        const std::size_t localNameLen = le16(lh + 26), localExtraLen = le16(lh + 28);
        r.dataOffset = r.localHeaderOffset + kLocalSize + localNameLen + localExtraLen;
        if (r.dataOffset > cdOffset || r.compressedSize > cdOffset - r.dataOffset)
            return corruptArchive("the data of \"" + r.name + "\" runs past the start of the central directory");
        r.localName.resize(localNameLen);
        if (localNameLen && !file.readAt(r.localHeaderOffset + kLocalSize, r.localName.data(), localNameLen))
            return corruptArchive("the local header of \"" + r.name + "\" cannot be read");
        dir.records.push_back(std::move(r));
    }
    return dir;
}

}  // namespace cudnnsetup
