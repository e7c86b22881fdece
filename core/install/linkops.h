#pragma once
// Perform and undo of the symbolic-link operations (PlaceLink, RemoveLink), kept apart
// from the engine's file operations. Both are idempotent, so that a rollback or a recover
// after a crash may run them on a half-done step: a link is only ever removed when it is
// the link this operation made (same target), never a file or someone else's link.

#include "common/problem.h"
#include "install/fileops.h"
#include "install/operation.h"

#include <optional>

namespace cudnnsetup {

std::optional<Error> performLinkOperation(FileOps& files, const Operation& op);
std::optional<Error> undoLinkOperation(FileOps& files, const Operation& op);

}  // namespace cudnnsetup
