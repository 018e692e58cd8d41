#pragma once
// A code block's lines turned into the one string MilkDrop 2 hands to its compilers, with a map
// from positions in that string back to the preset file's lines.
//
// Equations (vis_milk2/state.cpp ReadCode + StripLinefeedCharsAndComments): every line is
// followed by a separator character (byte 1); `//` or `\\` starts a comment that runs to the next
// separator; separators are then deleted, not replaced by a space, so `a=1` + `+2;` is `a=1+2;`.
// A byte 1 inside a line acts exactly like a separator. A block made only of spaces and
// separators is treated as empty (RecompileExpressions' "quick fix").
//
// Shaders (plugin.cpp RecompilePShader): the separators become line breaks; comments are left
// for the shader stage to strip. Phosphene uses "\n" where MD2 writes CR LF.

#include <cstddef>
#include <string>
#include <vector>

#include "milk/Preset.hpp"

namespace phosphene::milk {

struct SourcePos {
  int line = 0;       // line in the preset file (0 if the code was not read from a file)
  int column = 0;     // 1-based byte column within that line's value text
  int blockLine = 0;  // 1-based index of the code line within the block (`per_frame_N`)
};

struct JoinedCode {
  std::string text;

  /// Where the character at `offset` of `text` came from; offsets at or past the end map to the
  /// end of the last line that contributed text.
  SourcePos locate(std::size_t offset) const;

  struct Segment {
    std::size_t offset;  // first char of the run in `text`
    int blockLine;       // 1-based
    int fileLine;
    int column;  // 1-based column of that first char in the code line
  };
  std::vector<Segment> segments;  // runs of text copied contiguously from one line
};

/// MD2's equation text for a block (comments stripped, separators deleted).
JoinedCode joinEquations(const CodeBlock& block);

/// MD2's shader text for a block: each line followed by "\n" (byte 1 inside a line also breaks
/// it, as in MD2). `segments` maps every text line back to its file line.
JoinedCode joinShader(const CodeBlock& block);

/// Shader text with its // and /* */ comments blanked (a line comment keeps its newline, a block
/// comment becomes one space; an unclosed one ends the text), for scanning what a shader uses.
std::string shaderWithoutComments(const std::string& text);

}  // namespace phosphene::milk
