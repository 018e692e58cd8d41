#include "PresetMashups.hpp"

#include <array>
#include <chrono>
#include <filesystem>
#include <utility>

namespace phosphene::play {
namespace {

constexpr std::array<const char*, PHOSPHENE_MASHUP_PARTS> kPartNames = {"general", "motion",
                                                                        "waves", "warp", "comp"};

std::string fileName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

std::string stem(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

// Reads the parts' files (any thread) and assembles them; null, with `error`, when a part did
// not load. The label becomes the preset's name.
SharedPreset assemble(const std::vector<MashupSource>& sources, const std::string& label,
                      std::string& error) {
  std::vector<SharedPreset> held;
  std::array<const phosphene_preset*, PHOSPHENE_MASHUP_PARTS> parts{};
  for (std::size_t i = 0; i < sources.size() && i < parts.size(); ++i) {
    if (sources[i].preset) {
      parts[i] = sources[i].preset.get();
      continue;
    }
    // The same file may fill several parts: read it once.
    std::size_t same = 0;
    while (same < i && sources[same].path != sources[i].path) ++same;
    if (same < i) {
      parts[i] = parts[same];
      continue;
    }
    phosphene_preset* p = nullptr;
    const phosphene_result r = phosphene_preset_create_from_file(sources[i].path.c_str(), &p);
    held.push_back(sharePreset(p));
    if (r != PHOSPHENE_OK) {
      error = fileName(sources[i].path) + ": " + phosphene_result_string(r);
      return nullptr;
    }
    parts[i] = p;
  }
  phosphene_preset* made = nullptr;
  const phosphene_result r =
      phosphene_preset_create_mashup(parts.data(), PHOSPHENE_MASHUP_PARTS, label.c_str(), &made);
  SharedPreset owned = sharePreset(made);
  if (r != PHOSPHENE_OK) {
    error = std::string("cannot assemble it: ") + phosphene_result_string(r);
    return nullptr;
  }
  return owned;
}

}  // namespace

SharedPreset sharePreset(phosphene_preset* preset) {
  return SharedPreset(preset, [](phosphene_preset* p) { phosphene_preset_destroy(p); });
}

std::string MashupSource::name() const {
  return preset ? phosphene_preset_name(preset.get()) : stem(path);
}

PresetMashups::PresetMashups(phosphene_engine* engine, std::uint64_t seed)
    : engine_(engine), random_(seed) {}

PresetMashups::~PresetMashups() {
  if (job_) job_->result.wait();  // it reads files only, but let it finish before we go
}

std::vector<std::string> PresetMashups::playlistFiles() const {
  std::vector<std::string> files;
  const phosphene_playlist* list = phosphene_engine_get_playlist(engine_);
  const std::uint32_t n = phosphene_playlist_size(list);
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* path = phosphene_playlist_item_path(list, i);
    if (path != nullptr && *path != '\0') files.emplace_back(path);
  }
  return files;
}

std::string PresetMashups::randomFile(const std::vector<std::string>& files) {
  return files[std::uniform_int_distribution<std::size_t>(0, files.size() - 1)(random_)];
}

void PresetMashups::start(std::vector<MashupSource> sources, std::string label,
                          std::string summary) {
  Job job;
  job.label = std::move(label);
  job.summary = std::move(summary);
  if (job.summary.empty())
    for (std::size_t i = 0; i < sources.size() && i < kPartNames.size(); ++i)
      job.summary += std::string(i ? ", " : "") + kPartNames[i] + " " + sources[i].name();
  job.error = std::make_shared<std::string>();
  // Files are read and checked on another thread, as live reload does: the picture goes on.
  job.result = std::async(std::launch::async,
                          [sources = std::move(sources), name = job.label, error = job.error] {
                            return assemble(sources, name, *error);
                          });
  job_ = std::move(job);
}

bool PresetMashups::mashUpAtRandom(std::string& error) {
  if (job_) {
    error = "a mash-up is still being made";
    return false;
  }
  const std::vector<std::string> files = playlistFiles();
  if (files.empty()) {
    error = "no preset files in the playlist to mash up";
    return false;
  }
  std::vector<MashupSource> sources;
  for (std::size_t i = 0; i < PHOSPHENE_MASHUP_PARTS; ++i)
    sources.push_back({randomFile(files), {}});
  start(std::move(sources), "mash-up " + std::to_string(++count_), {});
  return true;
}

bool PresetMashups::shadersAtRandom(std::string& error) {
  if (job_) {
    error = "a mash-up is still being made";
    return false;
  }
  const std::vector<std::string> files = playlistFiles();
  if (files.empty()) {
    error = "no preset files in the playlist to mix";
    return false;
  }
  const std::string base = randomFile(files), warp = randomFile(files), comp = randomFile(files);
  std::vector<MashupSource> sources(PHOSPHENE_MASHUP_PARTS, MashupSource{base, {}});
  sources[PHOSPHENE_MASHUP_WARP_SHADER] = {warp, {}};
  sources[PHOSPHENE_MASHUP_COMP_SHADER] = {comp, {}};
  start(std::move(sources), stem(base) + " + shaders of " + stem(warp) + ", " + stem(comp),
        "the warp shader of " + fileName(warp) + ", the comp shader of " + fileName(comp));
  return true;
}

bool PresetMashups::swapShader(phosphene_mashup_part part, std::string& error) {
  if (job_) {
    error = "a mash-up is still being made";
    return false;
  }
  // The running preset: the one made last, else its file. A preset without a file (embedded,
  // a text) has no parts to keep.
  MashupSource current;
  if (running() != nullptr) {
    current.preset = made_;
  } else if (const char* path = phosphene_engine_current_preset_path(engine_); path && *path) {
    current.path = path;
  } else {
    error = "the running preset has no file to keep";
    return false;
  }
  const std::vector<std::string> files = playlistFiles();
  if (files.empty()) {
    error = "no preset files in the playlist to take a shader from";
    return false;
  }
  const std::string donor = randomFile(files);
  std::vector<MashupSource> sources(PHOSPHENE_MASHUP_PARTS, current);
  sources[part] = {donor, {}};
  const std::string kept = current.preset ? madeName_ : stem(current.path);
  const std::string shader = part == PHOSPHENE_MASHUP_WARP_SHADER ? "warp" : "comp";
  start(std::move(sources), kept + " + " + shader + " of " + stem(donor),
        "the " + shader + " shader of " + fileName(donor));
  return true;
}

std::optional<MashupNews> PresetMashups::update() {
  if (!job_ || job_->result.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return std::nullopt;
  Job job = std::move(*job_);
  job_.reset();
  SharedPreset made = job.result.get();
  MashupNews news;
  if (!made) {
    news.message = job.label + ": " + *job.error;
    news.error = true;
    return news;
  }
  // A cut, as MD2 applies a mash-up's parts at once: the author compares parts, not blends.
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  if (phosphene_engine_switch_preset(engine_, made.get(), &cut, nullptr) != PHOSPHENE_OK) {
    news.message = job.label + ": " + phosphene_engine_last_error(engine_);
    news.error = true;
    return news;
  }
  made_ = std::move(made);
  madeName_ = job.label;
  news.message = job.label + ": " + job.summary;
  return news;
}

const phosphene_preset* PresetMashups::running() const {
  if (!made_) return nullptr;
  // The made preset runs under its own name and without a file path.
  const char* name = phosphene_engine_current_preset_name(engine_);
  const char* path = phosphene_engine_current_preset_path(engine_);
  const bool runs = name != nullptr && madeName_ == name && (path == nullptr || *path == '\0');
  return runs ? made_.get() : nullptr;
}

}  // namespace phosphene::play
