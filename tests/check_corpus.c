/* SPDX-License-Identifier: Apache-2.0 */
/* check_corpus — the engine-log corpus (tests/data/engine-corpus): real
 * excerpts from public issue threads, each judged by the bundled rules as
 * it is labelled. A fatal excerpt's best finding is fatal, of its class,
 * quotes a line that holds its quote, and has a remedy in the engine's own
 * words (no template left, the engine's memory flag for its GPU's memory,
 * none for the host's); a harmless one has nothing fatal. The corpus's
 * shape is pinned too, so an excerpt cannot leave it unnoticed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "engine.h"
#include "enginelog.h"
#include "suites.h"
#include "testutil.h"

static const char *member(const cJSON *e, const char *name)
{
	return cJSON_GetStringValue(cJSON_GetObjectItem(e, name));
}

/* reads excerpt e's log into l under rules rs, as doctor reads a file
 * (with --exited when the thread says the process ended); the caller
 * releases l. Its best finding, or NULL. */
static const struct log_match *read_excerpt(struct enginelog *l, const struct log_rules *rs,
					    const cJSON *e)
{
	const char *log = member(e, "log");

	enginelog_init(l, rs, engine_named(member(e, "engine")));
	enginelog_feed(l, log, strlen(log));
	enginelog_feed(l, "\n", 1);
	if (cJSON_IsTrue(cJSON_GetObjectItem(e, "exited")))
		enginelog_exited(l);
	enginelog_finish(l);
	return enginelog_best(l);
}

/* what is wrong with the rules' reading of excerpt e, onto why (nothing
 * when it is read as labelled) */
static void judge(const struct log_rules *rs, const cJSON *e, struct buf *why)
{
	const char *id = member(e, "id"), *want = member(e, "class");
	const char *quote = member(e, "quote");
	const struct engine_info *info = engine_info(engine_named(member(e, "engine")));
	struct enginelog l;
	const struct log_match *m = read_excerpt(&l, rs, e);
	char remedy[1024];

	if (!strcmp(member(e, "expect"), "harmless")) {
		if (m && m->fatal)
			buf_printf(why, "%s: harmless, but %s says fatal at line %ld\n", id,
				   m->rule->id, m->line);
		enginelog_release(&l);
		return;
	}
	if (!m || !m->fatal) {
		buf_printf(why, "%s: fatal (%s), nothing fatal found\n", id, want);
	} else if (strcmp(m->rule->class, want)) {
		buf_printf(why, "%s: class %s, %s says %s\n", id, want, m->rule->id,
			   m->rule->class);
	} else if (!strstr(m->quote, quote)) {
		buf_printf(why, "%s: the quote lacks '%s': %s\n", id, quote, m->quote);
	} else {
		enginelog_remedy(&l, m, remedy, sizeof(remedy));
		if (!*remedy || strchr(remedy, '{'))
			buf_printf(why, "%s: remedy '%s'\n", id, remedy);
		else if (info && m->rule->layer == LAYER_CLASS && !strcmp(want, "out-of-memory") &&
			 info->flags.memory &&
			 !strcmp(m->rule->cause, "host-out-of-memory") ==
				 !!strstr(remedy, info->flags.memory))
			buf_printf(why, "%s: the remedy %s %s's %s: %s\n", id,
				   strstr(remedy, info->flags.memory) ? "for the host's memory says"
								      : "lacks",
				   info->name, info->flags.memory, remedy);
	}
	enginelog_release(&l);
}

