// Win32 layer under Wine: long paths, state-dir ACL, file versions against core's
// PE reader, DLL loading failures, and replacing files that are in use.

#include "winetest.h"

#include "archive/zipdirectory.h"
#include "formats/pereader.h"
#include "platform/environment.h"
#include "platform/filesinuse.h"
#include "platform/fileversion.h"
#include "platform/folderaccess.h"
#include "platform/folderaccess_win_p.h"
#include "platform/longpath.h"
#include "platform/nofollow.h"
#include "platform/statelock.h"
#include "platform/threadpriority.h"
#include "platform/win32.h"

#include <gtest/gtest.h>

#include <aclapi.h>
#include <sddl.h>

#include <atomic>
#include <fstream>
#include <thread>
#include <vector>

using namespace cudnnsetup;
using cudnnsetup::winetest::ScratchDir;

// The parallel inflater's helpers read ahead with readShared while the scanner reads the same open
// file front to back: a positional ReadFile on the CRT's own handle would move the file pointer
// the sequential reads go on from. readShared uses a second handle (ReOpenFile) instead.
// The verify's reader thread runs below normal priority; the thread that started it keeps its own.
TEST(ThreadPriority, LowersOnlyTheCallingThread)
{
    const int mainBefore = GetThreadPriority(GetCurrentThread());
    int before = 0, after = 0;
    bool lowered = false;
    std::thread t([&] {
        before = GetThreadPriority(GetCurrentThread());
        lowered = cudnnsetup::lowerThisThreadPriority();
        after = GetThreadPriority(GetCurrentThread());
    });
    t.join();
    EXPECT_TRUE(lowered);
    EXPECT_EQ(before, THREAD_PRIORITY_NORMAL);
    EXPECT_EQ(after, THREAD_PRIORITY_BELOW_NORMAL);
    EXPECT_EQ(GetThreadPriority(GetCurrentThread()), mainBefore);
}

TEST(RandomAccessFile, SharedReadsLeaveTheSequentialReadsAlone)
{
    ScratchDir scratch("sharedread");
    const std::filesystem::path file = scratch.path() / "archive.zip";
    constexpr std::size_t kSize = 8u << 20;
    auto byteAt = [](std::uint64_t i) { return static_cast<std::uint8_t>((i * 2654435761u) >> 13); };
    {
        std::vector<std::uint8_t> data(kSize);
        for (std::size_t i = 0; i < kSize; ++i)
            data[i] = byteAt(i);
        std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(data.data()), kSize);
    }
    const std::u8string u8 = file.u8string();
    auto opened = RandomAccessFile::open(std::string(u8.begin(), u8.end()));
    ASSERT_TRUE(opened) << opened.error().message;
    RandomAccessFile& f = **opened;
    std::atomic<bool> stop{false};
    std::atomic<int> sharedBad{0}, sharedReads{0};
    std::thread helper([&] {
        std::vector<std::uint8_t> buf(64 * 1024);
        std::uint64_t state = 7;
        while (!stop) {
            state = state * 6364136223846793005ull + 1;
            const std::uint64_t at = (state >> 20) % (kSize - buf.size());
            if (!f.readShared(at, buf.data(), buf.size())) {
                ++sharedBad;
                return;
            }
            for (std::size_t i = 0; i < buf.size(); ++i)
                if (buf[i] != byteAt(at + i)) {
                    ++sharedBad;
                    return;
                }
            ++sharedReads;
        }
    });
    int sequentialBad = 0;
    std::vector<std::uint8_t> buf(256 * 1024);
    for (int pass = 0; pass < 4 && !sequentialBad; ++pass) {
        ASSERT_TRUE(f.seek(0));
        for (std::uint64_t at = 0; at < kSize; at += buf.size()) {
            ASSERT_EQ(f.read(buf.data(), buf.size()), buf.size());
            for (std::size_t i = 0; i < buf.size(); ++i)
                if (buf[i] != byteAt(at + i)) {
                    ++sequentialBad;
                    break;
                }
        }
    }
    stop = true;
    helper.join();
    EXPECT_EQ(sequentialBad, 0) << "the sequential reads were moved by the shared ones";
    EXPECT_EQ(sharedBad, 0) << "a shared read failed or read the wrong bytes";
    EXPECT_GT(sharedReads.load(), 0);
    EXPECT_FALSE(f.readShared(kSize - 10, buf.data(), 11)) << "a read past the end must fail";
}

