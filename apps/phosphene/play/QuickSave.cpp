#include "QuickSave.hpp"

#include <cstdlib>
#include <system_error>

namespace phosphene::play {

std::filesystem::path quickSaveFolder() {
  const char* dataHome = std::getenv("XDG_DATA_HOME");
  if (dataHome && *dataHome == '/') return std::filesystem::path(dataHome) / "phosphene/saved";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".local/share/phosphene/saved";
  return {};
}

std::filesystem::path freshSavePath(const std::filesystem::path& folder,
                                    const std::string& presetName) {
  std::string stem = presetName;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".milk") == 0)
    stem.resize(stem.size() - 5);
  for (char& c : stem)
    if (c == '/' || c == '\\' || c == '\0' || static_cast<unsigned char>(c) < 0x20) c = '_';
  if (stem.empty() || stem == "." || stem == "..") stem = "preset";
  std::error_code ec;
  std::filesystem::path path = folder / (stem + ".milk");
  for (int n = 2; std::filesystem::exists(path, ec) || ec; ++n) {
    if (n > 9999) break;  // a folder with ten thousand saves of one name: the last one is replaced
    path = folder / (stem + " (" + std::to_string(n) + ").milk");
  }
  return path;
}

}  // namespace phosphene::play
