// MilkDrop 2's user sprites (phosphene_sprite.h) as methods of _Engine: read a milk_img.ini,
// launch sprites by number or from one section's text, list and kill them.
#include <string>
#include <vector>

#include "Bindings.hpp"
#include "EngineCore.hpp"

namespace phosphene::python {
namespace {

std::vector<Diagnostic> spriteDiagnostics(phosphene_engine* engine) {
  return copyDiagnostics(phosphene_sprite_diagnostic_count(engine),
                         [engine](std::uint32_t i, phosphene_diagnostic* d) {
                           return phosphene_sprite_diagnostic(engine, i, d);
                         });
}

/// A launch's id; PresetError (with the diagnostics) when nothing was launched.
std::uint32_t launched(EngineCore& c, phosphene_result rc, std::uint32_t id, const char* what) {
  if (rc != PHOSPHENE_OK)
    raisePresetError(std::string(what) + ": " + phosphene_result_string(rc) + ": " + c.lastError(),
                     spriteDiagnostics(c.get()));
  return id;
}

}  // namespace

void registerSprites(py::module_& m) {
  auto engine = py::reinterpret_borrow<py::class_<EngineCore, std::shared_ptr<EngineCore>>>(
      m.attr("_Engine"));
  engine
      .def(
          "load_sprites",
          [](EngineCore& c, const std::string& path) {
            std::lock_guard lock(c.mutex());
            if (phosphene_sprite_load_ini_file(c.get(), path.c_str()) != PHOSPHENE_OK)
              raiseError("load_sprites: " + c.lastError());
            return spriteDiagnostics(c.get());
          },
          py::arg("path"),
          "Reads a milk_img.ini (MilkDrop 2's sprite file): the diagnostics of lines it skipped.")
      .def(
          "load_sprites_text",
          [](EngineCore& c, const std::string& text, const std::string& folder) {
            std::lock_guard lock(c.mutex());
            phosphene_sprite_load_ini_text(c.get(), text.c_str(), folder.c_str());
            return spriteDiagnostics(c.get());
          },
          py::arg("text"), py::arg("folder") = "",
          "The same from text; relative img= paths start in `folder`.")
      .def(
          "launch_sprite",
          [](EngineCore& c, int number) {
            std::lock_guard lock(c.mutex());
            std::uint32_t id = 0;
            // The call first: an argument list's evaluation order is unspecified.
            const phosphene_result rc = phosphene_sprite_launch(c.get(), number, &id);
            return launched(c, rc, id, "launch_sprite");
          },
          py::arg("number"), "Launches [imgNN] of the sprite file: its id.")
      .def(
          "launch_sprite_code",
          [](EngineCore& c, const std::string& code, const std::string& folder) {
            std::lock_guard lock(c.mutex());
            std::uint32_t id = 0;
            const phosphene_result rc =
                phosphene_sprite_launch_code(c.get(), code.c_str(), folder.c_str(), &id);
            return launched(c, rc, id, "launch_sprite_code");
          },
          py::arg("code"), py::arg("folder") = "",
          "Launches a sprite from one section's lines (img=, colorkey=, init_N=, code_N=): its id.")
      .def(
          "sprite_ids",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            std::vector<std::uint32_t> ids(PHOSPHENE_MAX_SPRITES);
            const std::uint32_t n =
                phosphene_sprite_ids(c.get(), ids.data(), static_cast<std::uint32_t>(ids.size()));
            ids.resize(std::min<std::size_t>(n, ids.size()));
            return ids;
          },
          "The live sprites' ids, in draw order.")
      .def(
          "kill_sprite",
          [](EngineCore& c, std::uint32_t id) {
            std::lock_guard lock(c.mutex());
            return phosphene_sprite_kill(c.get(), id) == PHOSPHENE_OK;
          },
          py::arg("id"), "Removes a sprite now; False when no live sprite has this id.")
      .def(
          "kill_all_sprites",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            phosphene_sprite_kill_all(c.get());
          },
          "Removes every sprite.");
}

}  // namespace phosphene::python
