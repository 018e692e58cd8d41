// FramePipeline with a fake sink: frames are published in frame order whatever order the workers
// finish in, no more than `depth` frames are ever in flight (the producer waits), and a failed
// write stops the pipeline with that frame's message while earlier frames still get published.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "FramePipeline.hpp"

namespace phosphene::cli {
namespace {

// The calling thread's nice value (Linux; 0 elsewhere, where nothing changes it).
int currentThreadNice() {
#if defined(__linux__)
  return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)));
#else
  return 0;
#endif
}

// Records what the pipeline does; write() can be slowed down, held, or made to fail.
class FakeSink final : public FrameSink {
 public:
  explicit FakeSink(int concurrency) : concurrency_(concurrency) {}

  bool write(const platform::RgbaImage& frame, std::int64_t index, std::string& error) override {
    {
      std::unique_lock lock(mutex_);
      ++writing_;
      maxWriting_ = std::max(maxWriting_, writing_);
      released_.wait(lock, [&] { return !held_; });
    }
    if (jitter_) {
      // Later frames tend to finish first, so publishing has to put them back in order.
      std::this_thread::sleep_for(std::chrono::microseconds(200 * (7 - index % 8)));
    }
    std::lock_guard lock(mutex_);
    --writing_;
    writerNice_.push_back(currentThreadNice());
    // The buffer must still hold the frame the producer wrote into it.
    firstBytes_.push_back({index, frame.pixels[0]});
    if (index == failAt_) {
      error = "disk full";
      return false;
    }
    return true;
  }
  int concurrency() const override { return concurrency_; }
  bool publish(std::int64_t index, std::string&) override {
    std::lock_guard lock(mutex_);
    published_.push_back(index);
    return true;
  }
  void discard(std::int64_t index) override {
    std::lock_guard lock(mutex_);
    discarded_.insert(index);
  }
  bool finish(std::string&) override { return true; }
  std::string where() const override { return "fake"; }

  void hold() {
    std::lock_guard lock(mutex_);
    held_ = true;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      held_ = false;
    }
    released_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable released_;
  bool held_ = false;
  bool jitter_ = false;
  std::int64_t failAt_ = -1;
  int concurrency_;
  int writing_ = 0, maxWriting_ = 0;
  std::vector<int> writerNice_;
  std::vector<std::int64_t> published_;
  std::set<std::int64_t> discarded_;
  std::vector<std::pair<std::int64_t, std::uint8_t>> firstBytes_;
};

// Produces `frames` frames whose first byte is the frame number; stops at the first null buffer.
std::int64_t produce(FramePipeline& pipeline, std::int64_t frames) {
  for (std::int64_t f = 0; f < frames; ++f) {
    platform::RgbaImage* image = pipeline.acquire();
    if (!image) return f;
    std::fill(image->pixels.begin(), image->pixels.end(), static_cast<std::uint8_t>(f));
    pipeline.submit(f);
  }
  return frames;
}

TEST(FramePipeline, PublishesEveryFrameInOrderWithSeveralWorkers) {
  FakeSink sink(8);
  sink.jitter_ = true;
  FramePipeline pipeline(sink, 4, 3, 4, 6);
  EXPECT_EQ(produce(pipeline, 64), 64);
  std::string error;
  ASSERT_TRUE(pipeline.finish(error)) << error;
  std::vector<std::int64_t> expected(64);
  for (std::int64_t i = 0; i < 64; ++i) expected[static_cast<std::size_t>(i)] = i;
  EXPECT_EQ(sink.published_, expected);
  EXPECT_TRUE(sink.discarded_.empty());
  EXPECT_GT(sink.maxWriting_, 1) << "the workers never wrote two frames at once";
  for (const auto& [index, byte] : sink.firstBytes_)
    EXPECT_EQ(byte, static_cast<std::uint8_t>(index)) << "frame " << index << " was overwritten";
  EXPECT_FALSE(pipeline.failedFrame());
}