TEST(LongPath, CreatesWritesAndListsBeyondMaxPath)
{
    ScratchDir scratch("longpath");
    std::filesystem::path deep = scratch.path();
    for (int i = 0; i < 8; ++i)
        deep /= std::string(40, static_cast<char>('a' + i));
    ASSERT_GT(deep.wstring().size(), 300u);
    // Create each level through the "\\?\" form.
    std::filesystem::path level = scratch.path();
    for (const auto& part : std::filesystem::relative(deep, scratch.path())) {
        level /= part;
        ASSERT_TRUE(::CreateDirectoryW(win::longPath(level).c_str(), nullptr)) << ::GetLastError();
    }
    const std::wstring file = win::longPath(deep / "cudnn64_8.dll");
    ASSERT_EQ(file.rfind(L"\\\\?\\", 0), 0u);
    win::FileHandle h(::CreateFileW(file.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr));
    ASSERT_TRUE(h) << ::GetLastError();
    DWORD written = 0;
    ASSERT_TRUE(::WriteFile(h.get(), "x64", 3, &written, nullptr));
    h.reset();
    WIN32_FILE_ATTRIBUTE_DATA data{};
    ASSERT_TRUE(::GetFileAttributesExW(file.c_str(), GetFileExInfoStandard, &data));
    EXPECT_EQ(data.nFileSizeLow, 3u);
    EXPECT_TRUE(::DeleteFileW(file.c_str()));
}

TEST(LongPath, DotSegmentsAreResolvedBeforePrefixing)
{
    // "\\?\" turns off Win32 normalisation: a ".." passed through would name a
    // folder literally called "..". The helper resolves it first.
    ScratchDir scratch("dots");
    std::filesystem::create_directories(scratch / "a");
    const auto viaDots = scratch.path() / "a" / ".." / "b.txt";
    win::FileHandle h(::CreateFileW(win::longPath(viaDots).c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                    FILE_ATTRIBUTE_NORMAL, nullptr));
    ASSERT_TRUE(h) << ::GetLastError();
    h.reset();
    EXPECT_TRUE(std::filesystem::exists(scratch / "b.txt"));
}

TEST(StateDir, SharedFolderGetsAProtectedAdminsOnlyWriteDacl)
{
    ScratchDir scratch("statedir");
    const auto dir = scratch / "state";
    const auto done = prepareStateDir(dir, StateDirAccess::Shared);
    ASSERT_TRUE(done.ok()) << done.error().message << " / " << done.error().detail;
    const auto sddl = describeStateDirAccess(dir);
    ASSERT_TRUE(sddl.ok()) << sddl.error().detail;
    // Wine 8 turns a file DACL into Unix mode bits and reads back what the mode
    // implies: the protected, admins-only DACL can only be checked on Windows.
    if (winetest::underWine() && sddl->find("D:P") == std::string::npos)
        GTEST_SKIP() << "Wine keeps file ACLs only as Unix mode bits; read back " << sddl.value();
    EXPECT_NE(sddl->find("D:P"), std::string::npos) << sddl.value();  // not inheriting ProgramData's "users may create"
    EXPECT_NE(sddl->find(";;;SY)"), std::string::npos) << sddl.value();
    EXPECT_NE(sddl->find(";;;BA)"), std::string::npos) << sddl.value();
    EXPECT_NE(sddl->find(";;;BU)"), std::string::npos) << sddl.value();
}

namespace {
// A directory symbolic link (a reparse point); false (and why) when this prefix cannot make one.
std::string g_linkWhy;
bool makeDirLink(const std::filesystem::path& link, const std::filesystem::path& target)
{
    if (::CreateSymbolicLinkW(link.wstring().c_str(), target.wstring().c_str(),
                              SYMBOLIC_LINK_FLAG_DIRECTORY | SYMBOLIC_LINK_FLAG_ALLOW_UNPRIVILEGED_CREATE) != 0)
        return true;
    g_linkWhy = "CreateSymbolicLinkW failed with " + std::to_string(::GetLastError());
    return false;
}
bool isReparsePoint(const std::filesystem::path& p)
{
    const DWORD a = ::GetFileAttributesW(p.wstring().c_str());
    return a != INVALID_FILE_ATTRIBUTES && (a & FILE_ATTRIBUTE_REPARSE_POINT);
}
}  // namespace

