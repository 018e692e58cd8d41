#include "OfflineEngine.hpp"

#include <cstdio>

namespace phosphene::cli {
namespace {

// user_data is the engine's prefix, which outlives every call: the OfflineEngine owns both.
void logToStderr(void* prefix, phosphene_log_level level, const char* message) {
  if (level >= PHOSPHENE_LOG_WARNING)
    std::fprintf(stderr, "%s%s\n", static_cast<const std::string*>(prefix)->c_str(), message);
}

}  // namespace

std::unique_ptr<OfflineEngine> OfflineEngine::create(double fps, std::uint64_t seed,
                                                     const std::string& command,
                                                     std::string& error) {
  std::unique_ptr<OfflineEngine> engine(new OfflineEngine());
  engine->logPrefix_ = "phosphene " + command + ": ";
  phosphene_engine_desc desc;
  phosphene_engine_desc_init(&desc);
  desc.fps = fps;
  desc.seed = seed;
  // Room for a whole video frame of audio even at 1 fps (the ring counts 44.1 kHz frames).
  desc.pcm_buffer_frames = 1u << 17;
  desc.log_fn = &logToStderr;
  desc.log_user_data = &engine->logPrefix_;
  desc.log_min_level = PHOSPHENE_LOG_WARNING;
  const phosphene_result rc = phosphene_engine_create(&desc, &engine->engine_);
  if (rc != PHOSPHENE_OK) {
    error = std::string("cannot create the engine: ") + phosphene_result_string(rc);
    return nullptr;
  }
  return engine;
}

OfflineEngine::~OfflineEngine() {
  phosphene_engine_destroy(engine_);
}

}  // namespace phosphene::cli
