// The C API's frame model as hosts use it: advance and draw as separate calls (the same pictures
// as the one-call phosphene_engine_render; extra draws never change what comes next), context
// loss and destruction without a context, random values that no way of drawing changes, a native
// preset's per-frame function on screen, and two engines with their own playlists and events.
#include <gtest/gtest.h>

#include <phosphene/phosphene.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "BeatAudio.hpp"
#include "CApiFrames.hpp"
#include "GlTestContext.hpp"
#include "HostTarget.hpp"
#include "gl/CurrentContext.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gltest {
namespace {

using platform::GlApi;

const std::string kPresetDir = PHOSPHENE_SOURCE_DIR "/presets/";
constexpr int kW = 64, kH = 48;

struct Engine {
  phosphene_engine* engine = nullptr;
  explicit Engine(uint64_t seed = 3) {
    phosphene_engine_desc desc;
    phosphene_engine_desc_init(&desc);
    desc.fps = 30.0;
    desc.seed = seed;
    desc.log_min_level = PHOSPHENE_LOG_ERROR;
    EXPECT_EQ(phosphene_engine_create(&desc, &engine), PHOSPHENE_OK);
  }
  ~Engine() { phosphene_engine_destroy(engine); }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  void load(const char* name) {
    ASSERT_EQ(loadFileNow(engine, kPresetDir + name + ".milk"), PHOSPHENE_OK)
        << phosphene_engine_last_error(engine);
  }
};

double meanAbsDiff(const platform::RgbaImage& a, const platform::RgbaImage& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.pixels.size(); ++i)
    sum += std::abs(static_cast<int>(a.pixels[i]) - static_cast<int>(b.pixels[i]));
  return sum / static_cast<double>(a.pixels.size());
}

double meanRgb(const platform::RgbaImage& image) {
  double sum = 0;
  for (std::size_t i = 0; i < image.pixels.size(); i += 4)
    sum += image.pixels[i] + image.pixels[i + 1] + image.pixels[i + 2];
  return sum / (3.0 * image.width * image.height);
}

class CApiFrame : public ::testing::TestWithParam<GlApi> {};

