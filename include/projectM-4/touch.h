/*
 * touch.h — waveforms drawn where the user touches. Not available in Phosphene yet: the calls
 * are checked and the first is logged (docs/projectm-compat.md).
 */
#ifndef PROJECTM_TOUCH_H
#define PROJECTM_TOUCH_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A waveform of touch_type at x, y (0..1). @since 4.0.0 */
PROJECTM_EXPORT void projectm_touch(projectm_handle instance, float x, float y, int pressure,
                                    projectm_touch_type touch_type) PROJECTM_NOEXCEPT;
/** @brief Moves the waveform nearest to x, y. @since 4.0.0 */
PROJECTM_EXPORT void projectm_touch_drag(projectm_handle instance, float x, float y,
                                         int pressure) PROJECTM_NOEXCEPT;
/** @brief Removes the waveform nearest to x, y. @since 4.0.0 */
PROJECTM_EXPORT void projectm_touch_destroy(projectm_handle instance, float x,
                                            float y) PROJECTM_NOEXCEPT;
/** @brief Removes every touch waveform. @since 4.0.0 */
PROJECTM_EXPORT void projectm_touch_destroy_all(projectm_handle instance) PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_TOUCH_H */
