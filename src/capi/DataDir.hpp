#pragma once
// Where the library's installed data lives (<prefix>/share/phosphene: presets/, textures/,
// phosphene.toml), found at run time so that an installed tree can be moved (relocatable).

#include <filesystem>
#include <string>

namespace phosphene::capi {

/// The environment variable that overrides the data folder (phosphene.h documents it).
inline constexpr const char* kDataDirVariable = "PHOSPHENE_DATA_DIR";

/// The candidates, in order; the first that applies wins:
///  1. `environment` when non-empty (taken as given, whether or not it exists);
///  2. relative to `moduleFile`, the file this code was loaded from: `libFolderToData` from its
///     folder (libphosphene.so in <prefix>/lib/...), then `binFolderToData` (libphosphene.a linked
///     into a program in <prefix>/bin); each only when that folder exists;
///  3. `installed`, the data folder of the prefix the library was configured for.
/// Pure (no environment, no dladdr): the C API passes the real values, tests their own.
std::filesystem::path chooseDataDir(const char* environment,
                                    const std::filesystem::path& moduleFile,
                                    const std::filesystem::path& libFolderToData,
                                    const std::filesystem::path& binFolderToData,
                                    const std::filesystem::path& installed);

/// chooseDataDir with $PHOSPHENE_DATA_DIR, this library's file (dladdr where the platform has
/// it) and the paths compiled in from CMake's install directories. Reads the environment and
/// the file system on every call.
std::filesystem::path findDataDir();

/// findDataDir() of the first call, kept for the process: what phosphene_default_data_dir()
/// returns and what new engines start with. Any thread.
const std::string& processDataDir();

}  // namespace phosphene::capi