// A shader preset and a plain one: the one-call render and advance + draw give the same pixels,
// and a second draw of each frame (into another view) changes nothing that follows.
TEST_P(CApiFrame, AdvanceThenDrawMatchesRenderAndExtraDrawsChangeNothing) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  for (const char* name : {"phosphene-aurora", "phosphene-tunnel"}) {
    SCOPED_TRACE(name);
    Engine once, split;
    once.load(name);
    split.load(name);
    // The canvas size: advance runs before any draw, so it cannot learn it from the target.
    ASSERT_EQ(phosphene_engine_set_drawable_size(split.engine, kW, kH), PHOSPHENE_OK);
    HostTarget a(kW, kH), b(kW, kH), second(kW, kH);
    const phosphene_render_target tb = framebufferTarget(b), ts = framebufferTarget(second);
    for (int frame = 0; frame < 30; ++frame) {
      feedBeatAudio(once.engine, frame);
      feedBeatAudio(split.engine, frame);
      ASSERT_EQ(renderTo(once.engine, a.fbo, kW, kH), PHOSPHENE_OK);
      ASSERT_EQ(phosphene_engine_advance(split.engine, 0.0), PHOSPHENE_OK);
      ASSERT_EQ(phosphene_engine_draw(split.engine, &tb), PHOSPHENE_OK)
          << phosphene_engine_last_error(split.engine);
      ASSERT_EQ(phosphene_engine_draw(split.engine, &ts), PHOSPHENE_OK);  // a second view
      if (frame % 10 == 9) {
        EXPECT_EQ(meanAbsDiff(a.read(), b.read()), 0.0) << "frame " << frame;
        EXPECT_EQ(meanAbsDiff(b.read(), second.read()), 0.0) << "frame " << frame;
      }
    }
    EXPECT_GT(meanRgb(b.read()), 4.0);
  }
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// phosphene_engine_render is exactly advance + draw: two engines with the same seed and audio,
// one rendering in one call and one in two, give byte-identical pixels on every frame, into each
// kind of target and with uneven frame times. Both set the drawable size: with 0 x 0 an advance
// computes the frame for the last target drawn, which a lone advance before the first draw cannot
// know (render notes its target first), so frame 0 would differ by design.
TEST_P(CApiFrame, RenderGivesTheSamePixelsAsAdvanceThenDraw) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  enum class Kind { Bound, Framebuffer, Texture };
  for (const auto& [kind, what] :
       {std::pair{Kind::Bound, "bound framebuffer"}, std::pair{Kind::Framebuffer, "framebuffer"},
        std::pair{Kind::Texture, "texture"}}) {
    SCOPED_TRACE(what);
    Engine once(11), split(11);
    once.load("phosphene-tunnel");  // a shader preset with random values (the seed matters)
    split.load("phosphene-tunnel");
    HostTarget a(kW, kH), b(kW, kH);
    const auto target = [&](const HostTarget& host) {
      phosphene_render_target t = kind == Kind::Texture ? textureTarget(host.texture, kW, kH)
                                                        : framebufferTarget(host.fbo, kW, kH);
      if (kind == Kind::Bound) phosphene_render_target_init(&t);
      return t;
    };
    const phosphene_render_target ta = target(a), tb = target(b);
    for (Engine* e : {&once, &split})
      ASSERT_EQ(phosphene_engine_set_drawable_size(e->engine, kW, kH), PHOSPHENE_OK);
    for (int frame = 0; frame < 24; ++frame) {
      const double dt = frame % 3 == 0 ? 1.0 / 25.0 : 1.0 / 60.0;
      feedBeatAudio(once.engine, frame);
      feedBeatAudio(split.engine, frame);
      if (kind == Kind::Bound) glBindFramebuffer(GL_FRAMEBUFFER, a.fbo);
      ASSERT_EQ(phosphene_engine_render(once.engine, dt, &ta), PHOSPHENE_OK)
          << phosphene_engine_last_error(once.engine);
      if (kind == Kind::Bound) glBindFramebuffer(GL_FRAMEBUFFER, b.fbo);
      ASSERT_EQ(phosphene_engine_advance(split.engine, dt), PHOSPHENE_OK);
      ASSERT_EQ(phosphene_engine_draw(split.engine, &tb), PHOSPHENE_OK)
          << phosphene_engine_last_error(split.engine);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      const platform::RgbaImage ia = a.read(), ib = b.read();
      ASSERT_TRUE(ia.pixels == ib.pixels)
          << "frame " << frame << ", mean difference " << meanAbsDiff(ia, ib);
    }
    EXPECT_GT(meanRgb(a.read()), 4.0);
    double ta_s = 0.0, tb_s = 0.0;
    uint64_t fa = 0, fb = 0;
    ASSERT_EQ(phosphene_engine_get_time(once.engine, &ta_s, &fa), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_get_time(split.engine, &tb_s, &fb), PHOSPHENE_OK);
    EXPECT_EQ(ta_s, tb_s);
    EXPECT_EQ(fa, fb);
    EXPECT_EQ(fa, 23u);
  }
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// WebGL's context loss: the engine forgets its GL objects without a GL call and makes them again
// at the next draw; presets and clock go on.
TEST_P(CApiFrame, ReleaseGlThenDrawStartsAgainInTheCurrentContext) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine e;
  e.load("phosphene-tunnel");
  HostTarget target(kW, kH);
  const phosphene_render_target t = framebufferTarget(target);
  for (int frame = 0; frame < 10; ++frame) {
    feedBeatAudio(e.engine, frame);
    ASSERT_EQ(phosphene_engine_advance(e.engine, 0.0), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_draw(e.engine, &t), PHOSPHENE_OK);
  }
  ASSERT_EQ(phosphene_engine_release_gl(e.engine), PHOSPHENE_OK);
  uint64_t before = 0, after = 0;
  phosphene_engine_get_time(e.engine, nullptr, &before);
  for (int frame = 10; frame < 30; ++frame) {
    feedBeatAudio(e.engine, frame);
    ASSERT_EQ(phosphene_engine_advance(e.engine, 0.0), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_draw(e.engine, &t), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  phosphene_engine_get_time(e.engine, nullptr, &after);
  EXPECT_EQ(after, before + 20);
  EXPECT_GT(meanRgb(target.read()), 4.0);
  EXPECT_STREQ(phosphene_engine_current_preset_name(e.engine), "phosphene-tunnel.milk");
}

// Issue 33: how a host draws must never change the simulation. Both presets show only random
// values: rand_preset (drawn from the engine's stream at each load) times hue_shader (the
// renderer's hue randoms), and their comp shaders never read the canvas, so a renderer made again
// after release_gl (whose canvas starts black) shows no difference through feedback. The switch
// between them blends with MilkDrop's random pattern, drawn from the engine's stream as well.
enum class Intervention { None, ReleaseGl, ExtraDraw, FirstDrawLate };

std::vector<platform::RgbaImage> renderRandomPresets(Intervention intervention) {
  static const std::string kHeader =
      "[preset00]\nMILKDROP_PRESET_VERSION=201\nPSVERSION=2\nPSVERSION_WARP=2\nPSVERSION_COMP=2\n";
  static const std::string kA =
      kHeader + "comp_1=`shader_body { ret = rand_preset.xyz * hue_shader; }\n";
  static const std::string kB =
      kHeader + "comp_1=`shader_body { ret = rand_preset.wzy * hue_shader; }\n";
  constexpr int kFrames = 40, kSwitchAt = 10, kInterveneAt = 5, kFirstLateDraw = 15;
  Engine e(7);
  const auto request = [&](const std::string& text, double seconds) {
    phosphene_transition_desc transition;
    phosphene_transition_desc_init(&transition);
    transition.style = seconds > 0.0 ? PHOSPHENE_TRANSITION_BLEND : PHOSPHENE_TRANSITION_HARD_CUT;
    transition.seconds = seconds;
    EXPECT_EQ(phosphene_engine_load_preset_text(e.engine, text.data(), text.size(), "random",
                                                &transition, nullptr),
              PHOSPHENE_OK);
    EXPECT_EQ(phosphene_engine_wait_for_preset(e.engine), PHOSPHENE_OK);
  };
  EXPECT_EQ(phosphene_engine_set_drawable_size(e.engine, kW, kH), PHOSPHENE_OK);
  request(kA, 0.0);
  HostTarget target(kW, kH), extra(kW, kH);
  const phosphene_render_target t = framebufferTarget(target), te = framebufferTarget(extra);
  std::vector<platform::RgbaImage> frames(kFrames);
  for (int frame = 0; frame < kFrames; ++frame) {
    feedBeatAudio(e.engine, frame);
    if (frame == kSwitchAt) request(kB, 1.2);  // a blend longer than the rest of the run
    // Between two frames, where a host loses its context (a frame advanced before a release
    // cannot be drawn: its GPU state went with it).
    if (frame == kInterveneAt && intervention == Intervention::ReleaseGl) {
      EXPECT_EQ(phosphene_engine_release_gl(e.engine), PHOSPHENE_OK);
    }
    EXPECT_EQ(phosphene_engine_advance(e.engine, 0.0), PHOSPHENE_OK);
    if (intervention == Intervention::FirstDrawLate && frame < kFirstLateDraw) continue;
    if (frame == kInterveneAt && intervention == Intervention::ExtraDraw) {
      EXPECT_EQ(phosphene_engine_draw(e.engine, &te), PHOSPHENE_OK);  // a second view
    }
    EXPECT_EQ(phosphene_engine_draw(e.engine, &t), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
    frames[static_cast<std::size_t>(frame)] = target.read();
  }
  EXPECT_EQ(phosphene_engine_is_transitioning(e.engine), 1);
  return frames;
}

TEST_P(CApiFrame, ReleaseGlExtraDrawsAndLateFirstDrawsChangeNoRandomValue) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  const std::vector<platform::RgbaImage> baseline = renderRandomPresets(Intervention::None);
  EXPECT_GT(meanRgb(baseline.back()), 4.0);
  EXPECT_GT(meanAbsDiff(baseline[9], baseline.back()), 1.0);  // the switch shows
  for (const auto& [intervention, what] : {std::pair{Intervention::ReleaseGl, "release_gl"},
                                           std::pair{Intervention::ExtraDraw, "extra draw"},
                                           std::pair{Intervention::FirstDrawLate, "late draw"}}) {
    SCOPED_TRACE(what);
    const std::vector<platform::RgbaImage> frames = renderRandomPresets(intervention);
    for (std::size_t frame = 0; frame < frames.size(); ++frame) {
      if (frames[frame].pixels.empty()) continue;  // not drawn in this run
      EXPECT_TRUE(frames[frame].pixels == baseline[frame].pixels)
          << "frame " << frame << ", mean difference "
          << meanAbsDiff(frames[frame], baseline[frame]);
    }
  }
  EXPECT_TRUE(context->debugErrors().empty()) << context->debugErrors().front();
}

// A garbage collector destroys an engine on a thread with no context: no GL call, no abort.
TEST_P(CApiFrame, DestroyOnAThreadWithoutAContextDoesNotAbort) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  phosphene_engine* engine = nullptr;
  ASSERT_EQ(phosphene_engine_create(nullptr, &engine), PHOSPHENE_OK);
  ASSERT_EQ(loadFileNow(engine, kPresetDir + "phosphene-aurora.milk"), PHOSPHENE_OK);
  HostTarget target(kW, kH);
  for (int frame = 0; frame < 3; ++frame)
    ASSERT_EQ(renderTo(engine, target.fbo, kW, kH), PHOSPHENE_OK);
  bool current = true;
  std::thread([&] {
    current = gl::hasCurrentContext();
    phosphene_engine_destroy(engine);
  }).join();
  EXPECT_FALSE(current);
}

