/* SPDX-License-Identifier: Apache-2.0 */
/* check_media — files to data URLs: types, bounds, symlinks, SHA-256. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "media.h"
#include "suites.h"
#include "testutil.h"

START_TEST(sha256_vectors)
{
	char hex[65];

	media_sha256_hex((const unsigned char *)"", 0, hex);
	ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	media_sha256_hex((const unsigned char *)"abc", 3, hex);
	ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	/* 56 bytes: the padding spills into a second block */
	media_sha256_hex(
		(const unsigned char *)"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		56, hex);
	ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
END_TEST

START_TEST(loads_and_refuses)
{
	char png[4096], mp4[4096], txt[4096], err[512], link[64];
	struct media m;

	snprintf(png, sizeof(png), "%s/tests/data/sample.png", repo_root());
	snprintf(mp4, sizeof(mp4), "%s/tests/data/sample.mp4", repo_root());
	snprintf(txt, sizeof(txt), "%s/tests/data/not-an-image.txt", repo_root());
	ck_assert_msg(media_load(png, MEDIA_IMAGE, &m, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(m.mime, "image/png");
	ck_assert_uint_eq(m.bytes, 76);
	ck_assert_ptr_nonnull(strstr(m.data_url, "data:image/png;base64,iVBORw0KGgo"));
	media_release(&m);
	ck_assert_int_eq(media_load(mp4, MEDIA_VIDEO, &m, err, sizeof(err)), 0);
	ck_assert_str_eq(m.mime, "video/mp4");
	media_release(&m);
	ck_assert_int_eq(media_load(txt, MEDIA_IMAGE, &m, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "is not PNG, JPEG or WebP"));
	ck_assert_int_eq(media_load(png, MEDIA_VIDEO, &m, err, sizeof(err)), -1);
	ck_assert_int_eq(media_load("/nonexistent.png", MEDIA_IMAGE, &m, err, sizeof(err)), -1);
	snprintf(link, sizeof(link), "/tmp/pf-media-link-%d.png", (int)getpid());
	unlink(link);
	ck_assert_int_eq(symlink(png, link), 0);
	ck_assert_int_eq(media_load(link, MEDIA_IMAGE, &m, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "is a symlink"));
	unlink(link);
}
END_TEST

Suite *media_suite(void)
{
	Suite *s = suite_create("media");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, sha256_vectors);
	tcase_add_test(tc, loads_and_refuses);
	suite_add_tcase(s, tc);
	return s;
}
