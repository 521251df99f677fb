/* SPDX-License-Identifier: Apache-2.0 */
/* check_audit — the hostile audit's reproductions (research/reliability-
 * audit.md, section 3), each run as written against the real ./preflight:
 * keys, output paths, standard streams, recordings, notebooks, regexes,
 * non-regular inputs and exit codes. Each test is named after its finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "secret.h"
#include "suites.h"
#include "testutil.h"
#include "text.h"

#define KEY "sk-SLASH/secret+KEY="

static void write_file(const struct outcome *o, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", o->dir, name);
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	fclose(f);
}

/* the key, in any form the scrubber knows, is in none of these */
static void key_nowhere(const struct outcome *o, const char *key, const char *const *files)
{
	struct secret s;
	size_t i;

	ck_assert_int_eq(secret_init(&s, key), 0);
	ck_assert_msg(!secret_found(&s, o->out, strlen(o->out)), "key in stdout:\n%s", o->out);
	ck_assert_msg(!secret_found(&s, o->err, strlen(o->err)), "key in stderr:\n%s", o->err);
	for (i = 0; files[i]; i++) {
		char *text = read_report(o, files[i]);

		ck_assert_msg(text != NULL, "%s was not written", files[i]);
		ck_assert_msg(!secret_found(&s, text, strlen(text)), "key in %s", files[i]);
		free(text);
	}
	secret_release(&s);
}

/* the recording, decompressed, as a text file beside it */
static void unzip(const struct outcome *o, const char *gz, const char *plain)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), "cd '%s' && zcat '%s' > '%s'", o->dir, gz, plain);
	ck_assert_int_eq(system(cmd), 0);
}

static const char *const echo_forms[] = { "auth-echo",
					  "auth-echo-json-slash",
					  "auth-echo-json-unicode",
					  "auth-echo-double-escaped",
					  "auth-echo-percent",
					  "auth-echo-base64",
					  "auth-echo-base64url" };

/* H1: the echoed key, in every encoding, reaches no output */
START_TEST(h1_echoed_key_in_any_form)
{
	const char *env[] = { "OPENAI_API_KEY=" KEY, NULL };
	const char *argv[] = { "run",	"--endpoint", NULL,   "--json",	  "r.json",	"--junit",
			       "r.xml", "--markdown", "r.md", "--record", "r.jsonl.gz", NULL };
	const char *files[] = { "r.json", "r.xml", "r.md", "r.jsonl", NULL };
	struct fake f;
	struct outcome o;

	fake_start(&f, echo_forms[_i]);
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 3, "%s: exit %d\n%s", echo_forms[_i], o.code, o.err);
	ck_assert_ptr_nonnull(strstr(o.out, "[REDACTED]"));
	unzip(&o, "r.jsonl.gz", "r.jsonl");
	key_nowhere(&o, KEY, files);
	outcome_release(&o);
}
END_TEST

/* H1, the class: a model that repeats the key in its answer, streamed in
 * many small deltas; graded as it came, shown nowhere */
START_TEST(h1_key_spread_over_a_stream)
{
	const char *key = "sk-STREAMED-0123456789abcdef";
	const char *env[] = { "OPENAI_API_KEY=sk-STREAMED-0123456789abcdef", NULL };
	const char *argv[] = { "run",	   "--endpoint", NULL,	   "--checks", "smoke",
			       "--stream", "--json",	 "r.json", "--junit",  "r.xml",
			       "--record", "r.jsonl.gz", NULL };
	const char *files[] = { "r.json", "r.xml", "r.jsonl", NULL };
	struct fake f;
	struct outcome o;
	char *text;

	fake_start(&f, "echo-in-answer");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	unzip(&o, "r.jsonl.gz", "r.jsonl");
	key_nowhere(&o, key, files);
	text = read_report(&o, "r.jsonl");
	ck_assert_ptr_null(strstr(text, "0123456789")); /* not even its pieces */
	free(text);
	outcome_release(&o);
}
END_TEST

