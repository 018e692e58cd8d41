#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

#include "engine/NativePreset.hpp"
#include "preset/VariableSlots.hpp"

namespace phosphene::engine {
namespace {

bool sameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// q1..q32 → 0..31; anything else → -1.
int qIndex(std::string_view name) {
  if (name.size() < 2 || (name[0] != 'q' && name[0] != 'Q')) return -1;
  int n = 0;
  const auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), n);
  if (ec != std::errc() || end != name.data() + name.size() || n < 1 || n > preset::kQCount)
    return -1;
  return n - 1;
}

double* frameVar(preset::FrameVars& vars, std::string_view name) {
  if (const int q = qIndex(name); q >= 0) return &vars.q[static_cast<std::size_t>(q)];
  const auto& names = preset::frameVarNames();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (sameName(names[i], name)) return &preset::frameVarRef(vars, i);
  return nullptr;
}

}  // namespace

bool NativeFrame::get(std::string_view name, double& value) const {
  const preset::FrameInputs& in = inputs_;
  const struct {
    const char* name;
    double value;
  } inputs[] = {{"time", in.time},
                {"fps", in.fps},
                {"frame", in.frame},
                {"progress", in.progress},
                {"bass", in.bass},
                {"mid", in.mid},
                {"treb", in.treb},
                {"bass_att", in.bassAtt},
                {"mid_att", in.midAtt},
                {"treb_att", in.trebAtt},
                {"meshx", static_cast<double>(in.meshX)},
                {"meshy", static_cast<double>(in.meshY)},
                {"pixelsx", static_cast<double>(in.canvasWidth)},
                {"pixelsy", static_cast<double>(in.canvasHeight)},
                {"aspectx", in.aspectX},
                {"aspecty", in.aspectY}};
  for (const auto& input : inputs) {
    if (sameName(input.name, name)) {
      value = input.value;
      return true;
    }
  }
  if (const double* v = frameVar(vars_, name)) {
    value = *v;
    return true;
  }
  return false;
}

bool NativeFrame::set(std::string_view name, double value) {
  double* v = frameVar(vars_, name);
  if (v == nullptr) return false;
  *v = std::isfinite(value) ? value : 0.0;
  return true;
}

}  // namespace phosphene::engine
