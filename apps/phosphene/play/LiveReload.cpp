#include "LiveReload.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

namespace phosphene::play {
namespace {

std::filesystem::path normalised(const std::filesystem::path& p) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(p, ec);
  return (ec ? p : absolute).lexically_normal();
}

}  // namespace

std::vector<std::string> diagnosticLines(const phosphene_preset* preset, const std::string& name,
                                         int& errors) {
  std::vector<std::string> errorLines, otherLines;
  const std::uint32_t n = phosphene_preset_diagnostic_count(preset);
  for (std::uint32_t i = 0; i < n; ++i) {
    phosphene_diagnostic d;
    phosphene_diagnostic_init(&d);
    if (phosphene_preset_diagnostic(preset, i, &d) != PHOSPHENE_OK) continue;
    std::string where = name;
    if (d.line > 0) where += ":" + std::to_string(d.line);
    if (d.line > 0 && d.column > 0) where += ":" + std::to_string(d.column);
    const bool error = d.severity >= PHOSPHENE_LOG_ERROR;
    std::string line = where + ": " + (error ? "" : "warning: ") + d.id + " " + d.message;
    if (d.section && *d.section) line += " [" + std::string(d.section) + "]";
    (error ? errorLines : otherLines).push_back(std::move(line));
  }
  errors = static_cast<int>(errorLines.size());
  errorLines.insert(errorLines.end(), otherLines.begin(), otherLines.end());
  return errorLines;
}

LiveReload::LiveReload(phosphene_engine* engine) : engine_(engine) {}

LiveReload::~LiveReload() {
  for (auto& c : checks_) c.result.wait();  // the checks own nothing of ours, but finish them
}

bool LiveReload::watch(const std::filesystem::path& path, std::string& error) {
  const auto p = normalised(path);
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec)) {
    if (!watcher_.watchFolder(p, error)) return false;
    folders_.insert(p);
    return true;
  }
  if (!watcher_.watchFolder(p.parent_path(), error)) return false;
  files_.insert(p);
  return true;
}

bool LiveReload::wanted(const std::filesystem::path& file) {
  if (files_.count(file) || folders_.count(file.parent_path())) return true;
  if (!followCurrent_) return false;
  const char* current = phosphene_engine_current_preset_path(engine_);
  return current && *current && normalised(current) == file;
}

ReloadNews LiveReload::finish(const std::filesystem::path& file, PresetHandle preset) {
  const std::string name = file.filename().string();
  ReloadNews news;
  if (!preset) {
    news.message = "reload " + name + ": out of memory";
    news.error = true;
    return news;
  }
  int errors = 0;
  std::vector<std::string> lines = diagnosticLines(preset.get(), name, errors);
  const phosphene_result status = phosphene_preset_status(preset.get());
  if (status != PHOSPHENE_OK || errors > 0) {
    if (lines.empty()) lines.push_back(name + ": " + phosphene_result_string(status));
    news.message = name + ": " + std::to_string(std::max(errors, 1)) +
                   (errors > 1 ? " errors" : " error") + "; the last good version keeps running";
    news.error = true;
    // On screen the errors only (the picture stays visible); the terminal gets the warnings too.
    std::vector<std::string> shown(lines.begin(), lines.begin() + std::max(errors, 1));
    if (const auto warnings = lines.size() - shown.size(); warnings > 0)
      shown.push_back("(and " + std::to_string(warnings) + " warnings, listed in the terminal)");
    news.details = std::move(lines);
    news.pinned = std::move(shown);
    pinnedFile_ = file;
    return news;
  }
  // A cut: the author wants to see the new version at once, not a blend of old and new.
  phosphene_transition_desc cut;
  phosphene_transition_desc_init(&cut);
  cut.style = PHOSPHENE_TRANSITION_HARD_CUT;
  if (phosphene_engine_switch_preset(engine_, preset.get(), &cut, nullptr) != PHOSPHENE_OK) {
    news.message = "reload " + name + ": " + phosphene_engine_last_error(engine_);
    news.error = true;
    return news;
  }
  news.message = "reloaded " + name +
                 (lines.empty() ? "" : " (" + std::to_string(lines.size()) + " warnings)");
  if (pinnedFile_ == file || pinnedFile_.empty()) {
    news.pinned = std::vector<std::string>{};
    pinnedFile_.clear();
  }
  return news;
}

std::vector<ReloadNews> LiveReload::update() {
  std::vector<ReloadNews> news;
  if (!active()) {
    watcher_.changedFiles();  // drop what happened while off
    return news;
  }
  if (followCurrent_) {
    const char* current = phosphene_engine_current_preset_path(engine_);
    std::string ignored;  // a preset outside any folder (embedded) has no file to follow
    if (current && *current) watcher_.watchFolder(normalised(current).parent_path(), ignored);
  }
  for (const auto& file : watcher_.changedFiles())
    if (wanted(file)) again_.insert(file);
  for (auto it = checks_.begin(); it != checks_.end();) {
    if (it->result.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
      ++it;
      continue;
    }
    news.push_back(finish(it->file, it->result.get()));
    it = checks_.erase(it);
  }
  for (auto it = again_.begin(); it != again_.end();) {
    const auto& file = *it;
    const bool busy =
        std::any_of(checks_.begin(), checks_.end(), [&](const Check& c) { return c.file == file; });
    if (busy) {
      ++it;
      continue;
    }
    // Reading, parsing and compiling happen off the render thread (any thread may make a handle).
    checks_.push_back({file, std::async(std::launch::async, [path = file.string()] {
                         phosphene_preset* p = nullptr;
                         phosphene_preset_create_from_file(path.c_str(), &p);
                         return PresetHandle(p);
                       })});
    it = again_.erase(it);
  }
  return news;
}

}  // namespace phosphene::play