// Issue 12: a user who made (or linked) the state folder first kept it; the DACL was set by
// name, through whatever the name pointed at. Now a reparse point there is refused.
TEST(StateDir, LinkInPlaceOfTheStateFolderIsRefused)
{
    ScratchDir scratch("statelink");
    std::filesystem::create_directories(scratch / "elsewhere");
    if (!makeDirLink(scratch / "state", scratch / "elsewhere"))
        GTEST_SKIP() << "this prefix makes no directory link (" << g_linkWhy << ")";
    const auto r = prepareStateDir(scratch / "state", StateDirAccess::Shared);
    if (r.ok() && winetest::underWine() && !isReparsePoint(scratch / "state"))
        GTEST_SKIP() << "Wine made the link but reports no reparse point for it (FILE_ATTRIBUTE_REPARSE_POINT), "
                        "so nothing can tell it from a folder here; this test needs real Windows (not run there yet)";
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "state-dir-access");
    EXPECT_NE(r.error().message.find("link"), std::string::npos) << r.error().message;
}

// Issue 12: `bin` swapped for a link while the prompt was up: every engine step checks the
// folders on its way for reparse points and refuses to go through one.
TEST(NoFollow, StepThroughALinkedFolderIsRefused)
{
    ScratchDir scratch("nofollow");
    std::filesystem::create_directories(scratch / "outside");
    std::filesystem::create_directories(scratch / "toolkit");
    if (!makeDirLink(scratch / "toolkit" / "bin", scratch / "outside"))
        GTEST_SKIP() << "this prefix makes no directory link (" << g_linkWhy << ")";
    std::error_code ec;
    std::string link;
    if (winetest::underWine() && !isReparsePoint(scratch / "toolkit" / "bin"))
        GTEST_SKIP() << "Wine made the link but reports no reparse point for it (FILE_ATTRIBUTE_REPARSE_POINT), "
                        "so nothing can tell it from a folder here; this test needs real Windows (not run there yet)";
    nofollow::createDirectory(win::utf8(scratch / "toolkit" / "bin" / "x64"), ec, &link);
    EXPECT_EQ(ec, std::make_error_code(std::errc::too_many_symbolic_link_levels)) << ec.message();
    EXPECT_NE(link.find("bin"), std::string::npos) << link;
    winetest::writeFile(scratch / "staged.dll", "MZ");
    nofollow::rename(win::utf8(scratch / "staged.dll"), win::utf8(scratch / "toolkit" / "bin" / "cudnn64_8.dll"), ec);
    EXPECT_EQ(ec, std::make_error_code(std::errc::too_many_symbolic_link_levels)) << ec.message();
    EXPECT_TRUE(std::filesystem::is_empty(scratch / "outside"));
    EXPECT_TRUE(std::filesystem::exists(scratch / "staged.dll"));
    // A plain folder on the way is fine.
    std::filesystem::create_directories(scratch / "toolkit" / "include");
    nofollow::rename(win::utf8(scratch / "staged.dll"), win::utf8(scratch / "toolkit" / "include" / "cudnn.h"), ec);
    EXPECT_FALSE(ec) << ec.message();
}

// Issue 12: the state folder's parents are checked too, one component at a time with no link
// followed, and the missing ones are made on the way.
TEST(StateDir, MissingParentsAreMadeOnTheWay)
{
    ScratchDir scratch("stateparents");
    const auto dir = scratch / "a" / "b" / "state";
    const auto r = prepareStateDir(dir, StateDirAccess::Shared);
    ASSERT_TRUE(r.ok()) << r.error().message << " / " << r.error().detail;
    EXPECT_TRUE(std::filesystem::is_directory(dir));
}

TEST(StateDir, LinkInAParentOfTheStateFolderIsRefused)
{
    ScratchDir scratch("stateparentlink");
    std::filesystem::create_directories(scratch / "elsewhere");
    if (!makeDirLink(scratch / "programdata", scratch / "elsewhere"))
        GTEST_SKIP() << "this prefix makes no directory link (" << g_linkWhy << ")";
    if (winetest::underWine() && !isReparsePoint(scratch / "programdata"))
        GTEST_SKIP() << "Wine made the link but reports no reparse point for it (FILE_ATTRIBUTE_REPARSE_POINT), "
                        "so nothing can tell it from a folder here; this test needs real Windows (not run there yet)";
    const auto r = prepareStateDir(scratch / "programdata" / "cudnn-setup", StateDirAccess::Shared);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "state-dir-access");
    EXPECT_NE(r.error().message.find("programdata"), std::string::npos) << r.error().message;
    EXPECT_TRUE(std::filesystem::is_empty(scratch / "elsewhere"));  // no folder made through the link
}

