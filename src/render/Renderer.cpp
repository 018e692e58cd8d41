#include "render/Renderer.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "gl/CurrentContext.hpp"
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

// User textures kept beyond those live presets bind: enough that a playlist revisiting its
// favourites does not decode them again, small enough that thousands of presets stay flat.
constexpr std::size_t kMaxCachedTextures = 48;
constexpr int kFftWidth = 512;  // texels across sampler_fft (get_fft pos 0..1)

}  // namespace

core::Expected<std::unique_ptr<Renderer>> Renderer::createForCurrentContext() {
  core::Expected<gl::Capabilities> caps = gl::probeCapabilities();
  if (!caps) {
    if (caps.diagnostics().empty())
      return core::makeDiagnostic(core::DiagnosticId::GlUnavailable, "no usable GL context current",
                                  "render");
    return std::move(caps.diagnostics());
  }
  auto renderer = std::make_unique<Renderer>();
  core::Diagnostics problems = renderer->init(caps->dialect());
  if (!problems.empty()) {
    problems.front().message = "renderer initialisation failed: " + problems.front().message;
    return problems;
  }
  return renderer;
}

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
  append(errors, userSprites_.init(dialect));
  append(errors, messages_.init(dialect));
  append(errors, composite_.init(dialect));
  append(errors, shaderWarp_.init(dialect));
  append(errors, shaderComp_.init(dialect));
  append(errors, blur_.init(dialect));
  const GLenum filters[2] = {GL_LINEAR, GL_NEAREST};
  const GLenum wraps[2] = {GL_REPEAT, GL_CLAMP_TO_EDGE};
  for (std::size_t i = 0; i < samplerObjects_.size(); ++i) {
    auto sampler = gl::Sampler::create(filters[i / 2], wraps[i % 2]);
    if (!sampler) {
      append(errors, std::move(sampler.diagnostics()));
      continue;
    }
    samplerObjects_[i] = std::move(*sampler);
  }
  samplers_ = {samplerObjects_[0].id(), samplerObjects_[1].id(), samplerObjects_[2].id(),
               samplerObjects_[3].id()};
  gl::drainGlErrors("Renderer::init", errors);
  initialised_ = !core::hasErrors(errors);
  return errors;
}

core::Diagnostics Renderer::clearTarget(const RenderTarget& target) {
  GlStateGuard guard;
  GlStateGuard::setPassDefaults();
  core::Diagnostics errors = bindTarget(target);
  if (!errors.empty()) return errors;
  glViewport(0, 0, target.width, target.height);
  const GLfloat black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
  glClearBufferfv(GL_COLOR, 0, black);
  gl::drainGlErrors("Renderer::clearTarget", errors);
  return errors;
}

void Renderer::readCanvas(std::vector<std::uint8_t>* pixels, int& width, int& height) {
  width = canvas_.ready() ? canvas_.width() : 0;
  height = canvas_.ready() ? canvas_.height() : 0;
  if (pixels == nullptr || width == 0 || height == 0) return;
  GlStateGuard guard;
  GLint alignment = 4, packBuffer = 0;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &packBuffer);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  std::vector<std::uint8_t> bottomUp;
  canvas_.previous().readRgba8(bottomUp);  // after the swap: the canvas drawn last
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, static_cast<GLuint>(packBuffer));
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  pixels->resize(row * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y)
    std::copy_n(bottomUp.data() + row * static_cast<std::size_t>(height - 1 - y), row,
                pixels->data() + row * static_cast<std::size_t>(y));
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
  FrameDraw one;
  one.incoming = {&frame, &own_};
  return draw(one, target);
}

