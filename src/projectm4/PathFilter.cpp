#include "PathFilter.hpp"

namespace phosphene::projectm4 {
namespace {

// Both separators mean the same, in globs and in paths (presets come from Windows).
bool is_separator(char c) {
  return c == '/' || c == '\\';
}

// Backtracking match of a glob against text; both are short (a path), so no memo is needed.
bool match(const char* glob, const char* text) {
  while (*glob != '\0') {
    if (glob[0] == '*' && glob[1] == '*') {
      const char* rest = glob + 2;
      if (*rest == '\0') return true;  // "/**" at the end: everything below
      if (is_separator(*rest)) {
        // "**/": zero or more whole folders.
        ++rest;
        for (const char* at = text;; ++at) {
          if ((at == text || is_separator(at[-1])) && match(rest, at)) return true;
          if (*at == '\0') return false;
        }
      }
      ++glob;  // "**" inside a name is a plain "*"
      continue;
    }
    if (*glob == '*') {
      ++glob;
      for (const char* at = text;; ++at) {
        if (match(glob, at)) return true;
        if (*at == '\0' || is_separator(*at)) return false;  // "*" stays within one name
      }
    }
    if (*text == '\0') return false;
    if (*glob == '?') {
      if (is_separator(*text)) return false;
    } else if (is_separator(*glob)) {
      if (!is_separator(*text)) return false;
    } else if (*glob != *text) {
      return false;
    }
    ++glob;
    ++text;
  }
  return *text == '\0';
}

}  // namespace

bool PathFilter::glob_matches(const std::string& glob, const std::string& path) {
  if (glob.empty() || path.empty()) return false;
  const char* pattern = glob.c_str();
  const char* text = path.c_str();
  if (is_separator(*pattern)) {
    // Anchored at the start of the path: "./" and leading separators of the path do not count.
    ++pattern;
    while (text[0] == '.' && is_separator(text[1])) text += 2;
    while (is_separator(*text)) ++text;
  } else if (glob.find_first_of("/\\") == std::string::npos) {
    // No separator in the glob: it is about the file name only.
    const auto last = path.find_last_of("/\\");
    if (last != std::string::npos) text += last + 1;
  }
  return match(pattern, text);
}

bool PathFilter::passes(const std::string& path) const {
  for (const auto& rule : rules_) {
    if (rule.empty()) continue;  // an empty rule never matches
    const bool has_prefix = rule[0] == '+' || rule[0] == '-';
    if (glob_matches(has_prefix ? rule.substr(1) : rule, path)) return rule[0] == '+';
  }
  return true;
}

}  // namespace phosphene::projectm4