// Issue 12: while a step acts, the folders on its way are held open without FILE_SHARE_DELETE,
// so that none can be renamed away and replaced by a link between the check and the step.
TEST(NoFollow, FoldersOnTheWayCannotBeRenamedWhileAStepActs)
{
    ScratchDir scratch("nofollowpin");
    std::filesystem::create_directories(scratch / "toolkit" / "bin");
    winetest::writeFile(scratch / "staged.dll", "MZ");
    const std::wstring bin = (scratch / "toolkit" / "bin").wstring();
    const std::wstring moved = (scratch / "toolkit" / "bin-moved").wstring();
    BOOL renamedDuring = TRUE;
    DWORD why = 0;
    nofollow::setBeforeActForTests([&](const std::string& path) {
        if (path.find("cudnn64_8.dll") == std::string::npos)
            return;
        renamedDuring = ::MoveFileExW(bin.c_str(), moved.c_str(), 0);
        why = ::GetLastError();
    });
    std::error_code ec;
    nofollow::rename(win::utf8(scratch / "staged.dll"), win::utf8(scratch / "toolkit" / "bin" / "cudnn64_8.dll"), ec);
    nofollow::setBeforeActForTests(nullptr);
    EXPECT_FALSE(renamedDuring) << "bin was renamed while the step held it";
    EXPECT_TRUE(why == ERROR_SHARING_VIOLATION || why == ERROR_ACCESS_DENIED) << why;
    EXPECT_FALSE(ec) << ec.message();
    EXPECT_TRUE(std::filesystem::exists(scratch / "toolkit" / "bin" / "cudnn64_8.dll"));
    // Once the step is done the folder is free again.
    EXPECT_TRUE(::MoveFileExW(bin.c_str(), moved.c_str(), 0)) << ::GetLastError();
}

// Issue 29: writableByNonAdmins read four well-known SIDs of the folder only. Now the owner and every
// entry of the DACL count (win::foreignWriter), here on descriptors made from SDDL: Wine keeps a
// file's ACL only as Unix mode bits, so a named user's entry cannot be put on a real file there.
namespace {
constexpr const wchar_t* kUser = L"S-1-5-21-1111-2222-3333-1001";  // a named user, not this process's
}  // namespace

