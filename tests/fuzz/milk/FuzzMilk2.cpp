// Arbitrary bytes -> .milk2 reader (issue 36): never crashes or hangs; a result comes only without
// structural errors, every diagnostic lies in the file or one of the halves, and each half read
// back from a write is unchanged.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "milk/DoublePreset.hpp"
#include "milk/Milkdrop3.hpp"
#include "milk/PresetReader.hpp"
#include "milk/PresetWriter.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz_milk2: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace phosphene;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  core::Diagnostics diags;
  const auto pair = milk::parseDoublePreset(bytes, diags);
  bool errors = false;
  for (const auto& d : diags) {
    if (d.section != "file" && d.section != "preset1" && d.section != "preset2")
      fail("diagnostic outside file/preset1/preset2");
    errors = errors || (d.section == "file" && d.severity == core::Severity::Error);
  }
  if (pair.has_value() == errors) fail("a result must come exactly when there is no error");
  if (!pair) return 0;
  for (const milk::Preset* p : {&pair->first, &pair->second}) {
    core::Diagnostics again;
    if (!(milk::parsePreset(milk::writePreset(*p), again) == *p)) fail("half changed on rewrite");
    (void)milk::milkdrop3Usage(*p);
  }
  return 0;
}