// A native preset's per-frame function draws: it sets a thick red outer border every frame.
TEST_P(CApiFrame, NativePresetPerFrameFunctionShowsOnScreen) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  struct Counts {
    int frames = 0;
  } counts;
  phosphene_native_preset_desc desc;
  phosphene_native_preset_desc_init(&desc);
  desc.name = "red border";
  static const char kBase[] = "[preset00]\nfDecay=0.5\nnWaveMode=0\nfWaveAlpha=0\n";
  desc.base_text = kBase;
  desc.base_length = sizeof kBase - 1;
  desc.user_data = &counts;
  desc.per_frame = [](void* instance, phosphene_native_frame* frame) {
    static_cast<Counts*>(instance)->frames++;
    phosphene_native_set(frame, "ob_size", 0.1);
    phosphene_native_set(frame, "ob_r", 1.0);
    phosphene_native_set(frame, "ob_g", 0.0);
    phosphene_native_set(frame, "ob_b", 0.0);
    phosphene_native_set(frame, "ob_a", 1.0);
  };
  phosphene_preset* preset = nullptr;
  ASSERT_EQ(phosphene_preset_create_native(&desc, &preset), PHOSPHENE_OK);
  Engine e;
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  ASSERT_EQ(phosphene_engine_switch_preset(e.engine, preset, &cut, nullptr), PHOSPHENE_OK);
  phosphene_preset_destroy(preset);
  ASSERT_EQ(phosphene_engine_wait_for_preset(e.engine), PHOSPHENE_OK);
  HostTarget target(kW, kH);
  const phosphene_render_target t = framebufferTarget(target);
  for (int frame = 0; frame < 6; ++frame) {
    ASSERT_EQ(phosphene_engine_advance(e.engine, 0.0), PHOSPHENE_OK);
    ASSERT_EQ(phosphene_engine_draw(e.engine, &t), PHOSPHENE_OK)
        << phosphene_engine_last_error(e.engine);
  }
  EXPECT_EQ(counts.frames, 6);
  const platform::RgbaImage image = target.read();
  const auto pixel = [&](int x, int y) { return &image.pixels[4 * (y * kW + x)]; };
  for (const auto& [x, y] : {std::pair{1, 1}, std::pair{kW - 2, kH - 2}, std::pair{kW / 2, 1}}) {
    SCOPED_TRACE(std::to_string(x) + "," + std::to_string(y));
    EXPECT_GT(pixel(x, y)[0], 200);
    EXPECT_LT(pixel(x, y)[1], 40);
    EXPECT_LT(pixel(x, y)[2], 40);
  }
  EXPECT_LT(pixel(kW / 2, kH / 2)[0], 100);  // the centre is not border
}

