/* SPDX-License-Identifier: Apache-2.0 */
/* bench — what preflight costs, measured against the fake endpoint.
 *
 *   (a) the default run at zero latency: wall, CPU and peak RSS of the
 *       preflight process (14k needle, 20-way tool batch), median of runs
 *   (b) a 128-way tool batch at 200 ms per answer: wall time of the batch
 *   (c) the perf probe against paced streams (100, 200, 1000 tok/s), one
 *       whose first 64 tokens are held back, one of 3-token chunks, and a
 *       burst: decode speed against the pace, or "not measurable"
 *   (d) building a 1M-token needle request: CPU time and peak memory
 *   (f) a catastrophic regex over a 128-way batch: grading stays bounded
 *   (g) the key scrubber over a 15 MiB stream body
 *   (l) compare's hot path: a chat completion of 4,096 positions with 20
 *       alternatives each read (reply_logprobs) and compared (drift_prompt)
 *   (l') compare end to end: the built-in corpus against two fake twins
 *   (l'') teacher forcing's reader: a scored answer of 4,096 positions in
 *       vLLM's prompt_logprobs shape, 20 alternatives each
 *       (reply_prompt_logprobs)
 *
 * Prints a markdown table. Not a test: nothing here fails on a number. */
#include <cjson/cJSON.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "chat.h"
#include "drift.h"
#include "file.h"
#include "needle.h"
#include "probe.h"
#include "reply.h"
#include "reportgen.h"
#include "secret.h"

#define RUNS 7

