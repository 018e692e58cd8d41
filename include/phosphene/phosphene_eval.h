/*
 * phosphene_eval.h — running a piece of MilkDrop equation code (EEL2) once, outside any engine.
 * Part of the Phosphene C API; hosts include <phosphene/phosphene.h>, which documents the whole.
 */
#ifndef PHOSPHENE_EVAL_H
#define PHOSPHENE_EVAL_H

#include "phosphene_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * EEL2 evaluation (any thread)
 *
 * Runs a piece of MilkDrop equation code (EEL2, as in per_frame_N= lines) once, outside any
 * engine and preset: for tools, tests and bindings that want to know what an expression
 * computes. Each call has a fresh context of its own: every variable starts at 0 (or at the
 * value given for it), its own megabuf, reg00..reg99 and gmegabuf, and MilkDrop's rand() seed,
 * so the same code and inputs always give the same result. Loops are capped as in presets.
 * ------------------------------------------------------------------------------------------- */

/** The outcome of phosphene_eval: the program's value, its variables, or why it did not
 *  compile. Opaque and immutable; destroy with phosphene_eval_result_destroy. */
typedef struct phosphene_eval_result phosphene_eval_result;

/**
 * @brief Compiles `code` and runs it once.
 * @param code (in) EEL2 statements separated by ';'; need not be NUL-terminated; not kept.
 * @param length number of bytes in code.
 * @param names (in) `count` variable names set before the run (case-insensitive; "reg00".."reg99"
 *        name the registers); none NULL or empty. May be NULL when count is 0.
 * @param values (in) their values, `count` of them. May be NULL when count is 0.
 * @param count number of input variables, 0 .. 4096.
 * @param out_result (out) receives the result, ALSO when the code does not compile (read its
 *        diagnostics); NULL only for INVALID_ARGUMENT and OUT_OF_MEMORY.
 * @return PHOSPHENE_OK (it ran; warnings are possible); PHOSPHENE_ERROR_PRESET_INVALID (the code
 *         does not compile: nothing ran, the diagnostics say where and why);
 *         PHOSPHENE_ERROR_INVALID_ARGUMENT (out_result NULL, code NULL with length > 0, a name
 *         NULL or empty, names or values NULL with count > 0, count above 4096);
 *         PHOSPHENE_ERROR_OUT_OF_MEMORY.
 * Thread safety: any thread; calls share nothing. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_eval(const char* code, size_t length, const char* const* names, const double* values,
               size_t count, phosphene_eval_result** out_result) PHOSPHENE_NOEXCEPT;

/** Most input variables phosphene_eval accepts. */
#define PHOSPHENE_MAX_EVAL_INPUTS 4096

/** @brief Destroys a result (NULL is ignored). Thread safety: any thread, once. @since 1.0 */
PHOSPHENE_API void phosphene_eval_result_destroy(phosphene_eval_result* result) PHOSPHENE_NOEXCEPT;

/** @brief PHOSPHENE_OK when the code ran, PHOSPHENE_ERROR_PRESET_INVALID when it did not compile
 *  (PHOSPHENE_ERROR_INVALID_ARGUMENT for NULL). Thread safety: any thread. @since 1.0 */
PHOSPHENE_API phosphene_result phosphene_eval_result_status(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/** @brief The value of the program's last statement (0 for an empty program, a failed compile
 *  or NULL). Thread safety: any thread. @since 1.0 */
PHOSPHENE_API double phosphene_eval_result_value(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/** @brief Number of variables after the run: the inputs and every variable the code names, in
 *  order of first mention (inputs first), without the registers. 0 for NULL.
 *  Thread safety: any thread. @since 1.0 */
PHOSPHENE_API uint32_t phosphene_eval_result_variable_count(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads variable `index` after the run.
 * @param out_name (out, may be NULL) its name, lower case; valid while the result lives.
 * @param out_value (out, may be NULL) its value.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL result, index too large).
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result phosphene_eval_result_variable(const phosphene_eval_result* result,
                                                              uint32_t index, const char** out_name,
                                                              double* out_value) PHOSPHENE_NOEXCEPT;

/** @brief Number of diagnostics of the compile (errors when it failed, else warnings about
 *  sloppy code MilkDrop accepts). 0 for NULL. Thread safety: any thread. @since 1.0 */
PHOSPHENE_API uint32_t phosphene_eval_result_diagnostic_count(const phosphene_eval_result* result)
    PHOSPHENE_NOEXCEPT;

/**
 * @brief Reads one diagnostic (section "eval"; line and column within the code); its strings live
 *        as long as the result.
 * @return PHOSPHENE_OK; PHOSPHENE_ERROR_INVALID_ARGUMENT (NULL, index too large);
 *         PHOSPHENE_ERROR_ABI_MISMATCH (out->struct_size not set).
 * Thread safety: any thread. @since 1.0
 */
PHOSPHENE_API phosphene_result
phosphene_eval_result_diagnostic(const phosphene_eval_result* result, uint32_t index,
                                 phosphene_diagnostic* out) PHOSPHENE_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PHOSPHENE_EVAL_H */