TEST(WinAcl, EveryEntryAndTheOwnerCount)
{
    const std::wstring u = kUser;
    const std::wstring ti = L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464";
    struct Row {
        const char* name;
        std::wstring sddl;
        win::Reach reach;
        bool foreign;
    };
    const std::vector<Row> rows{
        {"admins and SYSTEM write, Users read", L"O:BAD:P(A;;FA;;;SY)(A;;FA;;;BA)(A;;0x1200a9;;;BU)",
         win::Reach::Object, false},
        {"a named user may write data", L"O:BAD:P(A;;FA;;;BA)(A;;0x2;;;" + u + L")", win::Reach::Object, true},
        {"a named user may add a file", L"O:BAD:P(A;;FA;;;BA)(A;;0x4;;;" + u + L")", win::Reach::Object, true},
        {"a named user may change the DACL", L"O:BAD:P(A;;FA;;;BA)(A;;WD;;;" + u + L")", win::Reach::Object, true},
        {"a named user owns it", L"O:" + u + L"D:P(A;;FA;;;BA)", win::Reach::Object, true},
        {"TrustedInstaller owns it", L"O:" + ti + L"D:P(A;;FA;;;" + ti + L")(A;;0x1200a9;;;BU)", win::Reach::Object, false},
        {"Everyone full control", L"O:BAD:(A;;FA;;;WD)", win::Reach::Object, true},
        {"Authenticated Users modify", L"O:BAD:(A;;0x1301bf;;;AU)", win::Reach::Object, true},
        // A parent: adding names (C:\, ProgramData) is fine, taking the next component away is not.
        {"parent: users may add folders", L"O:SYD:(A;;FA;;;BA)(A;;0x4;;;BU)", win::Reach::Parent, false},
        {"parent: a named user may delete children", L"O:SYD:(A;;FA;;;BA)(A;;0x40;;;" + u + L")", win::Reach::Parent, true},
        {"parent: a named user owns it", L"O:" + u + L"D:(A;;FA;;;BA)", win::Reach::Parent, true},
        // Inherit-only entries: nothing on the folder itself, but what the helper's files would get.
        {"inherit-only Users write, the folder", L"O:BAD:P(A;;FA;;;BA)(A;OICIIO;FA;;;BU)", win::Reach::Object, false},
        {"inherit-only Users write, a state folder", L"O:BAD:P(A;;FA;;;BA)(A;OICIIO;FA;;;BU)", win::Reach::Contents, true},
        {"CREATOR OWNER full, a state folder", L"O:BAD:P(A;;FA;;;BA)(A;OICIIO;FA;;;CO)", win::Reach::Contents, false},
    };
    for (const Row& row : rows) {
        PSECURITY_DESCRIPTOR sd = nullptr;
        ASSERT_TRUE(::ConvertStringSecurityDescriptorToSecurityDescriptorW(row.sddl.c_str(), SDDL_REVISION_1, &sd, nullptr))
            << row.name << ": " << ::GetLastError();
        win::LocalMemory owner(sd);
        const std::string why = win::foreignWriter(sd, row.reach);
        EXPECT_EQ(!why.empty(), row.foreign) << row.name << ": " << why;
        if (row.foreign && row.sddl.find(u) != std::wstring::npos) {
            EXPECT_NE(why.find("1001"), std::string::npos) << row.name << ": names the SID: " << why;
        }
    }
    // No DACL at all (everyone may do anything), made by hand: Wine's SDDL parser turns
    // NO_ACCESS_CONTROL into an empty DACL, which is the opposite.
    SECURITY_DESCRIPTOR open{};
    ASSERT_TRUE(::InitializeSecurityDescriptor(&open, SECURITY_DESCRIPTOR_REVISION));
    ASSERT_TRUE(::SetSecurityDescriptorDacl(&open, TRUE, nullptr, FALSE));
    EXPECT_NE(win::foreignWriter(&open, win::Reach::Object).find("no access list"), std::string::npos);
}

namespace {
// Sets `sddl`'s DACL (protected when it says D:P) on `p`; false when this prefix does not keep it
// (Wine 8 keeps only what Unix mode bits can say: owner and everyone).
bool setDacl(const std::filesystem::path& p, const wchar_t* sddl, const wchar_t* expectInReadBack)
{
    PSECURITY_DESCRIPTOR sd = nullptr;
    if (!::ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl, SDDL_REVISION_1, &sd, nullptr))
        return false;
    win::LocalMemory owner(sd);
    BOOL present = FALSE, defaulted = FALSE;
    PACL dacl = nullptr;
    ::GetSecurityDescriptorDacl(sd, &present, &dacl, &defaulted);
    std::wstring name = p.wstring();
    SECURITY_INFORMATION what = DACL_SECURITY_INFORMATION;
    if (std::wstring(sddl).find(L"D:P") != std::wstring::npos)
        what |= PROTECTED_DACL_SECURITY_INFORMATION;
    if (::SetNamedSecurityInfoW(name.data(), SE_FILE_OBJECT, what, nullptr, nullptr, dacl, nullptr) != ERROR_SUCCESS)
        return false;
    const auto back = describeStateDirAccess(p);
    return back.ok() && back->find(win::narrow(expectInReadBack)) != std::string::npos;
}
}  // namespace

