#include "milk/CodeText.hpp"

#include <algorithm>

namespace phosphene::milk {
namespace {

constexpr char kSeparator = '\x01';  // MD2's LINEFEED_CONTROL_CHAR (md_defines.h)

// True when MD2's quick fix would blank the block: nothing but spaces and separators.
bool onlySpacesAndSeparators(const CodeBlock& block) {
  for (const auto& l : block.lines)
    for (char c : l.text)
      if (c != ' ' && c != kSeparator) return false;
  return true;
}

}  // namespace

SourcePos JoinedCode::locate(std::size_t offset) const {
  if (segments.empty()) return {};
  auto it = std::upper_bound(segments.begin(), segments.end(), offset,
                             [](std::size_t o, const Segment& s) { return o < s.offset; });
  if (it != segments.begin()) --it;
  const std::size_t into = offset >= it->offset ? offset - it->offset : 0;
  return {it->fileLine, it->column + static_cast<int>(into), it->blockLine};
}

JoinedCode joinEquations(const CodeBlock& block) {
  JoinedCode out;
  if (onlySpacesAndSeparators(block)) return out;
  bool comment = false;
  for (std::size_t li = 0; li < block.lines.size(); ++li) {
    const CodeLine& line = block.lines[li];
    const std::string& t = line.text;
    bool inRun = false;
    for (std::size_t i = 0; i <= t.size(); ++i) {
      // The separator after the line is position t.size(); the next character MD2 peeks at is
      // the first of the next line's text (or the terminating NUL), which can never complete a
      // "//" with a separator, so looking only within the line is exact.
      const char c = i < t.size() ? t[i] : kSeparator;
      if (comment) {
        if (c == kSeparator) comment = false;
        inRun = false;
        continue;
      }
      const char next = i + 1 < t.size() ? t[i + 1] : kSeparator;
      if ((c == '\\' && next == '\\') || (c == '/' && next == '/')) {
        comment = true;
        inRun = false;
        continue;
      }
      if (c == kSeparator) {
        inRun = false;
        continue;
      }
      if (!inRun) {
        out.segments.push_back(
            {out.text.size(), static_cast<int>(li) + 1, line.sourceLine, static_cast<int>(i) + 1});
        inRun = true;
      }
      out.text.push_back(c);
    }
  }
  return out;
}

JoinedCode joinShader(const CodeBlock& block) {
  JoinedCode out;
  for (std::size_t li = 0; li < block.lines.size(); ++li) {
    const CodeLine& line = block.lines[li];
    const int blockLine = static_cast<int>(li) + 1;
    out.segments.push_back({out.text.size(), blockLine, line.sourceLine, 1});
    for (std::size_t i = 0; i < line.text.size(); ++i) {
      const char c = line.text[i];
      if (c == kSeparator) {
        out.text.push_back('\n');
        out.segments.push_back(
            {out.text.size(), blockLine, line.sourceLine, static_cast<int>(i) + 2});
      } else {
        out.text.push_back(c);
      }
    }
    out.text.push_back('\n');
  }
  return out;
}

std::string shaderWithoutComments(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      out.push_back('\n');
    } else if (s.compare(i, 2, "/*") == 0) {
      const std::size_t end = s.find("*/", i + 2);
      if (end == std::string::npos) break;
      out.push_back(' ');
      i = end + 1;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace phosphene::milk
