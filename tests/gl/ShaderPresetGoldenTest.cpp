// Real shader presets from Debian's projectm-data rendered through engine::Engine (translation,
// preset shaders, blur, noise, user and random textures) and compared with golden images looked
// at by a person (issue 6). Fixed clock (30 fps), fixed seed, synthetic stereo audio with a beat,
// 256×192 canvas and 32×24 mesh; each preset is compared at two frames, with one golden per API.
// User textures come from the preset's own folder (projectm-data ships them next to the presets,
// where MD2 and Engine look). Skipped when projectm-data is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "GlTestContext.hpp"
#include "GoldenImage.hpp"
#include "KickAndChordAudio.hpp"
#include "engine/Engine.hpp"
#include "gl/Framebuffer.hpp"
#include "render/Renderer.hpp"

namespace phosphene::gltest {
namespace {

namespace fs = std::filesystem;
using platform::GlApi;

constexpr int kW = 256, kH = 192;
constexpr int kFirstCheck = 20, kSecondCheck = 45;

struct ShaderPreset {
  const char* golden;     // tests/gl/golden/shader_<golden>_<api>_<frame>.png
  const char* path;       // under PHOSPHENE_CORPUS_DIR
  const char* covers;     // what it exercises (for the reader)
  bool textures = false;  // reads noise, user or random textures
};

const ShaderPreset kPresets[] = {
    {"neon_pulse", "presets_milkdrop_200/shifter + geiss - neon pulse (glow mix).milk",
     "comp: GetBlur1/GetBlur2 edge glow"},
    {"cancer_of_saints",
     "presets_tryptonaut/Rovastar - Harlequin's Fractal Encounter - cancer of saints.milk",
     "warp + comp blur3, noisevol_hq", true},
    {"airhandler",
     "presets_tryptonaut/Aderrasi + Flexi - Airhandler (Last Breath - Calm) [moebius morbid "
     "vision edit].milk",
     "comp blur3, noise_lq, q vars", true},
    {"digital_sea", "presets_tryptonaut/cope - digital sea.milk", "warp blur3 + noise_lq", true},
    {"steaming_wienies",
     "presets_tryptonaut/suksma - gaeomaentaec - log smell 2 - steaming wienies2.milk",
     "noise_hq, q vars, hue_shader, blur3", true},
    {"nova_sunrise", "presets_tryptonaut/ORB - Nova Sunrise.milk", "user texture cells", true},
    {"screenspace",
     "presets_tryptonaut/Stahlregen & EoS + Flexi + Phat + Rovastar + Zylot - Screenspace "
     "(Fractopia RMX).milk",
     "user texture seaweed in comp, warp blur3", true},
    {"icecubes", "presets_tryptonaut/flexi - bouncing icecubes [good morning edit].milk",
     "three user textures, blur2, noise_lq", true},
    {"explosion3", "presets_tryptonaut/Geiss - Explosion 3.milk",
     "warp: user texture lichen, noise_lq, q", true},
    {"chasers", "presets_tryptonaut/EoS + phat - chasers 11 sentinel c (jelly v4.x).milk",
     "comp: hue_shader, blur3"},
    {"molten_neon", "presets_tryptonaut/Flexi - molten neon fire spirit.milk", "hue_shader, blur2"},
    {"fractopia", "presets_tryptonaut/Flexi + Rovastar + suksma - Fractopia [sth].milk",
     "random textures rand00/rand01, q", true},
    {"tiger_no5",
     "presets_tryptonaut/Stahlregen & Flexi + Geiss - Tiger No 5 (Random texture flow).milk",
     "rand00, noise_lq, blur2", true},
    {"kaleidoscope",
     "presets_tryptonaut/Flexi - kaleidoscope template [commented composite shader].milk",
     "comp: q vars, blur3"},
    {"the_beast", "presets_tryptonaut/martin - the beast.milk", "noise_hq, blur1, q", true},
    {"motion_blur2", "presets_tryptonaut/Geiss - Motion Blur 2 (Jelly V3).milk",
     "comp: blur3, hue_shader"},
    {"antagonizing", "presets_tryptonaut/Flexi + Geiss - antagonizing beat detection codes.milk",
     "comp only: blur3, q vars"},
    {"disco_mix4", "presets_tryptonaut/martin - disco mix 4.milk",
     "warp + comp blur1, q vars, noise_lq, user texture worms", true},
    {"blur_mix3", "presets_tryptonaut/Geiss - Blur Mix 3.milk", "warp blur2, comp blur3"},
    {"fractal_jellyfish", "presets_tryptonaut/Flexi - fractal jellyfish [moebius mix].milk",
     "blur1, q vars, hue_shader"},
    {"neon_star", "presets_tryptonaut/Jc - Neon Star Formation.milk", "warp + comp blur3"},
    {"reality_tunnel", "presets_tryptonaut/Flexi - reality tunnel.milk", "blur1, hue_shader"},
    {"foggy_notion", "presets_tryptonaut/martin - foggy notion.milk", "q vars, comp blur3"},
    {"feathers", "presets_milkdrop_200/shifter - feathers (angel wings)_phat_remix relief 2.milk",
     "fixed-function warp, comp blur1"},
    {"smashing_fractals", "presets_tryptonaut/Flexi - smashing fractals [acid etching mix].milk",
     "warp blur3, comp blur2 + hue_shader"},
    {"glowsticks", "presets_tryptonaut/EoS + Geiss - glowsticks v2 02 (Relief Mix).milk",
     "comp only: blur3"},
    {"mindblob2", "presets_tryptonaut/Flexi - mindblob 2.0.milk", "warp blur3, comp blur1 + q"},
    {"done_for_the_night", "presets_tryptonaut/LuxXx - Done For the Night ii.milk",
     "warp blur1, comp blur3 + hue_shader"},
    {"cube_in_a_room",
     "presets_tryptonaut/[dylan] cube in a room -no effects - code is very messy nz+ shit-ass "
     "tape.milk",
     "rot_* matrices, noisevol_hq, rand01", true},
    // Issue 18: clouds.jpg ships only in presets_tryptonaut/; MD2 has one textures folder for all
    // presets (plugin.cpp CShaderParams::CacheParams), so the engine looks beside the preset's
    // folder for what its search path lacks. Before that: TEX001 and a black texture.
    {"chrome", "presets_milkdrop_200/Geiss - Chrome.milk",
     "user texture clouds from another folder of the collection", true},
};

class ShaderPresetGolden : public ::testing::TestWithParam<std::tuple<GlApi, std::size_t>> {};

TEST_P(ShaderPresetGolden, MatchesGolden) {
  const auto [api, index] = GetParam();
  const ShaderPreset& p = kPresets[index];
  const fs::path file = fs::path(PHOSPHENE_CORPUS_DIR) / p.path;
  if (!fs::exists(file)) GTEST_SKIP() << "not installed: " << file;
  PHOSPHENE_GL_CONTEXT_OR_SKIP(ctx, api);

  engine::Engine engine(engine::EngineSettings{.fps = 30.0, .seed = 1234});
  engine.setMeshSize(32, 24);
  ASSERT_EQ(engine.loadPresetFile(file), engine::Engine::LoadStatus::Ok) << engine.lastError();
  for (const auto& d : engine.presetDiagnostics())
    EXPECT_NE(d.id, core::DiagnosticId::ShaderStageFallback) << d.format();
  auto out = gl::Framebuffer::create({kW, kH});
  ASSERT_TRUE(out.ok());
  for (int n = 1; n <= kSecondCheck; ++n) {
    feedKickAndChord(engine, n);
    ASSERT_TRUE(engine.renderFrame({out->id(), 0, kW, kH}, 0.0)) << engine.lastError();
    if (n != kFirstCheck && n != kSecondCheck) continue;
    const auto image = readFramebuffer(*out);
    // One golden per API: feedback presets amplify llvmpipe's last-bit differences between its
    // GL and ES paths (the built-in passes already differ by ~40 dB) into different images.
    const std::string name = std::string("shader_") + p.golden + "_" +
                             (api == GlApi::Core33 ? "gl33_" : "es3_") + std::to_string(n);
    const auto result = compareWithGolden(name, image, {30.0, 0.92});
    EXPECT_TRUE(result.passed) << p.covers << ": " << result.message;
  }
  for (const auto& d : engine.presetDiagnostics()) {
    EXPECT_NE(d.id, core::DiagnosticId::ShaderDriverRejected) << d.format();
    // Every texture these presets name ships with projectm-data: none may fall back to black.
    if (p.textures) {
      EXPECT_NE(d.id, core::DiagnosticId::TextureNotFound) << d.format();
      EXPECT_NE(d.id, core::DiagnosticId::TextureUndecodable) << d.format();
      EXPECT_NE(d.id, core::DiagnosticId::TextureNoRandomMatch) << d.format();
    }
  }
}

std::string testName(const ::testing::TestParamInfo<std::tuple<GlApi, std::size_t>>& info) {
  return std::string(kPresets[std::get<1>(info.param)].golden) +
         (std::get<0>(info.param) == GlApi::Core33 ? "_gl33" : "_es3");
}

INSTANTIATE_TEST_SUITE_P(Presets, ShaderPresetGolden,
                         ::testing::Combine(::testing::Values(GlApi::Core33, GlApi::Es30),
                                            ::testing::Range<std::size_t>(0, std::size(kPresets))),
                         testName);

}  // namespace
}  // namespace phosphene::gltest