// The walk itself on real folders: an entry that lets others write on a parent (delete its children) or on
// the folder makes it writable by non-admins.
TEST(StateDir, WriteEntryOnTheFolderOrAParentMakesItWritable)
{
    ScratchDir scratch("aclwalk");
    const auto bin = scratch / "toolkit" / "bin";
    std::filesystem::create_directories(bin);
    std::string who;
    EXPECT_FALSE(writableByNonAdmins(bin, &who)) << who;
    if (!setDacl(scratch / "toolkit", L"D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;;FA;;;WD)", L";;;WD)"))
        GTEST_SKIP() << "this prefix does not keep an Everyone entry on a folder";
    EXPECT_TRUE(writableByNonAdmins(bin, &who));
    EXPECT_NE(who.find("toolkit"), std::string::npos) << who;
    EXPECT_EQ(who.find("bin"), std::string::npos) << "the parent is the one to name: " << who;
    ASSERT_TRUE(setDacl(scratch / "toolkit", L"D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;WD)", L";;;WD)"));
    EXPECT_FALSE(writableByNonAdmins(bin, &who)) << who;
    ASSERT_TRUE(setDacl(bin, L"D:P(A;;FA;;;SY)(A;;FA;;;BA)(A;;FA;;;WD)", L";;;WD)"));
    EXPECT_TRUE(writableByNonAdmins(bin, &who));
    EXPECT_NE(who.find("bin"), std::string::npos) << who;
}

// Issue 29: the state folder's children. A child made first by a user with a protected DACL of its own
// keeps it whoever owns the folder: it is refused (state-dir-entry, naming it), the folder is not changed,
// and nothing of it is read.
TEST(StateDir, ChildWithItsOwnProtectedDaclIsRefused)
{
    ScratchDir scratch("statechild");
    const auto state = scratch / "state";
    const auto made = prepareStateDir(state, StateDirAccess::Shared);
    ASSERT_TRUE(made.ok()) << made.error().message;
    winetest::writeFile(state / "journal.json", "{}");
    const auto good = prepareStateDir(state, StateDirAccess::Shared);
    ASSERT_TRUE(good.ok()) << good.error().message << " / " << good.error().detail;
    if (!setDacl(state / "journal.json", L"D:P(A;;FA;;;WD)", L";;;WD)"))
        GTEST_SKIP() << "this prefix does not keep an Everyone entry on a file";
    const auto before = describeStateDirAccess(state);
    const auto r = prepareStateDir(state, StateDirAccess::Shared);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "state-dir-entry") << r.error().detail;
    EXPECT_NE(r.error().message.find("journal.json"), std::string::npos) << r.error().message;
    EXPECT_EQ(verifyStateDir(state).error().code, "state-dir-entry");
    EXPECT_EQ(describeStateDirAccess(state).value(), before.value());  // the folder as it was
    // A records entry that is a file, and a journal that is a folder: the type each name says.
    std::filesystem::remove(state / "journal.json");
    std::filesystem::create_directories(state / "journal.json");
    EXPECT_EQ(prepareStateDir(state, StateDirAccess::Shared).error().code, "state-dir-entry");
}

// Issue 29: an existing state folder is verified, never changed: one that lets others write is refused
// and keeps its DACL (before, its DACL was replaced and its owner taken, its children kept theirs).
TEST(StateDir, ExistingFolderOthersMayWriteIsRefusedAndKept)
{
    ScratchDir scratch("stateexisting");
    const auto state = scratch / "state";
    std::filesystem::create_directories(state);
    if (!setDacl(state, L"D:P(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;FA;;;WD)", L";;;WD)"))
        GTEST_SKIP() << "this prefix does not keep an Everyone entry on a folder";
    const auto before = describeStateDirAccess(state);
    const auto r = prepareStateDir(state, StateDirAccess::Shared);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "state-dir-access") << r.error().detail;
    EXPECT_EQ(describeStateDirAccess(state).value(), before.value());
}

// LockFileEx belongs to the handle: a second open in this same process conflicts too.
// Across processes (and after TerminateProcess) it is checked by tst_win_e2e.
TEST(StateLock, OneHolderAtATimeAndThePidStaysReadable)
{
    ScratchDir scratch("statelock");
    const std::string state = win::utf8(scratch / "state");
    auto first = StateLock::tryAcquire(state);
    ASSERT_TRUE(first.ok()) << first.error().message << " / " << first.error().detail;
    auto second = StateLock::tryAcquire(state);
    ASSERT_FALSE(second.ok());
    EXPECT_EQ(second.error().code, "busy") << second.error().detail;
    EXPECT_NE(second.error().message.find(std::to_string(::GetCurrentProcessId())), std::string::npos)
        << second.error().message;
    first.value().reset();
    auto third = StateLock::tryAcquire(state);
    EXPECT_TRUE(third.ok()) << (third.ok() ? "" : third.error().detail);
}

