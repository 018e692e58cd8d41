#include "engine/PresetLoader.hpp"

#include <algorithm>

namespace phosphene::engine {

PresetLoader::PresetLoader(eel::Globals& globals, shader::TranslationCache& translations)
    : globals_(globals), translations_(translations) {}

// The pieces below serve both builds (with mutex_ held where there is one).

std::optional<PreparedPreset> PresetLoader::takeReady(std::uint64_t ticket) {
  const auto it =
      std::find_if(ready_.begin(), ready_.end(), [&](const auto& r) { return r.first == ticket; });
  if (it == ready_.end()) return std::nullopt;
  PreparedPreset result = std::move(it->second);
  ready_.erase(it);
  return result;
}

bool PresetLoader::queued(std::uint64_t ticket) const {
  return std::any_of(jobs_.begin(), jobs_.end(), [&](const Job& j) { return j.ticket == ticket; });
}

PreparedPreset PresetLoader::unknownTicket() {
  PreparedPreset missing;
  missing.status = LoadStatus::Invalid;
  missing.diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::PresetNotAPreset,
                                                     "no preset load with this ticket", "engine"));
  return missing;
}

void PresetLoader::finish(std::uint64_t ticket, PreparedPreset prepared) {
  ready_.emplace_back(ticket, std::move(prepared));
  // Results nobody takes (a host that requested and then hard-cut elsewhere) must not pile up.
  while (ready_.size() > 8) ready_.pop_front();
}

PreparedPreset PresetLoader::prepareNow(const PresetSource& source, shader::Dialect dialect,
                                        const std::vector<std::filesystem::path>& searchPath) {
  return preparePreset(source, globals_, translations_, dialect, searchPath);
}

#if PHOSPHENE_LOADER_THREAD
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
  return takeReady(ticket);
}

PreparedPreset PresetLoader::wait(std::uint64_t ticket) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto result = takeReady(ticket)) return std::move(*result);
    if (working_ != ticket && !queued(ticket)) return unknownTicket();
    done_.wait(lock);
  }
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
    finish(job.ticket, std::move(prepared));
    done_.notify_all();
  }
}

#else
PresetLoader::~PresetLoader() = default;

std::uint64_t PresetLoader::request(PresetSource source, shader::Dialect dialect,
                                    std::vector<std::filesystem::path> textureSearchPath) {
  const std::uint64_t ticket = nextTicket_++;
  jobs_.push_back({ticket, std::move(source), dialect, std::move(textureSearchPath)});
  return ticket;
}

bool PresetLoader::sliceFront() {
  if (!working_) {
    if (jobs_.empty()) return false;
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    workingTicket_ = job.ticket;
    working_.emplace(std::move(job.source), globals_, translations_, job.dialect,
                     std::move(job.textureSearchPath));
  }
  if (working_->step()) {
    PreparedPreset prepared = working_->take();
    working_.reset();
    finish(workingTicket_, std::move(prepared));
    workingTicket_ = 0;
  }
  return true;
}

std::optional<PreparedPreset> PresetLoader::take(std::uint64_t ticket) {
  if (auto result = takeReady(ticket)) return result;
  sliceFront();
  return takeReady(ticket);
}

PreparedPreset PresetLoader::wait(std::uint64_t ticket) {
  for (;;) {
    if (auto result = takeReady(ticket)) return std::move(*result);
    if (!(working_ && workingTicket_ == ticket) && !queued(ticket)) return unknownTicket();
    sliceFront();
  }
}

std::size_t PresetLoader::pending() const {
  return jobs_.size() + (working_ ? 1 : 0);
}
#endif

}  // namespace phosphene::engine
