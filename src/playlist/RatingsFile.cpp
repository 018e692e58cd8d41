#include "playlist/RatingsFile.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>

#include "playlist/AtomicFile.hpp"

namespace phosphene::playlist {
namespace {

namespace fs = std::filesystem;

// A ratings file for even a huge collection is a few MiB; anything far bigger is not ours.
constexpr std::uintmax_t kMaxFileBytes = 64u << 20;

std::string escapeKey(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::optional<std::string> unescapeKey(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\t') return std::nullopt;  // a raw tab means a field too many
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case '\\':
        out += '\\';
        break;
      case 't':
        out += '\t';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      default:
        return std::nullopt;
    }
  }
  return out;
}

struct ParsedLine {
  std::string key;
  Ratings::Entry entry;
};

std::optional<ParsedLine> parseLine(std::string_view line) {
  // "<digit>\t<0|1>\t<key>": fixed-width fields, so no number parsing that could overflow.
  if (line.size() < 5 || line[1] != '\t' || line[3] != '\t') return std::nullopt;
  if (line[0] < '0' || line[0] > '0' + Ratings::kMaxRating) return std::nullopt;
  if (line[2] != '0' && line[2] != '1') return std::nullopt;
  auto key = unescapeKey(line.substr(4));
  if (!key || key->empty()) return std::nullopt;
  return ParsedLine{std::move(*key), Ratings::Entry{line[0] - '0', line[2] == '1'}};
}

}  // namespace

std::string formatRatings(const Ratings& ratings) {
  std::string out(kRatingsHeader);
  out += '\n';
  for (const auto& [key, entry] : ratings.entries()) {
    out += static_cast<char>('0' + entry.rating);
    out += '\t';
    out += entry.favourite ? '1' : '0';
    out += '\t';
    out += escapeKey(key);
    out += '\n';
  }
  return out;
}

RatingsLoadReport parseRatings(std::string_view text, Ratings& into) {
  RatingsLoadReport report;
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  Ratings parsed;
  std::size_t lineNumber = 0;
  while (!text.empty() || lineNumber == 0) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++lineNumber;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (lineNumber == 1) {
      if (line != kRatingsHeader) {
        report.diagnostics.push_back(
            core::makeDiagnostic(core::DiagnosticId::IoReadFailed,
                                 "not a Phosphene ratings file: the first line is not \"" +
                                     std::string(kRatingsHeader) + "\"",
                                 "ratings", 1));
        return report;
      }
      continue;
    }
    if (line.empty() || line.front() == '#') continue;
    if (auto parsedLine = parseLine(line)) {
      parsed.setRating(parsedLine->key, parsedLine->entry.rating);
      parsed.setFavourite(parsedLine->key, parsedLine->entry.favourite);
      continue;
    }
    ++report.skipped;
    if (report.skipped <= RatingsLoadReport::kMaxLineDiagnostics) {
      auto d =
          core::makeDiagnostic(core::DiagnosticId::IoReadFailed, "malformed ratings line skipped",
                               "ratings", static_cast<int>(lineNumber));
      d.severity = core::Severity::Warning;
      report.diagnostics.push_back(std::move(d));
    }
  }
  report.loaded = parsed.size();
  report.ok = true;
  into = std::move(parsed);
  return report;
}

RatingsLoadReport loadRatings(const fs::path& path, Ratings& into) {
  RatingsLoadReport report;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (!fs::exists(status)) {
    report.missing = true;
    report.diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::IoOpenFailed,
                                                      "no ratings file at " + path.string()));
    return report;
  }
  const auto bytes = fs::is_regular_file(status) ? fs::file_size(path, ec) : 0;
  if (!fs::is_regular_file(status) || ec || bytes > kMaxFileBytes) {
    report.diagnostics.push_back(core::makeDiagnostic(
        core::DiagnosticId::IoReadFailed,
        path.string() + " is not a ratings file (not a regular file, or too large)"));
    return report;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open()) {
    report.diagnostics.push_back(
        core::makeDiagnostic(core::DiagnosticId::IoOpenFailed, "cannot open " + path.string()));
    return report;
  }
  std::string content(static_cast<std::size_t>(bytes), '\0');
  in.read(content.data(), static_cast<std::streamsize>(content.size()));
  if (in.bad()) {
    report.diagnostics.push_back(
        core::makeDiagnostic(core::DiagnosticId::IoReadFailed, "cannot read " + path.string()));
    return report;
  }
  // The file may have shrunk since file_size(); parse what was actually read.
  content.resize(static_cast<std::size_t>(in.gcount()));
  return parseRatings(content, into);
}

bool saveRatings(const Ratings& ratings, const fs::path& path, core::Diagnostics* diagnostics) {
  return writeFileAtomically(path, formatRatings(ratings), diagnostics);
}

std::optional<fs::path> defaultRatingsPath(const EnvironmentLookup& env) {
  const auto absolute = [&](const char* name) -> std::optional<fs::path> {
    auto value = env(name);
    if (!value || value->empty()) return std::nullopt;
    fs::path folder(*value);
    if (!folder.is_absolute()) return std::nullopt;
    return folder;
  };
  if (auto data = absolute("XDG_DATA_HOME")) return *data / "phosphene" / "ratings.txt";
  if (auto home = absolute("HOME")) {
    return *home / ".local" / "share" / "phosphene" / "ratings.txt";
  }
  return std::nullopt;
}

std::optional<fs::path> defaultRatingsPath() {
  return defaultRatingsPath([](const char* name) -> std::optional<std::string> {
    const char* value = std::getenv(name);  // NOLINT(concurrency-mt-unsafe): read once, at startup
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  });
}

}  // namespace phosphene::playlist
