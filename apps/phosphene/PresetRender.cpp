// `phosphene render`'s preset mode: one engine, made and driven through the C API only, draws
// each frame into the run's offscreen framebuffer.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "FirstPreset.hpp"
#include "OfflineEngine.hpp"
#include "PresetSequence.hpp"
#include "RenderFrameLoop.hpp"
#include "RenderGl.hpp"
#include "RenderLaunches.hpp"
#include "RenderModes.hpp"

namespace phosphene::cli {
namespace {

bool reportEngineError(const OfflineEngine& engine) {
  std::fprintf(stderr, "phosphene render: %s\n", engine.lastError().c_str());
  return false;
}

bool reportLoadFailure(const FirstPreset& preset) {
  for (const std::string& line : preset.diagnostics()) std::fprintf(stderr, "%s\n", line.c_str());
  std::fprintf(stderr, "phosphene render: cannot load preset %s: %s\n", preset.name().c_str(),
               phosphene_result_string(preset.status()));
  return false;
}

// --texture-dir, or MilkDrop 2's layout (its textures folder sits beside its presets folder, and
// collections often keep one inside the preset folder) for --presets and the first preset.
bool setTextureSearchPath(const OfflineEngine& engine, const RenderOptions& o) {
  std::vector<std::filesystem::path> folders;
  if (!o.preset.empty()) {
    folders.assign(o.presetFolders.begin(), o.presetFolders.end());
    folders.push_back(std::filesystem::path(o.preset).parent_path());
  }
  const std::vector<std::string> dirs = textureSearchPath(o.textureDirs, folders);
  std::vector<const char*> names;
  for (const std::string& d : dirs) names.push_back(d.c_str());
  return phosphene_engine_set_texture_search_path(engine.get(), names.data(), names.size()) ==
             PHOSPHENE_OK ||
         reportEngineError(engine);
}

// Several presets: the engine switches every --preset-duration seconds with --transition blends
// (and hard cuts with --hard-cuts), asking `sequence` for the next file. Offline, each switch
// waits for the incoming preset to be ready, so the output does not depend on loader timing.
bool configureSwitching(const OfflineEngine& engine, const RenderOptions& o,
                        PresetSequence& sequence) {
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  if (phosphene_engine_get_switch_settings(engine.get(), &s) != PHOSPHENE_OK)
    return reportEngineError(engine);
  s.preset_duration = o.presetDuration;
  s.preset_duration_random = o.randomDuration ? 10.0 : 0.0;
  s.duration_includes_blend = 0;
  s.blend_time_auto = o.transition;
  s.blend_time_user = o.transition;
  s.auto_switch = o.presets.size() > 1 ? 1 : 0;
  s.loudness_hard_cuts = o.hardCuts ? 1 : 0;
  s.wait_for_loads = o.asyncLoads ? 0 : 1;
  return (phosphene_engine_set_switch_settings(engine.get(), &s) == PHOSPHENE_OK &&
          phosphene_engine_set_next_preset_callback(engine.get(), &PresetSequence::nextPreset,
                                                    &sequence) == PHOSPHENE_OK) ||
         reportEngineError(engine);
}

// The first preset running at the run's size and mesh, the sequence's switching set up.
bool prepareEngine(const OfflineEngine& engine, const RenderOptions& o, const FirstPreset& first,
                   PresetSequence& sequence) {
  if (!setTextureSearchPath(engine, o)) return false;
  if (!first.startIn(engine.get()) ||
      phosphene_engine_set_mesh_size(engine.get(), o.mesh.width, o.mesh.height) != PHOSPHENE_OK ||
      phosphene_engine_set_drawable_size(engine.get(), o.size.width, o.size.height) != PHOSPHENE_OK)
    return reportEngineError(engine);
  return configureSwitching(engine, o, sequence);
}

}  // namespace

int renderPresets(const RenderOptions& o, AudioFeed& audio) {
  // Read before any GL: a preset that does not load ends the run with its diagnostics.
  const FirstPreset first(o.preset);
  if (first.status() != PHOSPHENE_OK) return reportLoadFailure(first), 1;
  const long long frames = o.frameCount(audio.durationSeconds());
  auto gl = RenderGl::open(o);
  if (!gl) return 1;
  printRunDetails(o, audio, frames);
  std::string error;
  // After the context: the engine deletes its GL objects when destroyed, while it is current.
  const auto engine = OfflineEngine::create(o.fps, o.seed, "render", error);
  if (!engine) {
    std::fprintf(stderr, "phosphene render: %s\n", error.c_str());
    return 1;
  }
  PresetSequence sequence;
  sequence.presets = o.presets;
  if (!prepareEngine(*engine, o, first, sequence)) return 1;
  RenderLaunches launches(o.launches);
  if (!launches.load(engine->get())) return 1;

  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.gl_name = gl->framebuffer.glName();
  target.width = o.size.width;
  target.height = o.size.height;
  const int status =
      renderFrames({o, audio, *gl, frames, "preset " + o.presetName()},
                   [&](long long f, std::string& frameError) {
                     if (!audio.feedFrame(f, engine->get(), frameError)) return false;
                     if (!launches.fire(engine->get(), static_cast<double>(f) / o.fps, frameError))
                       return false;
                     if (phosphene_engine_render(engine->get(), 0.0, &target) != PHOSPHENE_OK) {
                       frameError = engine->lastError();
                       return false;
                     }
                     sequence.collect(engine->get());
                     return true;
                   });
  if (status == 0) sequence.print(stderr);
  return status;
}

}  // namespace phosphene::cli
