// The PNG directory sink behind FramePipeline: the same bytes as writing each frame directly,
// the same file names, no temporary file left behind, and a clear message when writing fails.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "FramePipeline.hpp"

namespace phosphene::cli {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

class PngDirectorySink : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(PHOSPHENE_BINARY_DIR) / "test-output" /
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  static void paint(platform::RgbaImage& image, std::int64_t frame) {
    for (int y = 0; y < image.height; ++y)
      for (int x = 0; x < image.width; ++x) {
        std::uint8_t* p = image.at(x, y);
        p[0] = static_cast<std::uint8_t>(x * 3 + frame);
        p[1] = static_cast<std::uint8_t>(y * 5);
        p[2] = static_cast<std::uint8_t>(frame * 17);
        p[3] = 255;
      }
  }
  fs::path dir_;
};

TEST_F(PngDirectorySink, PipelineWritesTheSameBytesAsDirectWrites) {
  std::string error;
  auto sink = openPngDirectory((dir_ / "frames").string(), error);
  ASSERT_TRUE(sink) << error;
  {
    FramePipeline pipeline(*sink, 37, 21, 3, 5);
    for (std::int64_t f = 0; f < 12; ++f) {
      platform::RgbaImage* image = pipeline.acquire();
      ASSERT_NE(image, nullptr);
      paint(*image, f);
      pipeline.submit(f);
    }
    ASSERT_TRUE(pipeline.finish(error)) << error;
  }
  ASSERT_TRUE(sink->finish(error)) << error;
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "frames")) {
    ++files;
    EXPECT_EQ(e.path().extension(), ".png") << e.path();
  }
  EXPECT_EQ(files, 12);
  for (std::int64_t f = 0; f < 12; ++f) {
    platform::RgbaImage direct(37, 21);
    paint(direct, f);
    const fs::path reference = dir_ / ("direct_" + std::to_string(f) + ".png");
    ASSERT_TRUE(
        platform::writePng(reference.string(), direct, error, platform::PngCompression::Fast))
        << error;
    EXPECT_EQ(slurp(dir_ / "frames" / pngFrameName(f)), slurp(reference)) << "frame " << f;
  }
}

TEST_F(PngDirectorySink, WriteFailureNamesTheFrameFile) {
  std::string error;
  const fs::path frames = dir_ / "gone";
  auto sink = openPngDirectory(frames.string(), error);
  ASSERT_TRUE(sink) << error;
  fs::remove_all(frames);  // fopen fails even for root, unlike a read-only directory
  FramePipeline pipeline(*sink, 8, 8, 2, 3);
  for (std::int64_t f = 0; f < 3; ++f) {
    platform::RgbaImage* image = pipeline.acquire();
    if (!image) break;
    paint(*image, f);
    pipeline.submit(f);
  }
  EXPECT_FALSE(pipeline.finish(error));
  EXPECT_EQ(error, "cannot open " + (frames / "frame_000001.png").string() + " for writing");
  EXPECT_EQ(pipeline.failedFrame().value_or(-1), 0);
  EXPECT_FALSE(fs::exists(frames));
}

}  // namespace
}  // namespace phosphene::cli
