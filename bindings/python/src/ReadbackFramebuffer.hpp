#pragma once
// The RGBA8 framebuffer object Engine.render() has the library draw into and reads back as a
// numpy image. It belongs to the context current when it was made, and must be deleted with that
// context current, or abandoned (forgotten without a GL call) when that context is gone.

#include <cstdint>
#include <memory>
#include <string>

namespace phosphene::python {

class ReadbackFramebuffer {
 public:
  /// Makes one in the context current now; nullptr with `error` when GL cannot.
  static std::unique_ptr<ReadbackFramebuffer> create(int width, int height, std::string& error);
  /// Deletes the GL objects unless abandon() was called.
  ~ReadbackFramebuffer();
  ReadbackFramebuffer(const ReadbackFramebuffer&) = delete;
  ReadbackFramebuffer& operator=(const ReadbackFramebuffer&) = delete;

  /// Forgets the GL objects without a GL call (their context is gone or not current).
  void abandon() noexcept;
  std::uint32_t id() const { return framebuffer_; }
  int width() const { return width_; }
  int height() const { return height_; }
  /// Reads the pixels as RGBA8, top row first, into `out` (width*height*4 bytes); the caller's
  /// framebuffer and pack state are left as they were.
  void readTopDown(std::uint8_t* out) const;

 private:
  ReadbackFramebuffer(int width, int height) : width_(width), height_(height) {}
  int width_, height_;
  std::uint32_t framebuffer_ = 0, renderbuffer_ = 0;
};

}  // namespace phosphene::python
