#pragma once
// PresetFilter: an ordered list of include/exclude glob rules deciding which presets a playlist
// takes, with projectM 4's rule semantics (src/playlist/api/projectM-4/playlist_filter.h):
//   "+glob"  includes paths the glob matches
//   "-glob"  excludes them
//   "glob"   (any other first character) is an exclude rule with the whole line as the glob; to
//            match a literal leading '+' or '-', write the prefix explicitly ("-+x.milk")
// The first rule whose glob matches decides; when none matches the preset is included, so a
// whitelist ends with "-/**". Rules are kept verbatim (no trimming: names may have spaces). An
// empty rule, or a bare "+"/"-", matches nothing. Glob syntax and case handling: Glob.hpp.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "playlist/Glob.hpp"

namespace phosphene::playlist {

class PresetFilter {
 public:
  PresetFilter() = default;
  explicit PresetFilter(const std::vector<std::string>& rules,
                        CaseSensitivity cs = CaseSensitivity::Insensitive);

  void addRule(std::string_view rule);
  /// The rules as given, in order.
  std::vector<std::string> rules() const;
  bool empty() const { return rules_.empty(); }
  CaseSensitivity caseSensitivity() const { return case_; }
  void setCaseSensitivity(CaseSensitivity cs) { case_ = cs; }

  /// Whether a preset at this path (any separators) is accepted.
  bool accepts(std::string_view path) const;
  bool acceptsPath(const std::filesystem::path& path) const {
    return accepts(path.generic_string());
  }

 private:
  struct Rule {
    std::string text;
    bool include;
    Glob glob;
  };
  std::vector<Rule> rules_;
  CaseSensitivity case_ = CaseSensitivity::Insensitive;
};

}  // namespace phosphene::playlist
