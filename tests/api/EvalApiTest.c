/* phosphene_eval from plain C99 against the header alone: values, inputs, the variables a
 * program leaves, registers, compile errors with their diagnostics, argument checks and
 * determinism. Exit status 0 = all checks passed. */
#include <phosphene/phosphene.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

/* The value of variable `name` after the run, or NAN when the result does not list it. */
static double variable(const phosphene_eval_result* r, const char* name) {
  uint32_t i;
  for (i = 0; i < phosphene_eval_result_variable_count(r); ++i) {
    const char* n = NULL;
    double v = 0.0;
    if (phosphene_eval_result_variable(r, i, &n, &v) == PHOSPHENE_OK && strcmp(n, name) == 0)
      return v;
  }
  return NAN;
}

static phosphene_eval_result* run(const char* code, const char* const* names, const double* values,
                                  size_t count, phosphene_result expect) {
  phosphene_eval_result* r = NULL;
  CHECK(phosphene_eval(code, strlen(code), names, values, count, &r) == expect);
  CHECK(r != NULL);
  return r;
}

static void test_values_and_variables(void) {
  static const char* const names[] = {"x", "Bass"};
  static const double values[] = {2.0, 0.5};
  phosphene_eval_result* r =
      run("y = x * 3 + bass; z = sqr(y); z - 1", names, values, 2, PHOSPHENE_OK);
  const char* name = NULL;
  double value = -1.0;
  CHECK(phosphene_eval_result_status(r) == PHOSPHENE_OK);
  CHECK(phosphene_eval_result_value(r) == 41.25);
  CHECK(phosphene_eval_result_variable_count(r) == 4); /* x, bass, y, z */
  CHECK(phosphene_eval_result_variable(r, 0, &name, &value) == PHOSPHENE_OK);
  CHECK(strcmp(name, "x") == 0 && value == 2.0);
  CHECK(variable(r, "bass") == 0.5); /* names are case-insensitive, listed in lower case */
  CHECK(variable(r, "y") == 6.5);
  CHECK(variable(r, "z") == 42.25);
  CHECK(phosphene_eval_result_variable(r, 4, &name, &value) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval_result_variable(r, 0, NULL, NULL) == PHOSPHENE_OK);
  phosphene_eval_result_destroy(r);
}

static void test_registers_loops_and_empty(void) {
  static const char* const names[] = {"reg07"};
  static const double values[] = {5.0};
  phosphene_eval_result* r = run("n = 0; loop(10, n += reg07); n", names, values, 1, PHOSPHENE_OK);
  CHECK(phosphene_eval_result_value(r) == 50.0);
  CHECK(isnan(variable(r, "reg07"))); /* registers are not listed */
  phosphene_eval_result_destroy(r);

  r = run("", NULL, NULL, 0, PHOSPHENE_OK);
  CHECK(phosphene_eval_result_value(r) == 0.0);
  CHECK(phosphene_eval_result_variable_count(r) == 0);
  phosphene_eval_result_destroy(r);
}

static void test_compile_error(void) {
  phosphene_eval_result* r = run("x = (1 + ;", NULL, NULL, 0, PHOSPHENE_ERROR_PRESET_INVALID);
  phosphene_diagnostic d;
  uint32_t i, errors = 0;
  phosphene_diagnostic_init(&d);
  CHECK(phosphene_eval_result_status(r) == PHOSPHENE_ERROR_PRESET_INVALID);
  CHECK(phosphene_eval_result_value(r) == 0.0);
  CHECK(phosphene_eval_result_diagnostic_count(r) >= 1);
  for (i = 0; i < phosphene_eval_result_diagnostic_count(r); ++i) {
    CHECK(phosphene_eval_result_diagnostic(r, i, &d) == PHOSPHENE_OK);
    if (d.severity == PHOSPHENE_LOG_ERROR && ++errors == 1) break; /* d: the first error */
  }
  CHECK(errors == 1);
  CHECK(strlen(d.id) > 0 && strlen(d.message) > 0);
  CHECK(strcmp(d.section, "eval") == 0 && d.line == 1 && d.column > 0);
  CHECK(phosphene_eval_result_diagnostic(r, 999, &d) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  d.struct_size = 0;
  CHECK(phosphene_eval_result_diagnostic(r, 0, &d) == PHOSPHENE_ERROR_ABI_MISMATCH);
  phosphene_eval_result_destroy(r);
}

static void test_arguments_and_determinism(void) {
  static const char* const empty_name[] = {""};
  static const double one[] = {1.0};
  phosphene_eval_result* r = (phosphene_eval_result*)&failures;
  phosphene_eval_result* a;
  phosphene_eval_result* b;
  CHECK(phosphene_eval("1", 1, NULL, NULL, 0, NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval(NULL, 3, NULL, NULL, 0, &r) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(r == NULL);
  CHECK(phosphene_eval("1", 1, NULL, one, 1, &r) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval("1", 1, empty_name, one, 1, &r) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval("1", 1, empty_name, one, PHOSPHENE_MAX_EVAL_INPUTS + 1, &r) ==
        PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval_result_status(NULL) == PHOSPHENE_ERROR_INVALID_ARGUMENT);
  CHECK(phosphene_eval_result_variable_count(NULL) == 0);
  phosphene_eval_result_destroy(NULL);
  /* rand() starts from MilkDrop's fixed seed in every call: the same code, the same numbers. */
  a = run("rand(1000) + 1000 * rand(1000)", NULL, NULL, 0, PHOSPHENE_OK);
  b = run("rand(1000) + 1000 * rand(1000)", NULL, NULL, 0, PHOSPHENE_OK);
  CHECK(phosphene_eval_result_value(a) == phosphene_eval_result_value(b));
  phosphene_eval_result_destroy(a);
  phosphene_eval_result_destroy(b);
}

int main(void) {
  test_values_and_variables();
  test_registers_loops_and_empty();
  test_compile_error();
  test_arguments_and_determinism();
  if (failures != 0) {
    fprintf(stderr, "api_eval: %d check(s) failed\n", failures);
    return 1;
  }
  printf("api_eval: all checks passed\n");
  return 0;
}
