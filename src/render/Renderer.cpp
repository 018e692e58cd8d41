#include "render/Renderer.hpp"

#include <algorithm>
#include <string>

#include "gl/GlErrors.hpp"
#include "render/GlStateGuard.hpp"
#include "render/NoiseTextures.hpp"
#include "render/TextureLibrary.hpp"
#include "render/TextureUnitGuard.hpp"

namespace phosphene::render {
namespace {

void append(core::Diagnostics& to, const core::Diagnostics& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

Renderer::Renderer() = default;
Renderer::~Renderer() = default;

core::Diagnostics Renderer::init(gl::GlslDialect dialect) {
  GlStateGuard guard;  // creating objects binds buffers, textures and programs
  glActiveTexture(GL_TEXTURE0);
  dialect_ = dialect;
  core::Diagnostics errors;
  append(errors, motionVectors_.init(dialect));
  append(errors, warp_.init(dialect));
  append(errors, shapes_.init(dialect));
  append(errors, waves_.init(dialect));
  append(errors, sprites_.init(dialect));
  append(errors, composite_.init(dialect));
  append(errors, shaderWarp_.init());
  append(errors, shaderComp_.init());
  append(errors, blur_.init(dialect));
  const GLenum filters[2] = {GL_LINEAR, GL_NEAREST};
  const GLenum wraps[2] = {GL_REPEAT, GL_CLAMP_TO_EDGE};
  for (std::size_t i = 0; i < samplerObjects_.size(); ++i) {
    GLuint name = 0;
    glGenSamplers(1, &name);
    const auto filter = static_cast<GLint>(filters[i / 2]);
    const auto wrap = static_cast<GLint>(wraps[i % 2]);
    glSamplerParameteri(name, GL_TEXTURE_MIN_FILTER, filter);
    glSamplerParameteri(name, GL_TEXTURE_MAG_FILTER, filter);
    glSamplerParameteri(name, GL_TEXTURE_WRAP_S, wrap);
    glSamplerParameteri(name, GL_TEXTURE_WRAP_T, wrap);
    glSamplerParameteri(name, GL_TEXTURE_WRAP_R, wrap);
    samplerObjects_[i] = gl::GlName<SamplerObjectTraits>(name);
  }
  samplers_ = {samplerObjects_[0].get(), samplerObjects_[1].get(), samplerObjects_[2].get(),
               samplerObjects_[3].get()};
  gl::drainGlErrors("Renderer::init", errors);
  initialised_ = !core::hasErrors(errors);
  return errors;
}

void Renderer::clearFeedback() {
  if (!canvas_.ready()) return;
  GlStateGuard guard;
  GlStateGuard::setPassDefaults();
  FeedbackCanvas::clearToBlack(canvas_.previous());
  FeedbackCanvas::clearToBlack(canvas_.current());
}

core::Diagnostics Renderer::bindTarget(const RenderTarget& target) {
  if (target.texture == 0) {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer);
    return {};
  }
  if (!textureTarget_) {
    GLuint name = 0;
    glGenFramebuffers(1, &name);
    textureTarget_ = gl::GlName<FramebufferObjectTraits>(name);
    textureTargetAttached_ = 0;
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, textureTarget_.get());
  // Attached every frame (cheap): a host may delete its texture and get the same name back for
  // a new one, which a cached attachment would not follow. Completeness is checked on change.
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.texture,
                         0);
  if (textureTargetAttached_ != target.texture) {
    const GLenum status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      textureTargetAttached_ = 0;
      return {core::makeDiagnostic(
          core::DiagnosticId::GlFramebufferIncomplete,
          std::string("render target texture: ") + gl::framebufferStatusName(status), "render")};
    }
    textureTargetAttached_ = target.texture;
  }
  return {};
}

