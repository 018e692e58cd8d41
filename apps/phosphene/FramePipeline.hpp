#pragma once
// Takes frame output off the render thread. The render thread reads a frame into a buffer from
// a small pool, queues it and goes on rendering, while worker threads hand queued frames to the
// FrameSink: several at once for sinks that allow it (PNG encoding), one for byte streams (raw
// stdout, the ffmpeg pipe). Frames are published in frame order whatever order the workers finish
// in. At most `depth` frames are in flight, so memory stays bounded: when every buffer is taken
// the render thread waits (back-pressure) rather than dropping a frame. On Linux the workers run
// at the lowest priority (nice kWorkerNice), so they use the cores rendering leaves idle.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "FrameSink.hpp"

namespace phosphene::cli {

class FramePipeline {
 public:
  /// The nice value of the worker threads on Linux (the lowest: 19).
  static constexpr int kWorkerNice = 19;

  /// `workers` is capped by the sink's concurrency(); `depth` (>= 1) buffers of width x height.
  FramePipeline(FrameSink& sink, int width, int height, int workers, int depth);
  /// Without finish(): frames not yet started are dropped, frames being written complete and
  /// the sink discards what it cannot publish in order; every worker is joined.
  ~FramePipeline();
  FramePipeline(const FramePipeline&) = delete;
  FramePipeline& operator=(const FramePipeline&) = delete;

  /// A buffer for the next frame; waits while `depth` frames are in flight. Null once a frame
  /// failed (finish() says which and why). Call submit() before the next acquire().
  platform::RgbaImage* acquire();
  /// Queues the buffer from acquire() as frame `index` (indices strictly increasing from 0).
  void submit(std::int64_t index);
  /// Writes every queued frame and stops the workers; false with `error` set to the first failed
  /// frame's message (failedFrame() is its index). Does not call sink.finish().
  bool finish(std::string& error);
  std::optional<std::int64_t> failedFrame() const;

  /// Workers and depth for a sink: a worker per core where the sink allows it, and enough
  /// buffers to keep them busy, within `memoryBudget` bytes (never fewer than two buffers, so
  /// rendering and writing overlap).
  static int defaultWorkers(const FrameSink& sink);
  static int defaultDepth(int workers, int width, int height,
                          std::size_t memoryBudget = std::size_t{256} << 20);

 private:
  enum class SlotState { Free, Filling, Queued, Writing, Written };
  struct Slot {
    platform::RgbaImage image;
    std::int64_t index = -1;
    SlotState state = SlotState::Free;
  };

  void workerLoop();
  void publishReadyLocked();
  void stop(bool drain);

  FrameSink& sink_;
  std::vector<Slot> slots_;
  std::deque<std::size_t> queue_;  // slots waiting for a worker, in frame order
  std::int64_t nextPublish_ = 0;
  std::optional<std::int64_t> failedIndex_;
  std::string error_;
  bool stopping_ = false;
  bool stopped_ = false;
  std::optional<std::size_t> filling_;  // the slot the render thread holds
  mutable std::mutex mutex_;
  std::condition_variable workAvailable_;
  std::condition_variable slotFreed_;
  std::vector<std::thread> workers_;
};

}  // namespace phosphene::cli
