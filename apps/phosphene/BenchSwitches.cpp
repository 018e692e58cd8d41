// A fixed sequence: after the warm-up frames (the first preset loads and links there, a cold
// start rather than a switch), switch k (k = 1, 2, ...) is requested at k x interval seconds of
// engine time, to preset k mod N, with a blend of `transition` seconds. Frames advance the
// engine's fixed clock by 1/fps, so the sequence is the same on every machine; only the wall
// times differ. With --async-loads frames never wait for the loader thread (a live player);
// without it each switch waits for its preset, as `phosphene render` does. --strip-shaders
// loads the same presets with their warp and comp shader blocks removed (the built-in
// composite draws instead), to tell what shaders cost from what switching itself costs.
//
// Per switch: the worst frame within ±1 s of it, counted from the request to the start when the
// preset started later (in live mode it starts when the loader is done). Over the run: median,
// p99 and worst frame. Timed on the calling thread, glFinish included, as the per-preset mode.

#include "BenchSwitches.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "AudioFeed.hpp"
#include "BenchStats.hpp"
#include "CurrentGlContext.hpp"
#include "JsonText.hpp"
#include "OfflineEngine.hpp"

namespace phosphene::cli {
namespace {

using PresetHandle = std::unique_ptr<phosphene_preset, decltype(&phosphene_preset_destroy)>;

// Drops the lines that give a preset its warp and comp shaders (warp_N=, comp_N=, any case), so
// the engine draws its built-in stages as for a preset written without shaders.
std::string withoutShaders(const std::string& text) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    std::string head = line.substr(0, 5);
    std::transform(head.begin(), head.end(), head.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (head == "warp_" || head == "comp_") continue;
    out += line;
    out += '\n';
  }
  return out;
}

PresetHandle loadHandle(const std::string& path, bool stripShaders, std::string& error) {
  phosphene_preset* made = nullptr;
  phosphene_result rc;
  if (stripShaders) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      error = "cannot read '" + path + "'";
      return {nullptr, &phosphene_preset_destroy};
    }
    const std::string stripped = withoutShaders(text.str());
    const std::string name = std::filesystem::path(path).stem().string();
    rc = phosphene_preset_create_from_text(stripped.data(), stripped.size(), name.c_str(), &made);
  } else {
    rc = phosphene_preset_create_from_file(path.c_str(), &made);
  }
  PresetHandle handle(made, &phosphene_preset_destroy);
  if (rc != PHOSPHENE_OK || !handle) {
    error = "cannot load '" + path + "': " + phosphene_result_string(rc);
    handle.reset();
  }
  return handle;
}

struct SwitchRecord {
  std::string name;
  double requested = 0;  // engine seconds
  double started = -1;   // engine seconds; < 0: it never started
  double worstMs = 0;    // worst frame within ±1 s
  double worstAt = 0;    // engine seconds of that frame
  std::string failure;
};

struct SwitchRun {
  std::vector<double> totalMs;  // every timed frame
  std::vector<double> times;    // engine seconds of each timed frame
  std::vector<SwitchRecord> switches;
  std::string failure;
};

// Records the starts and failures the engine reports into the switch they belong to.
void collectEvents(phosphene_engine* engine, double now, std::vector<SwitchRecord>& switches,
                   const std::vector<std::uint64_t>& requests) {
  phosphene_event ev;
  phosphene_event_init(&ev);
  while (phosphene_engine_poll_event(engine, &ev)) {
    const auto it = std::find(requests.begin(), requests.end(), ev.request_id);
    if (it == requests.end()) continue;
    SwitchRecord& s = switches[static_cast<std::size_t>(it - requests.begin())];
    if (ev.type == PHOSPHENE_EVENT_PRESET_STARTED) s.started = now;
    if (ev.type == PHOSPHENE_EVENT_PRESET_LOAD_FAILED) s.failure = ev.message;
  }
}

