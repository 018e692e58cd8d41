// Fuzz target for the PCM entry points and the analysis behind them, through the C API exactly as
// a host calls it. Input layout (all fields optional; missing bytes read as 0):
//   [0] sample format: 0 float, 1 int16, 2 uint8     [1] channels (0..255, invalid ones included)
//   [2..4] sample rate, 24-bit little endian          [5] ring size selector
//   then repeated records: [len] [analyze?|dt] [len bytes of raw samples]
// Float samples are raw bytes, so NaN, Inf, subnormals and huge values all occur. Any non-finite
// analysis output aborts (the API promises they never propagate).

#include <phosphene/phosphene.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

void checkFinite(const phosphene_audio_frame& f) {
  const float levels[] = {f.bass,    f.mid,      f.treb, f.bass_att,
                          f.mid_att, f.treb_att, f.vol,  f.vol_att};
  for (float v : levels)
    if (!std::isfinite(v)) std::abort();
  for (int ch = 0; ch < 2; ++ch) {
    for (float v : f.waveform[ch])
      if (!std::isfinite(v)) std::abort();
    for (float v : f.spectrum[ch])
      if (!std::isfinite(v)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto byte = [&](std::size_t i) -> std::uint8_t { return i < size ? data[i] : 0; };
  const int format = byte(0) % 3;
  const int channels = byte(1);
  const int rate = byte(2) | (byte(3) << 8) | (byte(4) << 16);
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.pcm_buffer_frames = 1024u << (byte(5) % 4);
  phosphene_engine* engine = nullptr;
  if (phosphene_engine_create(&desc, &engine) != PHOSPHENE_OK) std::abort();

  phosphene_audio_frame frame;
  phosphene_audio_frame_init(&frame);
  std::vector<std::uint8_t> chunk;
  std::size_t pos = 6;
  while (pos < size) {
    const std::size_t len = static_cast<std::size_t>(byte(pos)) * 4;
    const std::uint8_t control = byte(pos + 1);
    pos = std::min(pos + 2, size);
    const std::size_t take = std::min(len, size > pos ? size - pos : 0);
    chunk.assign(data + pos, data + pos + take);  // an exactly-sized copy so ASan sees overreads
    pos += take;
    const int sampleBytes = format == 0 ? 4 : format == 1 ? 2 : 1;
    const std::size_t frameBytes =
        static_cast<std::size_t>(sampleBytes) * (channels > 0 ? channels : 1);
    const std::size_t frames = take / frameBytes;
    // Samples are copied out of the byte buffer (no aliasing or alignment assumptions).
    phosphene_result r = PHOSPHENE_OK;
    if (format == 0) {
      std::vector<float> s(frames * (channels > 0 ? channels : 1));
      if (!s.empty()) std::memcpy(s.data(), chunk.data(), s.size() * sizeof(float));
      r = phosphene_engine_add_pcm_float(engine, s.data(), frames, channels, rate);
    } else if (format == 1) {
      std::vector<std::int16_t> s(frames * (channels > 0 ? channels : 1));
      if (!s.empty()) std::memcpy(s.data(), chunk.data(), s.size() * sizeof(std::int16_t));
      r = phosphene_engine_add_pcm_int16(engine, s.data(), frames, channels, rate);
    } else {
      r = phosphene_engine_add_pcm_uint8(engine, chunk.data(), frames, channels, rate);
    }
    const bool validFormat = channels >= 1 && channels <= 32 && rate >= 1000 && rate <= 768000;
    if (frames > 0 && (r == PHOSPHENE_OK) != validFormat) std::abort();
    if (control & 1) {
      const double dt = (control >> 1) == 0 ? 0.0 : (control >> 1) / 600.0;
      // Analysis-only: advance needs no preset and no GL.
      if (phosphene_engine_advance(engine, dt) != PHOSPHENE_OK) std::abort();
      if (phosphene_engine_get_audio(engine, &frame) != PHOSPHENE_OK) std::abort();
      checkFinite(frame);
    }
  }
  if (phosphene_engine_advance(engine, 0.0) != PHOSPHENE_OK) std::abort();
  if (phosphene_engine_get_audio(engine, &frame) != PHOSPHENE_OK) std::abort();
  checkFinite(frame);
  phosphene_engine_destroy(engine);
  return 0;
}
