#pragma once
// The file keys of a .milk preset and the Preset fields they fill, in the order MilkDrop 2's
// CState::Import looks them up (vis_milk2/state.cpp). The reader, the writer and `phosphene info`
// all walk these tables, so a key is named in exactly one place.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "milk/Preset.hpp"

namespace phosphene::milk {

enum class ValueType { Float, Int, Bool };

/// What is special about reading one key (spec §1.4).
enum class ReadQuirk {
  None,
  DefaultIsRot,     // wave_r/g/b/x/y: MD2 passes the current rot (0) as the default
  MotionVectorsOn,  // mv_a: preceded by the legacy bMotionVectorsOn lookup
};

template <typename Owner>
struct Field {
  std::string_view key;  // full key for Preset fields; the suffix after "wavecode_K_" otherwise
  ValueType type;
  float Owner::*f = nullptr;
  int Owner::*i = nullptr;
  bool Owner::*b = nullptr;
  ReadQuirk quirk = ReadQuirk::None;
};

using PresetField = Field<Preset>;
using WaveField = Field<CustomWave>;
using ShapeField = Field<CustomShape>;

/// General and wave-section scalars, up to and including mv_a (Import reads the custom waves and
/// shapes right after mv_a).
std::span<const PresetField> generalAndWaveFields();
/// Motion-section scalars (zoom .. ib_a); the preset code blocks are read after them.
std::span<const PresetField> motionFields();
std::span<const WaveField> waveFields();    // wavecode_K_<key>
std::span<const ShapeField> shapeFields();  // shapecode_K_<key>

/// Value of a field as a double, for display and comparison.
template <typename Owner>
double fieldValue(const Field<Owner>& field, const Owner& owner) {
  switch (field.type) {
    case ValueType::Float:
      return owner.*field.f;
    case ValueType::Int:
      return owner.*field.i;
    case ValueType::Bool:
      return (owner.*field.b) ? 1.0 : 0.0;
  }
  return 0.0;
}

/// A code block's key prefix, and where it lives in a Preset.
struct CodeBlockKey {
  std::string prefix;  // "per_frame_", "wave_2_per_point", ...
  CodeBlock* block;
  bool shader;  // warp_/comp_: text joined with line breaks, not an equation
};

/// Every code block of `preset` in MD2's read order: waves (init, per_frame, per_point) 0..3,
/// shapes (init, per_frame) 0..3, per_frame_init_, per_frame_, per_pixel_, warp_, comp_.
std::vector<CodeBlockKey> codeBlockKeys(Preset& preset);
struct ConstCodeBlockKey {
  std::string prefix;
  const CodeBlock* block;
  bool shader;
};
std::vector<ConstCodeBlockKey> codeBlockKeys(const Preset& preset);

/// The file key MD2 reads for an equation variable whose name differs from it (spec §1.4:
/// `wave_brighten` is the variable, `bMaximizeWaveColor` the key), or "" for other names. Some
/// presets written by other tools use the variable names; MD2 ignores them.
std::string_view fileKeyForVariable(std::string_view variable);

/// Legacy MilkDrop 1 keys that MD2 deliberately ignores (spec §1.4), for friendlier diagnostics.
bool isIgnoredLegacyKey(std::string_view key);

}  // namespace phosphene::milk
