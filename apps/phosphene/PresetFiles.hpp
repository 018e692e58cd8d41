#pragma once
// The .milk files a folder holds, as `render --presets DIR` and `bench DIR` play them.

#include <filesystem>
#include <string>
#include <vector>

namespace phosphene::cli {

/// True for a name ending in .milk, in any case (collections from Windows have .MILK).
bool isMilkFile(const std::filesystem::path& path);
/// Every .milk file under `dir`, recursively, sorted by path (so runs are reproducible); folders
/// it may not read are skipped.
std::vector<std::string> milkFilesUnder(const std::string& dir);

}  // namespace phosphene::cli
