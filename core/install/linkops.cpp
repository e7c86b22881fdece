#include "install/linkops.h"

#include "common/problemcodes.h"
#include "common/text.h"

namespace cudnnsetup {

namespace {

std::optional<Error> fail(const Result<Unit>& r) { return r ? std::nullopt : std::optional<Error>(r.error()); }

// Is `path` the link this operation is about?
bool isOurLink(FileOps& files, const Operation& op)
{
    if (files.type(op.path) != NodeType::Symlink)
        return false;
    auto target = files.readSymlink(op.path);
    return target && *target == op.linkTarget;
}

// Moves `from` to `to` when `from` is there and `to` is free.
std::optional<Error> moveBack(FileOps& files, const std::string& from, const std::string& to, const char* what)
{
    if (from.empty() || files.type(from) == NodeType::Missing)
        return std::nullopt;
    if (files.type(to) != NodeType::Missing)
        return Error{codes::kNotRestored, to + " could not be put back from " + from + ": something else is there now.", what};
    if (auto e = fail(files.createDirectories(parentDir(to))))
        return e;
    if (auto e = fail(files.rename(from, to)))
        return e;
    return fail(files.syncDirectory(parentDir(to)));
}

}  // namespace

std::optional<Error> performLinkOperation(FileOps& files, const Operation& op)
{
    if (op.kind == OpKind::PlaceLink) {
        if (isOurLink(files, op))
            return std::nullopt;  // done before a crash
        const NodeType now = files.type(op.path);
        if (now == NodeType::Directory)
            return Error{codes::kTargetBlocked, op.path + " is a folder where a link must go. Move it out of the way.",
                         "PlaceLink: directory"};
        if (now != NodeType::Missing) {
            if (op.backup.empty())
                return Error{codes::kTargetChanged, op.path + " appeared after the plan was made; nothing was overwritten.",
                             "PlaceLink: unexpected node"};
            if (auto e = fail(files.createDirectories(parentDir(op.backup))))
                return e;
            if (auto e = fail(files.rename(op.path, op.backup)))
                return e;
            if (auto e = fail(files.syncDirectory(parentDir(op.backup))))
                return e;
        }
        if (auto e = fail(files.createSymlink(op.linkTarget, op.path)))
            return e;
        return fail(files.syncDirectory(parentDir(op.path)));
    }
    // RemoveLink: the install's link goes (only if it still is ours), the backup comes back.
    if (isOurLink(files, op)) {
        if (auto e = fail(files.removeFile(op.path)))
            return e;
    } else if (files.type(op.path) != NodeType::Missing && !op.source.empty() &&
               files.type(op.source) != NodeType::Missing) {
        return Error{codes::kTargetChanged, op.path + " is no longer the link cudnn-setup made (-> " + op.linkTarget +
                                           "); it was left alone and " + op.source + " was not put back.",
                     "RemoveLink: not ours"};
    }
    if (auto e = moveBack(files, op.source, op.path, "RemoveLink: restore"))
        return e;
    return fail(files.syncDirectory(parentDir(op.path)));
}

std::optional<Error> undoLinkOperation(FileOps& files, const Operation& op)
{
    if (op.kind == OpKind::PlaceLink) {
        if (isOurLink(files, op))
            if (auto e = fail(files.removeFile(op.path)))
                return e;
        return moveBack(files, op.backup, op.path, "undo PlaceLink");
    }
    // Undo RemoveLink: the restored node goes back to its backup place, the link returns.
    if (!op.source.empty() && files.type(op.source) == NodeType::Missing && files.type(op.path) != NodeType::Missing &&
        !isOurLink(files, op)) {
        if (auto e = fail(files.createDirectories(parentDir(op.source))))
            return e;
        if (auto e = fail(files.rename(op.path, op.source)))
            return e;
    }
    if (files.type(op.path) == NodeType::Missing)
        if (auto e = fail(files.createSymlink(op.linkTarget, op.path)))
            return e;
    return fail(files.syncDirectory(parentDir(op.path)));
}

}  // namespace cudnnsetup