/* H2: a key of several KiB is sent whole; past 64 KiB it is refused */
START_TEST(h2_long_keys)
{
	char *key = malloc(3100), *env_key = malloc(70100), *scenario = malloc(3300);
	const char *env[] = { env_key, NULL };
	const char *argv[] = { "run", "--endpoint", NULL, "--checks", "smoke", NULL };
	struct fake f;
	struct outcome o;
	char path[256];

	memset(key, 'Q', 3000);
	memcpy(key, "sk-LEAK", 7);
	strcpy(key + 3000, "TAIL");
	outcome_mkdir(&o);
	snprintf(scenario, 3300, "{\"api_key\":\"%s\"}", key);
	write_file(&o, "long.json", scenario);
	snprintf(path, sizeof(path), "%s/long.json", o.dir);
	fake_start_file(&f, path);
	argv[2] = f.url;
	snprintf(env_key, 70100, "OPENAI_API_KEY=%s", key);
	run_preflight_in(&o, env, argv);
	ck_assert_msg(o.code == 0, "a 3 KiB key was not accepted: exit %d\n%s", o.code, o.out);
	outcome_release(&o);
	memset(env_key + 15, 'k', 70000);
	env_key[70015] = '\0';
	run_preflight(&o, env, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(
		strstr(o.err, "the key in OPENAI_API_KEY is longer than 65536 bytes"));
	outcome_release(&o);
	free(key);
	free(env_key);
	free(scenario);
}
END_TEST

/* M6: a key with CR/LF (or any control character) is refused before any
 * request, naming the variable, never the key */
START_TEST(m6_control_characters_in_the_key)
{
	const char *env[] = { "PF_KEY=sk-abc\r\nX-Injected: yes", NULL };
	const char *argv[] = { "run",	 "--endpoint", NULL,	 "--api-key-env",
			       "PF_KEY", "--json",     "r.json", NULL };
	struct fake f;
	struct outcome o;
	long requests, most;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight(&o, env, argv);
	fake_stats(&f, &requests, &most);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "the key in PF_KEY holds a control character"));
	ck_assert_ptr_null(strstr(o.err, "sk-abc"));
	ck_assert_ptr_null(strstr(o.err, "Injected"));
	ck_assert_int_eq(requests, 0);
	outcome_release(&o);
}
END_TEST

/* M5: dummy keys as local servers take them never misgrade a healthy
 * endpoint; the short ones are warned about */
START_TEST(m5_short_keys_are_sent_never_searched)
{
	static const char *const keys[] = { "OPENAI_API_KEY=a", "OPENAI_API_KEY=4",
					    "OPENAI_API_KEY=python", "OPENAI_API_KEY=EMPTY",
					    "OPENAI_API_KEY=sk-no-key-required" };
	const char *argv[] = { "run", "--endpoint", NULL, NULL };
	struct fake f;
	struct outcome o;
	size_t i;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		const char *env[] = { keys[i], NULL };

		run_preflight(&o, env, argv);
		ck_assert_msg(o.code == 0, "%s: exit %d\n%s\n%s", keys[i], o.code, o.out, o.err);
		ck_assert_int_eq(strstr(o.err, "shorter than 8 characters") != NULL,
				 strlen(keys[i]) < 15 + 8);
		outcome_release(&o);
	}
	fake_stop(&f);
}
END_TEST

/* H3: devices and FIFOs are written through, never replaced; symlinks
 * are followed; directories and read-only files are exit 2 before any
 * request. The devices are made in the test's own folder: a regression
 * replaces them there, never /dev/null. */
