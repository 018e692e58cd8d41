// The playlist's text inputs from arbitrary bytes: the ratings file a user (or a crash, or another
// program) left behind, and filter rules with their globs matched against paths. Never crashes or
// hangs; a ratings file that parses writes back to text that parses to the same ratings; a rule's
// verdict does not depend on the letter case of an ASCII path when matching is case-insensitive.
//
// Input layout: the first byte picks the part; the rest is the ratings file, or "rule\npath".

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "playlist/Glob.hpp"
#include "playlist/PresetFilter.hpp"
#include "playlist/Ratings.hpp"
#include "playlist/RatingsFile.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_playlist: %s\n", what);
  std::abort();
}

void ratingsFile(std::string_view text) {
  using namespace phosphene::playlist;
  Ratings ratings;
  const RatingsLoadReport report = parseRatings(text, ratings);
  if (report.diagnostics.size() > RatingsLoadReport::kMaxLineDiagnostics + 2)
    fail("more line diagnostics than the cap");
  if (!report.ok) return;
  for (const auto& [key, entry] : ratings.entries())
    if (entry.rating < 0 || entry.rating > Ratings::kMaxRating) fail("rating out of range");
  Ratings again;
  const std::string written = formatRatings(ratings);
  if (!parseRatings(written, again).ok) fail("written ratings do not parse");
  if (again.entries() != ratings.entries()) fail("ratings changed in a round trip");
}

void filterRule(std::string_view bytes) {
  using namespace phosphene::playlist;
  const std::size_t newline = bytes.find('\n');
  const std::string_view rule = bytes.substr(0, newline);
  const std::string_view path =
      newline == std::string_view::npos ? std::string_view() : bytes.substr(newline + 1);
  const Glob glob(rule);
  const bool matched = glob.matches(path);
  std::string upper(path);
  bool ascii = true;
  for (char& c : upper) {
    if (static_cast<unsigned char>(c) >= 0x80) ascii = false;
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (ascii && glob.matches(upper) != matched) fail("case-insensitive match depends on case");
  glob.matches(path, CaseSensitivity::Sensitive);
  PresetFilter filter;
  filter.addRule(std::string("+") + std::string(rule));
  filter.addRule("-*");
  filter.accepts(path);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 2 == 0)
    ratingsFile(rest);
  else
    filterRule(rest);
  return 0;
}
