#pragma once
// MilkDrop 2's way of finding `key=value` lines (vis_milk2/state.cpp `_GetLineByName`),
// reproduced byte for byte because it decides what a messy file means:
//  * The key is the text from a line's start up to the first '=', ' ', CR or LF; only a key that
//    ends in '=' or ' ' is recorded, and the rest of the line is its value. Keys are compared
//    case-sensitively; MD2 keeps at most 124 characters of a key and a NUL byte ends it.
//  * While indexing, MD2 skips a value with fgets() into a 252-byte buffer: a line whose value
//    is longer than 251 bytes goes on as a new "line" whose first word can become a key.
//    Only LF ends an fgets() read, so a lone CR does not end a line that has a key.
//  * MD2 reads characters into a signed `char` and compares them with EOF, so byte 0xFF ends
//    the index (where a key is expected) or a value.
//  * Lookups go through a cursor: MD2 first tries the entry right after the last one it found,
//    then the first entry with that key from the top. For duplicate keys this usually means the
//    first occurrence wins, but an occurrence right after the previously read key wins instead.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace phosphene::milk {

struct KeyEntry {
  std::string key;
  std::size_t valueOffset = 0;  // byte offset of the value's first character
  int line = 0;                 // 1-based physical line (LF, CRLF or lone CR end a line)
  bool continuation = false;    // starts inside a line longer than MD2's 251-byte read
  bool used = false;            // a lookup returned this entry
};

/// A line with no key MD2 would record (no '=' or space before its end), e.g. `[preset00]`.
struct BareLine {
  std::string_view text;
  int line = 0;
};

struct KeyValue {
  std::string value;
  const KeyEntry* entry = nullptr;
  bool truncated = false;  // cut at the lookup's length limit
  bool hadNul = false;     // cut at a NUL byte
  bool endedAtFF = false;  // cut at a 0xFF byte
};

class KeyIndex {
 public:
  /// Characters MD2 returns for a number (GetFastInt/Float: 255-byte buffer) and for a code line
  /// (GetFastString with MAX_BIGSTRING_LEN = 32768).
  static constexpr std::size_t kNumberChars = 252;
  static constexpr std::size_t kCodeLineChars = 32764;

  /// Indexes `bytes`, which must outlive the index.
  explicit KeyIndex(std::string_view bytes);

  /// MD2's lookup with its cursor; marks the entry used.
  std::optional<KeyValue> lookup(std::string_view key, std::size_t maxChars);

  const std::vector<KeyEntry>& entries() const { return entries_; }
  const std::vector<BareLine>& bareLines() const { return bare_; }
  /// Line of a 0xFF byte that ended the index early, or 0.
  int stoppedAtLine() const { return stoppedAtLine_; }
  /// Lines of NUL bytes inside recorded keys.
  const std::vector<int>& nulKeyLines() const { return nulKeyLines_; }
  int lineOf(std::size_t offset) const;

 private:
  void scan();

  std::string_view bytes_;
  std::vector<std::size_t> lineStarts_;
  std::vector<KeyEntry> entries_;
  std::vector<BareLine> bare_;
  std::vector<int> nulKeyLines_;
  std::unordered_map<std::string_view, std::size_t> first_;
  std::size_t cursor_ = 0;
  int stoppedAtLine_ = 0;
};

}  // namespace phosphene::milk