START_TEST(h3_outputs_that_are_not_plain_files)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	  "--checks",  "smoke",
			       "--json", "null",       "--junit", "to-stdout", NULL };
	struct fake f;
	struct outcome o;
	struct stat st;
	long requests, most, after;
	char path[256], *text;

	fake_start(&f, "healthy");
	argv[2] = f.url;
	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/null", o.dir);
	if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) != 0) {
		/* not root: a FIFO stands in for the device */
		fprintf(stderr, "note: mknod needs root; h3 tries a FIFO in place of a device\n");
		argv[6] = "r.json";
	}
	snprintf(path, sizeof(path), "%s/to-stdout", o.dir);
	ck_assert_int_eq(symlink("/proc/self/fd/1", path), 0); /* as /dev/stdout is */
	run_preflight_in(&o, NULL, argv);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	snprintf(path, sizeof(path), "%s/null", o.dir);
	if (!strcmp(argv[6], "null")) {
		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert(S_ISCHR(st.st_mode));
	}
	snprintf(path, sizeof(path), "%s/to-stdout", o.dir);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	/* the JUnit went into the stream, before the console report */
	ck_assert_ptr_nonnull(strstr(o.out, "<testsuites"));
	ck_assert_ptr_nonnull(strstr(o.out, "RESULT: SERVES"));
	/* a symlinked report: the link stays, its target gets the report */
	snprintf(path, sizeof(path), "%s/real", o.dir);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	write_file(&o, "real/r.json", "old");
	snprintf(path, sizeof(path), "%s/link.json", o.dir);
	ck_assert_int_eq(symlink("real/r.json", path), 0);
	argv[6] = "link.json";
	argv[7] = NULL;
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 0);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	cJSON_Delete(read_json_report(&o, "real/r.json"));
	/* a FIFO nobody reads: named at the end, exit 4, never blocked on */
	snprintf(path, sizeof(path), "%s/fifo", o.dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	argv[6] = "fifo";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 4);
	ck_assert_ptr_nonnull(strstr(o.err, "cannot write 'fifo': no process is reading the FIFO"));
	/* a directory, a read-only file: before any request */
	snprintf(path, sizeof(path), "%s/ro.json", o.dir);
	write_file(&o, "ro.json", "{}");
	ck_assert_int_eq(chmod(path, 0444), 0);
	fake_stats(&f, &requests, &most);
	argv[6] = "ro.json";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "cannot write 'ro.json': the file is read-only"));
	argv[6] = "real";
	run_preflight_in(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "cannot write 'real': it is a directory"));
	fake_stats(&f, &after, &most);
	ck_assert_int_eq(after, requests);
	text = read_report(&o, "ro.json");
	ck_assert_str_eq(text, "{}");
	free(text);
	fake_stop(&f);
	outcome_release(&o);
}
END_TEST

/* H4: a closed pipe on stdout or stderr costs no report and no exit code */
START_TEST(h4_closed_pipes)
{
	char script[512], *code;
	struct fake f;
	struct outcome o;

	fake_start(&f, "healthy");
	snprintf(script, sizeof(script),
		 "$PF run --endpoint %s --json r.json --record r.jsonl.gz 2>&1 | head -1 "
		 ">/dev/null; echo ${PIPESTATUS[0]} > code1; "
		 "$PF run --endpoint %s --json p.json 2>/dev/null | true; "
		 "echo ${PIPESTATUS[0]} > code2; ls -A > files",
		 f.url, f.url);
	outcome_mkdir(&o);
	run_shell(&o, NULL, script);
	fake_stop(&f);
	code = read_report(&o, "code1");
	ck_assert_str_eq(code, "0\n");
	free(code);
	code = read_report(&o, "code2");
	ck_assert_str_eq(code, "0\n");
	free(code);
	cJSON_Delete(read_json_report(&o, "r.json"));
	cJSON_Delete(read_json_report(&o, "p.json"));
	code = read_report(&o, "files");
	ck_assert_ptr_null(strstr(code, ".r.jsonl.gz.")); /* no temporary left */
	free(code);
	unzip(&o, "r.jsonl.gz", "r.jsonl");
	outcome_release(&o);
}
END_TEST

/* M4: with stdout or stderr closed, nothing lands in the recording */
START_TEST(m4_closed_standard_streams)
{
	char script[1024], *code;
	struct fake f;
	struct outcome o;

	fake_start(&f, "healthy");
	snprintf(script, sizeof(script),
		 "$PF run --endpoint %s --json a.json --record a.gz 2>&-; echo $? > code; "
		 "$PF run --endpoint %s --json b.json --record b.gz >&-; echo $? >> code; "
		 "zcat a.gz > /dev/null && zcat b.gz > /dev/null && echo gzip-ok >> code; "
		 "$PF replay a.gz > /dev/null 2>&1; echo $? >> code",
		 f.url, f.url);
	outcome_mkdir(&o);
	run_shell(&o, NULL, script);
	fake_stop(&f);
	code = read_report(&o, "code");
	ck_assert_str_eq(code, "0\n0\ngzip-ok\n0\n");
	free(code);
	outcome_release(&o);
}
END_TEST

/* H5, L7: a crafted recording cannot name outputs or local files, and a
 * recorded wait is followed without sleeping */
