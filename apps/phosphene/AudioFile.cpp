#include "AudioFile.hpp"

#include <sndfile.h>

#include <filesystem>
#include <system_error>

namespace phosphene::cli {

struct AudioFile::Handle {
  SNDFILE* file = nullptr;
  ~Handle() {
    if (file != nullptr) sf_close(file);
  }
};

AudioFile::AudioFile(Private) {}
AudioFile::~AudioFile() = default;

std::unique_ptr<AudioFile> AudioFile::open(const std::string& path, std::string& error) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    error = "[IO001] " + path + ": no such file";
    return nullptr;
  }
  if (std::filesystem::is_directory(path, ec)) {
    error = "[IO001] " + path + ": is a directory, not an audio file";
    return nullptr;
  }
  SF_INFO info{};
  SNDFILE* raw = sf_open(path.c_str(), SFM_READ, &info);
  if (raw == nullptr) {
    error = "[AUD001] " + path + ": not a decodable audio file (" + sf_strerror(nullptr) + ")";
    return nullptr;
  }
  auto f = std::make_unique<AudioFile>(Private{});
  f->handle_ = std::make_unique<Handle>();
  f->handle_->file = raw;
  f->path_ = path;
  f->sampleRate_ = info.samplerate;
  f->channels_ = info.channels;
  f->frames_ = info.frames;
  if (info.channels < 1 || info.samplerate < 1) {
    error = "[AUD001] " + path + ": no audio channels or no sample rate";
    return nullptr;
  }
  if (info.frames <= 0) {
    error = "[AUD001] " + path + ": contains no audio frames";
    return nullptr;
  }
  // libsndfile decodes what is present and notes a header that promises more ("should be")
  // in its log; that is the portable way to tell a cut-off download from a complete file.
  char log[4096] = {};
  sf_command(raw, SFC_GET_LOG_INFO, log, sizeof log);
  if (std::string(log).find("should be") != std::string::npos)
    f->truncation_ = "[AUD002] " + path + ": file is truncated; using the " +
                     std::to_string(info.frames) + " frames present";
  return f;
}

std::int64_t AudioFile::read(float* out, std::int64_t frameCount) {
  const sf_count_t n = sf_readf_float(handle_->file, out, frameCount);
  if (n < 0 || (n == 0 && sf_error(handle_->file) != SF_ERR_NO_ERROR)) {
    error_ = "[IO002] " + path_ + ": read error (" + sf_strerror(handle_->file) + ")";
    return -1;
  }
  return n;
}

}  // namespace phosphene::cli
