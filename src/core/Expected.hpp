#pragma once
// Expected<T>: a value or the diagnostics that explain why there is none. Stages return this
// instead of throwing; nothing throws across a stage boundary.

#include <optional>
#include <utility>

#include "core/Diagnostic.hpp"

namespace phosphene::core {

template <typename T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Expected(Diagnostics errors) : errors_(std::move(errors)) {}         // NOLINT
  Expected(Diagnostic error) { errors_.push_back(std::move(error)); }  // NOLINT

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  /// The errors when !ok(); warnings may accompany a value too.
  const Diagnostics& diagnostics() const { return errors_; }
  Diagnostics& diagnostics() { return errors_; }

 private:
  std::optional<T> value_;
  Diagnostics errors_;
};

}  // namespace phosphene::core
