// Arbitrary bytes -> parse -> write -> parse: never crashes or hangs, and a parsed preset
// survives the round trip unchanged (same Preset, same text when written again). Also walks the
// joined code and feature scan of whatever was parsed.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "milk/CodeText.hpp"
#include "milk/KeyTable.hpp"
#include "milk/PresetFeatures.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_milk: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace phosphene;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  core::Diagnostics diags;
  milk::Preset preset = milk::parsePreset(bytes, diags);

  for (const auto& d : diags)
    if (d.section != "file") fail("parse diagnostic outside section 'file'");

  const std::string written = milk::writePreset(preset);
  core::Diagnostics again;
  const milk::Preset reread = milk::parsePreset(written, again);
  if (!(reread == preset)) fail("read -> write -> read changed the preset");
  if (milk::writePreset(reread) != written) fail("second write differs from the first");

  for (const auto& b : milk::codeBlockKeys(preset)) {
    const milk::JoinedCode j =
        b.shader ? milk::joinShader(*b.block) : milk::joinEquations(*b.block);
    for (std::size_t i = 0; i <= j.text.size(); i += 1 + j.text.size() / 8) {
      const milk::SourcePos pos = j.locate(i);
      if (!j.text.empty() &&
          (pos.blockLine < 1 || pos.blockLine > static_cast<int>(b.block->lines.size())))
        fail("locate() outside the block");
    }
  }
  (void)milk::describeFeatures(preset);
  return 0;
}