core::Diagnostics Renderer::draw(const preset::FrameState& frame, const RenderTarget& target) {
  core::Diagnostics errors;
  if (!initialised_) {
    errors.push_back(core::makeDiagnostic(core::DiagnosticId::GlError,
                                          "Renderer::draw before a successful init", "render"));
    return errors;
  }
  if (target.width <= 0 || target.height <= 0) return errors;
  GlStateGuard guard;
  glActiveTexture(GL_TEXTURE0);
  GlStateGuard::setPassDefaults();

  const int canvasW = frame.inputs.canvasWidth > 0 ? frame.inputs.canvasWidth : target.width;
  const int canvasH = frame.inputs.canvasHeight > 0 ? frame.inputs.canvasHeight : target.height;
  append(errors, canvas_.resize(canvasW, canvasH));
  if (!canvas_.ready()) return errors;

  const gl::Framebuffer& previous = canvas_.previous();
  const gl::Framebuffer& current = canvas_.current();
  const CanvasInfo info = makeCanvasInfo(canvasW, canvasH, dialect_, &previous.color());

  // 1. Motion vectors into VS0 (RenderFrame draws them before the warp reads VS0).
  previous.bind();
  motionVectors_.draw(frame, info);
  append(errors, motionVectors_.lastErrors());
  if (canvas_.framesSinceResize() == 0) FeedbackCanvas::clearToBlack(previous);

  // Preset shaders bind up to 16 units and 3D textures: put back what GlStateGuard does not.
  const TextureUnitGuard unitGuard(
      std::max(warpProgram_.textureUnits(), compProgram_.textureUnits()));
  preset::ShaderConstants constants;
  if (warpProgram_ || compProgram_) constants = shaderConstants(frame, canvasW, canvasH);
  ShaderFrameTextures shaderTextures{&previous.color(), {}};
  for (int level = 1; level <= 3; ++level)
    shaderTextures.blur[static_cast<std::size_t>(level - 1)] =
        level <= blurLevels_ ? blur_.level(level) : nullptr;

  // 2. Warp VS0 → VS1.
  current.bind();
  // Without a usable mesh there is nothing to warp: start this canvas from black rather than
  // showing the frame before last.
  if (warpProgram_) {
    preset::drawRandomRotations(constants, random_);  // rot_rand*: new at every application
    warpProgram_.use();
    warpProgram_.setConstants(constants);
    warpProgram_.bindTextures(shaderTextures, samplers_);
    if (!shaderWarp_.draw(frame, warpProgram_)) FeedbackCanvas::clearToBlack(current);
    warpProgram_.unbindTextures();
    append(errors, shaderWarp_.lastErrors());
  } else {
    if (!warp_.draw(frame, previous.color(), stages_.warp)) FeedbackCanvas::clearToBlack(current);
    append(errors, warp_.lastErrors());
  }

  // 2b. Blur VS0 (BlurPasses, right after the warp). The warp above read last frame's levels.
  if (blurLevels_ > 0) {
    append(errors, blur_.run(previous.color(), blurLevels_, preset::safeBlurRanges(frame.vars),
                             static_cast<float>(frame.vars.blur1EdgeDarken)));
    for (int level = 1; level <= 3; ++level)
      shaderTextures.blur[static_cast<std::size_t>(level - 1)] =
          level <= blurLevels_ ? blur_.level(level) : nullptr;
    current.bind();
  }

  // 3. Shapes, waves, built-in wave, sprites into VS1.
  shapes_.draw(frame, info);
  append(errors, shapes_.lastErrors());
  waves_.draw(frame, info);
  append(errors, waves_.lastErrors());
  sprites_.draw(frame, info);
  append(errors, sprites_.lastErrors());
  GlStateGuard::setPassDefaults();

  // 4. Composite to the host's target.
  const core::Diagnostics targetErrors = bindTarget(target);
  if (targetErrors.empty()) {
    glViewport(0, 0, target.width, target.height);
    if (compProgram_) {
      preset::drawRandomRotations(constants, random_);
      compProgram_.use();
      compProgram_.setConstants(constants);
      compProgram_.bindTextures(shaderTextures, samplers_);
      shaderComp_.draw(canvasW, canvasH, hueCornerColours(frame.inputs.time, randStart_),
                       compProgram_);
      compProgram_.unbindTextures();
      append(errors, shaderComp_.lastErrors());
    } else {
      const gl::Framebuffer& source =
          stages_.comp == BuiltinStyle::FixedFunction ? current : previous;
      composite_.draw(frame, source.color(), stages_.comp);
      append(errors, composite_.lastErrors());
    }
  }
  append(errors, targetErrors);

  // 5. This frame's canvas is next frame's previous one.
  canvas_.swap();
  canvas_.countFrame();
  gl::drainGlErrors("Renderer::draw", errors);
  return errors;
}

