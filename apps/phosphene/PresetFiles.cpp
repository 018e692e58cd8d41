#include "PresetFiles.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace phosphene::cli {

bool isMilkFile(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".milk" || ext == ".milk2";  // .milk2: MilkDrop 3 double presets
}

std::vector<std::string> milkFilesUnder(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(
           dir, std::filesystem::directory_options::skip_permission_denied, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
    if (isMilkFile(it->path()) && it->is_regular_file(ec)) found.push_back(it->path().string());
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace phosphene::cli
