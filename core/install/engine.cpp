#include "install/engine.h"

#include "common/problemcodes.h"
#include "common/text.h"
#include "install/linkops.h"
#include "install/trust.h"

#include <algorithm>
#include <filesystem>

namespace cudnnsetup {

namespace {

nlohmann::json action(const Operation& op, const char* status)
{
    return {{"op", std::string(toString(op.kind))}, {"path", op.path}, {"description", op.describe()},
            {"status", status}};
}

Problem toProblem(const Error& e, const std::string& path)
{
    return {e.code, path.empty() ? std::nullopt : std::optional<std::string>(path), e.message};
}

}  // namespace

ExitCode Outcome::exitCode() const
{
    if (ok)
        return ExitCode::Ok;
    if (!notRestored.empty())
        return ExitCode::NotRolledBack;
    return ExitCode::RolledBack;
}

std::optional<Error> Engine::perform(Plan& plan, std::size_t index, const CancelToken* cancel, ProgressSink* progress)
{
    Operation& op = plan.ops[index];
    auto fail = [](const Result<Unit>& r) -> std::optional<Error> {
        return r ? std::nullopt : std::optional<Error>(r.error());
    };
    switch (op.kind) {
    case OpKind::CreateDirectory: {
        if (auto e = fail(m_files.createDirectory(op.path)))
            return e;  // it exists (someone made it after the plan): not ours, changed stays false
        op.changed = true;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    }
    case OpKind::StageFiles: {
        if (!m_source)
            return Error{codes::kInternal, "No archive to stage files from.", "Engine: no StagingSource"};
        if (auto e = fail(m_files.createDirectory(op.path)))
            return e;
        for (const Operation& p : plan.ops)
            if (p.kind == OpKind::PlaceFile && !p.entry.empty())
                if (auto e = fail(m_files.createDirectories(parentDir(p.source))))
                    return e;
        auto staged = m_source->stage(plan, m_files, cancel, progress);
        if (!staged)
            return staged.error();
        if (plan.archive && !plan.archive->sha256.empty() && staged->archiveSha256 != plan.archive->sha256)
            return Error{codes::kArchiveChanged,
                         "The archive " + plan.archive->path + " is not the file that was verified (SHA-256 " +
                             staged->archiveSha256 + ", expected " + plan.archive->sha256 +
                             "); it was changed after verification. Nothing was installed.",
                         "staging sha256 mismatch"};
        std::map<std::string, std::string> byTarget;
        for (Operation& p : plan.ops) {
            if (p.kind != OpKind::PlaceFile || p.entry.empty())
                continue;
            const std::string& got = staged->sha256[p.source];
            if (!p.sha256.empty() && p.sha256 != got)
                return Error{codes::kHashMismatch,
                             "The archive's " + p.entry + " is not the recorded file for " + p.path +
                                 " (SHA-256 differs). Give the archive that was installed with --archive.",
                             got};
            p.sha256 = got;
            byTarget[p.path] = got;
        }
        for (Operation& r : plan.ops)
            if (r.kind == OpKind::WriteRecord && r.record && r.record->contains("files"))
                for (auto& f : (*r.record)["files"]) {
                    auto it = byTarget.find(plan.toolkit + "/" + f.at("path").get<std::string>());
                    if (it != byTarget.end())
                        f["sha256"] = it->second;
                }
        return std::nullopt;
    }
    case OpKind::PlaceFile: {
        const NodeType now = m_files.type(op.path);
        if (now == NodeType::Directory)
            return Error{codes::kTargetBlocked, op.path + " is a folder where a file must go. Move it out of the way.",
                         "PlaceFile: directory"};
        if (now != NodeType::Missing) {
            if (op.backup.empty())
                return Error{codes::kTargetChanged, op.path + " appeared after the plan was made; nothing was overwritten.",
                             "PlaceFile: unexpected file"};
            if (auto e = fail(m_files.createDirectories(parentDir(op.backup))))
                return e;
            if (auto e = fail(m_files.rename(op.path, op.backup)))
                return e;
        }
        if (auto e = fail(m_files.rename(op.source, op.path)))
            return e;
        if (!op.backup.empty())
            if (auto e = fail(m_files.syncDirectory(parentDir(op.backup))))
                return e;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    }
    case OpKind::RemoveFile: {
        if (m_files.type(op.path) == NodeType::Missing)
            return std::nullopt;
        if (auto e = fail(m_files.createDirectories(parentDir(op.backup))))
            return e;
        if (auto e = fail(m_files.rename(op.path, op.backup)))
            return e;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    }
    case OpKind::RemoveDirectory:
        if (!m_files.isEmptyDirectory(op.path))
            return std::nullopt;  // something of the user's is in it: it stays
        if (auto e = fail(m_files.removeDirectory(op.path)))
            return e;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    case OpKind::PathChange: {
        if (!m_path)
            return Error{codes::kInternal, "No system PATH access here.", "Engine: no SystemPath"};
        auto now = m_path->read();
        if (!now)
            return now.error();
        if (*now != op.before)
            return Error{codes::kPathChanged, op.location + " changed while installing; it was left alone. Run the "
                                                       "command again.", "PathChange: before differs"};
        return fail(m_path->write(op.after));
    }
    case OpKind::PlaceLink:
    case OpKind::RemoveLink:
        return performLinkOperation(m_files, op);
    case OpKind::WriteRecord:
        if (auto e = fail(m_files.createDirectories(parentDir(op.path))))
            return e;
        if (op.record)
            return fail(m_files.writeFileAtomic(op.path, op.record->dump(1)));
        if (m_files.type(op.path) != NodeType::Missing)
            if (auto e = fail(m_files.removeFile(op.path)))
                return e;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    }
    return std::nullopt;
}

std::optional<Error> Engine::undo(const Plan& plan, const Operation& op, bool keepWork, bool inProgress)
{
    auto fail = [](const Result<Unit>& r) -> std::optional<Error> {
        return r ? std::nullopt : std::optional<Error>(r.error());
    };
    switch (op.kind) {
    case OpKind::CreateDirectory:
        if (m_files.type(op.path) == NodeType::Missing)
            return std::nullopt;
        // Not made by this transaction (or not known to be): left as it is. Except in a new
        // prefix: it did not exist when planned, its parent is writable by root only
        // (install/trust.h checkNewPrefix) and mkdir fails on an existing folder, so it and the
        // folders in it are ours even when the process died before the journal could say so.
        if (!op.changed && !(createsPrefix(plan) && (op.path == plan.toolkit || op.path.starts_with(plan.toolkit + "/")))) {
            // And the operation in progress when the process died, empty: killed between its
            // mkdir and the journal write that says it made it (tests/cli/tst_cli_crashpoints.cpp
            // kills the helper there). The plan found no folder there, and an empty one holds
            // nothing of anyone's.
            if (inProgress && m_files.isEmptyDirectory(op.path))
                return fail(m_files.removeDirectory(op.path));
            return std::nullopt;
        }
        if (op.workDir) {
            if (keepWork)  // it may hold backups that could not be put back
                return Error{codes::kWorkKept, "Kept " + op.path + ": it holds what could not be restored.", ""};
            return fail(m_files.removeTree(op.path));
        }
        if (!m_files.isEmptyDirectory(op.path))
            return Error{codes::kNotRestored, "The folder " + op.path + " was created by the install but is not empty; "
                                                                   "it was left.", "undo CreateDirectory"};
        return fail(m_files.removeDirectory(op.path));
    case OpKind::StageFiles:
        return std::nullopt;
    case OpKind::PlaceFile: {
        // Placed (source gone, target there): move it back where it came from.
        if (m_files.type(op.source) == NodeType::Missing && m_files.type(op.path) == NodeType::File) {
            if (auto e = fail(m_files.createDirectories(parentDir(op.source))))
                return e;
            if (auto e = fail(m_files.rename(op.path, op.source)))
                return e;
        }
        if (!op.backup.empty() && m_files.type(op.backup) == NodeType::File) {
            if (m_files.type(op.path) != NodeType::Missing)
                return Error{codes::kNotRestored, op.path + " could not be put back from " + op.backup +
                                                 ": something else is there now.", "undo PlaceFile"};
            if (auto e = fail(m_files.rename(op.backup, op.path)))
                return e;
        }
        return fail(m_files.syncDirectory(parentDir(op.path)));
    }
    case OpKind::RemoveFile:
        if (m_files.type(op.backup) != NodeType::File)
            return std::nullopt;
        if (m_files.type(op.path) != NodeType::Missing)
            return Error{codes::kNotRestored, op.path + " could not be put back from " + op.backup +
                                             ": something else is there now.", "undo RemoveFile"};
        if (auto e = fail(m_files.rename(op.backup, op.path)))
            return e;
        return fail(m_files.syncDirectory(parentDir(op.path)));
    case OpKind::RemoveDirectory:
        if (m_files.type(op.path) != NodeType::Missing)
            return std::nullopt;
        return fail(m_files.createDirectory(op.path));
    case OpKind::PathChange: {
        if (!m_path)
            return Error{codes::kNotRestored, op.location + " cannot be reached to restore it.", "no SystemPath"};
        auto now = m_path->read();
        if (!now)
            return now.error();
        if (*now == op.before)
            return std::nullopt;
        if (*now != op.after)
            return Error{codes::kNotRestored, op.location + " was changed by someone else meanwhile; it was left as it is. "
                                                       "Check it by hand.", "undo PathChange"};
        return fail(m_path->write(op.before));
    }
    case OpKind::PlaceLink:
    case OpKind::RemoveLink:
        return undoLinkOperation(m_files, op);
    case OpKind::WriteRecord:
        // Killed inside writeFileAtomic: its temp file (our own name) goes too.
        if (m_files.type(op.path + ".tmp") == NodeType::File)
            if (auto e = fail(m_files.removeFile(op.path + ".tmp")))
                return e;
        if (op.previousRecord)
            return fail(m_files.writeFileAtomic(op.path, op.previousRecord->dump(1)));
        if (m_files.type(op.path) != NodeType::Missing)
            return fail(m_files.removeFile(op.path));
        return std::nullopt;
    }
    return std::nullopt;
}

void Engine::rollBack(JournalDoc& doc, JournalWriter& journal, Outcome& out)
{
    out.rolledBack = true;
    doc.status = JournalStatus::RollingBack;
    (void)journal.write(doc);  // best effort: the undo below is idempotent either way
    Problems failed;
    for (long i = std::min<long>(doc.started, long(doc.plan.ops.size()) - 1); i >= 0; --i) {
        const Operation& op = doc.plan.ops[std::size_t(i)];
        // A failed undo never stops the others (IFW's rollBackInstallation, one catch per op).
        auto e = undo(doc.plan, op, !failed.empty(), i == doc.started);
        if (e && e->code == codes::kWorkKept) {
            out.notes.push_back(e->message);
            continue;
        }
        if (e) {
            failed.push_back(toProblem(*e, op.path));
            out.actions.push_back(action(op, "not-restored"));
        } else {
            out.actions.push_back(action(op, "undone"));
        }
    }
    out.notRestored = failed;
    if (failed.empty()) {
        if (auto r = m_files.removeFile(journal.path()); !r)
            out.notes.push_back("the finished journal " + journal.path() + " could not be removed: " +
                                r.error().message);
        pruneIfEmpty(doc.plan.toolkit + "/.cudnn-setup");
    } else {
        doc.status = JournalStatus::RollbackIncomplete;
        doc.notRestored = failed;
        (void)journal.write(doc);
    }
}

void Engine::pruneIfEmpty(const std::string& dir)
{
    if (m_files.isEmptyDirectory(dir))
        (void)m_files.removeDirectory(dir);
}

void Engine::cleanupAfterCommit(const Plan& plan)
{
    for (const std::string& dir : plan.cleanup)
        if (m_files.type(dir) != NodeType::Missing)
            (void)m_files.removeTree(dir);
    pruneIfEmpty(plan.backupDir);
    pruneIfEmpty(plan.workDir);
    pruneIfEmpty(plan.toolkit + "/.cudnn-setup");
    // The uninstall that took away the last record of a prefix cudnn-setup made: the prefix
    // goes too, if nothing (a file the user changed, kept) is left in it.
    if (plan.standalonePrefix && plan.kind == PlanKind::Uninstall)
        for (const Operation& op : plan.ops)
            if (op.kind == OpKind::WriteRecord && !op.record)
                pruneIfEmpty(plan.toolkit);
    // The same for an NVIDIA root an install made (its record's "created_root": the root and the
    // parents it made, outermost first): each, innermost first, only while empty, so a folder that
    // NVIDIA's installer (or anyone) put something in meanwhile stays. Only the root and its
    // parents: nothing else is ever named there.
    if (plan.nvidiaLayout && plan.kind == PlanKind::Uninstall)
        for (const Operation& op : plan.ops)
            if (op.kind == OpKind::WriteRecord && !op.record && op.previousRecord && op.previousRecord->is_object() &&
                op.previousRecord->contains("created_root") && (*op.previousRecord)["created_root"].is_array()) {
                const nlohmann::json& made = (*op.previousRecord)["created_root"];
                for (auto it = made.rbegin(); it != made.rend(); ++it)
                    if (it->is_string() && (*it == plan.toolkit || plan.toolkit.starts_with(it->get<std::string>() + "/")))
                        pruneIfEmpty(it->get<std::string>());
            }
}

Outcome Engine::apply(Plan plan, const CancelToken* cancel, ProgressSink* progress, std::size_t alreadyDone)
{
    Outcome out;
    out.notes = plan.notes;
    out.warnings = plan.warnings;
    if (!plan.problems.empty()) {
        out.problems = plan.problems;
        return out;  // nothing started: exit 3, unchanged
    }
    JournalWriter journal(m_files, journalPathIn(plan.stateDir));
    if (auto r = m_files.createDirectories(plan.stateDir); !r) {
        out.problems.push_back(toProblem(r.error(), plan.stateDir));
        return out;
    }
    JournalDoc doc;
    doc.plan = std::move(plan);
    alreadyDone = std::min(alreadyDone, doc.plan.ops.size());
    doc.started = long(alreadyDone) - 1;
    for (std::size_t i = 0; i < alreadyDone; ++i) {
        doc.plan.ops[i].changed = doc.plan.ops[i].kind == OpKind::CreateDirectory;  // the caller made them
        out.actions.push_back(action(doc.plan.ops[i], "done"));
    }
    for (std::size_t i = alreadyDone; i < doc.plan.ops.size(); ++i) {
        if (cancel && cancel->isCancelled()) {
            out.problems.push_back({codes::kCancelled, std::nullopt, "Cancelled; everything done so far was undone."});
            break;
        }
        doc.started = long(i);
        if (auto r = journal.write(doc); !r) {
            out.problems.push_back(toProblem(r.error(), journal.path()));
            // The journal does not name op i: nothing of it ran; undo up to i-1.
            doc.started = long(i) - 1;
            break;
        }
        if (m_hooks.beforeOperation)
            m_hooks.beforeOperation(i, doc.plan.ops[i]);
        if (cancel && cancel->isCancelled()) {
            out.problems.push_back({codes::kCancelled, std::nullopt, "Cancelled; everything done so far was undone."});
            break;
        }
        if (progress)
            progress->onItem(doc.plan.ops[i].describe());
        if (auto e = perform(doc.plan, i, cancel, progress)) {
            // A folder that was there already is not ours: its operation did nothing.
            if (doc.plan.ops[i].kind == OpKind::CreateDirectory && !doc.plan.ops[i].changed)
                doc.started = long(i) - 1;
            if (cancel && cancel->isCancelled() && e->code != codes::kCancelled)
                out.problems.push_back({codes::kCancelled, std::nullopt, "Cancelled; everything done so far was undone."});
            else
                out.problems.push_back(toProblem(*e, doc.plan.ops[i].path));
            break;
        }
        // What a folder's undo may remove is only what this transaction made: say so on the disk.
        if (doc.plan.ops[i].kind == OpKind::CreateDirectory)
            (void)journal.write(doc);
        out.actions.push_back(action(doc.plan.ops[i], "done"));
        if (m_hooks.afterOperation)
            m_hooks.afterOperation(i, doc.plan.ops[i]);
    }
    if (!out.problems.empty()) {
        rollBack(doc, journal, out);
        return out;
    }
    doc.status = JournalStatus::Committed;
    if (auto r = journal.write(doc); !r) {
        // The record is written, every file is in place: a lost commit mark would make
        // recover undo a finished install, so say so instead of pretending.
        out.problems.push_back(toProblem(r.error(), journal.path()));
        rollBack(doc, journal, out);
        return out;
    }
    if (m_hooks.afterCommitMark)
        m_hooks.afterCommitMark();
    for (const Operation& op : doc.plan.ops)
        if (op.kind == OpKind::WriteRecord)
            out.record = op.record;
    cleanupAfterCommit(doc.plan);
    (void)m_files.removeFile(journal.path());
    out.ok = true;
    return out;
}

Outcome Engine::recover(const std::string& stateDir, const std::optional<std::string>& toolkit)
{
    Outcome out;
    const std::string journal = journalPathIn(stateDir);
    auto loaded = loadJournal(m_files, journal);
    if (!loaded) {
        out.problems.push_back(toProblem(loaded.error(), journal));
        out.notRestored.push_back(toProblem(loaded.error(), journal));
        return out;
    }
    if (!*loaded) {
        out.ok = true;
        out.notes.push_back("no interrupted transaction in " + stateDir);
        return out;
    }
    JournalDoc doc = std::move(**loaded);
    if (toolkit && *toolkit != doc.plan.toolkit) {
        out.ok = true;
        out.notes.push_back("the interrupted transaction in " + stateDir + " is for " + doc.plan.toolkit +
                            ", not " + *toolkit + "; left for `recover` without --toolkit");
        return out;
    }
    if (doc.status == JournalStatus::Committed) {
        cleanupAfterCommit(doc.plan);
        (void)m_files.removeFile(journal);
        out.ok = true;
        out.notes.push_back("the " + std::string(toString(doc.plan.kind)) + " of " + doc.plan.toolkit +
                            " had finished; its clean-up was completed");
        return out;
    }
    JournalWriter writer(m_files, journal);
    rollBack(doc, writer, out);
    out.ok = out.notRestored.empty();
    out.notes.push_back("rolled back the interrupted " + std::string(toString(doc.plan.kind)) + " of " +
                        doc.plan.toolkit);
    return out;
}

}  // namespace cudnnsetup
