#pragma once
// What MilkDrop's two ini readers (milk_img.ini for sprites, milk_msg.ini for messages) share:
// both go through Windows' GetPrivateProfileString, whose section and key names ignore ASCII case
// and which drops one pair of matching quotes around a value.

#include <string>
#include <string_view>

namespace phosphene::core {

/// `s` with A-Z turned into a-z; other bytes (UTF-8 included) unchanged.
std::string lowerAscii(std::string_view s);

/// A value without one pair of matching quotes ("..." or '...') around it, as
/// GetPrivateProfileString returns it.
std::string_view unquoteIniValue(std::string_view value);

}  // namespace phosphene::core
