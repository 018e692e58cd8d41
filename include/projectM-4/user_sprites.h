/*
 * user_sprites.h — MilkDrop sprites drawn over the presets. Not available through Phosphene's
 * C API yet (the sprites issue): creation fails (returns 0) and is logged once.
 */
#ifndef PROJECTM_USER_SPRITES_H
#define PROJECTM_USER_SPRITES_H

#include "projectM-4/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A sprite of `type` ("milkdrop") from its code; its id, 0 on failure. @since 4.2.0 */
PROJECTM_EXPORT uint32_t projectm_sprite_create(projectm_handle instance, const char* type,
                                                const char* code) PROJECTM_NOEXCEPT;
/** @brief Removes one sprite. @since 4.2.0 */
PROJECTM_EXPORT void projectm_sprite_destroy(projectm_handle instance,
                                             uint32_t sprite_id) PROJECTM_NOEXCEPT;
/** @brief Removes every sprite. @since 4.2.0 */
PROJECTM_EXPORT void projectm_sprite_destroy_all(projectm_handle instance) PROJECTM_NOEXCEPT;
/** @brief Number of sprites. @since 4.2.0 */
PROJECTM_EXPORT uint32_t projectm_sprite_get_sprite_count(projectm_handle instance)
    PROJECTM_NOEXCEPT;
/** @brief Writes the ids of the sprites (count of them) to sprite_ids. @since 4.2.0 */
PROJECTM_EXPORT void projectm_sprite_get_sprite_ids(projectm_handle instance,
                                                    uint32_t* sprite_ids) PROJECTM_NOEXCEPT;
/** @brief Most sprites at once (16); the oldest go when more are made. @since 4.2.0 */
PROJECTM_EXPORT void projectm_sprite_set_max_sprites(projectm_handle instance,
                                                     uint32_t max_sprites) PROJECTM_NOEXCEPT;
PROJECTM_EXPORT uint32_t projectm_sprite_get_max_sprites(projectm_handle instance)
    PROJECTM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PROJECTM_USER_SPRITES_H */
