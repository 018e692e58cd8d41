#include "engine/PresetLoader.hpp"

#include <algorithm>

namespace phosphene::engine {

PresetLoader::PresetLoader(eel::Globals& globals, shader::TranslationCache& translations)
    : globals_(globals), translations_(translations) {}

PresetLoader::~PresetLoader() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::uint64_t PresetLoader::request(PresetSource source, shader::Dialect dialect,
                                    std::vector<std::filesystem::path> textureSearchPath) {
  std::uint64_t ticket = 0;
  {
    std::lock_guard lock(mutex_);
    ticket = nextTicket_++;
    jobs_.push_back({ticket, std::move(source), dialect, std::move(textureSearchPath)});
    if (!worker_.joinable()) worker_ = std::thread([this] { run(); });
  }
  wake_.notify_one();
  return ticket;
}

std::optional<PreparedPreset> PresetLoader::take(std::uint64_t ticket) {
  std::lock_guard lock(mutex_);
  const auto it =
      std::find_if(ready_.begin(), ready_.end(), [&](const auto& r) { return r.first == ticket; });
  if (it == ready_.end()) return std::nullopt;
  PreparedPreset result = std::move(it->second);
  ready_.erase(it);
  return result;
}

PreparedPreset PresetLoader::wait(std::uint64_t ticket) {
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto it = std::find_if(ready_.begin(), ready_.end(),
                                 [&](const auto& r) { return r.first == ticket; });
    if (it != ready_.end()) {
      PreparedPreset result = std::move(it->second);
      ready_.erase(it);
      return result;
    }
    const bool known =
        working_ == ticket ||
        std::any_of(jobs_.begin(), jobs_.end(), [&](const Job& j) { return j.ticket == ticket; });
    if (!known) {
      PreparedPreset missing;
      missing.status = LoadStatus::Invalid;
      missing.diagnostics.push_back(core::makeDiagnostic(
          core::DiagnosticId::PresetNotAPreset, "no preset load with this ticket", "engine"));
      return missing;
    }
    done_.wait(lock);
  }
}

PreparedPreset PresetLoader::prepareNow(const PresetSource& source, shader::Dialect dialect,
                                        const std::vector<std::filesystem::path>& searchPath) {
  return preparePreset(source, globals_, translations_, dialect, searchPath);
}

std::size_t PresetLoader::pending() const {
  std::lock_guard lock(mutex_);
  return jobs_.size() + (working_ != 0 ? 1 : 0);
}

void PresetLoader::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
    if (stop_) return;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    working_ = job.ticket;
    lock.unlock();
    PreparedPreset prepared =
        preparePreset(job.source, globals_, translations_, job.dialect, job.textureSearchPath);
    lock.lock();
    working_ = 0;
    ready_.emplace_back(job.ticket, std::move(prepared));
    // Results nobody takes (a host that requested and then hard-cut elsewhere) must not pile up.
    while (ready_.size() > 8) ready_.pop_front();
    done_.notify_all();
  }
}

}  // namespace phosphene::engine
