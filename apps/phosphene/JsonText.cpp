#include "JsonText.hpp"

#include <cstdio>

#include "core/Utf8.hpp"

namespace phosphene::cli {

void appendJsonString(std::string& out, std::string_view s) {
  out.push_back('"');
  for (std::size_t i = 0; i < s.size();) {
    const core::Utf8Sequence sequence = core::decodeUtf8At(s, i);
    const char32_t c = sequence.codePoint;
    if (!sequence.valid) {
      out += "\\ufffd";
    } else if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(s.substr(i, sequence.length));
    }
    i += sequence.length;
  }
  out.push_back('"');
}

}  // namespace phosphene::cli