bool Renderer::drawWarp(const preset::FrameState& mesh, const PresetGpuState& gpu,
                        preset::ShaderConstants* constants, const ShaderFrameTextures& textures,
                        const gl::Texture2D& source, PassBlend blend, core::Diagnostics& errors) {
  if (gpu.warp && constants != nullptr) {
    preset::drawRandomRotations(*constants, random_);  // rot_rand*: new at every application
    gpu.warp.use();
    gpu.warp.setConstants(*constants);
    gpu.warp.bindTextures(textures, samplers_);
    const bool drawn = shaderWarp_.draw(mesh, gpu.warp, blend);
    gpu.warp.unbindTextures();
    append(errors, shaderWarp_.lastErrors());
    return drawn;
  }
  const bool drawn = warp_.draw(mesh, source, gpu.stages.warp, blend);
  append(errors, warp_.lastErrors());
  return drawn;
}

void Renderer::drawShaderComp(const preset::FrameState& blended, const PresetGpuState& gpu,
                              preset::ShaderConstants& constants,
                              const ShaderFrameTextures& textures, int canvasW, int canvasH,
                              PassBlend blend, bool freshRandoms, core::Diagnostics& errors) {
  if (freshRandoms) preset::drawRandomRotations(constants, random_);
  gpu.comp.use();
  gpu.comp.setConstants(constants);
  gpu.comp.bindTextures(textures, samplers_);
  shaderComp_.draw(canvasW, canvasH, hueCornerColours(blended.inputs.time, randStart_), gpu.comp,
                   &blended.mesh, blend);
  gpu.comp.unbindTextures();
  append(errors, shaderComp_.lastErrors());
}

