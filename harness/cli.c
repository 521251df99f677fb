/* SPDX-License-Identifier: Apache-2.0 */
/* cli — the command table; see cli.h. */
#include "cli.h"

#include "buf.h"
#include "commands.h"
#include "http.h"
#include "jsonfile.h"
#include "manual.h"
#include "recording.h"
#include "regex.h"
#include "say.h"
#include "version.h"

static int cmd_help(const struct config *c, const volatile sig_atomic_t *stop);
static int cmd_man(const struct config *c, const volatile sig_atomic_t *stop);
static int cmd_completion(const struct config *c, const volatile sig_atomic_t *stop);
static int cmd_version(const struct config *c, const volatile sig_atomic_t *stop);

/* every command, in the order the help lists them */
static const struct command_row commands[] = {
	{ .name = "run",
	  .cmd = CMD_RUN,
	  .synopsis = "[--endpoint URL] [--model ID] [--recipe FILE] [options]",
	  .summary = "run the probes against an endpoint and say why each failed",
	  .about = "Runs the probes against an OpenAI-compatible endpoint (vLLM, SGLang, "
		   "llama.cpp, Ollama, TGI), grades every answer, and says why each probe "
		   "failed and what to change.",
	  .example = "preflight run --endpoint http://127.0.0.1:30004/v1 --no-thinking "
		     "--junit r.xml",
	  .network = true,
	  .run = cmd_run },
	{ .name = "conform",
	  .cmd = CMD_CONFORM,
	  .synopsis = "[--endpoint URL] [--model ID] [--recipe FILE] [options]",
	  .summary = "which parts of the OpenAI API the endpoint honours",
	  .about = "Runs the conformance checks (probes/conformance/): which parts of the "
		   "OpenAI API the endpoint honours, ignores, rejects or breaks. Each check "
		   "decides how its own requests are sent.",
	  .example = "preflight conform --endpoint http://127.0.0.1:30004/v1 --json c.json",
	  .network = true,
	  .run = cmd_conform },
	{ .name = "replay",
	  .cmd = CMD_REPLAY,
	  .args = ARGS_RECORDING,
	  .synopsis = "RECORDING [options]",
	  .summary = "re-grade a recorded run (or comparison) offline",
	  .about = "Re-grades a recording (run --record) offline with the options it was "
		   "recorded with; only outputs, media files and the gate may be given.",
	  .example = "preflight replay run.jsonl.gz --junit replayed.xml",
	  .network = true,
	  .run = cmd_replay },
	{ .name = "list",
	  .cmd = CMD_LIST,
	  .synopsis = "[--probes DIR]",
	  .summary = "the probes, with ids and titles",
	  .about = "Lists the probes with their ids, whether they run by default, and titles.",
	  .example = "preflight list --probes probes/",
	  .run = cmd_list },
	{ .name = "validate",
	  .cmd = CMD_VALIDATE,
	  .args = ARGS_FILES,
	  .synopsis = "FILE...",
	  .summary = "check probe and recipe files",
	  .about = "Checks probe and recipe files, with the loader and against their "
		   "published schemas; exit 2 on the first error of each, named "
		   "FILE:LINE:COL.",
	  .example = "preflight validate probes/10-smoke.json recipes/qwen3.json",
	  .run = cmd_validate },
	{ .name = "table",
	  .cmd = CMD_TABLE,
	  .args = ARGS_FILES,
	  .synopsis = "[--conformance] REPORT.json... [--notebook FILE.md [--check]]",
	  .summary = "the notebook's results table from JSON reports",
	  .about = "Renders the notebook's results table from JSON reports, or updates "
		   "(--check: verifies) the block in a notebook. With --conformance: the "
		   "engine x check matrix of conform reports, between its own markers.",
	  .example = "preflight table reports/*.json --notebook lab-notebook.md",
	  .run = cmd_table },
	{ .name = "report",
	  .cmd = CMD_REPORT,
	  .args = ARGS_FILES,
	  .synopsis = "REPORT.json... [--html FILE] [--svg FILE]",
	  .summary = "the HTML page and the heat map, from JSON reports",
	  .about = "Renders JSON reports of run or conform after the fact: --html one "
		   "self-contained page (several reports: one section each and a comparison "
		   "table), --svg the long-context heat map of one report.",
	  .example = "preflight report run.json --html run.html --svg map.svg",
	  .run = cmd_report },
	{ .name = "diff",
	  .cmd = CMD_DIFF,
	  .args = ARGS_FILES,
	  .synopsis = "BASE.json NEW.json [--max-regression SPEC] [--markdown FILE]",
	  .summary = "what changed between two reports; exit 1 on a regression",
	  .about = "What changed from BASE to NEW (two JSON reports of run, or two of "
		   "conform): verdicts, causes, sweep cells, conformance checks, the "
		   "effective context, decode speed and TTFT beyond --max-regression. Exit 1 "
		   "on a regression, 0 without, whatever the verdicts. Two reports of "
		   "compare: a regression when the verdict got worse, the KL more than "
		   "doubled or top-1 agreement fell by more than a point.",
	  .example = "preflight diff last-good.json run.json --markdown diff.md",
	  .run = cmd_diff },
	{ .name = "doctor",
	  .cmd = CMD_DOCTOR,
	  .args = ARGS_FILES,
	  .synopsis = "LOG... [--engine-rules FILE] [--engine NAME] [--context N] [--exited]",
	  .summary = "why an engine failed, from its log",
	  .about = "Reads engine logs (- for stdin) in three layers: rules that name a "
		   "precise cause, classes that recognise a kind of failure in any "
		   "wording (probes/engine/rules.json, after --engine-rules), and a process "
		   "that died with no known signature, quoting its last error. Every "
		   "finding in priority order with its line, layer, class, explanation "
		   "and a remedy in the engine's flags. Exit 1 when one is fatal, 0 when "
		   "none is.",
	  .example = "docker logs vllm 2>&1 | preflight doctor -",
	  .run = cmd_doctor },
	{ .name = "compare",
	  .cmd = CMD_COMPARE,
	  .synopsis = "--reference URL --endpoint URL [--reference-model ID] [--model ID] "
		      "[options]",
	  .summary = "does the candidate still behave like the reference, token by token",
	  .about = "Sends the same prompts (the built-in corpus, or --prompts FILE) to the "
		   "reference twice and to the candidate once, greedy, asking for each "
		   "token's top alternatives, and measures how far the candidate's "
		   "next-token distributions are from the reference's: KL as an interval, "
		   "top-1 agreement, the first divergence, perplexities. The reference "
		   "against itself is the noise floor the default thresholds come from. "
		   "Exit 0 same, 1 drifted or inconclusive (unless --allow-inconclusive), "
		   "3 when a side cannot be compared.",
	  .example = "preflight compare --reference http://ref:8000/v1 --endpoint "
		     "http://new:8000/v1",
	  .network = true,
	  .run = cmd_compare },
	{ .name = "man",
	  .cmd = CMD_MAN,
	  .summary = "print the manual page (roff)",
	  .about = "Prints preflight's manual page in roff, made from the command and option "
		   "tables.",
	  .example = "preflight man | man -l -",
	  .run = cmd_man },
	{ .name = "completion",
	  .cmd = CMD_COMPLETION,
	  .args = ARGS_SHELL,
	  .synopsis = "bash|zsh",
	  .summary = "print the shell completion script",
	  .about = "Prints the completion script for bash or zsh, made from the command and "
		   "option tables.",
	  .example = "preflight completion bash > /etc/bash_completion.d/preflight",
	  .run = cmd_completion },
	{ .name = "version",
	  .cmd = CMD_VERSION,
	  .summary = "preflight's version and its libraries'",
	  .about = "Prints preflight's version, then each library's as it runs.",
	  .example = "preflight version",
	  .run = cmd_version },
	{ .name = "help",
	  .cmd = CMD_HELP,
	  .args = ARGS_COMMAND,
	  .synopsis = "[COMMAND]",
	  .summary = "the commands, or what one command takes",
	  .about = "Lists the commands, or shows what COMMAND takes (COMMAND --help does "
		   "too).",
	  .example = "preflight help run",
	  .run = cmd_help },
};

