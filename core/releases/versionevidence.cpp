#include "releases/versionevidence.h"

#include <algorithm>

namespace cudnnsetup {

bool agreesAsNamed(const NamedVersion& a, const NamedVersion& b)
{
    const int n = std::min(a.named, b.named);
    const Version& x = a.version;
    const Version& y = b.version;
    if (x.major != y.major)
        return false;
    if (n >= 2 && x.minor != y.minor)
        return false;
    if (n >= 3 && x.patch != y.patch)
        return false;
    return n < 4 || x.build < 0 || y.build < 0 || x.build == y.build;
}

NamedVersion namedAsWritten(const Version& v, std::string_view text)
{
    const int dots = static_cast<int>(std::count(text.begin(), text.end(), '.'));
    return {v, std::clamp(dots + 1, 1, 4)};
}

NamedVersion named(const Version& v)
{
    return {v, v.build < 0 ? 3 : 4};
}

std::string toString(const NamedVersion& v)
{
    // Appended part by part (GCC 12's -Wrestrict misfires on "." + std::to_string(...)).
    std::string s = std::to_string(v.version.major);
    const int parts[] = {v.version.minor, v.version.patch, v.version.build};
    for (int i = 0; i < 3 && i + 2 <= v.named && parts[i] >= 0; ++i) {
        s.push_back('.');
        s.append(std::to_string(parts[i]));
    }
    return s;
}

bool isCudnnShaped(const Version& v, int familyMajor)
{
    return v.major == familyMajor && !isNvidiaDriverStyleVersion(v) && v.minor < 100 && v.patch < 20;
}

namespace {

// VS_FIXEDFILEINFO always has four fields; the zeros at its end name nothing (a vendor that stamps
// "8.9.0.0" says 8.9). A version that is all zeros after the major names only the major.
NamedVersion fixedFileVersion(const Version& v)
{
    if (v.minor == 0 && v.patch == 0 && v.build <= 0)
        return {v, 1};
    if (v.patch == 0 && v.build <= 0)
        return {v, 2};
    if (v.build <= 0)
        return {v, 3};
    return {v, 4};
}

}  // namespace

std::optional<NamedVersion> versionFieldEvidence(VersionField field, std::string_view text,
                                                 std::optional<int> familyMajor,
                                                 const std::optional<Version>& expected)
{
    if (!familyMajor)
        return std::nullopt;
    if (field == VersionField::FileVersion) {
        const auto v = Version::parse(text);
        if (!v || !isCudnnShaped(*v, *familyMajor))
            return std::nullopt;
        return fixedFileVersion(*v);
    }
    // Prose ("NVIDIA CUDA Deep Neural Network, Version 8.4", "cuDNN v8.2.0.53 (CUDA 11.3)"): each dotted
    // number not glued to a name (cudnn64_8.dll, _cuda11.3) is a candidate.
    std::optional<NamedVersion> firstShaped;
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] < '0' || text[i] > '9' || (i > 0 && (text[i - 1] == '.' || text[i - 1] == '_'))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && ((text[end] >= '0' && text[end] <= '9') || text[end] == '.'))
            ++end;
        std::string_view token = text.substr(i, end - i);
        while (!token.empty() && token.back() == '.')
            token.remove_suffix(1);  // "... 8.2.0." at the end of a sentence
        i = end;
        const auto v = Version::parse(token);
        if (!v || !isCudnnShaped(*v, *familyMajor))
            continue;
        const NamedVersion says = namedAsWritten(*v, token);
        if (expected && agreesAsNamed(says, named(*expected)))
            return says;
        if (!firstShaped && says.named >= 3)
            firstShaped = says;
    }
    return firstShaped;
}

std::optional<VersionVerdict> weighVersionClaims(const std::vector<VersionClaim>& claims)
{
    if (claims.empty())
        return std::nullopt;
    const std::size_t n = claims.size();
    std::vector<std::size_t> votes(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            votes[i] += agreesAsNamed(claims[i].version, claims[j].version);
    VersionVerdict verdict;
    const auto official = std::find_if(claims.begin(), claims.end(), [](const VersionClaim& c) { return c.authoritative; });
    if (official != claims.end()) {
        verdict.reference = static_cast<std::size_t>(official - claims.begin());
    } else {
        for (std::size_t i = 1; i < n; ++i)
            if (votes[i] > votes[verdict.reference])
                verdict.reference = i;
        // A reference that names less ("8.4") gives way to the best-supported claim that agrees with it
        // and names more, so that 8.4.1 and 8.4.2 beside an "8.4" are still a mix.
        for (bool refined = true; refined;) {
            refined = false;
            std::optional<std::size_t> best;
            for (std::size_t i = 0; i < n; ++i)
                if (claims[i].version.named > claims[verdict.reference].version.named &&
                    agreesAsNamed(claims[i].version, claims[verdict.reference].version) && (!best || votes[i] > votes[*best]))
                    best = i;
            if (best) {
                verdict.reference = *best;
                refined = true;
            }
        }
    }
    const NamedVersion& ref = claims[verdict.reference].version;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == verdict.reference)
            continue;
        if (agreesAsNamed(claims[i].version, ref))
            verdict.supporters += claims[i].version.named >= 2;  // a name's bare major supports every release of it
        else
            verdict.disagreeing.push_back(i);
    }
    return verdict;
}

std::string referenceText(const std::vector<VersionClaim>& claims, const VersionVerdict& verdict)
{
    const VersionClaim& ref = claims[verdict.reference];
    std::string s = ref.source;
    if (verdict.supporters == 1)
        s += " and 1 other source say ";
    else if (verdict.supporters > 1)
        s += " and " + std::to_string(verdict.supporters) + " other sources say ";
    else
        s += " says ";
    return s + toString(mostSpecific(claims, verdict));
}

NamedVersion mostSpecific(const std::vector<VersionClaim>& claims, const VersionVerdict& verdict)
{
    NamedVersion best = claims[verdict.reference].version;
    for (const auto& c : claims)
        if (c.version.named > best.named && agreesAsNamed(c.version, claims[verdict.reference].version))
            best = c.version;
    if (best.named < 4)
        best.version.build = -1;
    return best;
}

}  // namespace cudnnsetup