START_TEST(h5_crafted_recordings)
{
	static const char *const added[] = { "\"--markdown\",\"victim.md\",",
					     "\"--image-path\",\"/etc/passwd\",",
					     "\"--probes\",\"/tmp\",", "\"--record\",\"x.gz\"," };
	char script[1024], *text;
	struct fake f;
	struct outcome o;
	size_t i;

	fake_start(&f, "healthy");
	outcome_mkdir(&o);
	write_file(&o, "victim.md", "precious\n");
	snprintf(script, sizeof(script), "$PF run --endpoint %s --record h.gz > /dev/null 2>&1",
		 f.url);
	run_shell(&o, NULL, script);
	fake_stop(&f);
	for (i = 0; i < sizeof(added) / sizeof(added[0]); i++) {
		snprintf(script, sizeof(script),
			 "zcat h.gz | sed '1s|\"args\":\\[|\"args\":[%s|' | gzip > evil.gz && "
			 "$PF replay evil.gz",
			 added[i]);
		run_shell(&o, NULL, script);
		ck_assert_msg(o.code == 2, "%s: exit %d", added[i], o.code);
		ck_assert_ptr_nonnull(strstr(o.err, "which a recording never carries"));
	}
	text = read_report(&o, "victim.md");
	ck_assert_str_eq(text, "precious\n");
	free(text);
	/* a recording of a dead endpoint waited on: replayed without waiting */
	snprintf(script, sizeof(script),
		 "$PF run --endpoint http://127.0.0.1:1/v1 --wait 0.6 --record dead.gz > /dev/null "
		 "2>&1; $PF replay dead.gz");
	run_shell(&o, NULL, script);
	ck_assert_int_eq(o.code, 3);
	ck_assert_ptr_null(strstr(o.err, "waiting for"));
	outcome_release(&o);
}
END_TEST

/* M2, L9: a model name holding a marker, pipes and backticks updates the
 * notebook cleanly, and a second update is byte-identical */
START_TEST(m2_marker_injection_through_a_model_name)
{
	const char *nb = "# Notebook\n```\n<!-- BEGIN_PREFLIGHT_RESULTS -->\n```\n"
			 "<!-- BEGIN_PREFLIGHT_RESULTS -->\nold\n<!-- END_PREFLIGHT_RESULTS -->\n\n"
			 "## notes\nkeep me\n";
	char script[1024], *once, *twice;
	struct fake f;
	struct outcome o;

	fake_start(&f, "evil-model");
	outcome_mkdir(&o);
	write_file(&o, "nb.md", nb);
	snprintf(script, sizeof(script),
		 "$PF run --endpoint %s --json evil.json > /dev/null 2>&1; "
		 "$PF table evil.json --notebook nb.md && cp nb.md once.md && "
		 "$PF table evil.json --notebook nb.md && $PF table evil.json --notebook nb.md "
		 "--check",
		 f.url);
	run_shell(&o, NULL, script);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	once = read_report(&o, "once.md");
	twice = read_report(&o, "nb.md");
	ck_assert_str_eq(once, twice);
	ck_assert_ptr_nonnull(
		strstr(twice, "| m &lt;!-- END_PREFLIGHT_RESULTS --&gt; x \\| \\`y |"));
	ck_assert_ptr_nonnull(strstr(twice, "-->\n\n## notes\nkeep me\n"));
	ck_assert_ptr_nonnull(strstr(twice, "```\n<!-- BEGIN_PREFLIGHT_RESULTS -->\n```\n"));
	free(once);
	free(twice);
	outcome_release(&o);
}
END_TEST

/* M3: the notebook's symlink, mode, owner and hard links are kept; a
 * read-only notebook is refused */
