#pragma once
// Stable problem codes shared by verify, detect, install, repair and validate.
// The code strings are part of the command-line contract: never rename one.

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct Problem {
    std::string code;                 // stable string, e.g. "unsafe-path"
    std::optional<std::string> path;  // the entry or file it concerns, if any
    std::string message;              // one sentence for a person, naming the file and the fix
    bool operator==(const Problem&) const = default;
};

using Problems = std::vector<Problem>;

nlohmann::json toJson(const Problem& p);
nlohmann::json toJson(const Problems& ps);

// Exit codes fixed by contract/cli.md.
enum class ExitCode : int {
    Ok = 0,
    Bad = 1,              // what was examined is bad
    Usage = 2,            // bad arguments, missing file, not a toolkit
    RolledBack = 3,       // failed, toolkit and PATH as before
    NeedsAdmin = 4,       // administrator rights needed and not obtained
    NotRolledBack = 5,    // failed and could NOT be fully rolled back
    DownloadFailed = 6,   // a download did not complete: network, server, proxy, certificate, disk (nothing installed)
};

// A failure of the operation itself (as opposed to problems found in what was examined):
// a stable code, a user message and a technical detail for the log.
struct Error {
    std::string code;
    std::string message;
    std::string detail;
};

// C++20 has no std::expected; this is the small subset the core needs.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_value(std::move(value)) {}
    Result(Error error) : m_error(std::move(error)) {}
    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    T& value() { return *m_value; }
    const T& value() const { return *m_value; }
    T* operator->() { return &*m_value; }
    const T* operator->() const { return &*m_value; }
    T& operator*() { return *m_value; }
    const Error& error() const { return m_error; }

private:
    std::optional<T> m_value;
    Error m_error;
};

struct Unit {};

}  // namespace cudnnsetup
