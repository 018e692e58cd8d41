#pragma once
// The preset files of a folder, for projectm_playlist_add_path: every regular file whose name
// ends in ".milk" (any letter case), in sub-folders too when asked, symbolic links not followed.
// Sorted by path, so a folder gives the same playlist on every machine (projectM's order is the
// file system's).

#include <string>
#include <vector>

namespace phosphene::projectm4 {

/// Empty when `folder` does not exist, is not a folder or cannot be read (never throws for it).
std::vector<std::string> scan_preset_folder(const std::string& folder, bool recursive);

}  // namespace phosphene::projectm4
