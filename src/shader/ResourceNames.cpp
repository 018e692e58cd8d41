#include "shader/ResourceNames.hpp"

#include <cctype>

namespace phosphene::shader {

namespace {

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The state codes of MD2's CacheParams: either letter order, any case.
bool parseStateCode(char a, char b, TextureRef& ref) {
  a = lower(a);
  b = lower(b);
  const auto is = [&](char x, char y) { return (a == x && b == y) || (a == y && b == x); };
  if (is('f', 'w')) {
    ref.filter = TextureFilter::Bilinear;
    ref.wrap = TextureWrap::Wrap;
  } else if (is('f', 'c')) {
    ref.filter = TextureFilter::Bilinear;
    ref.wrap = TextureWrap::Clamp;
  } else if (is('p', 'w')) {
    ref.filter = TextureFilter::Point;
    ref.wrap = TextureWrap::Wrap;
  } else if (is('p', 'c')) {
    ref.filter = TextureFilter::Point;
    ref.wrap = TextureWrap::Clamp;
  } else {
    return false;
  }
  return true;
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

TextureRef classifySampler(std::string_view name) {
  TextureRef ref;
  // MD2 strips the prefix when present and applies the same rules to what is left, so a sampler
  // declared as `main` (through a #define) reads the canvas too.
  constexpr std::string_view kPrefix = "sampler_";
  std::string_view root = name;
  if (root.substr(0, kPrefix.size()) == kPrefix) root.remove_prefix(kPrefix.size());
  // MD2 drops the three characters whenever the third is '_', even for an unknown code.
  if (root.size() > 3 && root[2] == '_') {
    ref.explicitState = parseStateCode(root[0], root[1], ref);
    root = root.substr(3);
  }
  ref.root = std::string(root);
  if (root == "main") {
    ref.kind = TextureKind::Main;
  } else if (root == "blur1" || root == "blur2" || root == "blur3") {
    ref.kind = TextureKind::Blur;
    ref.blurLevel = root[4] - '0';
    if (!ref.explicitState) ref.wrap = TextureWrap::Clamp;
  } else if (root == "noise_lq" || root == "noise_lq_lite" || root == "noise_mq" ||
             root == "noise_hq") {
    ref.kind = TextureKind::Noise;
  } else if (root == "fft") {
    ref.kind = TextureKind::Fft;
    if (!ref.explicitState) ref.wrap = TextureWrap::Clamp;
  } else if (root == "noisevol_lq" || root == "noisevol_hq") {
    ref.kind = TextureKind::NoiseVolume;
  } else if (root.size() >= 6 && root.substr(0, 4) == "rand" && isDigit(root[4]) &&
             isDigit(root[5]) && (root.size() == 6 || root[6] == '_')) {
    const int slot = (root[4] - '0') * 10 + (root[5] - '0');
    if (slot <= 15) {
      ref.kind = TextureKind::Random;
      ref.randomSlot = slot;
      if (root.size() > 7) ref.randomPrefix = std::string(root.substr(7));
    }
  }
  return ref;
}

}  // namespace phosphene::shader