// Two engines, each with its own playlist and events: neither hears of the other's presets.
TEST_P(CApiFrame, TwoEnginesPlayTheirOwnPlaylists) {
  PHOSPHENE_GL_CONTEXT_OR_SKIP(context, GetParam());
  Engine a(1), b(2);
  for (Engine* e : {&a, &b}) {
    phosphene_switch_settings s;
    phosphene_switch_settings_init(&s);
    ASSERT_EQ(phosphene_engine_get_switch_settings(e->engine, &s), PHOSPHENE_OK);
    s.preset_duration = 0.5;
    s.preset_duration_random = 0.0;
    s.blend_time_auto = 0.2;
    s.wait_for_loads = 1;
    ASSERT_EQ(phosphene_engine_set_switch_settings(e->engine, &s), PHOSPHENE_OK);
  }
  phosphene_playlist* la = phosphene_engine_get_playlist(a.engine);
  phosphene_playlist* lb = phosphene_engine_get_playlist(b.engine);
  const char* const onlyAurora[] = {"+**/phosphene-aurora.milk", "-*"};
  const char* const notAurora[] = {"-**/phosphene-aurora.milk"};
  ASSERT_EQ(phosphene_playlist_set_filters(la, onlyAurora, 2, nullptr), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_playlist_set_filters(lb, notAurora, 1, nullptr), PHOSPHENE_OK);
  ASSERT_EQ(phosphene_playlist_add_folder(la, PHOSPHENE_SOURCE_DIR "/presets", 1, nullptr),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_playlist_add_folder(lb, PHOSPHENE_SOURCE_DIR "/presets", 1, nullptr),
            PHOSPHENE_OK);
  ASSERT_EQ(phosphene_playlist_size(la), 1u);
  ASSERT_EQ(phosphene_playlist_size(lb), 2u);
  HostTarget ta(kW, kH), tb(kW, kH);
  std::set<std::string> startedA, startedB;
  phosphene_event ev;
  phosphene_event_init(&ev);
  for (int frame = 0; frame < 90; ++frame) {  // 3 s at 30 fps: several automatic switches
    feedBeatAudio(a.engine, frame);
    feedBeatAudio(b.engine, frame);
    // Nothing loaded: the playlists start the first preset.
    ASSERT_EQ(renderTo(a.engine, ta.fbo, kW, kH), PHOSPHENE_OK)
        << phosphene_engine_last_error(a.engine);
    ASSERT_EQ(renderTo(b.engine, tb.fbo, kW, kH), PHOSPHENE_OK)
        << phosphene_engine_last_error(b.engine);
    while (phosphene_engine_poll_event(a.engine, &ev))
      if (ev.type == PHOSPHENE_EVENT_PRESET_STARTED) startedA.insert(ev.name);
    while (phosphene_engine_poll_event(b.engine, &ev))
      if (ev.type == PHOSPHENE_EVENT_PRESET_STARTED) {
        startedB.insert(ev.name);
        EXPECT_GE(ev.playlist_index, 0);
      }
  }
  EXPECT_EQ(startedA, std::set<std::string>{"phosphene-aurora.milk"});
  EXPECT_EQ(startedB, (std::set<std::string>{"phosphene-starfield.milk", "phosphene-tunnel.milk"}));
  EXPECT_GT(meanAbsDiff(ta.read(), tb.read()), 1.0);
}

INSTANTIATE_TEST_SUITE_P(Apis, CApiFrame, ::testing::Values(GlApi::Core33, GlApi::Es30),
                         apiTestName);

}  // namespace
}  // namespace phosphene::gltest