START_TEST(m3_notebook_files)
{
	char script[2048], *text;
	struct fake f;
	struct outcome o;

	fake_start(&f, "healthy");
	outcome_mkdir(&o);
	write_file(&o, "base.md",
		   "<!-- BEGIN_PREFLIGHT_RESULTS -->\nold\n<!-- END_PREFLIGHT_RESULTS -->\n");
	snprintf(
		script, sizeof(script),
		"$PF run --endpoint %s --json h.json > /dev/null 2>&1; mkdir real; "
		"cp base.md real/nb.md; ln -s real/nb.md link.md; "
		"$PF table h.json --notebook link.md > /dev/null; "
		"[ -L link.md ] && grep -q fake-model real/nb.md && echo link-ok > out; "
		"cp base.md priv.md; chmod 0600 priv.md; "
		"$PF table h.json --notebook priv.md > /dev/null; stat -c %%a priv.md >> out; "
		"cp base.md hl.md; ln hl.md hl2.md; $PF table h.json --notebook hl.md > /dev/null; "
		"cmp -s hl.md hl2.md && echo hardlink-ok >> out; "
		"cp base.md ro.md; chmod 0444 ro.md; $PF table h.json --notebook ro.md "
		"2>> out; echo $? >> out; cmp -s ro.md base.md && echo ro-untouched >> out",
		f.url);
	run_shell(&o, NULL, script);
	fake_stop(&f);
	text = read_report(&o, "out");
	ck_assert_str_eq(text, "link-ok\n600\nhardlink-ok\npreflight: cannot write 'ro.md': the "
			       "file is read-only\n2\nro-untouched\n");
	free(text);
	outcome_release(&o);
}
END_TEST

/* M7: two outputs naming one file, a notebook as --markdown, an output
 * over the replayed recording: exit 2 before any request */
START_TEST(m7_colliding_outputs)
{
	static const char *const runs[][6] = {
		{ "--json", "same", "--junit", "same", NULL },
		{ "--json", "x.json", "--record", "./x.json", NULL },
		{ "--json", "x.json", "--junit", "alias.json", NULL },
		{ "--markdown", "nb.md", NULL },
	};
	const char *argv[10] = { "run", "--endpoint", NULL };
	struct fake f;
	struct outcome o;
	long requests, most;
	char path[256];
	size_t i, k;

	fake_start(&f, "healthy");
	outcome_mkdir(&o);
	write_file(&o, "x.json", "{}");
	write_file(&o, "nb.md",
		   "<!-- BEGIN_PREFLIGHT_RESULTS -->\n<!-- END_PREFLIGHT_RESULTS -->\n");
	snprintf(path, sizeof(path), "%s/alias.json", o.dir);
	ck_assert_int_eq(symlink("x.json", path), 0);
	argv[2] = f.url;
	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		for (k = 0; runs[i][k]; k++)
			argv[3 + k] = runs[i][k];
		argv[3 + k] = NULL;
		run_preflight_in(&o, NULL, argv);
		ck_assert_msg(o.code == 2, "run %zu: exit %d", i, o.code);
		ck_assert_msg(strstr(o.err, "name the same file") ||
				      strstr(o.err, "would replace the whole notebook"),
			      "run %zu: %s", i, o.err);
	}
	fake_stats(&f, &requests, &most);
	ck_assert_int_eq(requests, 0);
	fake_stop(&f);
	outcome_release(&o);
}
END_TEST

/* M8: a catastrophic regex over a 128-way batch fails as pattern-limit,
 * naming the pattern in the message and the remedy */
START_TEST(m8_catastrophic_regex)
{
	char probe[1024], a[201];
	const char *argv[] = { "run",	 "--endpoint", NULL,	   "--probes", "rx",
			       "--json", "r.json",     "--checks", "redos",    NULL };
	struct fake f;
	struct outcome o;
	cJSON *r;
	char path[256];

	memset(a, 'a', 200);
	a[200] = '\0';
	outcome_mkdir(&o);
	snprintf(path, sizeof(path), "%s/rx", o.dir);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	snprintf(probe, sizeof(probe),
		 "{\"id\":\"redos\",\"title\":\"redos\",\"run\":{\"batch\":128},\"request\":{"
		 "\"messages\":[{\"role\":\"user\",\"content\":\"The launch code is %s!. What "
		 "is it?\"}]},\"expect\":{\"content_regex\":\"^(a|aa)+$\"}}",
		 a);
	write_file(&o, "rx/redos.json", probe);
	fake_start(&f, "healthy");
	argv[2] = f.url;
	run_preflight_in(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 1);
	r = read_json_report(&o, "r.json");
	ck_assert_str_eq(report_cause(r, "redos"), "pattern-limit");
	ck_assert_ptr_nonnull(strstr(o.out, "remedy: rewrite the content regex /^(a|aa)+$/"));
	cJSON_Delete(r);
	outcome_release(&o);
}
END_TEST

/* L1, L2, L3: non-UTF-8, trailing garbage, duplicate keys, NUL, and
 * FIFOs or directories where a file is read */
