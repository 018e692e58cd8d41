#include "BenchOptions.hpp"

#include <filesystem>

namespace phosphene::cli {

bool prepareBenchEngine(phosphene_engine* engine, const BenchOptions& o,
                        const std::vector<std::string>& presetPaths, bool asyncLoads,
                        std::string& error) {
  phosphene_switch_settings s;
  phosphene_switch_settings_init(&s);
  if (phosphene_engine_get_switch_settings(engine, &s) != PHOSPHENE_OK) {
    error = phosphene_engine_last_error(engine);
    return false;
  }
  s.auto_switch = 0;
  s.locked = 1;
  s.wait_for_loads = asyncLoads ? 0 : 1;
  std::vector<std::filesystem::path> folders;
  for (const std::string& path : presetPaths)
    if (!path.empty()) folders.push_back(std::filesystem::path(path).parent_path());
  const std::vector<std::string> dirs = textureSearchPath(o.textureDirs, folders);
  std::vector<const char*> names;
  for (const std::string& d : dirs) names.push_back(d.c_str());
  if (phosphene_engine_set_switch_settings(engine, &s) != PHOSPHENE_OK ||
      phosphene_engine_set_texture_search_path(engine, names.data(), names.size()) !=
          PHOSPHENE_OK ||
      phosphene_engine_set_mesh_size(engine, o.mesh.width, o.mesh.height) != PHOSPHENE_OK ||
      phosphene_engine_set_drawable_size(engine, o.size.width, o.size.height) != PHOSPHENE_OK) {
    error = phosphene_engine_last_error(engine);
    return false;
  }
  return true;
}

phosphene_render_target benchTarget(unsigned framebuffer, Size size) {
  phosphene_render_target target;
  phosphene_render_target_init(&target);
  target.kind = PHOSPHENE_TARGET_FRAMEBUFFER;
  target.gl_name = framebuffer;
  target.width = size.width;
  target.height = size.height;
  return target;
}

}  // namespace phosphene::cli