TEST(FileVersion, SystemReaderAgreesWithCorePeReader)
{
    const auto dll = winetest::testDll("cstest_versioned.dll");
    const auto system = systemFileVersion(dll);
    ASSERT_TRUE(system.ok()) << system.error().message;
    EXPECT_EQ(system->fileVersion, "8.2.0.53");
    EXPECT_EQ(system->productVersion, "8.2.0.0");
    const PeInfo pe = readPeFile(win::narrow(dll.wstring()));
    ASSERT_TRUE(pe.isX64()) << pe.error;
    ASSERT_TRUE(pe.fileVersion.has_value()) << pe.error;
    EXPECT_EQ(*pe.fileVersion, system->fileVersion);
    // windres's string tables (versioned.rc), as a real toolchain lays them out.
    EXPECT_EQ(pe.fileDescription.value_or("none"), "Test double with a version resource");
}

TEST(FileVersion, DllWithoutResourceIsAnErrorForBothReaders)
{
    const auto dll = winetest::testDll("cstest_needsmissing.dll");
    const auto system = systemFileVersion(dll);
    ASSERT_FALSE(system.ok());
    EXPECT_EQ(system.error().code, "no-version-info");
    EXPECT_NE(system.error().message.find("cstest_needsmissing.dll"), std::string::npos) << system.error().message;
    EXPECT_FALSE(readPeFile(win::narrow(dll.wstring())).fileVersion.has_value());
}

TEST(FileVersion, ThirtyTwoBitDllIsReadButNotX64)
{
    const PeInfo pe = readPeFile(win::narrow(winetest::testDll("cstest_x86.dll").wstring()));
    ASSERT_TRUE(pe.isPe) << pe.error;
    EXPECT_EQ(pe.machine, 0x14c);
    EXPECT_FALSE(pe.isX64());
}

namespace {

// LoadLibraryExW the way the validator does: by full path, dependencies from the
// DLL's own folder and System32 only.
DWORD loadError(const std::filesystem::path& dll)
{
    const std::wstring name = dll.wstring();
    win::Module m(::LoadLibraryExW(name.c_str(), nullptr,
                                   LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS));
    return m ? ERROR_SUCCESS : ::GetLastError();
}

}  // namespace

TEST(DllLoad, FullPathLoadResolvesTheExport)
{
    const std::wstring name = winetest::testDll("cstest_versioned.dll").wstring();
    win::Module m(::LoadLibraryExW(name.c_str(), nullptr,
                                   LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS));
    ASSERT_TRUE(m) << ::GetLastError();
    using GetVersion = int (*)();
    const auto fn = reinterpret_cast<GetVersion>(reinterpret_cast<void*>(::GetProcAddress(m.get(), "cudnnGetVersion")));
    ASSERT_NE(fn, nullptr);
    EXPECT_EQ(fn(), 8200);
    EXPECT_EQ(::GetProcAddress(m.get(), "cudnnNoSuchFunction"), nullptr);
    EXPECT_EQ(::GetLastError(), static_cast<DWORD>(ERROR_PROC_NOT_FOUND));
}

TEST(DllLoad, MissingDependencyIs126)
{
    EXPECT_EQ(loadError(winetest::testDll("cstest_needsmissing.dll")), static_cast<DWORD>(ERROR_MOD_NOT_FOUND));
}

TEST(DllLoad, ThirtyTwoBitDllIs193)
{
    EXPECT_EQ(loadError(winetest::testDll("cstest_x86.dll")), static_cast<DWORD>(ERROR_BAD_EXE_FORMAT));
}

TEST(FilesInUse, ReplaceOfAFreeFileSucceeds)
{
    ScratchDir scratch("replace");
    winetest::writeFile(scratch / "target.dll", "old");
    winetest::writeFile(scratch / "source.tmp", "new");
    EXPECT_FALSE(isFileLocked(scratch / "target.dll"));
    const auto done = replaceFile(scratch / "source.tmp", scratch / "target.dll");
    ASSERT_TRUE(done.ok()) << done.error().message;
    EXPECT_EQ(winetest::readFile(scratch / "target.dll"), "new");
    EXPECT_FALSE(std::filesystem::exists(scratch / "source.tmp"));
}

