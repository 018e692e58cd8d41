/*
 * version.h — the projectM API version this library implements (4.2.0). The library under it is
 * Phosphene: projectm_get_vcs_version_string() names Phosphene's version.
 */
#ifndef PROJECTM_VERSION_H
#define PROJECTM_VERSION_H

#define PROJECTM_VERSION_MAJOR 4
#define PROJECTM_VERSION_MINOR 2
#define PROJECTM_VERSION_PATCH 0
#define PROJECTM_VERSION_STRING "4.2.0"
#define PROJECTM_VERSION_VCS "phosphene"

#endif /* PROJECTM_VERSION_H */
