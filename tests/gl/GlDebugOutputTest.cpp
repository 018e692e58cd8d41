// Issue 5 acceptance: "GL_KHR_debug output shows no GL errors and no deprecated calls in a run".
// Real presets (waves, shapes, motion vectors, echo, borders, filters, preset shaders with blur
// and noise, Phosphene's own) rendered through the public C API on a debug context, GL 3.3 core
// and ES 3.0, into a host framebuffer and a host texture, with a resize and a preset switch in
// between. Every message the driver sends is printed; errors, deprecated and undefined behaviour
// fail the test. Performance and other notes are printed only.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "BeatAudio.hpp"
#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "HeadlessContext.hpp"
#include "HostTarget.hpp"
#include "gl/Capabilities.hpp"
#include "gl/DebugOutput.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gltest {
namespace {

namespace fs = std::filesystem;
using platform::GlApi;

struct Seen {
  std::string preset, type, severity, source, text;
  unsigned id = 0;
};

// What the test renders: projectm-data presets chosen for the passes they exercise (the corpus
// may be absent; then only Phosphene's own presets run).
const char* const kCorpusPresets[] = {
    "presets_stock/Rovastar & Fvese - Stranger Minds (Astral Mix).milk",  // motion vectors, echo
    "presets_stock/Illusion & Unchained - Invade My Mind.milk",           // borders, echo 3
    "presets_stock/EoS - glowsticks v2 05 and proton lights (+Krash's beat code) "
    "_Phat_remix02b.milk",                               // custom waves, invert
    "presets_stock/Rovastar - The Shroomery.milk",       // spectrum wave, textured shapes
    "presets_stock/Geiss - Feedback 2.milk",             // additive shapes, borders
    "presets_tryptonaut/amandio c - flashy thing.milk",  // 480 shape instances
    "presets_milkdrop/Fvese - A Blur.milk",              // solarize, brighten, echo
    "presets_milkdrop/Aderrasi - Antique Abyss.milk",    // wave mode 7
    "presets_stock/Geiss - Cosmic Dust 1.milk",          // gamma, echo zoom, dots
    "presets_tryptonaut/Rovastar - Harlequin's Fractal Encounter - cancer of saints.milk",
    // ^ warp + comp shaders: blur1-3, noise volume, user texture
    "presets_tryptonaut/EoS + phat - chasers 11 sentinel c (jelly v4.x).milk",  // comp shader
};

std::vector<fs::path> presetFiles() {
  std::vector<fs::path> files;
  for (const char* name : {"phosphene-aurora", "phosphene-tunnel", "phosphene-starfield"})
    files.push_back(fs::path(PHOSPHENE_SOURCE_DIR) / "presets" / (std::string(name) + ".milk"));
  for (const char* rel : kCorpusPresets) {
    const fs::path p = fs::path(PHOSPHENE_CORPUS_DIR) / rel;
    if (fs::exists(p)) files.push_back(p);
  }
  return files;
}

class GlDebugOutput : public ::testing::TestWithParam<GlApi> {};

TEST_P(GlDebugOutput, RealPresetsRenderWithoutErrorsOrDeprecatedOrUndefinedBehaviour) {
  platform::HeadlessOptions options;
  options.api = GetParam();
  options.debug = true;
  auto context = platform::HeadlessContext::create(options);
  if (!context && context.diagnostics().front().id == core::DiagnosticId::GlUnavailable)
    GTEST_SKIP() << context.diagnostics().front().format();
  ASSERT_TRUE(context) << context.diagnostics().front().format();
  auto caps = gl::probeCapabilities();
  ASSERT_TRUE(caps);
  ASSERT_TRUE(caps->hasDebugOutput()) << "the driver offers no KHR_debug; nothing to check";
  GLint flags = 0;
  if (!caps->es || caps->major > 3 || caps->minor >= 2) {
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    EXPECT_TRUE(flags & GL_CONTEXT_FLAG_DEBUG_BIT) << "not a debug context";
  }

  std::vector<Seen> seen;
  std::string current = "(setup)";
  auto debug = gl::DebugOutput::install(*caps, [&](const gl::DebugMessage& m) {
    seen.push_back({current, std::string(m.type), std::string(m.severity), std::string(m.source),
                    std::string(m.text), m.id});
  });
  ASSERT_TRUE(debug);
  // The application's own message proves the callback is live (and is ignored below).
  const char marker[] = "phosphene debug output test";
  if (caps->es && !(caps->major > 3 || caps->minor >= 2))
    glDebugMessageInsertKHR(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1,
                            GL_DEBUG_SEVERITY_NOTIFICATION, -1, marker);
  else
    glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 1,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, marker);
  ASSERT_EQ(seen.size(), 1u) << "the debug callback is not called";
  // And a deliberate GL error is reported as one: the check below can fail.
  glEnable(0x1234);  // not a capability: GL_INVALID_ENUM
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  ASSERT_EQ(seen.size(), 2u) << "the driver does not report GL errors through KHR_debug";
  EXPECT_EQ(seen.back().type, "error");
  seen.clear();

  const std::vector<fs::path> files = presetFiles();
  std::printf("%zu presets on %s (%s)\n", files.size(), caps->version.c_str(),
              caps->renderer.c_str());
  {
    HostTarget small(160, 120), large(200, 150);
    phosphene_engine* engine = nullptr;
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.fps = 30.0;
    desc.seed = 7;
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    ASSERT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_set_mesh_size(engine, 32, 24), PHOSPHENE_OK);
    int frame = 0;
    for (const fs::path& file : files) {
      current = file.filename().string();
      SCOPED_TRACE(current);
      ASSERT_EQ(loadFileNow(engine, file.string()), PHOSPHENE_OK)
          << phosphene_engine_last_error(engine);
      // Into a host framebuffer, then (resized) into a host texture: both target paths and the
      // reallocation of the canvases.
      for (int i = 0; i < 6; ++i, ++frame) {
        feedBeatAudio(engine, frame);
        ASSERT_EQ(renderTo(engine, small.fbo, 160, 120), PHOSPHENE_OK)
            << phosphene_engine_last_error(engine);
      }
      // The load was a hard cut waited for. A shader preset replacing a running one still
      // starts a frame late (its warp program links at one draw, its comp at the next, so a
      // live host sees no hitch), so this is checked after the last frame into the framebuffer:
      // a file that did not load would have left the previous preset drawing.
      ASSERT_STREQ(phosphene_engine_current_preset_path(engine), file.c_str());
      for (int i = 0; i < 4; ++i, ++frame) {
        feedBeatAudio(engine, frame);
        ASSERT_EQ(renderToTexture(engine, large.texture, 200, 150), PHOSPHENE_OK)
            << phosphene_engine_last_error(engine);
      }
    }
    current = "(engine destroyed)";
    phosphene_engine_destroy(engine);
  }
  glFinish();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  std::map<std::string, int> byType;
  for (const Seen& m : seen) {
    ++byType[m.type];
    std::printf("GL debug [%s/%s/%s #%u] %s: %s\n", m.type.c_str(), m.severity.c_str(),
                m.source.c_str(), m.id, m.preset.c_str(), m.text.c_str());
  }
  std::printf("%zu GL debug messages", seen.size());
  for (const auto& [type, count] : byType) std::printf(", %s %d", type.c_str(), count);
  std::printf("\n");
  for (const Seen& m : seen)
    EXPECT_TRUE(m.type != "error" && m.type != "deprecated" && m.type != "undefined")
        << m.type << " in " << m.preset << ": " << m.text;
}

INSTANTIATE_TEST_SUITE_P(Api, GlDebugOutput, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
