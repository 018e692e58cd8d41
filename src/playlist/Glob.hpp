#pragma once
// One gitignore-style glob, compiled once and matched against preset paths.
//
// Syntax (the facts follow projectM 4's playlist filter, src/playlist/api/projectM-4/
// playlist_filter.h; where we differ it is said so):
//   ?      one character (one UTF-8 code point) other than '/'
//   *      zero or more characters other than '/'
//   **/    zero or more whole directories ("a/**/b" matches "a/b" and "a/x/y/b")
//   **     anywhere else: zero or more characters including '/' ("a**b" matches "a/x/b")
//   /      a leading '/' anchors the pattern at the start of the path
//   \      is a path separator, like '/', in patterns and paths (MilkDrop packs come from Windows);
//          there is no escape character and no [character class], as in projectM
// Where the pattern is matched:
//   - no '/' in the pattern (after dropping a trailing one): the file name only ("*.milk")
//   - a leading '/': the whole path, from its start ("/home/u/presets/**")
//   - a '/' elsewhere: any tail of the path that starts at a directory boundary, as if the
//     pattern began with "**/" ("classic/*.milk" matches "/home/u/classic/a.milk"). projectM
//     anchors such patterns at the path start instead, which never matches the absolute paths a
//     player sees.
//   - a trailing '/' means "everything under that folder" ("old/" == "old/**"); gitignore's
//     "directories only" has no other meaning here because only files are matched.
// Leading "./" and '/' are ignored in the path. An empty pattern never matches (as in projectM).
// Matching is linear in pattern × path length (dynamic programming, no backtracking blow-up).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace phosphene::playlist {

enum class CaseSensitivity : std::uint8_t {
  // ASCII letters compare case-insensitively: collections from Windows mix "X.MILK" and "x.milk".
  // projectM compares bytes exactly; pick Sensitive for that behaviour.
  Insensitive,
  Sensitive,
};

class Glob {
 public:
  /// Compiles any string; there are no syntax errors, only patterns that match nothing.
  explicit Glob(std::string_view pattern);

  bool matches(std::string_view path, CaseSensitivity cs = CaseSensitivity::Insensitive) const;
  const std::string& pattern() const { return pattern_; }

 private:
  enum class Kind : std::uint8_t { Literal, AnyChar, Star, AnyStar, DirStar };
  struct Token {
    Kind kind;
    std::string unit;  // one UTF-8 code point, for Literal
  };
  enum class Scope : std::uint8_t { FileName, Anchored, Floating };

  bool matchUnits(const std::vector<std::string_view>& units, CaseSensitivity cs) const;

  std::string pattern_;
  std::vector<Token> tokens_;
  Scope scope_ = Scope::FileName;
  bool empty_ = true;
};

}  // namespace phosphene::playlist
