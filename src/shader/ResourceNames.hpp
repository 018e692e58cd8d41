#pragma once
// What texture a sampler name asks for, by MilkDrop 2's naming rules (spec §8.3, from MD2's
// plugin.cpp CShaderParams::CacheParams): `sampler_` + optional two-letter state code + `_` +
// root; root `main`, `blur1..3`, the noise textures, `randNN[_prefix]`, or a user texture file.

#include <string>
#include <string_view>

namespace phosphene::shader {

// Fft: MilkDrop 3's `sampler_fft` (the spectrum that get_fft / get_fft_hz read).
enum class TextureKind { Main, Blur, Noise, NoiseVolume, Random, User, Fft };
enum class TextureFilter { Bilinear, Point };
enum class TextureWrap { Wrap, Clamp };

struct TextureRef {
  TextureKind kind = TextureKind::User;
  std::string root;     // the texture name after prefix and state code ("main", "blur2", "clouds")
  int blurLevel = 0;    // 1..3 for Blur
  int randomSlot = -1;  // 0..15 for Random
  std::string randomPrefix;  // file-name prefix for Random ("smalltiled"), may be empty
  TextureFilter filter = TextureFilter::Bilinear;
  TextureWrap wrap = TextureWrap::Wrap;
  bool explicitState = false;  // a recognised two-letter code chose filter and wrap
};

/// Classifies a sampler name (the `sampler_` prefix is optional, as in MD2).
TextureRef classifySampler(std::string_view samplerName);

}  // namespace phosphene::shader
