/* manual — the man page and the shell completions; see manual.h. */
#include "manual.h"

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "version.h"

/* the commands, as the man page and the completions list them */
static const struct {
	const char *name, *synopsis, *what;
} commands[] = {
	{ "run", "[--endpoint URL] [--model ID] [--recipe FILE] [options]",
	  "runs the probes against an OpenAI-compatible endpoint and says why each failed" },
	{ "conform", "[--endpoint URL] [--model ID] [--recipe FILE] [options]",
	  "which parts of the OpenAI API the endpoint honours, ignores, rejects or breaks" },
	{ "list", "[--probes DIR]", "the probes, with ids and titles" },
	{ "validate", "FILE...", "checks probe and recipe files" },
	{ "table", "[--conformance] REPORT.json... [--notebook FILE.md [--check]]",
	  "the notebook's results table (or conformance matrix) from JSON reports" },
	{ "report", "REPORT.json... [--html FILE] [--svg FILE]",
	  "the HTML page and the long-context heat map, from JSON reports" },
	{ "diff", "BASE.json NEW.json [--max-regression SPEC] [--markdown FILE]",
	  "what changed between two reports; exit 1 on a regression" },
	{ "replay", "RECORDING [options]", "re-grades a recording offline" },
	{ "man", "", "prints this manual page (roff)" },
	{ "completion", "bash|zsh", "prints the shell completion script" },
	{ "version", "", "preflight's version and its libraries'" },
	{ "help", "[COMMAND]", "the usage, or a command's options" },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/* s as roff text: backslashes doubled, hyphens as \-, a leading dot or
 * quote neutralised */
static int roff(struct buf *b, const char *s)
{
	int rc = 0;

	if (s && (*s == '.' || *s == '\''))
		rc = buf_puts(b, "\\&");
	for (; s && *s && !rc; s++)
		rc = *s == '\\'	 ? buf_puts(b, "\\e")
		     : *s == '-' ? buf_puts(b, "\\-")
				 : buf_append(b, s, 1);
	return rc;
}

static int man_options(struct buf *b)
{
	struct config_option_info o;
	const char *group = NULL;
	size_t i;
	int rc = 0;

	for (i = 0; config_option_info(i, &o) && !rc; i++) {
		if (!o.on_run)
			continue;
		if (!group || strcmp(group, o.group))
			rc = buf_puts(b, ".SS ") || roff(b, o.group) || buf_puts(b, "\n");
		group = o.group;
		rc = rc || buf_puts(b, ".TP\n\\fB") || roff(b, o.name) || buf_puts(b, "\\fR") ||
		     (o.arg && (buf_puts(b, " \\fI") || roff(b, o.arg) || buf_puts(b, "\\fR"))) ||
		     buf_puts(b, "\n") || roff(b, o.help) ||
		     (o.def &&
		      (buf_puts(b, " (default: ") || roff(b, o.def) || buf_puts(b, ")"))) ||
		     buf_puts(b, "\n");
	}
	return rc;
}

int manual_page(struct buf *b)
{
	size_t i;
	int rc = buf_printf(b,
			    ".TH PREFLIGHT 1 \"\" \"preflight %s\" \"User Commands\"\n"
			    ".SH NAME\npreflight \\- checks a served model recipe before anyone "
			    "trusts it\n.SH SYNOPSIS\n",
			    PREFLIGHT_VERSION);

	for (i = 0; i < N_COMMANDS && !rc; i++)
		rc = buf_printf(b, ".B preflight %s\n", commands[i].name) ||
		     (*commands[i].synopsis &&
		      (roff(b, commands[i].synopsis) || buf_puts(b, "\n"))) ||
		     buf_puts(b, ".br\n");
	rc = rc ||
	     buf_puts(b,
		      ".SH DESCRIPTION\npreflight drives any OpenAI\\-compatible endpoint (vLLM, "
		      "SGLang, llama.cpp, Ollama, TGI) with probes loaded from files, grades the "
		      "answers with regular expressions and JSON Schemas, says why a probe failed "
		      "and what to change, and writes JUnit XML, a JSON evidence report, the lab "
		      "notebook's markdown row, an HTML page and a long\\-context heat map.\n"
		      ".SH COMMANDS\n");
	for (i = 0; i < N_COMMANDS && !rc; i++)
		rc = buf_printf(b, ".TP\n\\fB%s\\fR\n", commands[i].name) ||
		     roff(b, commands[i].what) || buf_puts(b, "\n");
	rc = rc ||
	     buf_puts(b, ".SH OPTIONS\nThe options of \\fBrun\\fR and \\fBconform\\fR; "
			 "\\fBpreflight COMMAND \\-\\-help\\fR lists each command's.\n") ||
	     man_options(b) ||
	     buf_puts(b,
		      ".SH EXIT STATUS\n.TP\n0\nevery probe passed (diff: no regression)\n"
		      ".TP\n1\na probe failed, a check failed, a table is stale, or a "
		      "regression\n.TP\n2\nusage or configuration error, before any request\n"
		      ".TP\n3\nthe endpoint could not be used at all\n.TP\n4\na report could not "
		      "be written\n.TP\n130, 143\ninterrupted by SIGINT or SIGTERM\n"
		      ".SH ENVIRONMENT\n.TP\nOPENAI_BASE_URL\nthe endpoint when \\-\\-endpoint is "
		      "not given\n.TP\nOPENAI_API_KEY\nthe key; never printed or written\n.TP\n"
		      "PREFLIGHT_PROBES\nthe probe folder\n.TP\nNO_COLOR\nno colour, no live "
		      "progress\n.TP\nGITHUB_STEP_SUMMARY, GITHUB_ACTIONS\nthe job summary and the "
		      "annotations of GitHub Actions\n"
		      ".SH EXAMPLE\n.nf\npreflight run \\-\\-endpoint http://127.0.0.1:30004/v1 "
		      "\\-\\-no\\-thinking \\-\\-needle\\-ctx 14000\n.fi\n");
	return rc;
}

/* the options a command takes, sep between them */
static int option_words(struct buf *b, bool (*takes)(const struct config_option_info *),
			const char *sep)
{
	struct config_option_info o;
	size_t i;
	int rc = 0, n = 0;

	for (i = 0; config_option_info(i, &o) && !rc; i++)
		if (takes(&o))
			rc = buf_printf(b, "%s%s", n++ ? sep : "", o.name);
	return rc;
}

static bool on_run(const struct config_option_info *o)
{
	return o->on_run;
}

static bool on_replay(const struct config_option_info *o)
{
	return o->on_replay;
}

static bool takes_file(const struct config_option_info *o)
{
	return o->takes_file;
}

static int bash(struct buf *b)
{
	size_t i;
	int rc = buf_puts(b, "# bash completion for preflight (preflight completion bash)\n"
			     "_preflight() {\n  local cur=${COMP_WORDS[COMP_CWORD]} "
			     "prev=${COMP_WORDS[COMP_CWORD-1]} opts\n  local commands=\"");

	for (i = 0; i < N_COMMANDS && !rc; i++)
		rc = buf_printf(b, "%s%s", i ? " " : "", commands[i].name);
	rc = rc ||
	     buf_puts(b,
		      "\"\n  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen "
		      "-W \"$commands\" -- \"$cur\"))\n    return\n  fi\n  case \"$prev\" in\n   ");
	rc = rc || option_words(b, takes_file, "|") ||
	     buf_puts(b, ")\n    COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n  esac\n"
			 "  case \"${COMP_WORDS[1]}\" in\n  run|conform) opts=\"");
	rc = rc || option_words(b, on_run, " ") || buf_puts(b, "\" ;;\n  replay) opts=\"") ||
	     option_words(b, on_replay, " ") ||
	     buf_puts(
		     b,
		     "\" ;;\n  list) opts=\"--probes\" ;;\n  table) opts=\"--conformance "
		     "--notebook --check\" ;;\n  report) opts=\"--html --svg\" ;;\n  diff) "
		     "opts=\"--max-regression --markdown\" ;;\n  completion) opts=\"bash zsh\" ;;\n"
		     "  help) opts=\"$commands\" ;;\n  esac\n  case \"$cur\" in\n  -*) "
		     "COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n  *) "
		     "COMPREPLY=($(compgen "
		     "-f -- \"$cur\")) ;;\n  esac\n}\ncomplete -o filenames -F _preflight "
		     "preflight\n");
	return rc;
}

/* an option's help as a zsh description: no [ ] : ' or backslash */
static int zsh_words(struct buf *b, const char *s)
{
	int rc = 0;

	for (; s && *s && !rc; s++)
		rc = strchr("[]:'\\`$\"", *s) ? buf_putc(b, *s == ':' ? '-' : ' ')
					      : buf_append(b, s, 1);
	return rc;
}

static int zsh_options(struct buf *b, bool (*takes)(const struct config_option_info *))
{
	struct config_option_info o;
	size_t i;
	int rc = 0;

	for (i = 0; config_option_info(i, &o) && !rc; i++)
		if (takes(&o))
			rc = buf_printf(b, "      '%s[", o.name) || zsh_words(b, o.help) ||
			     buf_printf(b, "]%s' \\\n",
					!o.arg	       ? ""
					: o.takes_file ? ":file:_files"
						       : ":value:");
	return rc;
}

static int zsh(struct buf *b)
{
	size_t i;
	int rc =
		buf_puts(b, "#compdef preflight\n# zsh completion for preflight (preflight "
			    "completion zsh)\n_preflight() {\n  local -a commands\n  commands=(\n");

	for (i = 0; i < N_COMMANDS && !rc; i++)
		rc = buf_printf(b, "    '%s:", commands[i].name) ||
		     zsh_words(b, commands[i].what) || buf_puts(b, "'\n");
	rc = rc ||
	     buf_puts(b, "  )\n  if (( CURRENT == 2 )); then\n    _describe command "
			 "commands\n    return\n  fi\n  case $words[2] in\n  run|conform)\n"
			 "    _arguments \\\n") ||
	     zsh_options(b, on_run) ||
	     buf_puts(b, "      '*:file:_files' ;;\n  replay)\n    _arguments \\\n") ||
	     zsh_options(b, on_replay) ||
	     buf_puts(b, "      '*:file:_files' ;;\n  completion) _values shell bash zsh ;;\n"
			 "  help) _describe command commands ;;\n  *) _files ;;\n  esac\n}\n"
			 "_preflight \"$@\"\n");
	return rc;
}

int manual_completion(const char *shell, struct buf *b)
{
	return !strcmp(shell, "zsh") ? zsh(b) : bash(b);
}
