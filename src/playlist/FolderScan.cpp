#include "playlist/FolderScan.hpp"

#include <algorithm>
#include <system_error>

#include "playlist/AsciiText.hpp"

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

template <typename Iterator>
void collect(Iterator it, std::vector<fs::path>& out, core::Diagnostics& diagnostics,
             const fs::path& folder) {
  std::error_code ec;
  for (; it != Iterator(); it.increment(ec)) {
    if (ec) break;
    std::error_code fileEc;
    // is_regular_file follows links to files; an entry we cannot stat is simply not a preset.
    if (hasMilkExtension(it->path()) && it->is_regular_file(fileEc)) out.push_back(it->path());
  }
  if (ec) {
    auto d = core::makeDiagnostic(core::DiagnosticId::IoReadFailed,
                                  "stopped listing " + folder.string() + ": " + ec.message());
    d.severity = core::Severity::Warning;
    diagnostics.push_back(std::move(d));
  }
}

}  // namespace

bool hasMilkExtension(const fs::path& file) {
  const std::string ext = asciiLower(file.extension().string());
  return ext == ".milk" || ext == ".milk2";  // .milk2: a MilkDrop 3 double preset
}

std::vector<fs::path> findPresetFiles(const fs::path& folder, bool recursive,
                                      core::Diagnostics& diagnostics) {
  std::vector<fs::path> found;
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) {
    diagnostics.push_back(core::makeDiagnostic(
        core::DiagnosticId::IoOpenFailed,
        "cannot open preset folder " + folder.string() + ": " +
            (ec ? ec.message() : std::string("not a folder or does not exist"))));
    return found;
  }
  if (recursive) {
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    if (!ec) collect(std::move(it), found, diagnostics, folder);
  } else {
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    if (!ec) collect(std::move(it), found, diagnostics, folder);
  }
  if (ec) {
    diagnostics.push_back(
        core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                             "cannot open preset folder " + folder.string() + ": " + ec.message()));
    return found;
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace phosphene::playlist
