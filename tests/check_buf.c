/* SPDX-License-Identifier: Apache-2.0 */
/* check_buf — the capped buffer. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "suites.h"

START_TEST(append_and_detach)
{
	struct buf b = BUF_INIT(0);
	char *s;

	ck_assert_str_eq(buf_cstr(&b), "");
	ck_assert_int_eq(buf_puts(&b, "abc"), 0);
	ck_assert_int_eq(buf_printf(&b, "-%d-", 42), 0);
	ck_assert_str_eq(buf_cstr(&b), "abc-42-");
	s = buf_detach(&b);
	ck_assert_str_eq(s, "abc-42-");
	ck_assert_ptr_null(b.data);
	free(s);
}
END_TEST

START_TEST(cap_is_hard)
{
	struct buf b = BUF_INIT(8);

	ck_assert_int_eq(buf_puts(&b, "12345678"), 0);
	ck_assert_int_eq(buf_putc(&b, 'x'), BUF_ETOOBIG);
	ck_assert_uint_eq(b.len, 8);
	ck_assert_str_eq(buf_cstr(&b), "12345678");
	buf_release(&b);
}
END_TEST

START_TEST(long_printf)
{
	struct buf b = BUF_INIT(0);
	char big[1000];

	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ck_assert_int_eq(buf_printf(&b, "%s|%s", big, big), 0);
	ck_assert_uint_eq(b.len, 2 * 999 + 1);
	buf_release(&b);
}
END_TEST

Suite *buf_suite(void)
{
	Suite *s = suite_create("buf");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, append_and_detach);
	tcase_add_test(tc, cap_is_hard);
	tcase_add_test(tc, long_printf);
	suite_add_tcase(s, tc);
	return s;
}
