/*
 * parameters.h — the settings of an instance. Defaults are projectM 4.2's; docs/projectm-compat.md
 * says where Phosphene's meaning differs.
 */
#ifndef PROJECTM_PARAMETERS_H
#define PROJECTM_PARAMETERS_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Folders searched for the images presets name (NULL entries are skipped). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_texture_search_paths(projectm_handle instance,
                                                       const char** texture_search_paths,
                                                       size_t count) PROJECTM_NOEXCEPT;

/** @brief The time of the next frame, seconds since the first; negative: the system clock (the
 *  default). Equal inputs give equal frames. @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_frame_time(projectm_handle instance,
                                             double seconds_since_first_frame) PROJECTM_NOEXCEPT;

/** @brief The time of the last rendered frame, seconds since the first. @since 4.2.0 */
PROJECTM_EXPORT double projectm_get_last_frame_time(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Beat detection sensitivity (1.0). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_beat_sensitivity(projectm_handle instance,
                                                   float sensitivity) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT float projectm_get_beat_sensitivity(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Least seconds between two hard cuts (20). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_hard_cut_duration(projectm_handle instance,
                                                    double seconds) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT double projectm_get_hard_cut_duration(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Hard cuts on loud beats (false). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_hard_cut_enabled(projectm_handle instance,
                                                   bool enabled) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT bool projectm_get_hard_cut_enabled(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Loudness, relative to the usual, that makes a hard cut (2.0). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_hard_cut_sensitivity(projectm_handle instance,
                                                       float sensitivity) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT float projectm_get_hard_cut_sensitivity(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Seconds a smooth switch blends the two presets (3). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_soft_cut_duration(projectm_handle instance,
                                                    double seconds) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT double projectm_get_soft_cut_duration(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Seconds a preset shows before a switch is requested (30). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_preset_duration(projectm_handle instance,
                                                  double seconds) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT double projectm_get_preset_duration(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Warp mesh size (32 x 24), clamped to 8..300, odd sizes rounded up. @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_mesh_size(projectm_handle instance, size_t width,
                                            size_t height) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT void projectm_get_mesh_size(projectm_handle instance, size_t* width,
                                            size_t* height) PROJECTM_NOEXCEPT;

/** @brief Texel offset of the warp texture lookups (0, 0; MilkDrop 2 used 0.5). @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_texel_offset(projectm_handle instance, float offset_X,
                                               float offset_y) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT void projectm_get_texel_offset(projectm_handle instance, float* offset_X,
                                               float* offset_y) PROJECTM_NOEXCEPT;

/** @brief The frame rate presets are told (60). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_fps(projectm_handle instance, int32_t fps) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT int32_t projectm_get_fps(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Aspect ratio correction of presets that ask for it (true). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_aspect_correction(projectm_handle instance,
                                                    bool enabled) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT bool projectm_get_aspect_correction(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Standard deviation (seconds) of a gaussian around the preset duration (1.0; 0: the
 *  duration exactly). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_easter_egg(projectm_handle instance,
                                             float value) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT float projectm_get_easter_egg(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief Locks the preset: no switch requests, no hard cuts; loads still work (false).
 *  @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_preset_locked(projectm_handle instance,
                                                bool lock) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT bool projectm_get_preset_locked(projectm_handle instance) PROJECTM_NOEXCEPT;

/** @brief The size rendered at, in pixels (0 x 0: nothing is drawn). @since 4.0.0 */
PROJECTM_EXPORT void projectm_set_window_size(projectm_handle instance, size_t width,
                                              size_t height) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT void projectm_get_window_size(projectm_handle instance, size_t* width,
                                              size_t* height) PROJECTM_NOEXCEPT;

/** @brief Start a new preset from a black canvas instead of the last frame (false).
 *  @since 4.2.0 */
PROJECTM_EXPORT void projectm_set_preset_start_clean(projectm_handle instance,
                                                     bool enabled) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT bool projectm_get_preset_start_clean(projectm_handle instance) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_PARAMETERS_H */