struct command_table cli_commands(void)
{
	struct command_table t = { commands, sizeof(commands) / sizeof(commands[0]) };

	return t;
}

/* prints what a manual function made; 0, or exit 2 when memory ran out */
static int print_made(int rc, struct buf *text)
{
	if (rc)
		say_error("out of memory");
	else
		say(SAY_OUT, buf_cstr(text));
	buf_release(text);
	return rc ? EXIT_USAGE : EXIT_PASS;
}

/* help, help COMMAND, COMMAND --help; a bare `preflight` is a usage error */
static int cmd_help(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct buf text = BUF_INIT(0);
	int code;

	(void)stop;
	code = print_made(
		manual_help(cli_commands(), c->cmd == CMD_HELP ? NULL : c->command, &text), &text);
	return code == EXIT_PASS && c->cmd == CMD_HELP && c->argc < 2 ? EXIT_USAGE : code;
}

static int cmd_man(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct buf text = BUF_INIT(0);

	(void)c;
	(void)stop;
	return print_made(manual_page(cli_commands(), &text), &text);
}

static int cmd_completion(const struct config *c, const volatile sig_atomic_t *stop)
{
	struct buf text = BUF_INIT(0);

	(void)stop;
	return print_made(manual_completion(cli_commands(), c->shell, &text), &text);
}

/* preflight's version, then each library's as it runs */
static int cmd_version(const struct config *c, const volatile sig_atomic_t *stop)
{
	char curl[160], pcre[64], zlib[64];

	(void)c;
	(void)stop;
	http_library_version(curl, sizeof(curl));
	regex_library_version(pcre, sizeof(pcre));
	recording_zlib_version(zlib, sizeof(zlib));
	say_printf(SAY_OUT, "preflight %s\n%s\ncJSON %s\n%s\n%s\n", PREFLIGHT_VERSION, curl,
		   jsonfile_library_version(), pcre, zlib);
	return EXIT_PASS;
}
