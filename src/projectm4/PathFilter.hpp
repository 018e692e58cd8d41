#pragma once
// The playlist's filter rules, with projectM's documented meaning: gitignore-like globs, each
// optionally prefixed with "+" (keep) or "-" (drop, also the meaning of no prefix). The first rule
// that matches a file decides; a file no rule matches is kept. See playlist_filter.h.

#include <string>
#include <vector>

namespace phosphene::projectm4 {

class PathFilter {
 public:
  void set_rules(std::vector<std::string> rules) { rules_ = std::move(rules); }
  const std::vector<std::string>& rules() const { return rules_; }
  /// True when `path` is kept.
  bool passes(const std::string& path) const;

  /// One glob (without its +/- prefix) against a path.
  static bool glob_matches(const std::string& glob, const std::string& path);

 private:
  std::vector<std::string> rules_;
};

}  // namespace phosphene::projectm4
