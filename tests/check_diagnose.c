/* check_diagnose — the cause table, markup and garbage detectors. */
#include <string.h>

#include "diagnose.h"
#include "suites.h"

START_TEST(every_cause_has_a_code)
{
	int c;

	for (c = 1; c < CAUSE_COUNT; c++) {
		ck_assert_str_ne(cause_code((enum cause)c), "");
		ck_assert_ptr_nonnull(cause_remedy((enum cause)c));
	}
	ck_assert_str_eq(cause_code(CAUSE_CONTEXT_OVERFLOW), "context-overflow");
	ck_assert(cause_is_exchange_error(CAUSE_TIMEOUT));
	ck_assert(!cause_is_exchange_error(CAUSE_WRONG_ANSWER));
	ck_assert_ptr_nonnull(strstr(cause_remedy(CAUSE_REASONING_BLEED), "--reasoning-parser"));
	ck_assert_ptr_nonnull(strstr(cause_remedy(CAUSE_TOOL_CALL_AS_TEXT), "--tool-call-parser"));
}
END_TEST

START_TEST(markup_and_garbage)
{
	static const char *const markup[] = {
		"<tool_call>{}</tool_call>",
		"[TOOL_CALLS] [{\"name\":\"f\"}]",
		"<|python_start|>{\"name\": \"f\", \"parameters\": {}}<|python_end|>",
		"{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oakland\"}}",
	};
	char what[128], rep[3000];
	size_t i;

	for (i = 0; i < sizeof(markup) / sizeof(markup[0]); i++)
		ck_assert_msg(diagnose_tool_markup(markup[i], strlen(markup[i])), "%s", markup[i]);
	ck_assert(!diagnose_tool_markup("The weather is nice.", 20));
	ck_assert(diagnose_think_tags("a</think>b", 10));
	ck_assert(diagnose_garbage("hi<|endoftext|>", 15, what, sizeof(what)));
	ck_assert_ptr_nonnull(strstr(what, "<|endoftext|>"));
	for (i = 0; i + 1 < sizeof(rep); i++)
		rep[i] = "the the "[i % 8];
	rep[sizeof(rep) - 1] = '\0';
	ck_assert(diagnose_garbage(rep, strlen(rep), what, sizeof(what)));
	ck_assert(!diagnose_garbage("```python\nsum(xs)\n```", 21, what, sizeof(what)));
}
END_TEST

Suite *diagnose_suite(void)
{
	Suite *s = suite_create("diagnose");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, every_cause_has_a_code);
	tcase_add_test(tc, markup_and_garbage);
	suite_add_tcase(s, tc);
	return s;
}
