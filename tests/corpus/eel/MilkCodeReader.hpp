#pragma once
// A small, self-contained reader of the equation blocks of a .milk file, for the EEL corpus test
// and benchmark (the real preset reader belongs to src/milk). Rules of spec/milkdrop-presets.md
// §1.3: numbered keys read from 1 up to the first missing number, the first occurrence of a key
// wins, a leading back-quote is dropped, `//` or `\\` start a comment to the end of the line,
// and the lines are joined with no separator.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace phosphene::testing {

struct CodeBlock {
  std::string name;  // "per_frame", "per_pixel", "wave_2_per_point", ...
  std::string code;
  int lines = 0;
};

inline std::string lowerAscii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::string trimmed(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

/// key (lower case) -> value, first occurrence wins.
inline std::map<std::string, std::string> readMilkKeys(const std::string& path) {
  std::map<std::string, std::string> keys;
  std::ifstream in(path, std::ios::binary);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string key = lowerAscii(trimmed(line.substr(0, eq)));
    if (key.empty() || key[0] == '[') continue;
    keys.emplace(std::move(key), trimmed(line.substr(eq + 1)));
  }
  return keys;
}

inline std::string stripCodeLine(std::string v) {
  if (!v.empty() && v[0] == '`') v.erase(0, 1);
  const auto a = v.find("//");
  const auto b = v.find("\\\\");
  const auto cut = std::min(a, b);
  if (cut != std::string::npos) v.erase(cut);
  return v;
}

/// Joins `<prefix>1`, `<prefix>2`, ... (also accepting `<prefix>_1`, which some writers use).
inline CodeBlock joinBlock(const std::map<std::string, std::string>& keys, const std::string& name,
                           const std::string& prefix) {
  CodeBlock block{name, {}, 0};
  for (int n = 1;; ++n) {
    auto it = keys.find(prefix + std::to_string(n));
    if (it == keys.end()) it = keys.find(prefix + "_" + std::to_string(n));
    if (it == keys.end()) break;
    block.code += stripCodeLine(it->second);
    ++block.lines;
  }
  return block;
}

/// Every non-empty equation block of a preset file.
inline std::vector<CodeBlock> readCodeBlocks(const std::string& path) {
  const auto keys = readMilkKeys(path);
  std::vector<CodeBlock> blocks;
  auto add = [&](const std::string& name, const std::string& prefix) {
    CodeBlock b = joinBlock(keys, name, prefix);
    if (b.lines > 0) blocks.push_back(std::move(b));
  };
  add("per_frame_init", "per_frame_init_");
  add("per_frame", "per_frame_");
  add("per_pixel", "per_pixel_");
  for (int k = 0; k < 4; ++k) {
    const std::string w = "wave_" + std::to_string(k) + "_";
    add(w + "init", w + "init");
    add(w + "per_frame", w + "per_frame");
    add(w + "per_point", w + "per_point");
    const std::string s = "shape_" + std::to_string(k) + "_";
    add(s + "init", s + "init");
    add(s + "per_frame", s + "per_frame");
  }
  return blocks;
}

}  // namespace phosphene::testing
