/*
 * projectM.h — the whole projectM 4.2 core C API, as implemented on Phosphene. Hosts include this
 * one header; docs/projectm-compat.md lists every function and what differs from projectM.
 */
#ifndef PROJECTM_PROJECTM_H
#define PROJECTM_PROJECTM_H

#include "projectM-4/audio.h"
#include "projectM-4/callbacks.h"
#include "projectM-4/core.h"
#include "projectM-4/debug.h"
#include "projectM-4/logging.h"
#include "projectM-4/memory.h"
#include "projectM-4/parameters.h"
#include "projectM-4/render_opengl.h"
#include "projectM-4/touch.h"
#include "projectM-4/user_sprites.h"
#include "projectM-4/version.h"

#endif /* PROJECTM_PROJECTM_H */