static double now(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static pid_t fake_start(const char *scenario, unsigned *port)
{
	int fds[2];
	pid_t pid;
	FILE *in;
	char line[64];

	fflush(stdout);
	if (pipe(fds))
		exit(1);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		execl("fixtures/fake-endpoint", "fake-endpoint", "--scenario", scenario,
		      (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	in = fdopen(fds[0], "r");
	if (!in || !fgets(line, sizeof(line), in) || sscanf(line, "PORT=%u", port) != 1) {
		fprintf(stderr, "bench: the fake endpoint did not start\n");
		exit(1);
	}
	fclose(in);
	return pid;
}

static void fake_stop(pid_t pid)
{
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
}

struct cost {
	double wall, cpu;
	long rss_kb;
	int code;
};

/* runs ./preflight with args, output discarded; its own rusage */
static struct cost run_preflight(char *const *args)
{
	struct cost c = { 0 };
	struct rusage ru;
	double t0;
	int st;
	pid_t pid;

	fflush(stdout); /* or the child's freopen writes our buffer a second time */
	t0 = now(CLOCK_MONOTONIC);
	pid = fork();

	if (pid == 0) {
		freopen("/dev/null", "w", stdout);
		freopen("/dev/null", "w", stderr);
		execv("./preflight", args);
		_exit(127);
	}
	wait4(pid, &st, 0, &ru);
	c.wall = now(CLOCK_MONOTONIC) - t0;
	c.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		(double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	c.rss_kb = ru.ru_maxrss;
	c.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return c;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* one run of preflight against a fresh fake endpoint playing scenario,
 * with flags (NULL-terminated) after --endpoint */
static struct cost run_against(const char *scenario, const char *const *flags)
{
	char url[64], *args[24];
	unsigned port;
	pid_t fake = fake_start(scenario, &port);
	struct cost c;
	int n = 0;

	snprintf(url, sizeof(url), "http://127.0.0.1:%u/v1", port);
	args[n++] = "preflight";
	args[n++] = "run";
	args[n++] = "--endpoint";
	args[n++] = url;
	while (*flags && n < 23)
		args[n++] = (char *)*flags++;
	args[n] = NULL;
	c = run_preflight(args);
	fake_stop(fake);
	return c;
}

/* the first probe of the JSON report at path (which is then removed), or
 * NULL; the caller deletes *report */
static const cJSON *first_probe(const char *path, cJSON **report)
{
	struct buf text = BUF_INIT(0);
	char err[256];

	*report = NULL;
	if (file_read(path, 1 << 26, &text, err, sizeof(err)) == 0)
		*report = cJSON_Parse(buf_cstr(&text));
	buf_release(&text);
	unlink(path);
	return cJSON_GetArrayItem(cJSON_GetObjectItem(*report, "probes"), 0);
}

/* RUNS runs of command (run, conform) with rest after --endpoint against
 * one fake playing scenario: median wall and CPU, the largest RSS */
static struct cost median_runs(const char *scenario, char *command, char *const *rest)
{
	double wall[RUNS], cpu[RUNS];
	struct cost m = { 0 };
	unsigned port;
	char url[64], *args[24];
	pid_t fake = fake_start(scenario, &port);
	int i, n;

	snprintf(url, sizeof(url), "http://127.0.0.1:%u/v1", port);
	args[0] = "preflight";
	args[1] = command;
	args[2] = "--endpoint";
	args[3] = url;
	for (n = 4; *rest && n < 23; n++)
		args[n] = *rest++;
	args[n] = NULL;
	for (i = 0; i < RUNS; i++) {
		struct cost c = run_preflight(args);

		if (c.code != 0)
			fprintf(stderr, "bench: %s against %s exited %d\n", command, scenario,
				c.code);
		wall[i] = c.wall;
		cpu[i] = c.cpu;
		if (c.rss_kb > m.rss_kb)
			m.rss_kb = c.rss_kb;
	}
	fake_stop(fake);
	qsort(wall, RUNS, sizeof(double), cmp_double);
	qsort(cpu, RUNS, sizeof(double), cmp_double);
	m.wall = wall[RUNS / 2];
	m.cpu = cpu[RUNS / 2];
	return m;
}

static void bench_default_run(void)
{
	char *rest[] = { "--needle-ctx", "14000", "--json", "/dev/null", NULL };
	struct cost c = median_runs("fixtures/scenarios/healthy.json", "run", rest);

	printf("| (a) default run, 14k needle, 20-way batch, zero latency | wall %.1f ms, CPU %.1f "
	       "ms, peak RSS %.1f MiB (median of %d; RSS max) | ≤ 15 ms CPU, ≤ 15 MiB |\n",
	       c.wall * 1e3, c.cpu * 1e3, (double)c.rss_kb / 1024.0, RUNS);
}

/* a 6 x 5 sweep from 4k to 128k: what preflight costs, and how close each
 * cell's measured prompt lands to its target */
/* (i) the 6 x 5 sweep with its page and map; (i') the same grid
 * for the single needle and RULER's three variants: 120 cells */
static void bench_sweep(const char *checks, const char *label)
{
	char *rest[] = { "--checks",
			 (char *)checks,
			 "--needle-ctx",
			 "4k,8k,16k,32k,64k,128k",
			 "--needle-depth",
			 "0:1:0.25",
			 "--json",
			 "bench-sweep.json",
			 "--html",
			 "bench-sweep.html",
			 "--svg",
			 "bench-sweep.svg",
			 NULL };
	struct cost c = median_runs("tests/data/bench-sweep.json", "run", rest);
	struct buf text = BUF_INIT(0);
	const cJSON *p;
	cJSON *report = NULL;
	char err[256];
	double worst = 0;
	int cells = 0;

	if (file_read("bench-sweep.json", 1 << 26, &text, err, sizeof(err)) == 0)
		report = cJSON_Parse(buf_cstr(&text));
	buf_release(&text);
	unlink("bench-sweep.json");
	unlink("bench-sweep.html");
	unlink("bench-sweep.svg");
	cJSON_ArrayForEach(p, cJSON_GetObjectItem(report, "probes"))
	{
		const cJSON *n = cJSON_GetObjectItem(p, "needle");
		double want = cJSON_GetNumberValue(cJSON_GetObjectItem(n, "requested_tokens"));
		double got = cJSON_GetNumberValue(cJSON_GetObjectItem(n, "measured_prompt_tokens"));

		if (want > 0 && got > 0 && fabs(got / want - 1) > worst)
			worst = fabs(got / want - 1);
		cells += want > 0;
	}
	cJSON_Delete(report);
	printf("| %s, 4k to 128k, with --html and --svg | wall %.0f ms, CPU %.0f ms, peak RSS "
	       "%.1f MiB (median of %d); %d cells, each within %.2f%% of its target | < 1 s CPU, < "
	       "40 MB, ±1%% |\n",
	       label, c.wall * 1e3, c.cpu * 1e3, (double)c.rss_kb / 1024.0, RUNS, cells,
	       worst * 100);
}

/* conform: its 60 checks against a conformant fake, at zero latency (what
 * preflight itself costs) and at 200 ms an answer (how much of the wait
 * the concurrency hides) */
static void bench_conform(void)
{
	char *rest[] = { "--json", "/dev/null", "--junit", "/dev/null", NULL };
	struct cost c = median_runs("fixtures/scenarios/conform-conformant.json", "conform", rest);
	struct cost slow = median_runs("tests/data/bench-conform-slow.json", "conform", rest);

	printf("| (h) conform: 60 checks, 67 chat requests, zero latency | wall %.1f ms, CPU %.1f "
	       "ms, "
	       "peak RSS %.1f MiB (median of %d; RSS max) | a few MB, ms of CPU |\n",
	       c.wall * 1e3, c.cpu * 1e3, (double)c.rss_kb / 1024.0, RUNS);
	printf("| (h') conform, 200 ms an answer | wall %.2f s = %.1f× one answer, CPU %.1f ms | "
	       "< 30 s |\n",
	       slow.wall, slow.wall / 0.2, slow.cpu * 1e3);
}

static void bench_tool_batch(void)
{
	static const char *const flags[] = { "--checks", "tools",  "--tool-batch",
					     "128",	 "--json", "/tmp/preflight-bench.json",
					     NULL };
	cJSON *r;
	const cJSON *p;
	double seconds;

	run_against("fixtures/scenarios/bench-200ms.json", flags);
	p = first_probe("/tmp/preflight-bench.json", &r);
	seconds = p ? cJSON_GetNumberValue(cJSON_GetObjectItem(p, "seconds")) : -1;
	cJSON_Delete(r);
	printf("| (b) 128-way tool batch, 200 ms per answer | %.0f ms = %.2f× one answer | ≤ 1.2× "
	       "|\n",
	       seconds * 1e3, seconds / 0.2);
}

static void bench_needle_build(void)
{
	struct needle_spec s = {
		"The engineers continued routine checks while the telemetry stayed nominal. ",
		"ZEBRA-42917-QUARTZ",
		"IMPORTANT: The launch code is {secret}.",
		"Question: What is the launch code? Reply with ONLY the code.",
		0.58,
		NEEDLE_SIZE_NEEDLE_CTX,
		0,
		1,
		1,
		1
	};
	struct needle_set ns;
	/* 1M tokens at 4 characters per token */
	long fillers = needle_count_guess(&s, 1000000);
	struct chat_settings cs = { .model = "model",
				    .max_tokens = 256,
				    .thinking = THINKING_DISABLED };
	cJSON *req = cJSON_CreateObject(), *msgs = cJSON_CreateArray(), *m = cJSON_CreateObject();
	struct rusage after;
	double t0, t1;
	char err[128], *text, *body;
	size_t prompt;

	t0 = now(CLOCK_PROCESS_CPUTIME_ID);
	needle_set_init(&s, s.secret, &ns);
	text = needle_build(&s, &ns, s.depth, fillers);
	prompt = strlen(text);
	cJSON_AddStringToObject(m, "role", "user");
	cJSON_AddStringToObject(m, "content", text);
	free(text);
	cJSON_AddItemToArray(msgs, m);
	body = chat_body_build(req, msgs, &cs, err, sizeof(err));
	t1 = now(CLOCK_PROCESS_CPUTIME_ID);
	getrusage(RUSAGE_SELF, &after);
	printf("| (d) build a 1M-token needle request (%zu-byte prompt) | CPU %.1f ms; peak RSS "
	       "%.1f MiB (%.1f MiB over the prompt) | < 100 ms; < 64 MiB + prompt |\n",
	       prompt, (t1 - t0) * 1e3, (double)after.ru_maxrss / 1024.0,
	       (double)after.ru_maxrss / 1024.0 - (double)prompt / 1048576.0);
	free(body);
	cJSON_Delete(msgs);
	cJSON_Delete(req);
}

/* the whole preflight process for a 1M-token needle: calibration, the
 * 4 MB request, the answer */
static void bench_needle_run(void)
{
	static const char *const flags[] = { "--checks", "needle", "--needle-ctx", "1000000",
					     NULL };
	struct cost c = run_against("fixtures/scenarios/long-context.json", flags);

	printf("| (d') a whole 1M-token needle run (calibration, 4 MB request, answer) | wall %.0f "
	       "ms, CPU %.1f ms, peak RSS %.1f MiB (exit %d) | |\n",
	       c.wall * 1e3, c.cpu * 1e3, (double)c.rss_kb / 1024.0, c.code);
}

/* (c) what the perf probe reports against a paced stream */
static void bench_stream_accuracy(void)
{
	static const struct {
		const char *scenario;
		double tps, ttft;
	} paces[] = {
		{ "fixtures/scenarios/paced-100.json", 100, 0.100 },
		{ "fixtures/scenarios/paced-200.json", 200, 0.100 },
		{ "fixtures/scenarios/paced-1000.json", 1000, 0.050 },
		{ "fixtures/scenarios/held-back.json", 200, 0.100 },
		{ "fixtures/scenarios/spec-decode.json", 300, 0.050 },
		{ "fixtures/scenarios/stream-burst.json", 200, 0.050 },
	};
	size_t i;

	for (i = 0; i < sizeof(paces) / sizeof(paces[0]); i++) {
		static const char *const flags[] = { "--checks", "perf", "--json",
						     "/tmp/preflight-bench-stream.json", NULL };
		const cJSON *p, *m;
		cJSON *r;
		double tps, ttft;
		long held;

		run_against(paces[i].scenario, flags);
		p = first_probe("/tmp/preflight-bench-stream.json", &r);
		m = cJSON_GetObjectItem(p, "metrics");
		tps = m && cJSON_IsNumber(cJSON_GetObjectItem(m, "decode_tokens_per_second"))
			      ? cJSON_GetNumberValue(
					cJSON_GetObjectItem(m, "decode_tokens_per_second"))
			      : -1;
		ttft = m ? cJSON_GetNumberValue(cJSON_GetObjectItem(m, "ttft_seconds")) : -1;
		held = m && cJSON_IsNumber(cJSON_GetObjectItem(m, "held_back_tokens"))
			       ? (long)cJSON_GetNumberValue(
					 cJSON_GetObjectItem(m, "held_back_tokens"))
			       : 0;
		cJSON_Delete(r);
		if (tps < 0)
			printf("| (c) %s | decode not measurable, TTFT %.1f ms | not measurable "
			       "|\n",
			       paces[i].scenario, ttft * 1e3);
		else
			printf("| (c) %s: %.0f tok/s, first token after %.0f ms | %.1f tok/s "
			       "(%+.2f%%), TTFT %.1f ms, %ld tokens held back | within 2%% |\n",
			       paces[i].scenario, paces[i].tps, paces[i].ttft * 1e3, tps,
			       100.0 * (tps / paces[i].tps - 1.0), ttft * 1e3, held);
	}
}

/* (e) the whole run's memory while every answer of a 128-way batch is an
 * endless body: the run's budget, not 128 per-response caps, bounds it */
static void bench_hostile_batch(void)
{
	static const char *const flags[] = { "--checks", "tools",     "--tool-batch",
					     "128",	 "--timeout", "60",
					     NULL };
	struct cost c = run_against("fixtures/scenarios/huge-body.json", flags);

	printf("| (e) 128-way batch, every answer a 1 GiB body (defaults: 64 MiB each, 128 MiB a "
	       "run) | wall %.1f s, peak RSS %.1f MiB (exit %d) | < 200 MB |\n",
	       c.wall, (double)c.rss_kb / 1024.0, c.code);
}

/* (f) a probe whose regex backtracks without end (^(a|aa)+$) over a
 * 128-way batch of 200-character answers: grading stays bounded */
static void bench_catastrophic_regex(void)
{
	static const char *const flags[] = { "--probes", "/tmp/preflight-bench-rx",
					     "--checks", "redos",
					     "--json",	 "/tmp/preflight-bench-rx.json",
					     NULL };
	char probe[1024], a[201];
	struct cost c;
	FILE *f;
	cJSON *r;
	const cJSON *p;

	memset(a, 'a', 200);
	a[200] = '\0';
	snprintf(probe, sizeof(probe),
		 "{\"id\":\"redos\",\"title\":\"redos\",\"run\":{\"batch\":128},\"request\":{"
		 "\"messages\":[{\"role\":\"user\",\"content\":\"The launch code is %s!. What "
		 "is it?\"}]},\"expect\":{\"content_regex\":\"^(a|aa)+$\"}}",
		 a);
	mkdir("/tmp/preflight-bench-rx", 0755);
	f = fopen("/tmp/preflight-bench-rx/redos.json", "w");
	if (!f)
		return;
	fputs(probe, f);
	fclose(f);
	c = run_against("fixtures/scenarios/healthy.json", flags);
	p = first_probe("/tmp/preflight-bench-rx.json", &r);
	printf("| (f) regex ^(a|aa)+$ over a 128-way batch of 200-character answers | wall %.0f "
	       "ms, CPU %.1f ms for the whole run; cause %s | well under 1 s |\n",
	       c.wall * 1e3, c.cpu * 1e3,
	       p ? cJSON_GetStringValue(cJSON_GetObjectItem(p, "cause")) : "?");
	cJSON_Delete(r);
	unlink("/tmp/preflight-bench-rx/redos.json");
	rmdir("/tmp/preflight-bench-rx");
}

/* (g) the key scrubber over a 15 MiB streamed body (under the 16 MiB the
 * delta joiner takes): what a recording of a long stream costs to clean */
static void bench_scrub(void)
{
	struct buf b = BUF_INIT(0);
	struct secret s;
	double t0, t1, t2;

	secret_init(&s, "sk-proj-0123456789abcdefghijklmnopqrstuv");
	while (b.len < (15u << 20))
		buf_puts(&b, "data: {\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{"
			     "\"content\":\"tok \\n\"},\"finish_reason\":null}]}\n\n");
	t0 = now(CLOCK_PROCESS_CPUTIME_ID);
	secret_scrub(&s, &b);
	t1 = now(CLOCK_PROCESS_CPUTIME_ID);
	secret_mask_fragments(&s, &b);
	t2 = now(CLOCK_PROCESS_CPUTIME_ID);
	printf("| (g) scrub a 15 MiB stream body of the key in every form; join its deltas | %.0f "
	       "ms (%.0f MiB/s); %.0f ms | |\n",
	       (t1 - t0) * 1e3, 15.0 / (t1 - t0), (t2 - t1) * 1e3);
	buf_release(&b);
	secret_release(&s);
}

/* (j) preflight doctor on a 200 MB engine log: INFO lines and progress
 * bars rewritten with carriage returns, one fatal line near the end */
static void bench_engine_log(void)
{
	static const char *const lines[] = {
		"(EngineCore_0 pid=312) INFO 07-04 11:00:41 [kv_cache_utils.py:1087] GPU KV cache "
		"size: 291,712 tokens\n",
		"Loading safetensors checkpoint shards:   7% Completed | 1/15 "
		"[00:01<00:20]\rLoading "
		"safetensors checkpoint shards:  13% Completed | 2/15 [00:02<00:18]\n",
		"(APIServer pid=1) INFO:     127.0.0.1:50412 - \"POST /v1/chat/completions "
		"HTTP/1.1\" "
		"200 OK\n",
		"(EngineCore_0 pid=312) INFO 07-04 11:00:52 [gpu_model_runner.py:3480] Graph "
		"capturing finished in 6 secs, took 0.88 GiB\n",
	};
	char *args[] = { "preflight", "doctor", "bench-engine.log", NULL };
	const size_t target = 200u << 20;
	size_t written = 0, k = 0;
	struct cost c;
	FILE *f = fopen("bench-engine.log", "w");

	if (!f)
		return;
	while (written < target) {
		const char *l = lines[k++ % 4];

		fputs(l, f);
		written += strlen(l);
		if (k == 1500000)
			fputs("(EngineCore_0 pid=512) flashinfer.utils.BackendSupportedError: "
			      "mm_fp4 does "
			      "not support backend 'cute-dsl' with capability 120\n",
			      f);
	}
	fclose(f);
	c = run_preflight(args);
	unlink("bench-engine.log");
	printf("| (j) preflight doctor on a %zu MB engine log (%zu lines, progress bars, one fatal "
	       "line) | CPU %.0f ms, wall %.0f ms, peak RSS %.1f MiB (exit %d: the fatal line "
	       "found) "
	       "| well under 1 s CPU, < 20 MB |\n",
	       written >> 20, k, c.cpu * 1e3, c.wall * 1e3, (double)c.rss_kb / 1024.0, c.code);
}

/* a report grown to n probes, copies of its first (p00000...), written
 * to path; in a child, so this process's peak stays its own */
static void grown_report(const char *from, int n, int fail, const char *path)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		cJSON *r = NULL;
		char *text;
		FILE *f;

		first_probe(from, &r);
		text = reportgen_grown(r, n, fail);
		f = fopen(path, "w");
		if (!text || !f || fputs(text, f) < 0 || fclose(f))
			_exit(1);
		free(text);
		cJSON_Delete(r);
		_exit(0);
	}
	waitpid(pid, &st, 0);
}

/* (k) the report readers on 20,000 probes, and on 64 MB of zeros */
static void bench_reports(void)
{
	static const char *const flags[] = { "--json", "bench-r.json", NULL };
	char *diff[] = { "preflight", "diff", "bench-a.json", "bench-b.json", NULL };
	char *table[] = { "preflight", "table", "bench-b.json", NULL };
	char *page[] = { "preflight", "report", "bench-b.json", "--html", "bench-b.html", NULL };
	char *zeros[] = { "preflight", "table", "bench-z.json", NULL };
	struct cost d, t, h, z;
	struct stat st;
	FILE *f;
	size_t k;

	run_against("fixtures/scenarios/healthy.json", flags);
	grown_report("bench-r.json", 20000, -1, "bench-a.json");
	run_against("fixtures/scenarios/healthy.json", flags);
	grown_report("bench-r.json", 20000, 12345, "bench-b.json");
	if (stat("bench-b.json", &st))
		return;
	d = run_preflight(diff);
	t = run_preflight(table);
	h = run_preflight(page);
	if ((f = fopen("bench-z.json", "w"))) {
		fputs("{\"schema\":\"preflight-report/v1\",\"probes\":[", f);
		for (k = 0; k < (32u << 20) - 1; k++)
			fputs("0,", f);
		fputs("0]}", f);
		fclose(f);
	}
	z = run_preflight(zeros);
	printf("| (k) reports of 20,000 probes (%.1f MB each): diff of two; table; report --html "
	       "| %.0f ms, %.0f MiB (exit %d: the regression found); %.0f ms, %.0f MiB; %.0f ms, "
	       "%.0f MiB | well under 1 s, peak within 4x the input |\n",
	       (double)st.st_size / 1e6, d.wall * 1e3, (double)d.rss_kb / 1024.0, d.code,
	       t.wall * 1e3, (double)t.rss_kb / 1024.0, h.wall * 1e3, (double)h.rss_kb / 1024.0);
	printf("| (k') table of a 64 MB report of zeros | %.0f ms, %.0f MiB (exit %d: refused) | "
	       "refused at once, within 4x |\n",
	       z.wall * 1e3, (double)z.rss_kb / 1024.0, z.code);
	unlink("bench-a.json");
	unlink("bench-b.json");
	unlink("bench-b.html");
	unlink("bench-z.json");
}

/* a chat completion of n positions, each with k alternatives whose
 * log-probabilities drift by shift: what a top-k endpoint sends */
static void logprobs_body(struct buf *b, int n, int k, double shift)
{
	int i, j;

	buf_puts(b, "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
		    "\"message\":{\"role\":\"assistant\",\"content\":\"...\"},\"logprobs\":{"
		    "\"content\":[");
	for (i = 0; i < n; i++) {
		buf_printf(b,
			   "%s{\"token\":\" tok%d\",\"logprob\":%.6f,\"bytes\":[32,116,111,107],"
			   "\"top_logprobs\":[",
			   i ? "," : "", i % 97, -0.1 - shift);
		for (j = 0; j < k; j++)
			buf_printf(b,
				   "%s{\"token\":\" tok%d\",\"logprob\":%.6f,\"bytes\":[32,116]}",
				   j ? "," : "", (i + j) % 97, -0.1 - 0.3 * j - shift * (j % 3));
		buf_puts(b, "]}");
	}
	buf_puts(b, "]},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":12,"
		    "\"completion_tokens\":4096,\"total_tokens\":4108}}");
}

/* (l) what compare costs per token: parsing the two answers' top-k lists
 * and comparing them, and what one answer holds in memory */
static void bench_logprobs(void)
{
	struct buf a = BUF_INIT(0), b = BUF_INIT(0);
	struct drift_path pa, pb;
	struct drift_prompt dp;
	char err[256];
	double t0, t1, parse = 0, cmp = 0;
	int r, rounds = 20;
	size_t held;

	logprobs_body(&a, DRIFT_MAX_POSITIONS, 20, 0);
	logprobs_body(&b, DRIFT_MAX_POSITIONS, 20, 0.01);
	for (r = 0; r < rounds; r++) {
		t0 = now(CLOCK_PROCESS_CPUTIME_ID);
		if (reply_logprobs(a.data, a.len, &pa, err, sizeof(err)) ||
		    reply_logprobs(b.data, b.len, &pb, err, sizeof(err))) {
			fprintf(stderr, "bench: %s\n", err);
			exit(1);
		}
		t1 = now(CLOCK_PROCESS_CPUTIME_ID);
		drift_prompt(pa.pos, pa.n, pb.pos, pb.n, &dp);
		cmp += now(CLOCK_PROCESS_CPUTIME_ID) - t1;
		parse += t1 - t0;
		held = pa.n * sizeof(*pa.pos) + pa.n * 20 * sizeof(*pa.alts);
		drift_path_release(&pa);
		drift_path_release(&pb);
	}
	printf("| (l) compare's hot path: two answers of %d positions x 20 alternatives (%.1f MiB "
	       "of JSON each) read and compared | %.0f positions/CPU s (read %.0f ms, compare %.1f "
	       "ms a pair); an answer holds %zu bytes a position besides its texts | |\n",
	       DRIFT_MAX_POSITIONS, (double)a.len / (1 << 20),
	       rounds * DRIFT_MAX_POSITIONS / (parse + cmp), parse / rounds * 1e3,
	       cmp / rounds * 1e3, held / DRIFT_MAX_POSITIONS);
	buf_release(&a);
	buf_release(&b);
}

/* a reply scoring n tokens " tok<i % 97>" in vLLM's prompt_logprobs shape:
 * null first, then at each token its top k by id, the token itself among
 * them, and prompt_token_ids */
static void scored_body(struct buf *b, int n, int k)
{
	int i, j;

	buf_puts(b, "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,"
		    "\"message\":{\"role\":\"assistant\",\"content\":\".\"}}],"
		    "\"prompt_logprobs\":[null");
	for (i = 0; i < n; i++) {
		buf_puts(b, ",{");
		for (j = 0; j < k; j++)
			buf_printf(b,
				   "%s\"%d\":{\"logprob\":%.6f,\"rank\":%d,"
				   "\"decoded_token\":\" tok%d\"}",
				   j ? "," : "", 1000 + (i + j) % 97, -0.1 - 0.3 * j, j + 1,
				   (i + j) % 97);
		buf_puts(b, "}");
	}
	buf_puts(b, "],\"prompt_token_ids\":[0");
	for (i = 0; i < n; i++)
		buf_printf(b, ",%d", 1000 + i % 97);
	buf_puts(b, "]}");
}

/* (l'') reading one side's scores of a whole answer (teacher forcing) */
static void bench_prompt_logprobs(void)
{
	struct buf body = BUF_INIT(0), names = BUF_INIT(0);
	struct drift_position *want = calloc(DRIFT_MAX_POSITIONS, sizeof(*want));
	struct drift_path expect = { .pos = want, .n = DRIFT_MAX_POSITIONS }, p;
	size_t offs[DRIFT_MAX_POSITIONS];
	char err[256];
	double t0, cpu = 0;
	int r, rounds = 20, i;

	if (!want)
		return;
	scored_body(&body, DRIFT_MAX_POSITIONS, 20);
	for (i = 0; i < DRIFT_MAX_POSITIONS; i++) {
		offs[i] = names.len;
		buf_printf(&names, " tok%d", i % 97);
		buf_putc(&names, '\0');
	}
	for (i = 0; i < DRIFT_MAX_POSITIONS; i++)
		want[i].token = names.data + offs[i];
	for (r = 0; r < rounds; r++) {
		t0 = now(CLOCK_PROCESS_CPUTIME_ID);
		if (reply_prompt_logprobs(body.data, body.len, &expect, 20, false, &p, err,
					  sizeof(err))) {
			fprintf(stderr, "bench: %s\n", err);
			exit(1);
		}
		cpu += now(CLOCK_PROCESS_CPUTIME_ID) - t0;
		drift_path_release(&p);
	}
	printf("| (l'') teacher forcing's reader: one side's scores of %d positions x 20 "
	       "alternatives in vLLM's prompt_logprobs shape (%.1f MiB) | %.0f positions/CPU s "
	       "(%.0f ms an answer) | |\n",
	       DRIFT_MAX_POSITIONS, (double)body.len / (1 << 20),
	       rounds * DRIFT_MAX_POSITIONS / cpu, cpu / rounds * 1e3);
	buf_release(&body);
	buf_release(&names);
	free(want);
}

/* (l') compare over the built-in corpus against two fakes */
static void bench_compare(void)
{
	unsigned rp, cp;
	pid_t ref = fake_start("fixtures/scenarios/logits-reference.json", &rp);
	pid_t cand = fake_start("fixtures/scenarios/logits-slight.json", &cp);
	char ru[64], cu[64];
	char *args[] = { "preflight", "compare",	  "--reference", ru,  "--endpoint",
			 cu,	      "--compare-tokens", "256",	 NULL };
	struct cost c;

	snprintf(ru, sizeof(ru), "http://127.0.0.1:%u/v1", rp);
	snprintf(cu, sizeof(cu), "http://127.0.0.1:%u/v1", cp);
	c = run_preflight(args);
	fake_stop(ref);
	fake_stop(cand);
	printf("| (l') compare, the built-in corpus (24 prompts x 256 tokens, 3 answers each) "
	       "against two fakes | %.2f s wall, %.2f s CPU, %ld MiB peak (exit %d) | |\n",
	       c.wall, c.cpu, c.rss_kb / 1024, c.code);
}

int main(void)
{
	printf("| benchmark | measured | target |\n|---|---|---|\n");
	bench_needle_build(); /* first: peak RSS of this process is its own */
	bench_default_run();
	bench_conform();
	bench_sweep("needle", "(i) a 6 x 5 needle sweep");
	bench_sweep("needle,needle-multikey,needle-multivalue,needle-multiquery",
		    "(i') the same grid, single needle and RULER's three variants");
	bench_tool_batch();
	bench_engine_log();
	bench_needle_run();
	bench_stream_accuracy();
	bench_hostile_batch();
	bench_catastrophic_regex();
	bench_scrub();
	bench_logprobs();
	bench_prompt_logprobs();
	bench_compare();
	bench_reports();
	return 0;
}
