/* suites — one Check suite per module; check_main.c runs them all. */
#ifndef PREFLIGHT_SUITES_H
#define PREFLIGHT_SUITES_H

#include <check.h>

Suite *buf_suite(void);
Suite *text_suite(void);
Suite *schema_suite(void);
Suite *cli_suite(void);
Suite *probe_suite(void);
Suite *chat_suite(void);
Suite *apierror_suite(void);
Suite *grade_suite(void);
Suite *diagnose_suite(void);
Suite *needle_suite(void);
Suite *config_suite(void);
Suite *report_suite(void);
Suite *http_suite(void);
Suite *regex_suite(void);
Suite *endpoint_suite(void);
Suite *recipe_suite(void);
Suite *table_suite(void);
Suite *golden_suite(void);
Suite *sse_suite(void);
Suite *media_suite(void);
Suite *secret_suite(void);
Suite *file_suite(void);
Suite *recording_suite(void);
Suite *audit_suite(void);
Suite *plan_suite(void);
Suite *verdict_suite(void);
Suite *speed_suite(void);
Suite *retry_suite(void);
Suite *conform_suite(void);
Suite *sweep_suite(void);
Suite *html_suite(void);
Suite *diff_suite(void);
Suite *schemas_suite(void);
Suite *notebook_suite(void);
Suite *enginelog_suite(void);
Suite *say_suite(void);
Suite *manual_suite(void);
Suite *engine_suite(void);

#endif
