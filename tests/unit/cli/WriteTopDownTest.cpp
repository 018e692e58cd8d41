// writeTopDown, behind `render --out -` and the ffmpeg pipe: frames leave top row first whatever
// their storage order, and a pipe that takes a little at a time (short writes that end inside a
// row) still receives every byte once, in order.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "FrameSink.hpp"

namespace phosphene::cli {
namespace {

platform::RgbaImage numbered(int w, int h) {
  platform::RgbaImage image(w, h);
  for (std::size_t i = 0; i < image.pixels.size(); ++i)
    image.pixels[i] = static_cast<std::uint8_t>(i * 7 + i / 251);
  return image;
}

// Everything the reading end of a pipe receives until the writer closes it.
std::vector<std::uint8_t> drain(int fd) {
  std::vector<std::uint8_t> out;
  std::uint8_t buffer[1000];  // not a multiple of a row: reads end mid-row too
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.insert(out.end(), buffer, buffer + n);
  }
  return out;
}

std::vector<std::uint8_t> throughPipe(const platform::RgbaImage& image, bool smallPipe) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
#ifdef F_SETPIPE_SZ
  // The smallest pipe buffer (one page): each writev returns after part of the frame.
  if (smallPipe) ::fcntl(fds[1], F_SETPIPE_SZ, 4096);
#endif
  std::vector<std::uint8_t> received;
  std::thread reader([&] { received = drain(fds[0]); });
  EXPECT_TRUE(writeTopDown(fds[1], image)) << std::strerror(errno);
  ::close(fds[1]);
  reader.join();
  ::close(fds[0]);
  return received;
}

TEST(WriteTopDown, BottomUpFramesLeaveTopRowFirst) {
  for (const bool smallPipe : {false, true}) {
    SCOPED_TRACE(smallPipe ? "one-page pipe" : "default pipe");
    const platform::RgbaImage topDown = numbered(97, 61);  // 388-byte rows
    platform::RgbaImage bottomUp = topDown;
    platform::flipVertically(bottomUp);
    bottomUp.bottomUp = true;
    EXPECT_EQ(throughPipe(topDown, smallPipe), topDown.pixels);
    EXPECT_EQ(throughPipe(bottomUp, smallPipe), topDown.pixels);
  }
}

TEST(WriteTopDown, FramesTallerThanOneWritevCallAllowsArriveWhole) {
  // More rows than IOV_MAX (1024 on Linux): the rows go out in several calls.
  const platform::RgbaImage topDown = numbered(3, 2500);
  platform::RgbaImage bottomUp = topDown;
  platform::flipVertically(bottomUp);
  bottomUp.bottomUp = true;
  EXPECT_EQ(throughPipe(bottomUp, true), topDown.pixels);
}

TEST(WriteTopDown, AClosedReaderIsAnErrorNotASignal) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ::close(fds[0]);
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &previous);
  errno = 0;
  EXPECT_FALSE(writeTopDown(fds[1], numbered(8, 8)));
  EXPECT_EQ(errno, EPIPE);
  ::sigaction(SIGPIPE, &previous, nullptr);
  ::close(fds[1]);
}

}  // namespace
}  // namespace phosphene::cli
