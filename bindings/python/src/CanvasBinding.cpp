// The canvas and textures of C API 1.1 as methods of _Engine: start clean, the warp's texel
// offset, reading the canvas back, and textures handed to presets by name instead of files
// (phosphene_engine_set_texture_provider).
//
// The textures are given up front as a mapping, not asked of a Python callable: the provider runs
// inside render(), which holds the engine's lock with the GIL released, and a callable would need
// the GIL back there, while another thread may hold the GIL waiting for that lock.
#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "EngineCore.hpp"

namespace phosphene::python {
namespace {

std::string lowerAscii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// phosphene_texture_request's largest side.
constexpr std::uint32_t kMaxTextureSide = 16384;

/// One image copied out of a numpy array: rows top first, `channels` bytes a pixel.
struct HostImage {
  std::vector<std::uint8_t> pixels;
  std::uint32_t width = 0, height = 0, channels = 4;
};

/// The textures one engine hands its presets; user_data of the C provider (lives in EngineCore).
struct HostTextures {
  std::map<std::string, HostImage> byName;  // lower-case names
};

/// The C provider: answers from the map; runs on the render thread without the GIL.
void provide(void* user, phosphene_texture_request* request) {
  const auto& textures = static_cast<const HostTextures*>(user)->byName;
  const auto it = textures.find(lowerAscii(request->name ? request->name : ""));
  if (it == textures.end()) return;  // the files, as without a provider
  request->pixels = it->second.pixels.data();
  request->width = it->second.width;
  request->height = it->second.height;
  request->channels = it->second.channels;
}

HostImage imageFrom(const std::string& name, const py::handle& value) {
  if (!py::isinstance<py::array>(value))
    throw py::type_error("set_textures: '" + name + "' is not a numpy array");
  const auto array = py::array::ensure(value);
  if (!array || !py::dtype::of<std::uint8_t>().is(array.dtype()))
    throw py::type_error("set_textures: '" + name + "' must be a uint8 array");
  const auto contiguous =
      py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>::ensure(array);
  const py::ssize_t dims = contiguous.ndim();
  if (dims != 2 && dims != 3)
    throw py::value_error("set_textures: '" + name + "' must be (height, width) or (height, " +
                          "width, channels)");
  HostImage image;
  image.height = static_cast<std::uint32_t>(contiguous.shape(0));
  image.width = static_cast<std::uint32_t>(contiguous.shape(1));
  image.channels = dims == 2 ? 1u : static_cast<std::uint32_t>(contiguous.shape(2));
  if (image.width == 0 || image.height == 0 || image.width > kMaxTextureSide ||
      image.height > kMaxTextureSide || image.channels < 1 || image.channels > 4)
    throw py::value_error("set_textures: '" + name + "' is " + std::to_string(image.width) + "x" +
                          std::to_string(image.height) + " with " + std::to_string(image.channels) +
                          " channels; 1.." + std::to_string(kMaxTextureSide) +
                          " pixels a side and 1..4 channels are allowed");
  image.pixels.assign(contiguous.data(), contiguous.data() + contiguous.size());
  return image;
}

}  // namespace

void registerCanvas(py::module_& m) {
  auto engine = py::reinterpret_borrow<py::class_<EngineCore, std::shared_ptr<EngineCore>>>(
      m.attr("_Engine"));
  engine
      .def_property(
          "start_clean",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            return phosphene_engine_get_start_clean(c.get()) != 0;
          },
          [](EngineCore& c, bool on) {
            std::lock_guard lock(c.mutex());
            checkResult(c, phosphene_engine_set_start_clean(c.get(), on ? 1 : 0), "start_clean");
          },
          "True: each preset that starts begins from a black canvas instead of the last "
          "preset's picture.")
      .def_property(
          "texel_offset",
          [](EngineCore& c) {
            std::lock_guard lock(c.mutex());
            float x = 0, y = 0;
            phosphene_engine_get_texel_offset(c.get(), &x, &y);
            return std::make_pair(x, y);
          },
          [](EngineCore& c, std::pair<float, float> offset) {
            std::lock_guard lock(c.mutex());
            if (phosphene_engine_set_texel_offset(c.get(), offset.first, offset.second) !=
                PHOSPHENE_OK)
              throw py::value_error("texel_offset: " + c.lastError());
          },
          "The warp's shift of where it samples the canvas, in texels (x, y); (0, 0) by default.")
      .def(
          "read_canvas",
          [](EngineCore& c) -> py::object {
            c.get();  // raises when closed
            std::string error;
            int w = 0, h = 0;
            std::vector<std::uint8_t> pixels;
            phosphene_result rc = PHOSPHENE_OK;
            {
              py::gil_scoped_release release;
              std::lock_guard lock(c.mutex());
              if (GlTarget::Scope scope(c.target(), error); scope.ok()) {
                rc = phosphene_engine_read_canvas(c.raw(), nullptr, 0, &w, &h);
                if (rc == PHOSPHENE_OK && w > 0 && h > 0) {
                  pixels.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
                  rc = phosphene_engine_read_canvas(c.raw(), pixels.data(), pixels.size(), &w, &h);
                }
              }
            }
            if (!error.empty()) raiseError("read_canvas: " + error);
            checkResult(c, rc, "read_canvas");
            if (pixels.empty()) return py::none();  // nothing drawn yet
            py::array_t<std::uint8_t> out({h, w, 4});
            std::copy(pixels.begin(), pixels.end(), out.mutable_data());
            return out;
          },
          "The canvas the last render left (what the next frame warps): uint8 array (height, "
          "width, 4), top row first, at the canvas size; None before the first frame.")
      .def(
          "set_textures",
          [](EngineCore& c, const py::object& textures) {
            auto given = std::make_shared<HostTextures>();
            if (!textures.is_none()) {
              for (const auto& [key, value] : py::cast<py::dict>(textures)) {
                const auto name = py::cast<std::string>(key);
                if (name.empty()) throw py::value_error("set_textures: an empty texture name");
                given->byName[lowerAscii(name)] = imageFrom(name, value);
              }
            }
            std::lock_guard lock(c.mutex());
            const bool none = given->byName.empty();
            checkResult(c,
                        phosphene_engine_set_texture_provider(c.get(), none ? nullptr : &provide,
                                                              none ? nullptr : given.get()),
                        "set_textures");
            c.hostTextures = std::move(given);  // the engine no longer reads the old ones
          },
          py::arg("textures"),
          "Textures presets sample by name instead of files: {'clouds': array, ...} with uint8 "
          "arrays (height, width) or (height, width, 1..4 channels), top row first; a name "
          "as a shader writes it after sampler_ (no extension), matched ignoring case. They win "
          "over the texture folders; names not given are still read from files. None or {}: "
          "files only. The running presets look their textures up again.");
}

}  // namespace phosphene::python
