#include "SpriteImage.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

namespace phosphene::projectm4 {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::string unquote(const std::string& v) {
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    return v.substr(1, v.size() - 2);
  return v;
}

bool is_file(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error);
}

std::optional<fs::path> find_below(const fs::path& root, const std::string& wanted) {
  std::error_code error;
  if (!fs::is_directory(root, error)) return std::nullopt;
  std::vector<fs::path> matches;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (!it->is_regular_file(error)) continue;
    const fs::path& path = it->path();
    if (lower(path.filename().string()) == wanted || lower(path.stem().string()) == wanted)
      matches.push_back(path);
  }
  if (matches.empty()) return std::nullopt;
  return *std::min_element(matches.begin(), matches.end());
}

std::optional<fs::path> find_image(const std::string& name,
                                   const std::vector<std::string>& search_paths) {
  const fs::path file(name);
  if (file.is_absolute() || is_file(file)) return std::nullopt;  // read as it is
  for (const auto& folder : search_paths) {
    if (is_file(fs::path(folder) / file)) return fs::path(folder) / file;
  }
  const std::string wanted = lower(file.filename().string());
  for (const auto& folder : search_paths) {
    if (auto found = find_below(folder, wanted)) return found;
  }
  return std::nullopt;
}

}  // namespace

std::string resolve_sprite_image(const std::string& code,
                                 const std::vector<std::string>& search_paths) {
  size_t start = 0;
  while (start < code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string::npos) end = code.size();
    const std::string line = code.substr(start, end - start);
    const auto eq = line.find('=');
    const std::string key = trim(line.substr(0, eq));
    if (eq != std::string::npos && !key.empty() && key.front() != ';' && lower(key) == "img") {
      const std::string name = unquote(trim(line.substr(eq + 1)));
      const auto found = name.empty() ? std::nullopt : find_image(name, search_paths);
      if (!found) return code;
      return code.substr(0, start) + "img=" + fs::absolute(*found).lexically_normal().string() +
             code.substr(end);
    }
    start = end + 1;
  }
  return code;
}

}  // namespace phosphene::projectm4