START_TEST(l1_l3_inputs_refused_at_once)
{
	char script[2048], *text;
	struct outcome o;

	outcome_mkdir(&o);
	write_file(&o, "good.json",
		   "{\"id\":\"t\",\"title\":\"T\",\"request\":{\"messages\":[{\"role\":\"user\","
		   "\"content\":\"x\"}]},\"expect\":{\"content_regex\":\"x\"}}");
	snprintf(script, sizeof(script),
		 "v() { timeout 20 $PF \"$@\" > /dev/null 2>> err; echo $? >> codes; }; "
		 "printf '{\"id\":\"t\",\"title\":\"\\xff\"}' > utf.json; v validate utf.json; "
		 "(cat good.json; echo garbage) > trail.json; v validate trail.json; "
		 "cat good.json good.json > two.json; v validate two.json; "
		 "sed 's/\"id\":\"t\",/\"id\":\"t\",\"id\":\"u\",/' good.json > dup.json; "
		 "v validate dup.json; "
		 "sed 's/\"T\"/\"T\\\\u0000x\"/' good.json > nul.json; v validate nul.json; "
		 "mkfifo fifo.json; v validate fifo.json; "
		 "v run --endpoint http://127.0.0.1:1/v1 --recipe fifo.json --dry-run; "
		 "v run --endpoint http://127.0.0.1:1/v1 --image-path fifo.json --checks image "
		 "--image-expect x; "
		 "v run --endpoint http://127.0.0.1:1/v1 --cacert fifo.json; "
		 "v table fifo.json; v replay fifo.json; mkdir d; v validate d; "
		 "v run --endpoint http://127.0.0.1:1/v1 --model $'bad\\xff'");
	run_shell(&o, NULL, script);
	text = read_report(&o, "codes");
	ck_assert_str_eq(text, "2\n2\n2\n2\n2\n2\n2\n2\n2\n2\n2\n2\n2\n");
	free(text);
	text = read_report(&o, "err");
	ck_assert_ptr_nonnull(strstr(text, "utf.json:1:20: not valid UTF-8"));
	ck_assert_ptr_nonnull(strstr(text, "trail.json:1:109: text after the JSON value"));
	ck_assert_ptr_nonnull(strstr(text, "dup.json:1:11: duplicate key 'id'"));
	ck_assert_ptr_nonnull(strstr(text, "(NUL) inside a string"));
	ck_assert_ptr_nonnull(strstr(text, "'fifo.json': a FIFO, not a regular file"));
	ck_assert_ptr_nonnull(strstr(text, "'d': a directory, not a regular file"));
	ck_assert_ptr_nonnull(strstr(text, "argument 5 is not valid UTF-8"));
	free(text);
	outcome_release(&o);
}
END_TEST

/* L1, from the endpoint's side: a model name that is not UTF-8 leaves
 * every report and the console valid UTF-8 */
START_TEST(l1_endpoint_names_not_utf8)
{
	const char *argv[] = { "run",	 "--endpoint", NULL,	"--checks",   "smoke", "--json",
			       "r.json", "--junit",    "r.xml", "--markdown", "r.md",  NULL };
	const char *files[] = { "r.json", "r.xml", "r.md" };
	struct fake f;
	struct outcome o;
	size_t i;

	fake_start(&f, "model-not-utf8");
	argv[2] = f.url;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_msg(o.code == 0, "exit %d\n%s", o.code, o.err);
	ck_assert(text_valid_utf8(o.out, strlen(o.out)));
	for (i = 0; i < 3; i++) {
		char *text = read_report(&o, files[i]);

		ck_assert_msg(text_valid_utf8(text, strlen(text)), "%s is not UTF-8", files[i]);
		free(text);
	}
	cJSON_Delete(read_json_report(&o, "r.json"));
	outcome_release(&o);
}
END_TEST

/* L6, L11: what is found after talking to the endpoint is exit 3 with
 * its cause; a report that cannot be written at the end is exit 4 */