START_TEST(every_excerpt_read_as_labelled)
{
	char path[4096];
	char *text, *line, *save = NULL;
	struct log_rules rs;
	struct buf why = BUF_INIT(0);
	/* each part of the corpus, split or collected later, and the fewest
	 * excerpts it has (the closing notes measure them) */
	static const struct {
		const char *split;
		int least;
	} parts[] = {
		{ "dev", 50 },	    { "held", 50 },	{ "fresh", 30 },    { "fresh2", 20 },
		{ "fresh3", 24 },   { "fresh4", 21 },	{ "fresh5", 20 },   { "fresh6", 22 },
		{ "fresh7", 19 },   { "fresh8", 11 },	{ "fresh9", 24 },   { "fresh10", 15 },
		{ "fresh11", 19 },  { "fresh12", 21 },	{ "fresh13", 10 },  { "fresh14", 22 },
		{ "fresh15", 19 },  { "fresh16", 7 },	{ "fresh17", 13 },  { "fresh18", 9 },
		{ "fresh19", 10 },  { "fresh20", 8 },	{ "fresh21", 3 },   { "fresh22", 7 },
		{ "fresh23", 1 },   { "fresh24", 3 },	{ "fresh25", 4 },   { "fresh26", 4 },
		{ "fresh27", 4 },   { "fresh28", 6 },	{ "fresh29", 3 },   { "fresh30", 23 },
		{ "fresh31", 10 },  { "fresh32", 4 },	{ "fresh33", 12 },  { "fresh34", 4 },
		{ "fresh35", 3 },   { "fresh36", 7 },	{ "fresh37", 5 },   { "fresh38", 4 },
		{ "fresh39", 4 },   { "fresh40", 2 },	{ "fresh41", 4 },   { "fresh42", 16 },
		{ "fresh43", 11 },  { "fresh44", 9 },	{ "fresh45", 9 },   { "fresh46", 12 },
		{ "fresh47", 9 },   { "fresh48", 9 },	{ "fresh49", 6 },   { "fresh50", 10 },
		{ "fresh51", 6 },   { "fresh52", 10 },	{ "fresh53", 4 },   { "fresh54", 5 },
		{ "fresh55", 3 },   { "fresh56", 14 },	{ "fresh57", 16 },  { "fresh58", 8 },
		{ "fresh59", 8 },   { "fresh60", 12 },	{ "fresh61", 12 },  { "fresh62", 9 },
		{ "fresh63", 4 },   { "fresh64", 7 },	{ "fresh65", 7 },   { "fresh66", 5 },
		{ "fresh67", 5 },   { "fresh68", 2 },	{ "fresh69", 3 },   { "fresh70", 4 },
		{ "fresh71", 4 },   { "fresh72", 4 },	{ "fresh73", 6 },   { "fresh74", 2 },
		{ "fresh75", 2 },   { "fresh76", 3 },	{ "fresh77", 3 },   { "fresh78", 2 },
		{ "fresh79", 8 },   { "fresh80", 9 },	{ "fresh81", 13 },  { "fresh82", 12 },
		{ "fresh83", 10 },  { "fresh84", 7 },	{ "fresh85", 7 },   { "fresh86", 6 },
		{ "fresh87", 5 },   { "fresh88", 6 },	{ "fresh89", 5 },   { "fresh90", 8 },
		{ "fresh91", 3 },   { "fresh92", 9 },	{ "fresh93", 9 },   { "fresh94", 7 },
		{ "fresh95", 3 },   { "fresh96", 3 },	{ "fresh97", 2 },   { "fresh98", 6 },
		{ "fresh99", 10 },  { "fresh100", 9 },	{ "fresh101", 5 },  { "fresh102", 8 },
		{ "fresh103", 7 },  { "fresh104", 5 },	{ "fresh105", 12 }, { "fresh106", 9 },
		{ "fresh107", 7 },  { "fresh108", 11 }, { "fresh109", 7 },  { "fresh110", 6 },
		{ "fresh111", 6 },  { "fresh112", 3 },	{ "fresh113", 4 },  { "fresh114", 5 },
		{ "fresh115", 5 },  { "fresh116", 3 },	{ "fresh117", 4 },  { "fresh118", 4 },
		{ "fresh119", 11 }, { "fresh120", 9 },	{ "fresh121", 6 },  { "fresh122", 4 },
		{ "fresh123", 9 },  { "fresh124", 3 },	{ "fresh125", 3 },  { "fresh126", 5 },
		{ "fresh127", 6 },  { "fresh128", 2 },	{ "fresh129", 5 },  { "fresh130", 3 },
		{ "fresh131", 3 },  { "fresh132", 5 },	{ "fresh133", 3 },  { "fresh134", 3 },
		{ "fresh135", 3 },  { "fresh136", 4 },	{ "fresh137", 3 },  { "fresh138", 2 },
		{ "fresh139", 6 },  { "fresh140", 2 },	{ "fresh141", 3 },  { "fresh142", 1 },
		{ "fresh143", 3 },  { "fresh144", 9 },	{ "fresh145", 7 },  { "fresh146", 5 },
		{ "fresh147", 8 },  { "fresh148", 8 },	{ "fresh149", 5 },  { "fresh150", 5 },
		{ "fresh151", 6 },  { "fresh152", 7 },	{ "fresh153", 4 },  { "fresh154", 12 },
		{ "fresh155", 8 },  { "fresh156", 9 },	{ "fresh157", 10 }, { "fresh158", 6 },
		{ "fresh159", 4 },  { "fresh160", 4 },	{ "fresh161", 4 },  { "fresh162", 4 },
		{ "fresh163", 5 },  { "fresh164", 3 },	{ "fresh165", 3 },  { "fresh166", 2 },
		{ "fresh167", 2 },  { "fresh168", 1 },	{ "fresh169", 1 },  { "fresh170", 1 },
		{ "fresh171", 13 }, { "fresh172", 7 },	{ "fresh173", 6 },  { "fresh174", 6 },
		{ "fresh175", 3 },  { "fresh176", 5 },	{ "fresh177", 1 },  { "fresh178", 4 },
		{ "fresh179", 5 },  { "fresh180", 5 },	{ "fresh181", 2 },  { "fresh182", 5 },
		{ "fresh183", 2 },  { "fresh185", 9 },	{ "fresh186", 10 }, { "fresh187", 7 },
		{ "fresh188", 3 },  { "fresh189", 2 },	{ "fresh190", 4 },  { "fresh191", 17 },
		{ "fresh192", 13 }, { "fresh193", 8 },	{ "fresh194", 8 },  { "fresh195", 5 },
		{ "fresh196", 4 },  { "fresh197", 9 },	{ "fresh198", 7 },  { "fresh199", 6 },
		{ "fresh200", 8 },  { "fresh201", 6 },	{ "fresh202", 5 },  { "fresh203", 6 },
		{ "fresh204", 4 },  { "fresh205", 5 },	{ "fresh206", 7 },  { "fresh207", 6 },
		{ "fresh208", 6 },  { "fresh209", 6 },	{ "fresh210", 4 },  { "fresh211", 8 },
		{ "fresh212", 8 },  { "fresh213", 5 },	{ "fresh214", 5 },  { "fresh215", 2 },
		{ "fresh216", 10 }, { "fresh217", 11 }, { "fresh218", 8 },  { "fresh219", 9 },
		{ "fresh220", 9 },  { "fresh221", 11 }, { "fresh222", 7 },  { "fresh223", 8 },
		{ "fresh224", 6 },  { "fresh225", 4 },	{ "fresh226", 7 },  { "fresh227", 13 },
		{ "fresh228", 6 },  { "fresh229", 3 },	{ "fresh230", 6 },  { "fresh231", 4 },
		{ "fresh232", 6 },  { "fresh233", 8 },	{ "fresh234", 3 },  { "fresh235", 6 },
		{ "fresh236", 5 },  { "fresh237", 3 },	{ "fresh238", 3 },  { "fresh239", 11 },
		{ "fresh240", 11 }, { "fresh241", 6 },	{ "fresh242", 8 },  { "fresh243", 5 },
		{ "fresh244", 5 },  { "fresh245", 3 },	{ "fresh246", 11 }, { "fresh247", 12 },
		{ "fresh248", 13 }, { "fresh249", 11 }, { "fresh250", 8 },  { "fresh251", 7 },
		{ "fresh252", 9 },  { "fresh253", 7 },	{ "fresh254", 7 },  { "fresh255", 6 },
		{ "fresh256", 5 },  { "fresh257", 7 },	{ "fresh258", 7 },  { "fresh259", 6 },
		{ "fresh260", 7 },  { "fresh261", 5 },	{ "fresh262", 5 },  { "fresh263", 6 },
		{ "fresh264", 3 },  { "fresh265", 3 },	{ "fresh266", 6 },  { "fresh267", 5 },
		{ "fresh268", 5 },  { "fresh269", 4 },	{ "fresh270", 3 },  { "fresh271", 3 },
		{ "fresh272", 3 },  { "fresh273", 2 },	{ "fresh274", 3 },  { "fresh275", 4 },
		{ "fresh276", 5 },  { "fresh277", 5 },	{ "fresh278", 4 },  { "fresh279", 4 },
		{ "fresh280", 4 },  { "fresh281", 3 },	{ "fresh282", 2 },  { "fresh283", 3 },
		{ "fresh284", 4 },  { "fresh285", 5 },	{ "fresh286", 3 },  { "fresh287", 4 },
		{ "fresh288", 3 },  { "fresh289", 3 },	{ "fresh290", 4 },  { "fresh291", 2 },
		{ "fresh292", 2 },  { "fresh293", 2 },	{ "fresh294", 5 },  { "fresh295", 2 },
		{ "fresh296", 2 },  { "fresh297", 3 },	{ "fresh298", 3 },  { "fresh299", 4 },
		{ "fresh300", 4 },  { "fresh301", 2 },	{ "fresh302", 4 },  { "fresh303", 4 },
		{ "fresh304", 4 },  { "fresh305", 3 },	{ "fresh306", 3 },  { "fresh307", 3 },
		{ "fresh308", 3 },  { "fresh309", 4 },	{ "fresh310", 2 },  { "fresh311", 2 },
		{ "fresh312", 4 },  { "fresh313", 7 },	{ "fresh314", 4 },  { "fresh315", 5 },
		{ "fresh316", 3 },  { "fresh317", 2 },	{ "fresh318", 2 },  { "fresh319", 2 },
		{ "fresh320", 7 },  { "fresh321", 4 },	{ "fresh322", 4 },  { "fresh323", 5 },
		{ "fresh324", 1 },  { "fresh325", 5 },	{ "fresh326", 4 },  { "fresh327", 2 },
		{ "fresh328", 2 },  { "fresh329", 1 },	{ "fresh330", 3 },  { "fresh331", 1 },
		{ "fresh332", 5 },  { "fresh333", 6 },	{ "fresh334", 6 },  { "fresh335", 4 },
		{ "fresh336", 5 },  { "fresh337", 3 },	{ "fresh338", 3 },  { "fresh339", 5 },
		{ "fresh340", 4 },  { "fresh341", 2 },	{ "fresh342", 3 },  { "fresh343", 5 },
		{ "fresh344", 3 },  { "fresh345", 1 },	{ "fresh346", 1 },  { "fresh347", 2 },
		{ "fresh348", 4 },  { "fresh349", 4 },	{ "fresh350", 8 },  { "fresh351", 2 },
		{ "fresh352", 3 },  { "fresh353", 5 },	{ "fresh354", 4 },  { "fresh355", 5 },
		{ "fresh356", 3 },  { "fresh357", 2 },	{ "fresh358", 1 },  { "fresh359", 2 },
		{ "fresh360", 2 },  { "fresh361", 2 },	{ "fresh362", 3 },  { "fresh363", 1 },
		{ "fresh364", 1 },  { "fresh365", 1 },	{ "fresh366", 1 },  { "fresh367", 2 },
		{ "fresh368", 2 },  { "fresh369", 2 },	{ "fresh370", 3 },  { "fresh371", 2 },
		{ "fresh372", 1 },  { "fresh373", 3 },	{ "fresh374", 7 },  { "fresh375", 5 },
		{ "fresh376", 3 },  { "fresh377", 6 },	{ "fresh378", 3 },  { "fresh379", 2 },
		{ "fresh380", 3 },  { "fresh381", 5 },	{ "fresh382", 3 },  { "fresh383", 2 },
		{ "fresh384", 3 },  { "fresh385", 7 },	{ "fresh386", 11 }, { "fresh387", 8 },
		{ "fresh388", 5 },  { "fresh389", 7 },	{ "fresh390", 5 },  { "fresh391", 2 },
		{ "fresh392", 8 },  { "fresh393", 6 },	{ "fresh394", 4 },  { "fresh395", 1 },
		{ "fresh396", 8 },  { "fresh397", 9 },	{ "fresh398", 7 },  { "fresh399", 5 },
		{ "fresh400", 5 },  { "fresh401", 4 },	{ "fresh402", 3 },  { "fresh403", 9 },
		{ "fresh404", 7 },  { "fresh405", 5 },	{ "fresh406", 9 },  { "fresh407", 5 },
		{ "fresh408", 4 },  { "fresh409", 3 },	{ "fresh410", 4 },  { "fresh411", 3 },
		{ "fresh412", 2 },  { "fresh413", 2 },	{ "fresh414", 6 },  { "fresh415", 12 },
		{ "fresh416", 4 },  { "fresh417", 3 },	{ "fresh418", 7 },  { "fresh419", 3 },
		{ "fresh420", 2 },  { "fresh421", 14 }, { "fresh422", 7 },  { "fresh423", 5 },
		{ "fresh424", 7 },  { "fresh425", 1 },	{ "fresh426", 2 },  { "fresh427", 10 },
		{ "fresh428", 10 }, { "fresh429", 5 },	{ "fresh430", 3 },  { "fresh431", 1 },
		{ "fresh432", 7 },  { "fresh433", 4 },	{ "fresh434", 4 },  { "fresh435", 3 },
		{ "fresh436", 4 },  { "fresh437", 2 },	{ "fresh438", 3 },  { "fresh439", 4 },
		{ "fresh440", 1 },  { "fresh441", 1 },	{ "fresh442", 6 },  { "fresh443", 1 },
		{ "fresh444", 1 },  { "fresh445", 1 },	{ "fresh446", 3 },  { "fresh447", 4 },
		{ "fresh448", 5 },  { "fresh449", 4 },	{ "fresh450", 3 },  { "fresh451", 3 },
		{ "fresh452", 2 },  { "fresh453", 2 },	{ "fresh454", 3 },  { "fresh455", 4 },
		{ "fresh456", 2 },  { "fresh457", 1 },	{ "fresh458", 3 },  { "fresh459", 3 },
		{ "fresh460", 3 },  { "fresh461", 4 },	{ "fresh462", 2 },  { "fresh463", 2 },
		{ "fresh464", 3 },  { "fresh465", 3 },	{ "fresh466", 4 },  { "fresh467", 1 },
		{ "fresh468", 1 },  { "fresh469", 3 }
	};
	int counts[sizeof(parts) / sizeof(parts[0])] = { 0 };
	int n = 0, fatal = 0;
	/* under valgrind, every 4th is read: the plain and sanitized passes
	 * read each, and judge every label; valgrind's is the reader's memory
	 * on a sample of every engine's shapes (the whole corpus took 100 s
	 * of valgrind's pass, and grows every stop) */
	int step = getenv("PREFLIGHT_VALGRIND") ? 4 : 1;
	size_t k;

	snprintf(path, sizeof(path), "%s/tests/data/engine-corpus/corpus.jsonl", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	bundled_rules(&rs);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cJSON *e = cJSON_Parse(line);

		ck_assert_msg(e && member(e, "id") && member(e, "log") && member(e, "source") &&
				      member(e, "expect") && member(e, "split"),
			      "corpus line %d is not a labelled excerpt", n + 1);
		if (!strcmp(member(e, "expect"), "fatal")) {
			ck_assert_msg(member(e, "class") && member(e, "quote"),
				      "%s: a fatal excerpt names its class and quote",
				      member(e, "id"));
			ck_assert_msg(strstr(member(e, "log"), member(e, "quote")),
				      "%s: its quote is not in its log", member(e, "id"));
			fatal++;
		}
		for (k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
			if (!strcmp(member(e, "split"), parts[k].split))
				break;
		ck_assert_msg(k < sizeof(parts) / sizeof(parts[0]), "%s: no part '%s'",
			      member(e, "id"), member(e, "split"));
		counts[k]++;
		if (n % step == 0)
			judge(&rs, e, &why);
		cJSON_Delete(e);
		n++;
	}
	ck_assert_msg(!why.len, "%s", buf_cstr(&why));
	/* the corpus the closing notes measure: at least 150 excerpts, most
	 * fatal, a held part of at least 10 a main engine (split by hand) */
	ck_assert_int_ge(n, 150);
	ck_assert_int_ge(fatal, 100);
	for (k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
		ck_assert_msg(counts[k] >= parts[k].least, "part %s has %d excerpts, fewer than %d",
			      parts[k].split, counts[k], parts[k].least);
	buf_release(&why);
	log_rules_release(&rs);
	free(text);
}
END_TEST

/* the best finding of excerpt e's log under rules rs, as text to compare
 * ("none", or "<rule> line <n> fatal|warning") */
static void best_of(const struct log_rules *rs, const cJSON *e, char *out, size_t size)
{
	struct enginelog l;
	const struct log_match *m = read_excerpt(&l, rs, e);

	if (m)
		snprintf(out, size, "%s line %ld %s", m->rule->id, m->line,
			 m->fatal ? "fatal" : "warning");
	else
		snprintf(out, size, "none");
	enginelog_release(&l);
}

/* A rule's literals only spare it the lines it cannot meet: with no
 * literal index at all (every rule and marker tried on every line), each
 * excerpt of the corpus is read the same. A pattern's alternative whose
 * words hold none of its rule's literals is never asked ("Only GeLU is
 * supported" had met no literal of the class that reads it). */
START_TEST(literals_hide_nothing)
{
	char path[4096], a[512], b[512];
	char *text, *line, *save = NULL;
	struct log_rules rs, all;
	struct buf why = BUF_INIT(0);
	int n = 0;
	/* under valgrind, every 25th: the reading is the plain pass's to
	 * check; valgrind's is the unindexed path's memory */
	int step = getenv("PREFLIGHT_VALGRIND") ? 25 : 1;

	snprintf(path, sizeof(path), "%s/tests/data/engine-corpus/corpus.jsonl", repo_root());
	text = read_text_file(path);
	ck_assert_ptr_nonnull(text);
	bundled_rules(&rs);
	unindexed_rules(&all);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		cJSON *e = cJSON_Parse(line);

		ck_assert_ptr_nonnull(e);
		if (n++ % step) {
			cJSON_Delete(e);
			continue;
		}
		best_of(&rs, e, a, sizeof(a));
		best_of(&all, e, b, sizeof(b));
		if (strcmp(a, b))
			buf_printf(&why, "%s: %s with the literals, %s without\n", member(e, "id"),
				   a, b);
		cJSON_Delete(e);
	}
	ck_assert_int_ge(n, 150);
	ck_assert_msg(!why.len, "%s", buf_cstr(&why));
	buf_release(&why);
	log_rules_release(&rs);
	log_rules_release(&all);
	free(text);
}
END_TEST

Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("corpus");

	tcase_add_test(tc, every_excerpt_read_as_labelled);
	tcase_add_test(tc, literals_hide_nothing);
	tcase_set_timeout(tc, 300); /* a cap for a hung test, not a speed test */
	suite_add_tcase(s, tc);
	return s;
}
