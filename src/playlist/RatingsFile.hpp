#pragma once
// The ratings file: small UTF-8 text, written atomically (AtomicFile.hpp).
//
//   # phosphene ratings 1
//   <rating>\t<favourite>\t<key>
//   ...
//
// The first line is the header, exactly (a UTF-8 BOM and a trailing CR are tolerated); "1" is the
// format version. Each further line is one preset: rating 0..5, favourite 0 or 1, then the key
// (Ratings.hpp), which runs to the end of the line and may contain spaces. In keys, backslash,
// tab, CR and LF are written as \\, \t, \r and \n so any file name fits on one line. Blank lines
// and lines starting with '#' are ignored. A line that does not fit this shape (missing fields,
// rating out of range, unknown escape, empty key) is skipped and counted; a key seen twice keeps
// its last line. Keys are written in byte order so the file diffs cleanly.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/Diagnostic.hpp"
#include "playlist/Ratings.hpp"

namespace phosphene::playlist {

inline constexpr std::string_view kRatingsHeader = "# phosphene ratings 1";

struct RatingsLoadReport {
  bool ok = false;       // the file was read and had the header; the ratings were replaced
  bool missing = false;  // there was no file: a first run, where callers simply start empty
  std::size_t loaded = 0;
  std::size_t skipped = 0;  // malformed lines
  // IoOpenFailed/IoReadFailed errors, and one IoReadFailed warning per skipped line (line number
  // set; at most kMaxLineDiagnostics, so a garbage file cannot flood a log).
  core::Diagnostics diagnostics;
  static constexpr std::size_t kMaxLineDiagnostics = 20;
};

/// The file content for `ratings`.
std::string formatRatings(const Ratings& ratings);
/// Parses file content into `into`, replacing it only when the header is right.
RatingsLoadReport parseRatings(std::string_view text, Ratings& into);

/// Reads a ratings file into `into`; on any failure `into` is left unchanged.
RatingsLoadReport loadRatings(const std::filesystem::path& path, Ratings& into);
/// Writes atomically (creating the folder); false with an IoWriteFailed diagnostic on failure,
/// and then the previous file, if any, is untouched.
bool saveRatings(const Ratings& ratings, const std::filesystem::path& path,
                 core::Diagnostics* diagnostics = nullptr);

/// Reads one environment variable; nothing when unset. Injected so tests need not touch the
/// process environment.
using EnvironmentLookup = std::function<std::optional<std::string>(const char* name)>;

/// $XDG_DATA_HOME/phosphene/ratings.txt, else $HOME/.local/share/phosphene/ratings.txt (the XDG
/// base directory rules: an empty or relative XDG_DATA_HOME is ignored). Nothing when neither
/// variable gives an absolute folder.
std::optional<std::filesystem::path> defaultRatingsPath(const EnvironmentLookup& env);
/// The same with the process environment.
std::optional<std::filesystem::path> defaultRatingsPath();

}  // namespace phosphene::playlist