TEST(FilesInUse, ReplaceOfAFileHeldWithoutShareDeleteFailsAndChangesNothing)
{
    ScratchDir scratch("held");
    const auto target = scratch / "cudnn64_8.dll";
    winetest::writeFile(target, "old");
    winetest::writeFile(scratch / "source.tmp", "new");
    {
        win::FileHandle held(::CreateFileW(target.wstring().c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                           nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
        ASSERT_TRUE(held);
        EXPECT_TRUE(isFileLocked(target));
        const auto refused = replaceFile(scratch / "source.tmp", target);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, kFileInUse) << refused.error().detail;
        EXPECT_NE(refused.error().message.find("cudnn64_8.dll is in use"), std::string::npos)
            << refused.error().message;
        EXPECT_EQ(winetest::readFile(target), "old");
        EXPECT_TRUE(std::filesystem::exists(scratch / "source.tmp"));
    }
    // Closed: the same replace now goes through.
    EXPECT_FALSE(isFileLocked(target));
    const auto done = replaceFile(scratch / "source.tmp", target);
    ASSERT_TRUE(done.ok()) << done.error().message;
    EXPECT_EQ(winetest::readFile(target), "new");
}

TEST(FilesInUse, RestartManagerNamesHolder)
{
    ScratchDir scratch("rm");
    const auto target = scratch / "cudnn_ops_infer64_8.dll";
    winetest::writeFile(target, "old");
    winetest::writeFile(scratch / "source.tmp", "new");
    winetest::FileHolderProcess holder(target);
    ASSERT_TRUE(holder.ready());
    const auto holders = processesUsing(target);
    ASSERT_TRUE(holders.ok()) << holders.error().detail;
    if (holders->empty() && winetest::underWine())
        GTEST_SKIP() << "Wine's RmGetList is a stub that reports no processes (rstrtmgr semi-stub)";
    bool found = false;
    for (const FileHolder& h : holders.value())
        found = found || h.pid == holder.pid();
    EXPECT_TRUE(found) << describeHolders(holders.value());
    const auto refused = replaceFile(scratch / "source.tmp", target);
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("(pid " + std::to_string(holder.pid()) + ")"), std::string::npos)
        << refused.error().message;
}

TEST(Resources, ConsoleToolCarriesVersionManifestAndIcon)
{
    const auto exe = winetest::cliExe();
    const auto version = systemFileVersion(exe);
    ASSERT_TRUE(version.ok()) << version.error().message;
    EXPECT_EQ(version->fileVersion, CUDNN_SETUP_VERSION_QUAD);
    const PeInfo pe = readPeFile(win::narrow(exe.wstring()));
    ASSERT_TRUE(pe.isX64()) << pe.error;
    EXPECT_EQ(pe.fileVersion.value_or(""), CUDNN_SETUP_VERSION_QUAD);

    win::Module image(::LoadLibraryExW(exe.wstring().c_str(), nullptr,
                                       LOAD_LIBRARY_AS_DATAFILE | LOAD_LIBRARY_AS_IMAGE_RESOURCE));
    ASSERT_TRUE(image) << ::GetLastError();
    HRSRC manifest = ::FindResourceW(image.get(), MAKEINTRESOURCEW(1), MAKEINTRESOURCEW(24));
    ASSERT_NE(manifest, nullptr);
    const auto* text = static_cast<const char*>(::LockResource(::LoadResource(image.get(), manifest)));
    const std::string xml(text, ::SizeofResource(image.get(), manifest));
    for (const char* needle : {"level=\"asInvoker\"", "<longPathAware", ">true<", "PerMonitorV2", ">UTF-8<"})
        EXPECT_NE(xml.find(needle), std::string::npos) << needle;
    HICON icon = static_cast<HICON>(::LoadImageW(image.get(), MAKEINTRESOURCEW(101), IMAGE_ICON, 32, 32, 0));
    ASSERT_NE(icon, nullptr) << ::GetLastError();
    ICONINFO info{};
    ASSERT_TRUE(::GetIconInfo(icon, &info));
    BITMAP bm{};
    ASSERT_NE(::GetObjectW(info.hbmColor, sizeof bm, &bm), 0);
    EXPECT_EQ(bm.bmWidth, 32);
    EXPECT_EQ(bm.bmHeight, 32);
    ::DeleteObject(info.hbmColor);
    ::DeleteObject(info.hbmMask);
    ::DestroyIcon(icon);
}
