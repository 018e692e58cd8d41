// Arbitrary bytes as a milk_img.ini: parsing never crashes or hangs, every diagnostic names a
// line of the input, every sprite read is filed under its number with lines of the input; the same
// bytes as one section's body parse too; and each sprite read launches into a SpriteSet and
// steps a few frames (its code compiled and run with a loop budget), whatever its code says.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "sprite/SpriteIni.hpp"
#include "sprite/SpriteSet.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_sprite: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace phosphene;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  int lines = 1;
  for (const char c : text) lines += c == '\n';

  const sprite::SpriteIni ini = sprite::parseSpriteIni(text);
  for (const auto& d : ini.diagnostics)
    if (d.line < 1 || d.line > lines) fail("diagnostic without a line of the input");
  for (const auto& [number, def] : ini.sprites) {
    if (number != def.number || number < 0) fail("sprite filed under another number");
    // Keys may come in any order in a section; each line read is one of the input's.
    for (const milk::CodeBlock* block : {&def.init, &def.code})
      for (const auto& line : block->lines)
        if (line.sourceLine < 1 || line.sourceLine > lines) fail("code line outside the input");
  }
  (void)sprite::parseSpriteBody(text);

  eel::Globals globals;
  sprite::SpriteSet set(globals);
  set.setIterationBudget(4000);  // as fuzz_eel: loops may be anything, runs must stay short
  std::vector<sprite::SpriteDraw> draws;
  std::vector<sprite::SpriteId> ended;
  int launched = 0;
  for (const auto& [number, def] : ini.sprites) {
    if (++launched > 4) break;  // keeps one input fast; the set's own limits are unit-tested
    (void)set.launch(def, {1, 16, 8}, 0.0, 0);
  }
  sprite::SpriteFrameInputs in;
  in.viewWidth = 64;
  in.viewHeight = 48;
  for (int frame = 0; frame < 3; ++frame) {
    in.frame = static_cast<std::uint64_t>(frame);
    set.step(in, draws, ended);
    if (draws.size() > static_cast<std::size_t>(set.maxSprites())) fail("more draws than slots");
  }
  return 0;
}