// The frame order of the header, with MD2's transition rules (spec §9; milkdropfs.cpp RenderFrame,
// ShowToUser_Shaders) where an outgoing preset is drawn too.
core::Diagnostics Renderer::draw(const FrameDraw& draw, const RenderTarget& target) {
  core::Diagnostics errors;
  if (!initialised_) {
    errors.push_back(core::makeDiagnostic(core::DiagnosticId::GlError,
                                          "Renderer::draw before a successful init", "render"));
    return errors;
  }
  if (target.width <= 0 || target.height <= 0 || draw.incoming.frame == nullptr ||
      draw.incoming.gpu == nullptr)
    return errors;
  const preset::FrameState& frame = *draw.incoming.frame;
  const PresetGpuState& in = *draw.incoming.gpu;
  const bool blending = draw.transitioning();
  const PresetGpuState* out = blending ? draw.outgoing.gpu : nullptr;
  const double p = std::clamp(draw.progress, 0.0, 1.0);

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
  if (draw.clearCanvas) FeedbackCanvas::clearToBlack(previous);
  if (!draw.burns.empty()) {
    userSprites_.drawBurns(draw.burns, canvasW, canvasH);
    append(errors, userSprites_.lastErrors());
    previous.bind();
  }
  motionVectors_.draw(frame, info);
  append(errors, motionVectors_.lastErrors());
  if (canvas_.framesSinceResize() == 0) FeedbackCanvas::clearToBlack(previous);

  if (fft_.id() != 0) uploadFft(frame);

  // Preset shaders bind up to 16 units and 3D textures: put back what GlStateGuard does not.
  const TextureUnitGuard unitGuard(std::max(in.textureUnits(), out ? out->textureUnits() : 0));
  std::array<float, 4> randFrame{};
  const bool anyShader = in.warp || in.comp || (out && (out->warp || out->comp));
  if (anyShader)
    for (float& r : randFrame) r = random_.frand();  // RenderFrame: once per frame
  preset::ShaderConstants inConstants, outConstants;
  if (in.warp || in.comp) inConstants = shaderConstants(draw.incoming, randFrame, canvasW, canvasH);
  if (out && (out->warp || out->comp))
    outConstants = shaderConstants(draw.outgoing, randFrame, canvasW, canvasH);
  // The blur textures are built with the incoming preset's ranges (spec §9), as many levels as
  // either preset reads.
  const int blurLevels = std::max(in.blurLevels, out ? out->blurLevels : 0);
  ShaderFrameTextures shaderTextures{&previous.color(), {}};
  for (int level = 1; level <= 3; ++level)
    shaderTextures.blur[static_cast<std::size_t>(level - 1)] =
        level <= blurLevels ? blur_.level(level) : nullptr;

  // 2. Warp VS0 → VS1. Without a usable mesh there is nothing to warp: start this canvas from
  // black rather than showing the frame before last. In a transition where either preset has a
  // warp shader, the outgoing warp is drawn opaque, then the incoming one blended with the
  // mesh's mix; both through the blended texcoords. Otherwise one built-in pass with the blended
  // values does it all.
  current.bind();
  if (!blending || (!in.warp && !out->warp)) {
    if (!drawWarp(frame, in, &inConstants, shaderTextures, previous.color(), PassBlend::Opaque,
                  errors))
      FeedbackCanvas::clearToBlack(current);
  } else {
    if (!drawWarp(frame, *out, &outConstants, shaderTextures, previous.color(), PassBlend::Opaque,
                  errors))
      FeedbackCanvas::clearToBlack(current);
    drawWarp(frame, in, &inConstants, shaderTextures, previous.color(), PassBlend::Alpha, errors);
  }

  // 2b. Blur VS0 (BlurPasses, right after the warp). The warp above read last frame's levels.
  if (blurLevels > 0) {
    append(errors, blur_.run(previous.color(), blurLevels, preset::safeBlurRanges(frame.vars),
                             static_cast<float>(frame.vars.blur1EdgeDarken)));
    for (int level = 1; level <= 3; ++level)
      shaderTextures.blur[static_cast<std::size_t>(level - 1)] =
          level <= blurLevels ? blur_.level(level) : nullptr;
    current.bind();
  }

  // 3. Shapes, waves, built-in wave, sprites into VS1. In a transition: new shapes × p, old
  // shapes × (1 − p), new waves, old waves, then the built-in wave of the blended state.
  if (!blending) {
    shapes_.draw(frame, info);
    append(errors, shapes_.lastErrors());
    waves_.draw(frame, info);
    append(errors, waves_.lastErrors());
  } else {
    const preset::FrameState& old = *draw.outgoing.frame;
    shapes_.draw(frame, info, p);
    append(errors, shapes_.lastErrors());
    shapes_.draw(old, info, 1.0 - p);
    append(errors, shapes_.lastErrors());
    waves_.drawCustomWaves(frame, info, p);
    append(errors, waves_.lastErrors());
    waves_.drawCustomWaves(old, info, 1.0 - p);
    append(errors, waves_.lastErrors());
    waves_.drawBuiltinWave(frame, info);
    append(errors, waves_.lastErrors());
  }
  sprites_.draw(frame, info);
  append(errors, sprites_.lastErrors());
  GlStateGuard::setPassDefaults();
  // 3b. A custom message or song title on its last frame is burnt into VS1 (RenderFrame).
  if (draw.text != nullptr) {
    current.bind();
    messages_.burn(*draw.text, canvasW, canvasH, errors);
  }

  // 4. Composite to the host's target.
  lastComposite_ = {inConstants, outConstants, canvasW, canvasH, blurLevels, false};
  compositeTo(draw, target, current, previous, lastComposite_, true, errors);
  lastComposite_.valid = true;
  // 4b. Messages, song title and preset name over the picture (RenderFrame, after ShowToUser).
  drawTextOver(draw, target, errors);
  drawUserSprites(draw, target, &current, errors);

  // 5. This frame's canvas is next frame's previous one.
  canvas_.swap();
  canvas_.countFrame();
  gl::drainGlErrors("Renderer::draw", errors);
  return errors;
}

