#include "milk/KeyIndex.hpp"

#include <algorithm>

namespace phosphene::milk {
namespace {

// MD2 reads the key into a 128-byte buffer, stores at most 125 bytes and then overwrites the last
// stored one with the terminating NUL.
constexpr std::size_t kMaxKeyChars = 124;
// The first lookup (always MILKDROP_PRESET_VERSION, a GetFastInt with a 255-byte buffer) builds
// the index, skipping each value with fgets(buf, 255 - 3): at most 251 bytes per read.
constexpr std::size_t kFgetsBytes = 251;
constexpr unsigned char kSignedEof = 0xFF;

}  // namespace

KeyIndex::KeyIndex(std::string_view bytes) : bytes_(bytes) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < bytes_.size(); ++i) {
    const char c = bytes_[i];
    if (c == '\n' || (c == '\r' && (i + 1 >= bytes_.size() || bytes_[i + 1] != '\n')))
      lineStarts_.push_back(i + 1);
  }
  scan();
  first_.reserve(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) first_.emplace(entries_[i].key, i);
}

int KeyIndex::lineOf(std::size_t offset) const {
  const auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<int>(it - lineStarts_.begin());
}

void KeyIndex::scan() {
  const std::size_t n = bytes_.size();
  const auto byteAt = [&](std::size_t i) { return static_cast<unsigned char>(bytes_[i]); };
  std::size_t pos = 0;
  while (true) {
    const std::size_t start = pos;
    unsigned char c = 0;
    bool eof = false;
    while (true) {
      if (pos >= n) {
        eof = true;
        break;
      }
      c = byteAt(pos++);
      if (c == kSignedEof) {
        stoppedAtLine_ = lineOf(pos - 1);
        eof = true;
        break;
      }
      if (c == '\r' || c == '\n' || c == ' ' || c == '=') break;
    }
    const bool continuation = start > 0 && bytes_[start - 1] != '\n' && bytes_[start - 1] != '\r';
    if (eof) {
      if (pos > start && stoppedAtLine_ == 0)
        bare_.push_back({bytes_.substr(start), lineOf(start)});
      return;
    }
    if (c == '=' || c == ' ') {
      std::string_view key = bytes_.substr(start, pos - 1 - start);
      if (key.size() > kMaxKeyChars) key = key.substr(0, kMaxKeyChars);
      if (const auto nul = key.find('\0'); nul != std::string_view::npos) {
        key = key.substr(0, nul);
        nulKeyLines_.push_back(lineOf(start));
      }
      KeyEntry e;
      e.key = std::string(key);
      e.valueOffset = pos;
      e.line = lineOf(start);
      e.continuation = continuation;
      entries_.push_back(std::move(e));
      // fgets: up to kFgetsBytes bytes, through the first LF.
      for (std::size_t k = 0; k < kFgetsBytes && pos < n; ++k)
        if (bytes_[pos++] == '\n') break;
    } else if (pos - 1 > start && !continuation) {
      bare_.push_back({bytes_.substr(start, pos - 1 - start), lineOf(start)});
    }
    // Eat the line break(s); MD2 treats any run of CR/LF as one separator.
    while (true) {
      if (pos >= n) return;
      c = byteAt(pos++);
      if (c == kSignedEof) {
        stoppedAtLine_ = lineOf(pos - 1);
        return;
      }
      if (c != '\r' && c != '\n') {
        --pos;
        break;
      }
    }
  }
}

std::optional<KeyValue> KeyIndex::lookup(std::string_view key, std::size_t maxChars) {
  std::size_t index = cursor_;
  if (index >= entries_.size() || entries_[index].key != key) {
    const auto it = first_.find(key);
    if (it == first_.end()) return std::nullopt;
    index = it->second;
  }
  cursor_ = index + 1;
  KeyEntry& entry = entries_[index];
  entry.used = true;

  KeyValue out;
  out.entry = &entry;
  std::size_t p = entry.valueOffset;
  const std::size_t n = bytes_.size();
  const std::size_t begin = p;
  while (p - begin < maxChars && p < n) {
    const char c = bytes_[p];
    if (c == '\r' || c == '\n' || static_cast<unsigned char>(c) == kSignedEof) break;
    ++p;
  }
  std::string_view value = bytes_.substr(begin, p - begin);
  if (p < n) {
    const char c = bytes_[p];
    if (static_cast<unsigned char>(c) == kSignedEof)
      out.endedAtFF = true;
    else if (c != '\r' && c != '\n')
      out.truncated = true;
  }
  if (const auto nul = value.find('\0'); nul != std::string_view::npos) {
    value = value.substr(0, nul);
    out.hadNul = true;
    out.truncated = false;
  }
  out.value = std::string(value);
  return out;
}

}  // namespace phosphene::milk