SwitchRun runSwitches(const BenchOptions& o, const std::vector<PresetHandle>& presets,
                      unsigned framebuffer, const InterruptFlag& interrupt) {
  SwitchRun run;
  std::string error;
  auto feed = AudioFeed::open(o.audio, o.fps, o.seed, error);
  const auto offline = feed ? OfflineEngine::create(o.fps, o.seed, "bench", error) : nullptr;
  if (!offline || !prepareBenchEngine(offline->get(), o, o.presets, o.asyncLoads, error)) {
    run.failure = error;
    return run;
  }
  phosphene_engine* engine = offline->get();
  phosphene_transition_desc cut, blend;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  phosphene_transition_desc_init(&blend);
  blend.style = o.transition > 0 ? PHOSPHENE_TRANSITION_BLEND : PHOSPHENE_TRANSITION_HARD_CUT;
  blend.seconds = o.transition;
  if (phosphene_engine_switch_preset(engine, presets[0].get(), &cut, nullptr) != PHOSPHENE_OK ||
      phosphene_engine_wait_for_preset(engine) != PHOSPHENE_OK) {
    run.failure = offline->lastError();
    return run;
  }
  const phosphene_render_target target = benchTarget(framebuffer, o.size);

  const auto timed = static_cast<long long>(std::llround(o.seconds * o.fps));
  const auto every = std::max(1LL, static_cast<long long>(std::llround(o.interval * o.fps)));
  std::vector<std::uint64_t> requests;
  for (long long f = 0; f < o.warmup + timed && !interrupt.raised(); ++f) {
    const long long t = f - o.warmup;  // timed frame index
    const double now = static_cast<double>(t) / o.fps;
    if (t > 0 && t % every == 0) {
      const std::size_t k = run.switches.size() + 1;
      const PresetHandle& next = presets[k % presets.size()];
      std::uint64_t id = 0;
      if (phosphene_engine_switch_preset(engine, next.get(), &blend, &id) != PHOSPHENE_OK) {
        run.failure = offline->lastError();
        break;
      }
      run.switches.push_back({phosphene_preset_name(next.get()), now, -1, 0, 0, {}});
      requests.push_back(id);
    }
    const auto t0 = BenchClock::now();
    if (!feed->feedFrame(f, engine, error)) {
      run.failure = error;
      break;
    }
    if (phosphene_engine_advance(engine, 0.0) != PHOSPHENE_OK ||
        phosphene_engine_draw(engine, &target) != PHOSPHENE_OK) {
      run.failure = offline->lastError();
      break;
    }
    platform::waitForGl();
    const double ms = msBetween(t0, BenchClock::now());
    collectEvents(engine, now, run.switches, requests);
    if (t < 0) continue;
    run.totalMs.push_back(ms);
    run.times.push_back(now);
  }
  for (SwitchRecord& s : run.switches) {
    const double from = s.requested - 1.0;
    const double to = std::max(s.requested, s.started) + 1.0;
    for (std::size_t i = 0; i < run.times.size(); ++i) {
      if (run.times[i] < from || run.times[i] > to || run.totalMs[i] <= s.worstMs) continue;
      s.worstMs = run.totalMs[i];
      s.worstAt = run.times[i];
    }
  }
  return run;
}

std::string fixed(double v, int decimals = 3) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

