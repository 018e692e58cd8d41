#include "playlist/Glob.hpp"

#include "core/Utf8.hpp"
#include "playlist/AsciiText.hpp"

namespace phosphene::playlist {
namespace {

bool isSeparator(char c) {
  return c == '/' || c == '\\';
}

// Length of the UTF-8 code point starting at text[i]; an invalid sequence counts as one byte so
// garbage names still match byte by byte instead of failing.
std::size_t unitLength(std::string_view text, std::size_t i) {
  const core::Utf8Sequence sequence = core::decodeUtf8At(text, i);
  return sequence.valid ? sequence.length : 1;
}

// Splits a path into code points with every separator as "/"; leading "./" and '/' are dropped so
// "./a.milk", "/a.milk" and "a.milk" look alike to an anchored pattern.
std::vector<std::string_view> pathUnits(std::string_view path) {
  static constexpr std::string_view kSlash = "/";
  for (;;) {
    if (!path.empty() && isSeparator(path.front())) {
      path.remove_prefix(1);
    } else if (path.size() >= 2 && path[0] == '.' && isSeparator(path[1])) {
      path.remove_prefix(2);
    } else {
      break;
    }
  }
  std::vector<std::string_view> units;
  units.reserve(path.size());
  for (std::size_t i = 0; i < path.size();) {
    const std::size_t len = unitLength(path, i);
    units.push_back(isSeparator(path[i]) ? kSlash : path.substr(i, len));
    i += len;
  }
  return units;
}

bool unitsEqual(std::string_view a, std::string_view b, CaseSensitivity cs) {
  if (cs == CaseSensitivity::Insensitive && a.size() == 1 && b.size() == 1) {
    return asciiLower(a[0]) == asciiLower(b[0]);
  }
  return a == b;
}

}  // namespace

Glob::Glob(std::string_view pattern) : pattern_(pattern) {
  std::string p(pattern);
  for (char& c : p) {
    if (c == '\\') c = '/';
  }
  if (p.empty()) return;
  empty_ = false;
  const bool anchored = p.front() == '/';
  while (!p.empty() && p.front() == '/') p.erase(p.begin());
  if (!p.empty() && p.back() == '/') p += "**";
  if (anchored) {
    scope_ = Scope::Anchored;
  } else if (p.find('/') != std::string::npos) {
    scope_ = Scope::Floating;
    tokens_.push_back({Kind::DirStar, {}});
  } else {
    scope_ = Scope::FileName;
  }

  std::string_view rest = p;
  while (!rest.empty()) {
    if (rest.front() == '*') {
      std::size_t stars = 0;
      while (stars < rest.size() && rest[stars] == '*') ++stars;
      rest.remove_prefix(stars);
      if (stars == 1) {
        tokens_.push_back({Kind::Star, {}});
      } else if (!rest.empty() && rest.front() == '/') {
        rest.remove_prefix(1);
        tokens_.push_back({Kind::DirStar, {}});
      } else {
        tokens_.push_back({Kind::AnyStar, {}});
      }
    } else if (rest.front() == '?') {
      rest.remove_prefix(1);
      tokens_.push_back({Kind::AnyChar, {}});
    } else {
      const std::size_t len = unitLength(rest, 0);
      tokens_.push_back({Kind::Literal, std::string(rest.substr(0, len))});
      rest.remove_prefix(len);
    }
  }
}

bool Glob::matches(std::string_view path, CaseSensitivity cs) const {
  if (empty_ || path.empty()) return false;
  std::vector<std::string_view> units = pathUnits(path);
  if (scope_ == Scope::FileName) {
    std::size_t start = units.size();
    while (start > 0 && units[start - 1] != "/") --start;
    units.erase(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(start));
  }
  return matchUnits(units, cs);
}

// Bottom-up dynamic programming: next[s] says whether tokens t+1.. match units s..; row for token t
// is built from it right to left. Two rows of (units + 1) flags keep memory linear.
bool Glob::matchUnits(const std::vector<std::string_view>& units, CaseSensitivity cs) const {
  const std::size_t n = units.size();
  std::vector<char> next(n + 1, 0);
  std::vector<char> row(n + 1, 0);
  next[n] = 1;  // no tokens left matches the empty rest only
  for (std::size_t t = tokens_.size(); t-- > 0;) {
    const Token& token = tokens_[t];
    row[n] = (token.kind == Kind::Literal || token.kind == Kind::AnyChar) ? 0 : next[n];
    // For DirStar: whether some '/' at or after s ends a directory run that the rest matches.
    bool dirTail = false;
    for (std::size_t s = n; s-- > 0;) {
      const bool slash = units[s] == "/";
      switch (token.kind) {
        case Kind::Literal:
          row[s] = static_cast<char>(next[s + 1] && unitsEqual(token.unit, units[s], cs));
          break;
        case Kind::AnyChar:
          row[s] = static_cast<char>(next[s + 1] && !slash);
          break;
        case Kind::Star:
          row[s] = static_cast<char>(next[s] || (!slash && row[s + 1]));
          break;
        case Kind::AnyStar:
          row[s] = static_cast<char>(next[s] || row[s + 1]);
          break;
        case Kind::DirStar:
          if (slash && next[s + 1]) dirTail = true;
          row[s] = static_cast<char>(next[s] || dirTail);
          break;
      }
    }
    std::swap(row, next);
  }
  return next[0] != 0;
}

}  // namespace phosphene::playlist
