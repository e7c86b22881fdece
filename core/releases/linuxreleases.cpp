#include "releases/linuxreleases.h"

namespace cudnnsetup {

namespace {

bool before831(const Version& v) { return Version{v.major, v.minor, v.patch} < Version{8, 3, 1}; }

}  // namespace

LinuxFileSet linuxFileSet(const Version& cudnn)
{
    // The headers and the library split are those of the Windows release of the same family.
    const ReleaseFileSet windows = windowsFileSet(cudnn);
    LinuxFileSet set;
    set.headers = windows.headers;
    set.libraries.push_back("libcudnn");
    for (const std::string& dll : windows.dlls) {
        // cudnn_adv64_9.dll -> libcudnn_adv
        if (!dll.starts_with("cudnn_"))
            continue;
        const auto cut = dll.find("64_");
        set.libraries.push_back("lib" + dll.substr(0, cut));
    }
    set.license = before831(cudnn) ? "NVIDIA_SLA_cuDNN_Support.txt" : "LICENSE";
    return set;
}

Layout linuxLayoutFor(const Version& cudnn, std::string_view rootFolder)
{
    Layout l;
    l.root = std::string(rootFolder);
    l.include = "include";
    l.lib = before831(cudnn) ? "lib64" : "lib";
    l.platform = "linux-x86_64";
    return l;
}

std::string officialLinuxArchiveName(const Version& cudnn, std::string_view cuda, std::string_view arch)
{
    if (before831(cudnn))
        return "cudnn-" + std::string(cuda) + "-linux-" + (arch == "x86_64" ? std::string("x64") : std::string(arch)) +
               "-v" + cudnn.toString() + ".tgz";
    return "cudnn-linux-" + std::string(arch) + "-" + cudnn.toString() + "_cuda" + std::string(cuda) +
           "-archive.tar.xz";
}

std::uint16_t elfMachineFor(std::string_view platform)
{
    return platform == "linux-sbsa" || platform == "linux-aarch64" ? 183 : 62;
}

}  // namespace cudnnsetup
