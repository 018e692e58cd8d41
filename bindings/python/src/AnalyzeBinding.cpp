// PCM arrays from numpy (checked, made contiguous) and the audio analysis of a whole signal,
// frame by frame as `phosphene render` feeds it: frame k gets the samples
// [round(k*rate/fps), round((k+1)*rate/fps)).
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "EngineCore.hpp"
#include "Limits.hpp"

namespace phosphene::python {
namespace {

// The binding's own bound, not the library's: the result arrays take ~2 KiB per frame (the
// spectrum), so this caps one call near 20 GiB instead of failing deep inside numpy.
constexpr int64_t kMaxAnalysisFrames = 10'000'000;

struct EngineDeleter {
  void operator()(phosphene_engine* e) const { phosphene_engine_destroy(e); }
};

std::string dtypeName(const py::array& a) {
  return py::str(a.dtype());
}

}  // namespace

PcmBlock checkPcm(const py::handle& samples) {
  if (!py::isinstance<py::array>(samples))
    throw py::type_error("PCM must be a numpy array (float32, int16 or uint8), got " +
                         std::string(py::str(py::type::of(samples).attr("__name__"))));
  auto array = py::reinterpret_borrow<py::array>(samples);
  PcmBlock block;
  if (array.dtype().is(py::dtype::of<float>())) {
    block.kind = 'f';
    block.array = py::array_t<float, py::array::c_style>::ensure(array);
  } else if (array.dtype().is(py::dtype::of<int16_t>())) {
    block.kind = 'i';
    block.array = py::array_t<int16_t, py::array::c_style>::ensure(array);
  } else if (array.dtype().is(py::dtype::of<uint8_t>())) {
    block.kind = 'u';
    block.array = py::array_t<uint8_t, py::array::c_style>::ensure(array);
  } else {
    throw py::type_error("PCM dtype must be float32, int16 or uint8, got " + dtypeName(array) +
                         " (convert with .astype(numpy.float32))");
  }
  if (!block.array) throw py::error_already_set();
  if (array.ndim() == 1) {
    block.channels = 1;
  } else if (array.ndim() == 2) {
    if (array.shape(1) < 1 || array.shape(1) > PHOSPHENE_MAX_CHANNELS)
      throw py::value_error("PCM shape must be (n,) or (n, channels) with 1.." +
                            std::to_string(PHOSPHENE_MAX_CHANNELS) + " channels, got (" +
                            std::to_string(array.shape(0)) + ", " + std::to_string(array.shape(1)) +
                            ")");
    block.channels = static_cast<int>(array.shape(1));
  } else {
    throw py::value_error("PCM shape must be (n,) mono or (n, 2) stereo, got an array with " +
                          std::to_string(array.ndim()) + " dimensions");
  }
  block.frames = static_cast<size_t>(array.shape(0));
  block.data = block.array.data();
  return block;
}

phosphene_result addPcm(phosphene_engine* engine, const PcmBlock& block, size_t first, size_t count,
                        int sampleRate) {
  if (count == 0) return PHOSPHENE_OK;
  const size_t offset = first * static_cast<size_t>(block.channels);
  const void* data = block.data;
  switch (block.kind) {
    case 'f':
      return phosphene_engine_add_pcm_float(engine, static_cast<const float*>(data) + offset, count,
                                            block.channels, sampleRate);
    case 'i':
      return phosphene_engine_add_pcm_int16(engine, static_cast<const int16_t*>(data) + offset,
                                            count, block.channels, sampleRate);
    default:
      return phosphene_engine_add_pcm_uint8(engine, static_cast<const uint8_t*>(data) + offset,
                                            count, block.channels, sampleRate);
  }
}

namespace {

py::dict analyzePcm(const py::handle& samples, int sampleRate, double fps, int64_t frames) {
  const PcmBlock block = checkPcm(samples);
  checkSampleRate(sampleRate);
  checkFps(fps);
  if (frames < 0)
    frames = std::max<int64_t>(
        1, static_cast<int64_t>(
               std::ceil(static_cast<double>(block.frames) / sampleRate * fps - 1e-9)));
  if (frames > kMaxAnalysisFrames)
    throw py::value_error("too many frames: " + std::to_string(frames) + " (at most " +
                          std::to_string(kMaxAnalysisFrames) + ")");
  const auto n = static_cast<py::ssize_t>(frames);
  py::array_t<float> levels[6] = {py::array_t<float>(n), py::array_t<float>(n),
                                  py::array_t<float>(n), py::array_t<float>(n),
                                  py::array_t<float>(n), py::array_t<float>(n)};
  py::array_t<uint8_t> beat(n);
  py::array_t<double> time(n);
  py::array_t<float> spectrum({n, static_cast<py::ssize_t>(PHOSPHENE_SPECTRUM_BINS)});
  float* levelPtr[6];
  for (int i = 0; i < 6; ++i) levelPtr[i] = levels[i].mutable_data();
  uint8_t* beatPtr = beat.mutable_data();
  double* timePtr = time.mutable_data();
  float* spectrumPtr = spectrum.mutable_data();

  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = fps;
  desc.pcm_buffer_frames = kPcmBufferFrames;
  phosphene_engine* raw = nullptr;
  if (phosphene_engine_create(&desc, &raw) != PHOSPHENE_OK) raiseError("cannot create an engine");
  std::unique_ptr<phosphene_engine, EngineDeleter> engine(raw);
  std::string failure;
  {
    py::gil_scoped_release release;  // only raw buffers below, no Python object
    auto frame = std::make_unique<phosphene_audio_frame>();
    size_t fed = 0;
    for (int64_t k = 0; k < frames && failure.empty(); ++k) {
      const auto end =
          static_cast<size_t>(std::llround(static_cast<double>(k + 1) * sampleRate / fps));
      if (end > fed) {
        const size_t have = block.frames > fed ? std::min(end, block.frames) - fed : 0;
        if (addPcm(engine.get(), block, fed, have, sampleRate) != PHOSPHENE_OK)
          failure = "adding PCM failed";
        if (end - fed > have) {  // past the end of the signal: silence, as the CLI feeds it
          std::vector<float> silence((end - fed - have) * 2, 0.0f);
          phosphene_engine_add_pcm_float(engine.get(), silence.data(), end - fed - have, 2,
                                         sampleRate);
        }
        fed = end;
      }
      // The clock moves only in advance (no preset and no GL needed); the frame it made has the
      // audio.
      phosphene_audio_frame_init(frame.get());
      if (phosphene_engine_advance(engine.get(), 0.0) != PHOSPHENE_OK ||
          phosphene_engine_get_audio(engine.get(), frame.get()) != PHOSPHENE_OK) {
        failure = phosphene_engine_last_error(engine.get());
        break;
      }
      const float values[6] = {frame->bass,     frame->mid,     frame->treb,
                               frame->bass_att, frame->mid_att, frame->treb_att};
      for (int i = 0; i < 6; ++i) levelPtr[i][k] = values[i];
      beatPtr[k] = static_cast<uint8_t>(frame->beat != 0);
      timePtr[k] = frame->time_s;
      // Both channels' spectra averaged: one row per frame.
      for (int b = 0; b < PHOSPHENE_SPECTRUM_BINS; ++b)
        spectrumPtr[k * PHOSPHENE_SPECTRUM_BINS + b] =
            0.5f * (frame->spectrum[0][b] + frame->spectrum[1][b]);
    }
  }
  if (!failure.empty()) raiseError("analysis failed: " + failure);
  py::dict out;
  const char* names[6] = {"bass", "mid", "treb", "bass_att", "mid_att", "treb_att"};
  for (int i = 0; i < 6; ++i) out[names[i]] = levels[i];
  out["beat"] = beat.attr("astype")("bool");
  out["time"] = time;
  out["spectrum"] = spectrum;
  return out;
}

}  // namespace

void registerAnalyze(py::module_& m) {
  m.def("_analyze_pcm", &analyzePcm, py::arg("samples"), py::arg("sample_rate"), py::arg("fps"),
        py::arg("frames") = -1,
        "Analyses a whole signal frame by frame: dict of numpy arrays (bass, mid, treb, "
        "bass_att, mid_att, treb_att, beat, time, spectrum).");
}

}  // namespace phosphene::python
