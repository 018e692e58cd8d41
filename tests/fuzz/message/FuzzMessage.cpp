// Arbitrary bytes as milk_msg.ini -> parse -> launch every message -> lay out and build its mesh:
// never crashes or hangs, every diagnostic names the file and a line of it, every value read is
// within what MD2's buffers and Phosphene's guards allow, and the geometry is finite.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "message/MessageIni.hpp"
#include "message/Supertext.hpp"
#include "message/SupertextMesh.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_message: %s\n", what);
  std::abort();
}

std::size_t codePoints(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0u) != 0x80u) ++n;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace phosphene::message;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const ParsedMessages parsed = parseMessageIni(bytes);

  const auto lines = static_cast<int>(size) + 1;
  for (const auto& d : parsed.diagnostics) {
    if (d.section != "milk_msg.ini") fail("diagnostic outside section 'milk_msg.ini'");
    if (d.line < 1 || d.line > lines) fail("diagnostic line out of range");
  }
  for (const MessageFont& f : parsed.set.fonts)
    if (codePoints(f.face) > kMaxFaceChars) fail("font face longer than MD2's buffer");

  // A monospace stand-in for the text renderer.
  const MeasureText measure = [](const std::string& s, int px) {
    return TextExtent{static_cast<float>(codePoints(s)) * 0.6f * static_cast<float>(px),
                      static_cast<float>(px)};
  };
  for (int n = 0; n < kMaxMessages; ++n) {
    const CustomMessage& m = parsed.set.messages[static_cast<std::size_t>(n)];
    if (codePoints(m.text) > kMaxTextChars) fail("text longer than MD2's buffer");
    if (m.font < 0 || m.font >= kMaxFonts) fail("font index out of range");
    for (float v : {m.size, m.x, m.y, m.randx, m.randy, m.growth, m.time, m.fade})
      if (!std::isfinite(v)) fail("non-finite message value");
    const auto launched = launchMessage(parsed.set, n, 1.0, {0, 1036, 518, 7, 1000});
    if (launched.has_value() != parsed.set.has(n)) fail("launch disagrees with has()");
    if (!launched) continue;
    if (launched->r < 0 || launched->r > 255 || launched->g < 0 || launched->g > 255 ||
        launched->b < 0 || launched->b > 255)
      fail("colour outside 0..255");
    const TitleTextureSize tex = titleTextureSize(640, 360);
    const TitleLayout layout = layoutTitle(*launched, tex, measure);
    MeshInputs in{640, 360, 640, 360, tex, layout.fontSizeUsed, 1.5};
    for (float p : {0.0f, 0.37f, 1.0f}) {
      const SupertextMesh mesh = buildSupertextMesh(*launched, p, in);
      for (const MeshVertex& v : mesh.vertices)
        if (std::isnan(v.x) || std::isnan(v.y)) fail("NaN vertex");
      for (float c : mesh.solid.color)
        if (!(c >= 0.0f && c <= 1.0f)) fail("colour outside 0..1");
    }
  }
  const int pick = pickRandomMessage(parsed.set, static_cast<unsigned>(size));
  if (pick >= 0 && !parsed.set.has(pick)) fail("random pick names an empty message");
  return 0;
}