preset::ShaderConstants Renderer::shaderConstants(const preset::FrameState& frame, int canvasW,
                                                  int canvasH) {
  preset::ShaderFrameContext context;
  // MD2's window is its canvas unless the user picked a power-of-two canvas (spec §4.2); the
  // canvas is what Phosphene computes the preset for, so it stands for both here.
  context.windowWidth = context.textureWidth = canvasW;
  context.windowHeight = context.textureHeight = canvasH;
  context.presetStartTime = presetStartTime_;
  for (float& r : context.randFrame) r = random_.frand();  // RenderFrame: once per frame
  return preset::computeShaderConstants(frame, presetRandom_, context);
}

void Renderer::setTextureSearchPath(std::vector<std::filesystem::path> dirs) {
  textureSearchPath_ = dirs;
  if (textures_) textures_->setSearchPath(std::move(dirs));
}

ExternalTexture Renderer::resolveExternal(const shader::ShaderSampler& sampler,
                                          core::Diagnostics& diagnostics) {
  const shader::TextureRef& ref = sampler.texture;
  if (ref.kind == shader::TextureKind::Noise || ref.kind == shader::TextureKind::NoiseVolume) {
    if (!noise_) {
      noise_ = std::make_unique<NoiseTextures>();
      append(diagnostics, noise_->init(random_.nextU64()));
    }
    const auto size = noise_->sizeUniform(ref.root);
    return {noise_->texture(ref.root),
            noise_->isVolume(ref.root) ? GLenum(GL_TEXTURE_3D) : GLenum(GL_TEXTURE_2D),
            static_cast<int>(size[0]), static_cast<int>(size[1])};
  }
  if (!textures_) {
    textures_ = std::make_unique<TextureLibrary>();
    textures_->setSearchPath(textureSearchPath_);
  }
  const BoundTexture bound = textures_->resolve(ref, random_, diagnostics);
  return {bound.name, GL_TEXTURE_2D, bound.width, bound.height};
}

core::Diagnostics Renderer::setPresetShaders(const PresetShaders& shaders) {
  core::Diagnostics diagnostics;
  warpProgram_.reset();
  compProgram_.reset();
  blurLevels_ = 0;
  presetRandom_ = shaders.random;
  presetStartTime_ = shaders.startTime;
  if (!initialised_) return diagnostics;
  GlStateGuard guard;
  const auto resolve = [&](const shader::ShaderSampler& s) {
    return resolveExternal(s, diagnostics);
  };
  const auto build = [&](PresetShaderProgram& program, const shader::TranslatedShader& t,
                         const char* vertex, const char* stage) {
    const core::Diagnostics failures =
        program.build(t, dialect_, vertex, shaders.name + " " + stage + "_shader", resolve);
    for (const core::Diagnostic& d : failures) {
      core::Diagnostic w = core::makeDiagnostic(core::DiagnosticId::ShaderDriverRejected,
                                                d.format(), std::string(stage) + "_shader");
      diagnostics.push_back(std::move(w));
    }
  };
  if (shaders.warp) build(warpProgram_, *shaders.warp, ShaderWarpPass::vertexSource(), "warp");
  if (shaders.comp) build(compProgram_, *shaders.comp, ShaderCompPass::vertexSource(), "comp");
  blurLevels_ = std::max(warpProgram_ ? warpProgram_.maxBlurLevel() : 0,
                         compProgram_ ? compProgram_.maxBlurLevel() : 0);
  return diagnostics;
}

}  // namespace phosphene::render
