#pragma once
// Invalid HLSL that makes glslang 12 (Debian bookworm) crash instead of reporting an error, found
// by fuzz_shader. fxc rejected all of it as well, so refusing it first changes no preset's
// result; the message is what fxc would have complained about.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace phosphene::shader {

struct CrashPattern {
  std::size_t offset;  // where in the text
  std::string message;
};

/// The first known crash pattern in wrapped preset text, if any:
///  * brackets that do not pair up or nest (`float f(float[`);
///  * a function header followed by anything but `{`, `;`, `,` or `:` (`void f() x;`; glslang
///    crashes in growGlobalUniformBlock when x names a global);
///  * a global declaration whose name is followed by another name (`uniform float b time;`;
///    same crash);
///  * postfix `++`/`--` on something that is not a variable (`a + (b*2)--`, `a + 2++`, a macro
///    that expands to a number or a call; crash in addBinaryMath), and postfix `++`/`--` inside
///    a larger expression (`sin(i++)`, `1 + i++`: an undeclared i crashes glslang). The corpus
///    only uses them as statements and loop steps.
std::optional<CrashPattern> findGlslangCrashPattern(std::string_view text);

}  // namespace phosphene::shader
