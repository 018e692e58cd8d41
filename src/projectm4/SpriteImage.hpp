#pragma once
// Where a "milkdrop" sprite's img= file is, the way projectM 4.2 finds it: projectM looks the
// name up among the files of its texture search paths (recursively, letter case ignored, by the
// name without its extension). Phosphene's sprite launch reads img= relative to one folder, so
// the compat layer finds the file first and hands the launch its full path.

#include <string>
#include <vector>

namespace phosphene::projectm4 {

/// `code` (the body of one [imgNN] section) with its first img= value replaced by the file it
/// names: the value itself when it is an absolute path or a file relative to the current
/// directory; else, in each search path in turn, the path joined to it, then the first file
/// below it (sub-folders too, sorted by path) whose name, or name without extension, equals
/// the value ignoring letter case. `code` unchanged when it has no img= or nothing matches.
std::string resolve_sprite_image(const std::string& code,
                                 const std::vector<std::string>& search_paths);

}  // namespace phosphene::projectm4