void Renderer::compositeTo(const FrameDraw& draw, const RenderTarget& target,
                           const gl::Framebuffer& current, const gl::Framebuffer& previous,
                           CompositeInputs& inputs, bool freshRandoms, core::Diagnostics& errors) {
  const preset::FrameState& frame = *draw.incoming.frame;
  const PresetGpuState& in = *draw.incoming.gpu;
  const bool blending = draw.transitioning();
  const PresetGpuState* out = blending ? draw.outgoing.gpu : nullptr;
  const int canvasW = inputs.canvasW, canvasH = inputs.canvasH;
  ShaderFrameTextures textures{&previous.color(), {}};
  for (int level = 1; level <= 3; ++level)
    textures.blur[static_cast<std::size_t>(level - 1)] =
        level <= inputs.blurLevels ? blur_.level(level) : nullptr;
  const core::Diagnostics targetErrors = bindTarget(target);
  if (targetErrors.empty()) {
    glViewport(0, 0, target.width, target.height);
    const auto fixedComposite = [&] {
      const gl::Framebuffer& source =
          in.stages.comp == BuiltinStyle::FixedFunction ? current : previous;
      composite_.draw(frame, source.color(), in.stages.comp);
      append(errors, composite_.lastErrors());
    };
    const auto shaderComp = [&](const PresetGpuState& gpu, preset::ShaderConstants& constants,
                                PassBlend blend) {
      drawShaderComp(frame, gpu, constants, textures, canvasW, canvasH, blend, freshRandoms,
                     errors);
    };
    if (!blending) {
      if (in.comp)
        shaderComp(in, inputs.in, PassBlend::Opaque);
      else
        fixedComposite();
    } else if (in.comp && out->comp) {
      shaderComp(*out, inputs.out, PassBlend::Opaque);
      shaderComp(in, inputs.in, PassBlend::Alpha);
    } else if (in.comp) {
      fixedComposite();
      shaderComp(in, inputs.in, PassBlend::Alpha);
    } else if (out->comp) {
      fixedComposite();
      shaderComp(*out, inputs.out, PassBlend::InverseAlpha);
    } else {
      fixedComposite();
    }
  }
  append(errors, targetErrors);
}

// MD2 draws its user sprites last (RenderFrame calls DrawUserSprites after the composite, just
// before the canvases swap): on top of the picture, and with burn set into VS1 as well, so the
// next frame's warp carries them. compositeTo left the target bound with its viewport.
void Renderer::drawUserSprites(const FrameDraw& draw, const RenderTarget& target,
                               const gl::Framebuffer* burnInto, core::Diagnostics& errors) {
  if (burnInto) userSprites_.releaseUnused(draw.sprites);
  if (draw.sprites.empty()) return;
  // The text pass may have bound its own framebuffer for the title texture.
  if (draw.text != nullptr && !bindTarget(target).empty()) return;
  userSprites_.draw(draw.sprites, false);
  append(errors, userSprites_.lastErrors());
  if (!burnInto) return;
  burnInto->bind();
  glViewport(0, 0, burnInto->width(), burnInto->height());
  userSprites_.draw(draw.sprites, true);
  append(errors, userSprites_.lastErrors());
}

void Renderer::drawTextOver(const FrameDraw& draw, const RenderTarget& target,
                            core::Diagnostics& errors) {
  if (draw.text == nullptr) return;
  if (!bindTarget(target).empty()) return;  // compositeTo reported it
  messages_.drawOver(*draw.text, target.width, target.height, lastComposite_.canvasW,
                     lastComposite_.canvasH, errors);
}

core::Diagnostics Renderer::redraw(const FrameDraw& draw, const RenderTarget& target) {
  if (!initialised_ || !lastComposite_.valid || draw.incoming.frame == nullptr ||
      draw.incoming.gpu == nullptr)
    return clearTarget(target);
  core::Diagnostics errors;
  if (target.width <= 0 || target.height <= 0) return errors;
  GlStateGuard guard;
  glActiveTexture(GL_TEXTURE0);
  GlStateGuard::setPassDefaults();
  const PresetGpuState* out = draw.transitioning() ? draw.outgoing.gpu : nullptr;
  const TextureUnitGuard unitGuard(
      std::max(draw.incoming.gpu->textureUnits(), out ? out->textureUnits() : 0));
  // draw() swapped the canvases after compositing: what was `current` is `previous` now.
  compositeTo(draw, target, canvas_.previous(), canvas_.current(), lastComposite_, false, errors);
  drawTextOver(draw, target, errors);
  drawUserSprites(draw, target, nullptr, errors);
  gl::drainGlErrors("Renderer::redraw", errors);
  return errors;
}