START_TEST(l6_exit_codes_after_requests)
{
	static const struct {
		const char *scenario, *suffix, *cause, *says;
		int code;
	} cases[] = {
		{ "healthy", "", "no-model", "check the base URL (it usually ends in /v1)", 3 },
		{ "redirect", "/v1", "http-redirect", "HTTP 307: a redirect to http://127.0.0.2",
		  3 },
		{ "huge-header", "/v1", "transport-error", "header too large", 3 },
	};
	const char *argv[] = { "run", "--endpoint", NULL, "--json", "r.json", NULL };
	char url[128], name[256];
	struct fake f;
	struct outcome o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cJSON *r;

		fake_start(&f, cases[i].scenario);
		snprintf(url, sizeof(url), "http://127.0.0.1:%u%s", f.port, cases[i].suffix);
		argv[2] = url;
		run_preflight(&o, NULL, argv);
		fake_stop(&f);
		ck_assert_msg(o.code == cases[i].code, "%s: exit %d\n%s", cases[i].scenario, o.code,
			      o.err);
		r = read_json_report(&o, "r.json");
		ck_assert_str_eq(report_cause(r, "smoke"), cases[i].cause);
		ck_assert_msg(strstr(o.out, cases[i].says) != NULL, "%s: no '%s' in\n%s",
			      cases[i].scenario, cases[i].says, o.out);
		ck_assert_ptr_null(strstr(o.out, "EngineCore"));
		cJSON_Delete(r);
		outcome_release(&o);
	}
	/* a full disk at the end: exit 4, the file and errno named (a full
	 * device made here, never /dev/full) */
	fake_start(&f, "healthy");
	argv[2] = f.url;
	outcome_mkdir(&o);
	snprintf(name, sizeof(name), "%s/full", o.dir);
	if (mknod(name, S_IFCHR | 0666, makedev(1, 7)) == 0) {
		argv[4] = "full";
		run_preflight_in(&o, NULL, argv);
		ck_assert_int_eq(o.code, 4);
		ck_assert_ptr_nonnull(
			strstr(o.err, "cannot write 'full': No space left on device"));
	} else {
		fprintf(stderr, "note: mknod needs root; the full-disk exit 4 check is skipped\n");
	}
	outcome_release(&o);
	/* a 250-character report name: the temporary fits NAME_MAX */
	memset(name, 'a', 245);
	strcpy(name + 245, ".json");
	argv[4] = name;
	run_preflight(&o, NULL, argv);
	fake_stop(&f);
	ck_assert_int_eq(o.code, 0);
	cJSON_Delete(read_json_report(&o, name));
	outcome_release(&o);
}
END_TEST

/* contradicting flags name both, before any request */
START_TEST(contradicting_flags)
{
	const char *argv[] = { "run",
			       "--endpoint",
			       "http://127.0.0.1:1/v1",
			       "--no-thinking",
			       "--thinking-mode",
			       "enabled",
			       NULL };
	struct outcome o;

	run_preflight(&o, NULL, argv);
	ck_assert_int_eq(o.code, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "--no-thinking contradicts --thinking-mode enabled"));
	outcome_release(&o);
}
END_TEST

Suite *audit_suite(void)
{
	Suite *s = suite_create("audit");
	TCase *tc = tcase_create("audit");

	tcase_set_timeout(tc, 300);
	tcase_set_tags(tc, "shard-8");
	tcase_add_loop_test(tc, h1_echoed_key_in_any_form, 0,
			    sizeof(echo_forms) / sizeof(echo_forms[0]));
	tcase_add_test(tc, h1_key_spread_over_a_stream);
	tcase_add_test(tc, h2_long_keys);
	tcase_add_test(tc, m6_control_characters_in_the_key);
	tcase_add_test(tc, m5_short_keys_are_sent_never_searched);
	tcase_add_test(tc, h3_outputs_that_are_not_plain_files);
	tcase_add_test(tc, h4_closed_pipes);
	tcase_add_test(tc, m4_closed_standard_streams);
	tcase_add_test(tc, h5_crafted_recordings);
	tcase_add_test(tc, m2_marker_injection_through_a_model_name);
	tcase_add_test(tc, m3_notebook_files);
	tcase_add_test(tc, m7_colliding_outputs);
	tcase_add_test(tc, m8_catastrophic_regex);
	tcase_add_test(tc, l1_l3_inputs_refused_at_once);
	tcase_add_test(tc, l1_endpoint_names_not_utf8);
	tcase_add_test(tc, l6_exit_codes_after_requests);
	tcase_add_test(tc, contradicting_flags);
	suite_add_tcase(s, tc);
	return s;
}
