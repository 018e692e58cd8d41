#pragma once
// Finding preset files on disk: every regular file (or link to one) whose extension is ".milk" in
// any letter case, in one folder or its whole tree. Links to folders are not followed, so a link
// cycle cannot make the scan endless; folders we may not read are skipped with a warning.

#include <filesystem>
#include <vector>

#include "core/Diagnostic.hpp"

namespace phosphene::playlist {

/// The preset files under `folder`, sorted by path (std::filesystem::path order, element by
/// element). A missing or unreadable folder gives an empty list and an IoOpenFailed error in
/// `diagnostics`; errors part-way give the files found so far and an IoReadFailed warning.
std::vector<std::filesystem::path> findPresetFiles(const std::filesystem::path& folder,
                                                   bool recursive, core::Diagnostics& diagnostics);

/// Whether a file name ends in ".milk" or ".milk2" (MilkDrop 3 double presets), any letter case.
bool hasMilkExtension(const std::filesystem::path& file);

}  // namespace phosphene::playlist
