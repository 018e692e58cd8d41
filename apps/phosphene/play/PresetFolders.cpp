#include "PresetFolders.hpp"

#include <phosphene/phosphene.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace phosphene::play {
namespace {

bool isFolder(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_directory(p, ec);
}

}  // namespace

std::vector<std::string> defaultPresetFolders() {
  std::vector<std::string> folders;
  auto add = [&](const std::filesystem::path& p) {
    if (isFolder(p)) folders.push_back(p.string());
  };
  const char* dataHome = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (dataHome && *dataHome == '/')
    add(std::filesystem::path(dataHome) / "phosphene/presets");
  else if (home && *home)
    add(std::filesystem::path(home) / ".local/share/phosphene/presets");
  // The library's data folder (installed location found at run time, or $PHOSPHENE_DATA_DIR), so
  // a moved install still finds its presets.
  const std::string_view dataDir = phosphene_default_data_dir();
  const std::filesystem::path installed =
      std::filesystem::path(std::u8string(dataDir.begin(), dataDir.end())) / "presets";
  if (isFolder(installed))
    add(installed);
  else
    add(PHOSPHENE_SOURCE_PRESETS);     // not installed: a player run from its build folder
  add("/usr/share/projectM/presets");  // Debian's projectm-data
  return folders;
}

}  // namespace phosphene::play