preset::ShaderConstants Renderer::shaderConstants(const PresetFrame& preset,
                                                  const std::array<float, 4>& randFrame,
                                                  int canvasW, int canvasH) {
  preset::ShaderFrameContext context;
  // MD2's window is its canvas unless the user picked a power-of-two canvas (spec §4.2); the
  // canvas is what Phosphene computes the preset for, so it stands for both here.
  context.windowWidth = context.textureWidth = canvasW;
  context.windowHeight = context.textureHeight = canvasH;
  context.presetStartTime = preset.gpu->startTime;
  context.randFrame = randFrame;
  return preset::computeShaderConstants(*preset.frame, preset.gpu->random, context);
}

void Renderer::setTextureSearchPath(std::vector<std::filesystem::path> dirs,
                                    std::vector<std::filesystem::path> collection) {
  textureSearchPath_ = dirs;
  textureCollection_ = collection;
  if (textures_) textures_->setSearchPath(std::move(dirs), std::move(collection));
}

void Renderer::setTextureProvider(TextureProvider provider, std::uint64_t generation) {
  textureProvider_ = provider;
  textureProviderGeneration_ = generation;
  if (textures_) textures_->setProvider(std::move(provider), generation);
}

// get_fft's scale is Phosphene's (MilkDrop 3's attack/decay and scaling are not published): the
// analyzer's magnitude through 0.25·log2(1 + v), clamped to 0..1, so typical music spans the range
// and silence reads 0. Both rows hold the same values (no separate peak tracking yet).
void Renderer::uploadFft(const preset::FrameState& frame) {
  fftPixels_.assign(static_cast<std::size_t>(kFftWidth) * 2 * 4, 0);
  for (int i = 0; i < kFftWidth; ++i) {
    const auto iu = static_cast<std::size_t>(i);
    const float v = iu < frame.spectrum.size() ? frame.spectrum[iu] : 0.0f;
    const float level = std::clamp(0.25f * std::log2(1.0f + std::max(v, 0.0f)), 0.0f, 1.0f);
    const auto byte = static_cast<std::uint8_t>(level * 255.0f + 0.5f);
    for (std::size_t row = 0; row < 2; ++row) {
      const std::size_t at = (row * static_cast<std::size_t>(kFftWidth) + iu) * 4;
      fftPixels_[at] = fftPixels_[at + 1] = fftPixels_[at + 2] = byte;
      fftPixels_[at + 3] = 255;
    }
  }
  fft_.uploadRgba8(fftPixels_.data());
}

ExternalTexture Renderer::resolveExternal(const shader::ShaderSampler& sampler,
                                          core::Diagnostics& diagnostics) {
  const shader::TextureRef& ref = sampler.texture;
  if (ref.kind == shader::TextureKind::Fft) {
    if (fft_.id() == 0) {
      auto made = gl::Texture2D::create({kFftWidth, 2, GL_RGBA8, GL_LINEAR, GL_CLAMP_TO_EDGE});
      if (!made.ok()) {
        append(diagnostics, made.diagnostics());
        return {};
      }
      fft_ = std::move(made.value());
    }
    return {fft_.id(), GL_TEXTURE_2D, kFftWidth, 2};
  }
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
    textures_->setSearchPath(textureSearchPath_, textureCollection_);
    textures_->setProvider(textureProvider_, textureProviderGeneration_);
  }
  const BoundTexture bound = textures_->resolve(ref, random_, diagnostics);
  return {bound.name, GL_TEXTURE_2D, bound.width, bound.height};
}

