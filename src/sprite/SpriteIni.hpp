#pragma once
// Reading MilkDrop 2's sprite file, milk_img.ini (vis_milk2/plugin.cpp LaunchSprite): one INI
// section per sprite, `[img00]` .. `[img99]` (the name is "img" + the number printed with %02d,
// so `[img5]` is never found and `[img100]` is sprite 100), holding
//   img=       the image file (relative paths are relative to the ini's folder here; MD2 prepends
//              its plugin folder to any path without a drive letter)
//   colorkey=  the colour made transparent (0xRRGGBB; `colorkey_lo` is read first, for old files)
//   init_1..N  code run once when the sprite is launched
//   code_1..N  code run every frame
// Reading stops at the first missing number, as for preset code. Nothing here throws: a bad line
// is a diagnostic with its line number and is skipped.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "core/Diagnostic.hpp"
#include "core/Expected.hpp"
#include "milk/Preset.hpp"

namespace phosphene::sprite {

/// One `[imgNN]` section.
struct SpriteDefinition {
  int number = -1;             // NN; -1 for a definition made from code text alone
  std::string image;           // the `img=` value as written
  std::uint32_t colorKey = 0;  // 0xRRGGBB
  milk::CodeBlock init;        // init_1..N, with their ini line numbers
  milk::CodeBlock code;        // code_1..N
  int line = 0;                // the section header's line (0: none)
};

/// A whole milk_img.ini.
struct SpriteIni {
  std::map<int, SpriteDefinition> sprites;  // by number
  core::Diagnostics diagnostics;            // warnings about lines that were skipped
  const SpriteDefinition* find(int number) const;
};

/// Largest file read (bytes): far above any real milk_img.ini (MD2's own is about 20 KiB).
inline constexpr std::size_t kMaxSpriteIniBytes = 4u << 20;

/// Parses the text of a milk_img.ini. Never fails: what cannot be read is reported and skipped.
SpriteIni parseSpriteIni(std::string_view text);

/// The body of one section without its header (`img=`, `colorkey=`, `init_N=`, `code_N=` lines):
/// what projectM 4.2 calls a sprite of type "milkdrop". An error (SPR002) when it has no `img=`.
core::Expected<SpriteDefinition> parseSpriteBody(std::string_view text);

/// Windows' GetPrivateProfileInt reading of a value (MD2 reads colorkey with it): optional
/// sign, decimal or 0x hexadecimal digits up to the first other character; no digits is 0.
std::uint32_t parseIniInt(std::string_view value);

}  // namespace phosphene::sprite
