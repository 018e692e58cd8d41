#include <cctype>

#include "eel/Eel.hpp"

namespace phosphene::eel {
namespace {

std::string lowered(std::string_view name) {
  std::string s(name);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "reg" followed by exactly two decimal digits names a global register (MD2 nseel-eval.c).
int registerIndex(const std::string& name) {
  if (name.size() != 5 || name.compare(0, 3, "reg") != 0) return -1;
  if (!std::isdigit(static_cast<unsigned char>(name[3])) ||
      !std::isdigit(static_cast<unsigned char>(name[4])))
    return -1;
  return (name[3] - '0') * 10 + (name[4] - '0');
}

}  // namespace

Context::Context(Globals& globals, std::int32_t megabufCells)
    : globals_(&globals), megabuf_(megabufCells) {}

Slot Context::slot(std::string_view name) {
  std::string key = lowered(name);
  if (const int r = registerIndex(key); r >= 0) return Slot{kRegBase + r};
  if (auto it = index_.find(key); it != index_.end()) return Slot{it->second};
  const auto index = static_cast<std::int32_t>(values_.size());
  values_.push_back(0.0);
  names_.push_back(key);
  index_.emplace(std::move(key), index);
  return Slot{index};
}

std::optional<Slot> Context::find(std::string_view name) const {
  const std::string key = lowered(name);
  if (const int r = registerIndex(key); r >= 0) return Slot{kRegBase + r};
  if (auto it = index_.find(key); it != index_.end()) return Slot{it->second};
  return std::nullopt;
}

double* Context::pointer(Slot s) {
  if (s.index >= kRegBase) return &globals_->reg(s.index - kRegBase);
  return &values_[static_cast<std::size_t>(s.index)];
}

std::string Context::name(Slot s) const {
  if (s.index >= kRegBase) {
    const int r = s.index - kRegBase;
    return std::string("reg") + static_cast<char>('0' + r / 10) + static_cast<char>('0' + r % 10);
  }
  return names_[static_cast<std::size_t>(s.index)];
}

std::vector<Slot> Context::variables() const {
  std::vector<Slot> out;
  out.reserve(values_.size());
  for (std::size_t i = 0; i < values_.size(); ++i)
    out.push_back(Slot{static_cast<std::int32_t>(i)});
  return out;
}

void Context::zeroVariables() {
  for (double& v : values_) v = 0.0;
}

}  // namespace phosphene::eel
