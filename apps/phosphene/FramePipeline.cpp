#include "FramePipeline.hpp"

#include <algorithm>
#include <exception>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace phosphene::cli {
namespace {

// Writers take the cores the renderer leaves idle instead of sharing them with llvmpipe's
// rasteriser threads: a frame waits on its slowest rasteriser, so an encoder preempting one
// delays the whole frame, while an encoder that runs when a core is idle costs nothing. When
// the writers fall behind, every buffer fills and the render thread waits, and then they have
// the cores alone, so no frame is ever starved. Measured on 2 cores, PNG output, interleaved
// rounds: nice 19 took 4-10% off the wall time per frame at 640x480 and 5% at 1280x720, nice 10
// 2-6% (bench/README.md). Linux only: elsewhere (POSIX) the call would renice the whole
// process.
void lowerThisThreadsPriority() {
#if defined(__linux__)
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  setpriority(PRIO_PROCESS, tid, FramePipeline::kWorkerNice);
#endif
}

}  // namespace

FramePipeline::FramePipeline(FrameSink& sink, int width, int height, int workers, int depth)
    : sink_(sink) {
  slots_.resize(static_cast<std::size_t>(std::max(1, depth)));
  for (Slot& s : slots_) s.image = platform::RgbaImage(width, height);
  const int n = std::clamp(workers, 1, std::max(1, sink.concurrency()));
  workers_.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) workers_.emplace_back([this] { workerLoop(); });
}

FramePipeline::~FramePipeline() {
  stop(false);
}

platform::RgbaImage* FramePipeline::acquire() {
  std::unique_lock lock(mutex_);
  auto freeSlot = [&] {
    return std::find_if(slots_.begin(), slots_.end(),
                        [](const Slot& s) { return s.state == SlotState::Free; });
  };
  slotFreed_.wait(lock, [&] { return failedIndex_ || stopped_ || freeSlot() != slots_.end(); });
  if (failedIndex_ || stopped_) return nullptr;
  const auto it = freeSlot();
  it->state = SlotState::Filling;
  filling_ = static_cast<std::size_t>(it - slots_.begin());
  return &it->image;
}

void FramePipeline::submit(std::int64_t index) {
  std::lock_guard lock(mutex_);
  if (!filling_) return;
  Slot& s = slots_[*filling_];
  s.index = index;
  if (failedIndex_) {
    s.state = SlotState::Free;  // an earlier frame failed: this one will never be published
  } else {
    s.state = SlotState::Queued;
    queue_.push_back(*filling_);
    workAvailable_.notify_one();
  }
  filling_.reset();
}

bool FramePipeline::finish(std::string& error) {
  stop(true);
  std::lock_guard lock(mutex_);
  if (!failedIndex_) return true;
  error = error_;
  return false;
}

std::optional<std::int64_t> FramePipeline::failedFrame() const {
  std::lock_guard lock(mutex_);
  return failedIndex_;
}

int FramePipeline::defaultWorkers(const FrameSink& sink) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  // More encoders than cores only adds memory; eight already outruns any renderer we have.
  return std::clamp(std::min(cores, sink.concurrency()), 1, 8);
}

int FramePipeline::defaultDepth(int workers, int width, int height, std::size_t memoryBudget) {
  // One buffer the renderer fills, and two per worker so a worker never waits for the renderer.
  const int wanted = 2 * std::max(1, workers) + 1;
  const std::size_t frameBytes = std::max<std::size_t>(
      1, static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  const auto affordable = static_cast<int>(std::min<std::size_t>(memoryBudget / frameBytes, 64));
  return std::max(2, std::min(wanted, affordable));
}

void FramePipeline::workerLoop() {
  lowerThisThreadsPriority();
  std::unique_lock lock(mutex_);
  for (;;) {
    workAvailable_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to write
    const std::size_t id = queue_.front();
    queue_.pop_front();
    Slot& s = slots_[id];
    s.state = SlotState::Writing;
    lock.unlock();
    // Only this worker touches a Writing slot, so the sink works on it without the lock.
    std::string error;
    bool ok = false;
    try {
      ok = sink_.write(s.image, s.index, error);
    } catch (const std::exception& e) {  // bad_alloc from an encoder must not end the process
      error = e.what();
    }
    lock.lock();
    if (ok) {
      s.state = SlotState::Written;
      publishReadyLocked();
    } else {
      sink_.discard(s.index);
      if (!failedIndex_ || s.index < *failedIndex_) {
        failedIndex_ = s.index;
        error_ = error;
      }
      s.state = SlotState::Free;
      // Nothing after a failed frame can be published: drop what has not started.
      for (std::size_t q : queue_) slots_[q].state = SlotState::Free;
      queue_.clear();
    }
    slotFreed_.notify_all();
  }
}

// Publishes written frames while the next one in frame order is ready, so the output only ever
// holds a gap-free prefix of the sequence. Called with the lock held.
void FramePipeline::publishReadyLocked() {
  for (;;) {
    if (failedIndex_ && nextPublish_ >= *failedIndex_) return;
    const auto it = std::find_if(slots_.begin(), slots_.end(), [&](const Slot& s) {
      return s.state == SlotState::Written && s.index == nextPublish_;
    });
    if (it == slots_.end()) return;
    std::string error;
    if (!sink_.publish(it->index, error)) {
      sink_.discard(it->index);
      failedIndex_ = it->index;
      error_ = error;
      for (std::size_t q : queue_) slots_[q].state = SlotState::Free;
      queue_.clear();
    }
    it->state = SlotState::Free;
    ++nextPublish_;
  }
}

void FramePipeline::stop(bool drain) {
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    if (!drain) {
      for (std::size_t q : queue_) slots_[q].state = SlotState::Free;
      queue_.clear();
    }
    stopping_ = true;
  }
  workAvailable_.notify_all();
  for (std::thread& t : workers_) t.join();
  std::lock_guard lock(mutex_);
  // Written but never published (a frame before them failed, or was dropped): remove them.
  for (Slot& s : slots_) {
    if (s.state != SlotState::Written) continue;
    sink_.discard(s.index);
    s.state = SlotState::Free;
  }
  stopped_ = true;
  slotFreed_.notify_all();
}

}  // namespace phosphene::cli
