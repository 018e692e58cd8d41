#pragma once
// A move-only owner of one GL object name. Each wrapper (Buffer, Texture2D, ...) supplies how
// its kind of name is deleted; a moved-from or default GlName owns nothing and deletes nothing.

#include <utility>

#include "gl/CurrentContext.hpp"
#include "gl/Gl.hpp"

namespace phosphene::gl {

template <typename Traits>
class GlName {
 public:
  GlName() = default;
  explicit GlName(GLuint name) : name_(name) {}
  ~GlName() { reset(); }
  GlName(const GlName&) = delete;
  GlName& operator=(const GlName&) = delete;
  GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  GlName& operator=(GlName&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }

  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_ != 0 && !AbandonGlObjects::active()) Traits::destroy(name_);
    name_ = 0;
  }

 private:
  GLuint name_ = 0;
};

}  // namespace phosphene::gl