#if defined(__linux__)
// Writers run at the lowest priority so they only take cores the renderer leaves idle; the
// render thread (this one) keeps its own.
TEST(FramePipeline, WritersRunAtTheLowestPriorityAndTheRenderThreadKeepsItsOwn) {
  const int renderNice = currentThreadNice();
  FakeSink sink(2);
  FramePipeline pipeline(sink, 4, 3, 2, 4);
  EXPECT_EQ(produce(pipeline, 8), 8);
  std::string error;
  ASSERT_TRUE(pipeline.finish(error)) << error;
  ASSERT_EQ(sink.writerNice_.size(), 8u);
  for (int nice : sink.writerNice_) EXPECT_EQ(nice, FramePipeline::kWorkerNice);
  EXPECT_EQ(currentThreadNice(), renderNice);
}
#endif

TEST(FramePipeline, StreamSinksGetOneWriterAtATime) {
  FakeSink sink(1);  // raw stdout, the ffmpeg pipe: one byte stream
  sink.jitter_ = true;
  FramePipeline pipeline(sink, 2, 2, 4, 5);
  EXPECT_EQ(produce(pipeline, 20), 20);
  std::string error;
  ASSERT_TRUE(pipeline.finish(error)) << error;
  EXPECT_EQ(sink.maxWriting_, 1);
  ASSERT_EQ(sink.firstBytes_.size(), 20u);
  for (std::size_t i = 0; i < 20; ++i) EXPECT_EQ(sink.firstBytes_[i].first, std::int64_t(i));
}

TEST(FramePipeline, ProducerWaitsWhenEveryBufferIsInFlight) {
  FakeSink sink(4);
  sink.hold();  // the output is stuck: nothing is written until release()
  FramePipeline pipeline(sink, 2, 2, 2, 3);
  EXPECT_EQ(produce(pipeline, 3), 3);  // fills the three buffers
  std::atomic<bool> gotFourth{false};
  std::thread producer([&] {
    platform::RgbaImage* image = pipeline.acquire();
    gotFourth = true;
    ASSERT_NE(image, nullptr);
    std::fill(image->pixels.begin(), image->pixels.end(), std::uint8_t{3});
    pipeline.submit(3);
  });
  // Not a timing measurement: the fourth buffer cannot exist while three frames are held.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(gotFourth) << "a fourth frame buffer was handed out while three were in flight";
  sink.release();
  producer.join();
  EXPECT_TRUE(gotFourth);
  std::string error;
  ASSERT_TRUE(pipeline.finish(error)) << error;
  EXPECT_EQ(sink.published_, (std::vector<std::int64_t>{0, 1, 2, 3}));
}

TEST(FramePipeline, FailedWriteStopsTheRunAndNamesTheFrame) {
  FakeSink sink(4);
  sink.failAt_ = 5;
  FramePipeline pipeline(sink, 2, 2, 3, 4);
  const std::int64_t produced = produce(pipeline, 1000);
  EXPECT_LT(produced, 1000) << "the producer was not stopped after the failure";
  std::string error;
  EXPECT_FALSE(pipeline.finish(error));
  EXPECT_EQ(error, "disk full");
  ASSERT_TRUE(pipeline.failedFrame());
  EXPECT_EQ(*pipeline.failedFrame(), 5);
  // Frames before the failure are complete and published; nothing after it is.
  EXPECT_EQ(sink.published_, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(sink.discarded_.count(5)) << "the failed frame's partial output was left behind";
  for (const auto& [written, byte] : sink.firstBytes_) {
    if (written > 5) {
      EXPECT_TRUE(sink.discarded_.count(written)) << written;
    }
  }
}

TEST(FramePipeline, DestroyedWithoutFinishJoinsAndDiscardsUnpublishedFrames) {
  FakeSink sink(2);
  sink.failAt_ = 0;  // frame 0 fails, so later written frames can never be published
  {
    FramePipeline pipeline(sink, 2, 2, 2, 4);
    produce(pipeline, 3);
  }  // must return: no worker left waiting
  EXPECT_TRUE(sink.published_.empty());
  for (const auto& fb : sink.firstBytes_) EXPECT_TRUE(sink.discarded_.count(fb.first)) << fb.first;
}

TEST(FramePipeline, DepthStaysWithinTheMemoryBudget) {
  EXPECT_EQ(FramePipeline::defaultDepth(2, 640, 480), 5);
  // 16384x16384 RGBA is 1 GiB a frame: only the two buffers that overlap render and write.
  EXPECT_EQ(FramePipeline::defaultDepth(8, 16384, 16384), 2);
  FakeSink stream(1);
  EXPECT_EQ(FramePipeline::defaultWorkers(stream), 1);
}

}  // namespace
}  // namespace phosphene::cli