void printJson(const BenchOptions& o, const std::string& glName, const std::string& renderer,
               const SwitchRun& run, const Stats& all, double nearWorst) {
  std::string out =
      "{\n  \"mode\": \"switches\",\n  \"size\": [" + std::to_string(o.size.width) + ", " +
      std::to_string(o.size.height) + "],\n  \"mesh\": [" + std::to_string(o.mesh.width) + ", " +
      std::to_string(o.mesh.height) + "],\n  \"fps\": " + fixed(o.fps) +
      ",\n  \"seconds\": " + fixed(o.seconds) + ",\n  \"interval\": " + fixed(o.interval) +
      ",\n  \"transition\": " + fixed(o.transition) +
      ",\n  \"async_loads\": " + (o.asyncLoads ? "true" : "false") +
      ",\n  \"strip_shaders\": " + (o.stripShaders ? "true" : "false") + ",\n  \"gl\": ";
  appendJsonString(out, glName);
  out += ",\n  \"renderer\": ";
  appendJsonString(out, renderer);
  if (!run.failure.empty()) {
    out += ",\n  \"error\": ";
    appendJsonString(out, run.failure);
  }
  out += ",\n  \"frames\": " + std::to_string(run.totalMs.size()) +
         ",\n  \"ms\": {\"median\": " + fixed(all.median) + ", \"p99\": " + fixed(all.p99) +
         ", \"worst\": " + fixed(all.worst) + ", \"mean\": " + fixed(all.mean) +
         "},\n  \"worst_near_switch_ms\": " + fixed(nearWorst) + ",\n  \"switches\": [";
  for (std::size_t i = 0; i < run.switches.size(); ++i) {
    const SwitchRecord& s = run.switches[i];
    out += i ? ",\n    {\"name\": " : "\n    {\"name\": ";
    appendJsonString(out, s.name);
    out += ", \"requested\": " + fixed(s.requested) + ", \"started\": " + fixed(s.started) +
           ", \"worst_ms\": " + fixed(s.worstMs) + ", \"worst_at\": " + fixed(s.worstAt);
    if (!s.failure.empty()) {
      out += ", \"error\": ";
      appendJsonString(out, s.failure);
    }
    out += "}";
  }
  out += run.switches.empty() ? "]\n}\n" : "\n  ]\n}\n";
  std::fputs(out.c_str(), stdout);
}

void printTable(const BenchOptions& o, const std::string& glName, const std::string& renderer,
                const SwitchRun& run, const Stats& all, double nearWorst) {
  std::printf(
      "phosphene bench --switches: %dx%d, mesh %dx%d, %zu presets%s, a switch every %.2f s with"
      " %.2f s transitions, %.1f s at %.0f fps (+%lld warm-up frames), %s loads, %s, %s\n",
      o.size.width, o.size.height, o.mesh.width, o.mesh.height, o.presets.size(),
      o.stripShaders ? " (shaders stripped)" : "", o.interval, o.transition, o.seconds, o.fps,
      o.warmup, o.asyncLoads ? "async" : "waited-for", glName.c_str(), renderer.c_str());
  std::printf("%7s %8s %10s %10s  %s\n", "request", "started", "worst ms", "at", "preset");
  for (const SwitchRecord& s : run.switches) {
    std::printf("%7.2f %8.2f %10.2f %10.2f  %s%s%s\n", s.requested, s.started, s.worstMs, s.worstAt,
                s.name.c_str(), s.failure.empty() ? "" : ": failed: ", s.failure.c_str());
  }
  if (!run.failure.empty()) std::printf("failed: %s\n", run.failure.c_str());
  std::printf(
      "summary: %zu frames, median %.2f ms, p99 %.2f ms, worst %.2f ms (%.1fx the median);"
      " worst within 1 s of a switch %.2f ms (%.1fx)\n",
      run.totalMs.size(), all.median, all.p99, all.worst,
      all.median > 0 ? all.worst / all.median : 0.0, nearWorst,
      all.median > 0 ? nearWorst / all.median : 0.0);
}

}  // namespace

int runSwitchBench(const BenchOptions& o, unsigned framebuffer, const std::string& glName,
                   const std::string& renderer, const InterruptFlag& interrupt) {
  std::vector<PresetHandle> presets;
  for (const std::string& path : o.presets) {
    std::string error;
    presets.push_back(loadHandle(path, o.stripShaders, error));
    if (!presets.back()) {
      std::fprintf(stderr, "phosphene bench: %s\n", error.c_str());
      return 1;
    }
  }
  const SwitchRun run = runSwitches(o, presets, framebuffer, interrupt);
  const Stats all = statsOf(run.totalMs);
  double nearWorst = 0;
  for (const SwitchRecord& s : run.switches) nearWorst = std::max(nearWorst, s.worstMs);
  if (o.json)
    printJson(o, glName, renderer, run, all, nearWorst);
  else
    printTable(o, glName, renderer, run, all, nearWorst);
  if (interrupt.raised()) return 128 + interrupt.signal();
  bool failed = !run.failure.empty();
  for (const SwitchRecord& s : run.switches) failed = failed || !s.failure.empty();
  return failed ? 1 : 0;
}

}  // namespace phosphene::cli
