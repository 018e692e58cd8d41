// Mash-ups through the C API as the player makes them (issue 37): five presets of projectm-data,
// one per part, assembled with phosphene_preset_create_mashup, drawn with a fixed seed and audio
// and compared with a golden looked at; then written with phosphene_preset_save and read back
// from the file, which draws byte-identical frames.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "BeatAudio.hpp"
#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "HostTarget.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

constexpr int kW = 160, kH = 120;
constexpr int kFrames = 40;

// One preset per part, in phosphene_mashup_part order; none reads a user texture, so the saved
// copy finds everything it needs wherever it is written.
const std::array<const char*, PHOSPHENE_MASHUP_PARTS> kParts = {
    "presets_tryptonaut/Geiss - Blur Mix 3.milk",    // general, post-processing
    "presets_tryptonaut/Flexi - mindblob 2.0.milk",  // motion and equations
    "presets_tryptonaut/EoS + Geiss - glowsticks v2 02 (Relief Mix).milk",  // waves, shapes
    "presets_tryptonaut/cope - digital sea.milk",                           // warp shader
    "presets_milkdrop_200/shifter + geiss - neon pulse (glow mix).milk",    // comp shader
};

struct Handle {
  phosphene_preset* preset = nullptr;
  Handle() = default;
  ~Handle() { phosphene_preset_destroy(preset); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
};

// Draws kFrames frames of `preset` with seed 5 and the beat audio; every frame's pixels.
std::vector<platform::RgbaImage> draw(const phosphene_preset* preset) {
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = 30.0;
  desc.seed = 5;
  desc.log_min_level = PHOSPHENE_LOG_ERROR;
  phosphene_engine* engine = nullptr;
  EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  std::vector<platform::RgbaImage> frames;
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  EXPECT_EQ(phosphene_engine_switch_preset(engine, preset, &cut, nullptr), PHOSPHENE_OK);
  EXPECT_EQ(phosphene_engine_wait_for_preset(engine), PHOSPHENE_OK)
      << phosphene_engine_last_error(engine);
  HostTarget target(kW, kH);
  for (int frame = 0; frame < kFrames; ++frame) {
    feedBeatAudio(engine, frame);
    EXPECT_EQ(renderTo(engine, target.fbo, kW, kH), PHOSPHENE_OK)
        << phosphene_engine_last_error(engine);
    frames.push_back(target.read());
  }
  phosphene_engine_destroy(engine);
  return frames;
}

class Mashup : public ::testing::TestWithParam<GlApi> {};

TEST_P(Mashup, DrawsItsGoldenAndTheSavedFileDrawsTheSameFrames) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  std::array<Handle, PHOSPHENE_MASHUP_PARTS> parts;
  std::array<const phosphene_preset*, PHOSPHENE_MASHUP_PARTS> views{};
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string path = std::string(PHOSPHENE_CORPUS_DIR "/") + kParts[i];
    ASSERT_EQ(phosphene_preset_create_from_file(path.c_str(), &parts[i].preset), PHOSPHENE_OK)
        << path;
    views[i] = parts[i].preset;
  }
  Handle mash;
  ASSERT_EQ(phosphene_preset_create_mashup(views.data(), PHOSPHENE_MASHUP_PARTS, "test mash",
                                           &mash.preset),
            PHOSPHENE_OK);
  EXPECT_STREQ(phosphene_preset_name(mash.preset), "test mash");
  const std::vector<platform::RgbaImage> mashed = draw(mash.preset);

  const std::string name = std::string("mashup_") + (GetParam() == GlApi::Core33 ? "gl33" : "es3");
  const GoldenResult golden = compareWithGolden(name, mashed.back(), {30.0, 0.92});
  EXPECT_TRUE(golden.passed) << golden.message;

  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("mashup-" + name);
  const std::string saved = (dir / "saved.milk").string();
  ASSERT_EQ(phosphene_preset_save(mash.preset, saved.c_str()), PHOSPHENE_OK);
  Handle reloaded;
  ASSERT_EQ(phosphene_preset_create_from_file(saved.c_str(), &reloaded.preset), PHOSPHENE_OK);
  const std::vector<platform::RgbaImage> again = draw(reloaded.preset);
  ASSERT_EQ(again.size(), mashed.size());
  for (std::size_t i = 0; i < again.size(); ++i)
    ASSERT_TRUE(again[i].pixels == mashed[i].pixels) << "frame " << i;
  std::filesystem::remove_all(dir);
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// Each part really comes from its preset: the mash-up of five copies of one preset draws that
// preset's frames, and changing the comp part alone changes the picture.
TEST_P(Mashup, OnePresetInEveryPartDrawsThatPreset) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Handle a, b;
  const std::string pa = std::string(PHOSPHENE_CORPUS_DIR "/") + kParts[3];
  const std::string pb = std::string(PHOSPHENE_CORPUS_DIR "/") + kParts[4];
  ASSERT_EQ(phosphene_preset_create_from_file(pa.c_str(), &a.preset), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_preset_create_from_file(pb.c_str(), &b.preset), PHOSPHENE_OK);
  const phosphene_preset* same[PHOSPHENE_MASHUP_PARTS] = {a.preset, a.preset, a.preset, a.preset,
                                                          a.preset};
  Handle mash, compSwapped;
  ASSERT_EQ(phosphene_preset_create_mashup(same, PHOSPHENE_MASHUP_PARTS, nullptr, &mash.preset),
            PHOSPHENE_OK);
  EXPECT_STREQ(phosphene_preset_name(mash.preset), "mash-up");
  const phosphene_preset* swapped[PHOSPHENE_MASHUP_PARTS] = {a.preset, a.preset, a.preset, a.preset,
                                                             b.preset};
  ASSERT_EQ(
      phosphene_preset_create_mashup(swapped, PHOSPHENE_MASHUP_PARTS, nullptr, &compSwapped.preset),
      PHOSPHENE_OK);
  const std::vector<platform::RgbaImage> original = draw(a.preset);
  const std::vector<platform::RgbaImage> mashed = draw(mash.preset);
  const std::vector<platform::RgbaImage> other = draw(compSwapped.preset);
  EXPECT_TRUE(original.back().pixels == mashed.back().pixels);
  EXPECT_FALSE(original.back().pixels == other.back().pixels);
}

INSTANTIATE_TEST_SUITE_P(Apis, Mashup, ::testing::Values(GlApi::Core33, GlApi::Es30), apiTestName);

}  // namespace
}  // namespace phosphene::gltest
