#pragma once
// The preset files of a collection, for the corpus tests: every *.milk below a root, sorted so
// shards and printed lists are stable from run to run.

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <vector>

namespace phosphene::testing {

inline std::vector<std::filesystem::path> milkFilesUnder(const std::filesystem::path& root) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return files;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".milk") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace phosphene::testing
