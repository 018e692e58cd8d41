/*
 * types.h — the handle and the enumerations the other headers of the projectM 4.2 C API use
 * (Phosphene's implementation: docs/projectm-compat.md says what differs).
 */
#ifndef PROJECTM_TYPES_H
#define PROJECTM_TYPES_H

#include "projectM-4/projectM_export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One visualizer instance; opaque. */
struct projectm;
typedef struct projectm* projectm_handle;

/** Layout of PCM passed to projectm_pcm_add_*: one sample per frame, or left/right pairs. */
typedef enum { PROJECTM_MONO = 1, PROJECTM_STEREO = 2 } projectm_channels;

/** Channel indices of interleaved stereo PCM. */
typedef enum {
  PROJECTM_CHANNEL_L = 0,
  PROJECTM_CHANNEL_0 = 0,
  PROJECTM_CHANNEL_R = 1,
  PROJECTM_CHANNEL_1 = 1
} projectm_pcm_channel;

/** Shapes of the waveforms projectm_touch draws. */
typedef enum {
  PROJECTM_TOUCH_TYPE_RANDOM = 0,
  PROJECTM_TOUCH_TYPE_CIRCLE,
  PROJECTM_TOUCH_TYPE_RADIAL_BLOB,
  PROJECTM_TOUCH_TYPE_BLOB2,
  PROJECTM_TOUCH_TYPE_BLOB3,
  PROJECTM_TOUCH_TYPE_DERIVATIVE_LINE,
  PROJECTM_TOUCH_TYPE_BLOB5,
  PROJECTM_TOUCH_TYPE_LINE,
  PROJECTM_TOUCH_TYPE_DOUBLE_LINE
} projectm_touch_type;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_TYPES_H */
