#pragma once
// milk_msg.ini as MilkDrop 2 reads it (plugin.cpp ReadCustomMessages): 16 template fonts in
// [font00]..[font15] and 100 messages in [message00]..[message99], each read through the Win32
// private-profile calls (GetPrivateProfileString/Int and MD2's GetPrivateProfileFloat). The
// defaults below are MD2's. Bad lines never stop the reading: they come back as MSG diagnostics
// with their line numbers, and the value MD2 would have used is kept.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/Diagnostic.hpp"

namespace phosphene::message {

inline constexpr int kMaxFonts = 16;      // md_defines.h MAX_CUSTOM_MESSAGE_FONTS
inline constexpr int kMaxMessages = 100;  // md_defines.h MAX_CUSTOM_MESSAGES
/// MD2 keeps text in wchar_t[256] and faces in wchar_t[128]: at most 255 / 127 characters.
inline constexpr std::size_t kMaxTextChars = 255;
inline constexpr std::size_t kMaxFaceChars = 127;

/// A template font (td_custom_msg_font).
struct MessageFont {
  std::string face = "arial";
  bool bold = false;
  bool italic = false;
  int r = 255, g = 255, b = 255;  // 0..255
};

/// One message (td_custom_msg). Keys other than `text` are read only when text is not empty.
struct CustomMessage {
  std::string text;  // UTF-8; empty: no message in this slot
  int font = 0;
  float size = 50.0f;        // 0..100, relative to the window
  float x = 0.5f, y = 0.5f;  // 0..1, (0,0) upper left
  float randx = 0.0f, randy = 0.0f;
  float growth = 1.0f;  // size factor at the end of the message's life
  float time = 1.5f;    // seconds shown
  float fade = 0.2f;    // fraction of `time` spent fading in
  int randR = 0, randG = 0, randB = 0;
  // Overrides of the template font; unset: the font's value.
  std::optional<std::string> face;
  std::optional<bool> bold, italic;
  std::optional<int> r, g, b;
};

struct MessageSet {
  std::array<MessageFont, kMaxFonts> fonts;
  std::array<CustomMessage, kMaxMessages> messages;
  /// Whether message `n` exists (0..99, non-empty text).
  bool has(int n) const {
    return n >= 0 && n < kMaxMessages && !messages[static_cast<std::size_t>(n)].text.empty();
  }
  int count() const;
};

struct ParsedMessages {
  MessageSet set;
  core::Diagnostics diagnostics;  // section "milk_msg.ini", 1-based lines
};

/// Reads milk_msg.ini text (UTF-8 or Latin-1 bytes, any line ending). Never throws on input.
ParsedMessages parseMessageIni(std::string_view text);

}  // namespace phosphene::message
