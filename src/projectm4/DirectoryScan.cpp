#include "DirectoryScan.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace phosphene::projectm4 {
namespace {

bool is_preset_name(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".milk";
}

template <typename Iterator>
void collect(Iterator iterator, std::vector<std::string>& out) {
  std::error_code error;
  for (; iterator != Iterator(); iterator.increment(error)) {
    if (error) break;
    const auto& entry = *iterator;
    if (entry.is_symlink(error)) continue;  // projectM does not follow links
    if (entry.is_regular_file(error) && is_preset_name(entry.path())) {
      out.push_back(entry.path().string());
    }
  }
}

}  // namespace

std::vector<std::string> scan_preset_folder(const std::string& folder, bool recursive) {
  std::vector<std::string> files;
  std::error_code error;
  if (folder.empty() || !std::filesystem::is_directory(folder, error)) return files;
  const auto options = std::filesystem::directory_options::skip_permission_denied;
  if (recursive) {
    collect(std::filesystem::recursive_directory_iterator(folder, options, error), files);
  } else {
    collect(std::filesystem::directory_iterator(folder, options, error), files);
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace phosphene::projectm4
