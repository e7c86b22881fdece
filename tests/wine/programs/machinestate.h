#pragma once
// What a machine looks like to the fleet and end-to-end tests under Wine: a toolkit's files, HKLM
// values, and the machine summary deployment tools read (install/machinesummary.h).

#include <filesystem>
#include <map>
#include <string>

namespace cudnnsetup::winetest {

// Relative path -> content of every file under `root` ("nothing changed" is two equal snapshots).
std::map<std::string, std::string> snapshotFiles(const std::filesystem::path& root);
// A REG_SZ value of an HKLM key (64-bit view); "" when the key or the value is not there.
std::string machineText(const std::wstring& key, const wchar_t* name);
// The machine summary's value for a toolkit (install/machinesummary.h: the subkey of
// HKLM\SOFTWARE\cudnn-setup\Toolkits whose Toolkit is `toolkit`), what a deployment tool's registry
// detection rule reads; "" when there is none.
std::string summaryValue(const std::string& toolkit, const wchar_t* name);

}  // namespace cudnnsetup::winetest
