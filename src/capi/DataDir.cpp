#include "capi/DataDir.hpp"

#include <cstdlib>
#include <string_view>
#include <system_error>

// dladdr: POSIX does not name it, but glibc, musl, the BSDs and macOS all have it in <dlfcn.h>.
// Emscripten has no library files; Windows would use GetModuleHandleExW + GetModuleFileNameW
// (README, Portability). Elsewhere the installed prefix is the answer.
#if (defined(__unix__) || defined(__APPLE__)) && !defined(__EMSCRIPTEN__)
#include <dlfcn.h>
#define PHOSPHENE_HAVE_DLADDR 1
#endif

// From src/capi/CMakeLists.txt (CMake's GNUInstallDirs); defaults keep the file compilable alone.
#ifndef PHOSPHENE_INSTALL_DATA_DIR
#define PHOSPHENE_INSTALL_DATA_DIR "/usr/local/share/phosphene"
#endif
#ifndef PHOSPHENE_DATA_DIR_FROM_LIBDIR
#define PHOSPHENE_DATA_DIR_FROM_LIBDIR "../share/phosphene"
#endif
#ifndef PHOSPHENE_DATA_DIR_FROM_BINDIR
#define PHOSPHENE_DATA_DIR_FROM_BINDIR "../share/phosphene"
#endif

namespace phosphene::capi {
namespace {

namespace fs = std::filesystem;

bool isFolder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

fs::path fromUtf8(const char* text) {
  const std::string_view s(text);
  return fs::path(std::u8string(s.begin(), s.end()));
}

#if defined(PHOSPHENE_HAVE_DLADDR)
// Any function of this library: dladdr names the shared object (or program) that holds it.
void anchor() {}
#endif

fs::path moduleFile() {
#if defined(PHOSPHENE_HAVE_DLADDR)
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&anchor), &info) != 0 && info.dli_fname != nullptr)
    return fs::path(info.dli_fname);
#endif
  return {};
}

}  // namespace

fs::path chooseDataDir(const char* environment, const fs::path& module,
                       const fs::path& libFolderToData, const fs::path& binFolderToData,
                       const fs::path& installed) {
  if (environment != nullptr && environment[0] != '\0') return fromUtf8(environment);
  // A program started by a bare name reports no folder; its relative folder is taken from the
  // working directory, which is right unless the program changed it (then nothing is found and
  // the installed prefix answers).
  if (module.has_parent_path()) {
    const fs::path folder = module.parent_path();
    for (const fs::path& relative : {libFolderToData, binFolderToData}) {
      if (relative.empty()) continue;
      const fs::path candidate = (folder / relative).lexically_normal();
      if (isFolder(candidate)) {
        std::error_code ec;
        const fs::path absolute = fs::absolute(candidate, ec);
        return ec ? candidate : absolute;
      }
    }
  }
  return installed;
}

fs::path findDataDir() {
  // NOLINTNEXTLINE(concurrency-mt-unsafe): no Phosphene code writes the environment.
  const char* environment = std::getenv(kDataDirVariable);
  return chooseDataDir(environment, moduleFile(), fromUtf8(PHOSPHENE_DATA_DIR_FROM_LIBDIR),
                       fromUtf8(PHOSPHENE_DATA_DIR_FROM_BINDIR),
                       fromUtf8(PHOSPHENE_INSTALL_DATA_DIR));
}

const std::string& processDataDir() {
  // Resolved once (thread-safe initialisation) and never changed: a constant of the process,
  // so a returned pointer stays valid and every engine starts from the same answer.
  static const std::string dir = [] {
    const std::u8string text = findDataDir().u8string();
    return std::string(text.begin(), text.end());
  }();
  return dir;
}

}  // namespace phosphene::capi