core::Diagnostics Renderer::linkPreset(const PresetShaders& shaders, const PresetStages& stages,
                                       PresetGpuState& out,
                                       const std::vector<const PresetGpuState*>& keep) {
  core::Diagnostics diagnostics = linkPresetWarp(shaders, stages, out);
  const core::Diagnostics comp = linkPresetComp(shaders, out, keep);
  diagnostics.insert(diagnostics.end(), comp.begin(), comp.end());
  return diagnostics;
}

core::Diagnostics Renderer::buildPresetProgram(const PresetShaders& shaders,
                                               PresetShaderProgram& program, bool warp) {
  core::Diagnostics diagnostics;
  const auto& translated = warp ? shaders.warp : shaders.comp;
  if (!initialised_ || !translated) return diagnostics;
  GlStateGuard guard;
  const auto resolve = [&](const shader::ShaderSampler& s) {
    return resolveExternal(s, diagnostics);
  };
  const std::string stage = warp ? "warp" : "comp";
  const core::Diagnostics failures = program.build(
      *translated, dialect_, warp ? ShaderWarpPass::vertexSource() : ShaderCompPass::vertexSource(),
      shaders.name + " " + stage + "_shader", resolve,
      warp ? ShaderWarpPass::fragmentAdapter(*translated)
           : ShaderCompPass::fragmentAdapter(*translated));
  for (const core::Diagnostic& d : failures)
    diagnostics.push_back(core::makeDiagnostic(core::DiagnosticId::ShaderDriverRejected, d.format(),
                                               stage + "_shader"));
  return diagnostics;
}

core::Diagnostics Renderer::linkPresetWarp(const PresetShaders& shaders, const PresetStages& stages,
                                           PresetGpuState& out) {
  out.reset();
  out.stages = stages;
  out.random = shaders.random;
  out.startTime = shaders.startTime;
  out.name = shaders.name;
  return buildPresetProgram(shaders, out.warp, true);
}

core::Diagnostics Renderer::linkPresetComp(const PresetShaders& shaders, PresetGpuState& out,
                                           const std::vector<const PresetGpuState*>& keep) {
  core::Diagnostics diagnostics = buildPresetProgram(shaders, out.comp, false);
  out.blurLevels =
      std::max(out.warp ? out.warp.maxBlurLevel() : 0, out.comp ? out.comp.maxBlurLevel() : 0);
  if (textures_) {
    std::vector<GLuint> inUse = out.textureNames();
    for (const PresetGpuState* other : keep) {
      if (other == nullptr) continue;
      const std::vector<GLuint> names = other->textureNames();
      inUse.insert(inUse.end(), names.begin(), names.end());
    }
    if (&out != &own_) {
      const std::vector<GLuint> names = own_.textureNames();
      inUse.insert(inUse.end(), names.begin(), names.end());
    }
    textures_->evict(inUse, kMaxCachedTextures);
    textures_->clearStaged();
  }
  return diagnostics;
}

void Renderer::stageDecodedTextures(const std::vector<StagedTexture>& textures) {
  if (textures.empty()) return;
  if (!textures_) {
    textures_ = std::make_unique<TextureLibrary>();
    textures_->setSearchPath(textureSearchPath_, textureCollection_);
    textures_->setProvider(textureProvider_, textureProviderGeneration_);
  }
  for (const StagedTexture& t : textures) textures_->stage(t.file, t.image);
}

bool Renderer::contextCurrent() {
  return gl::hasCurrentContext();
}

GLuint Renderer::boundDrawFramebuffer() {
  GLint bound = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
  return static_cast<GLuint>(bound);
}

std::size_t Renderer::cachedTextureCount() const {
  return textures_ ? textures_->loadedCount() : 0;
}

}  // namespace phosphene::render
