#pragma once
// What a machine looks like to the fleet and end-to-end tests under Wine: a toolkit's files, HKLM
// values, and the machine summary deployment tools read (install/machinesummary.h).

#include <windows.h>

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

// The registry's system PATH (HKLM Session Manager\Environment, 64-bit view) and its value type,
// without the terminating NULs; writing stores `text` with one.
std::wstring readSystemPath(DWORD* type);
void writeSystemPath(const std::wstring& text, DWORD type);
// What a program started now (by Explorer, after the WM_SETTINGCHANGE cudnn-setup sends) loads as
// `dllName`: this program's --load child run with the registry's system PATH, expanded. Its output
// (the loaded file), or "(not loaded: ...)".
std::string loadedByNewProgram(const std::string& dllName);
// Every folder and file below `root` (folders as "<dir>", files by content); empty when root is
// not there: "byte-identical, and no folder more or less" made comparable.
std::map<std::string, std::string> treeOf(const std::filesystem::path& root);

}  // namespace cudnnsetup::winetest
