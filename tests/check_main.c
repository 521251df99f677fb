/* check_main — the one runner: adds every module's suite, prints Check's
 * summary line and exits non-zero when anything failed. */
#include <stdlib.h>

#include "suites.h"

int main(void)
{
	Suite *(*const suites[])(void) = {
		buf_suite,	text_suite,   schema_suite,    probe_suite,    chat_suite,
		apierror_suite, grade_suite,  sse_suite,       media_suite,    diagnose_suite,
		needle_suite,	config_suite, report_suite,    http_suite,     regex_suite,
		endpoint_suite, recipe_suite, cli_suite,       table_suite,    golden_suite,
		secret_suite,	file_suite,   recording_suite, audit_suite,    plan_suite,
		verdict_suite,	speed_suite,  retry_suite,     conform_suite,  sweep_suite,
		html_suite,	diff_suite,   schemas_suite,   notebook_suite, enginelog_suite,
		say_suite,	manual_suite, engine_suite,
	};
	SRunner *sr = srunner_create(NULL);
	size_t i;
	int failed;

	for (i = 0; i < sizeof(suites) / sizeof(suites[0]); i++)
		srunner_add_suite(sr, suites[i]());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
