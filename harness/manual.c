/* SPDX-License-Identifier: Apache-2.0 */
/* manual — help, man page and completions from the tables; see manual.h. */
#include "manual.h"

#include <stdio.h>
#include <string.h>

#include "version.h"

#define OPTION_COLUMN 30 /* where an option's help starts in the help */

static const char environment[] =
	"environment:\n"
	"  OPENAI_BASE_URL    the endpoint when --endpoint is not given\n"
	"  OPENAI_API_KEY     the key (or the variable --api-key-env names); never shown\n"
	"  PREFLIGHT_PROBES   the probe folder when --probes is not given\n"
	"  NO_COLOR           no colour and no live progress\n"
	"  GITHUB_ACTIONS, GITHUB_STEP_SUMMARY\n"
	"                     annotations and the job summary under GitHub Actions\n";

static const char exit_codes[] =
	"exit codes: 0 all passed, 1 a probe failed (diff: a regression), 2 usage or\n"
	"            configuration error, 3 the endpoint could not be used, 4 a report\n"
	"            could not be written, 130/143 interrupted\n";

/* --- the help ------------------------------------------------------------------ */

/* text onto b in lines of at most MANUAL_COLUMNS: the first line goes on
 * from column at, the others start at column indent */
static int wrap(struct buf *b, const char *text, size_t at, size_t indent)
{
	const char *p = text;
	int rc = 0;

	while (*p && !rc) {
		size_t word = strcspn(p, " "), room = MANUAL_COLUMNS - at;

		if (at > indent && word + 1 > room) {
			rc = buf_printf(b, "\n%*s", (int)indent, "");
			at = indent;
		} else if (at > indent) {
			rc = buf_putc(b, ' ');
			at++;
		}
		rc = rc || buf_append(b, p, word);
		at += word;
		p += word;
		while (*p == ' ')
			p++;
	}
	return rc || buf_putc(b, '\n');
}

/* "--name ARG" into out */
static void option_words(const struct config_option_info *o, char *out, size_t n)
{
	snprintf(out, n, "%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* one option of the help: its name, then its help, default and recipe key */
static int help_option(struct buf *b, const struct config_option_info *o)
{
	char words[96], text[512];
	int rc;

	option_words(o, words, sizeof(words));
	snprintf(text, sizeof(text), "%s%s%s%s%s%s%s", o->help, o->def || o->recipe_key ? " (" : "",
		 o->def ? "default: " : "", o->def ? o->def : "",
		 o->def && o->recipe_key ? "; " : "", o->recipe_key ? "recipe: " : "",
		 o->recipe_key ? o->recipe_key : "");
	if (o->def || o->recipe_key)
		strcat(text, ")");
	if (strlen(words) + 4 > OPTION_COLUMN)
		rc = buf_printf(b, "  %s\n%*s", words, OPTION_COLUMN, "");
	else
		rc = buf_printf(b, "  %-*s", OPTION_COLUMN - 2, words);
	return rc || wrap(b, text, OPTION_COLUMN, OPTION_COLUMN);
}

/* the options cmd takes, grouped as the table groups them */
static int help_options(struct buf *b, enum command cmd)
{
	struct config_option_info o;
	int rank, rc = 0;
	size_t i;

	for (rank = 0; rank < 32 && !rc; rank++) {
		bool head = false;

		for (i = 0; config_option_info(i, &o) && !rc; i++) {
			if (o.group_rank != rank || !(o.commands & CMD_BIT(cmd)))
				continue;
			if (!head)
				rc = buf_printf(b, "\n%s:\n", o.group);
			head = true;
			rc = rc || help_option(b, &o);
		}
	}
	return rc;
}

static int help_all(struct command_table t, struct buf *b)
{
	size_t i;
	int rc =
		buf_puts(b, "usage: preflight COMMAND [options]\n\n"
			    "Checks a served model recipe before anyone trusts it.\n\ncommands:\n");

	for (i = 0; i < t.n && !rc; i++)
		rc = buf_printf(b, "  %-12s", t.rows[i].name) || wrap(b, t.rows[i].summary, 14, 14);
	return rc ||
	       buf_puts(b, "\n'preflight help COMMAND' (or COMMAND --help) shows what COMMAND "
			   "takes.\n\n") ||
	       buf_puts(b, environment) || buf_puts(b, "\n") || buf_puts(b, exit_codes);
}

static int help_one(const struct command_row *cmd, struct buf *b)
{
	size_t head = strlen("usage: preflight  ") + strlen(cmd->name);
	int rc = buf_printf(b, "usage: preflight %s ", cmd->name) ||
		 wrap(b, cmd->synopsis ? cmd->synopsis : "", head, head) || buf_puts(b, "\n") ||
		 wrap(b, cmd->about, 0, 0) || help_options(b, cmd->cmd) ||
		 buf_printf(b, "\nexample:\n  %s\n", cmd->example);

	if (!rc && (cmd->cmd == CMD_RUN || cmd->cmd == CMD_CONFORM))
		rc = buf_puts(b, "\n") || buf_puts(b, environment);
	if (!rc && cmd->network) /* the others say theirs in their paragraph */
		rc = buf_puts(b, "\n") || buf_puts(b, exit_codes);
	return rc;
}

int manual_help(struct command_table t, const struct command_row *cmd, struct buf *b)
{
	return cmd ? help_one(cmd, b) : help_all(t, b);
}

/* --- the man page -------------------------------------------------------------- */

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

/* "run, conform, replay": the commands that take an option */
static int commands_of(struct buf *b, struct command_table t, unsigned commands)
{
	size_t i;
	int rc = 0, n = 0;

	for (i = 0; i < t.n && !rc; i++)
		if (commands & CMD_BIT(t.rows[i].cmd))
			rc = buf_printf(b, "%s\\fB%s\\fR", n++ ? ", " : "", t.rows[i].name);
	return rc;
}

/* every option once, in its group, with the commands that take it */
static int man_options(struct buf *b, struct command_table t)
{
	struct config_option_info o;
	int rank, rc = 0;
	size_t i;

	for (rank = 0; rank < 32 && !rc; rank++) {
		bool head = false;

		for (i = 0; config_option_info(i, &o) && !rc; i++) {
			if (o.group_rank != rank)
				continue;
			if (!head)
				rc = buf_puts(b, ".SS ") || roff(b, o.group) || buf_puts(b, "\n");
			head = true;
			rc = rc || buf_puts(b, ".TP\n\\fB") || roff(b, o.name) ||
			     buf_puts(b, "\\fR") ||
			     (o.arg &&
			      (buf_puts(b, " \\fI") || roff(b, o.arg) || buf_puts(b, "\\fR"))) ||
			     buf_puts(b, "\n") || roff(b, o.help) ||
			     (o.def &&
			      (buf_puts(b, " (default: ") || roff(b, o.def) || buf_puts(b, ")"))) ||
			     buf_puts(b, ". Taken by ") || commands_of(b, t, o.commands) ||
			     buf_puts(b, ".\n");
		}
	}
	return rc;
}

int manual_page(struct command_table t, struct buf *b)
{
	size_t i;
	int rc = buf_printf(b,
			    ".TH PREFLIGHT 1 \"\" \"preflight %s\" \"User Commands\"\n"
			    ".SH NAME\npreflight \\- checks a served model recipe before anyone "
			    "trusts it\n.SH SYNOPSIS\n",
			    PREFLIGHT_VERSION);

	for (i = 0; i < t.n && !rc; i++)
		rc = buf_printf(b, ".B preflight %s\n", t.rows[i].name) ||
		     (t.rows[i].synopsis && (roff(b, t.rows[i].synopsis) || buf_puts(b, "\n"))) ||
		     buf_puts(b, ".br\n");
	rc = rc ||
	     buf_puts(b,
		      ".SH DESCRIPTION\npreflight drives any OpenAI\\-compatible endpoint (vLLM, "
		      "SGLang, llama.cpp, Ollama, TGI) with probes loaded from files, grades the "
		      "answers with regular expressions and JSON Schemas, says why a probe failed "
		      "and what to change, and writes JUnit XML, a JSON evidence report, the lab "
		      "notebook's markdown row, an HTML page and a long\\-context heat map.\n"
		      ".SH COMMANDS\n");
	for (i = 0; i < t.n && !rc; i++)
		rc = buf_printf(b, ".TP\n\\fB%s\\fR\n", t.rows[i].name) ||
		     roff(b, t.rows[i].about) || buf_puts(b, "\n");
	rc = rc ||
	     buf_puts(b, ".SH OPTIONS\nEach option once, in its group, with the commands that "
			 "take it; \\fBpreflight help COMMAND\\fR lists one command's.\n") ||
	     man_options(b, t) ||
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
		      "annotations of GitHub Actions\n.SH EXAMPLES\n.nf\n");
	for (i = 0; i < t.n && !rc; i++)
		rc = roff(b, t.rows[i].example) || buf_puts(b, "\n");
	return rc || buf_puts(b, ".fi\n");
}

/* --- the completions ------------------------------------------------------------ */

/* the options cmd takes (every command when cmd is CMD_COUNT and only
 * those taking a file), sep between them */
static int words(struct buf *b, enum command cmd, bool files_only, const char *sep)
{
	struct config_option_info o, seen[128];
	size_t i, k, n_seen = 0;
	int rc = 0, n = 0;

	for (i = 0; config_option_info(i, &o) && !rc; i++) {
		if ((cmd != CMD_COUNT && !(o.commands & CMD_BIT(cmd))) ||
		    (files_only && !o.takes_file))
			continue;
		for (k = 0; k < n_seen && strcmp(seen[k].name, o.name); k++)
			;
		if (k < n_seen) /* a name two rows share (--markdown) */
			continue;
		if (n_seen < sizeof(seen) / sizeof(seen[0]))
			seen[n_seen++] = o;
		rc = buf_printf(b, "%s%s", n++ ? sep : "", o.name);
	}
	return rc;
}

static int bash(struct command_table t, struct buf *b)
{
	size_t i;
	int rc = buf_puts(b, "# bash completion for preflight (preflight completion bash)\n"
			     "_preflight() {\n  local cur=${COMP_WORDS[COMP_CWORD]} "
			     "prev=${COMP_WORDS[COMP_CWORD-1]} opts=\n  local commands=\"");

	for (i = 0; i < t.n && !rc; i++)
		rc = buf_printf(b, "%s%s", i ? " " : "", t.rows[i].name);
	rc = rc ||
	     buf_puts(b, "\"\n  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen "
			 "-W \"$commands\" -- \"$cur\"))\n    return\n  fi\n  case \"$prev\" in\n  "
			 " ") ||
	     words(b, CMD_COUNT, true, "|") ||
	     buf_puts(b, ")\n    COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n  esac\n"
			 "  case \"${COMP_WORDS[1]}\" in\n");
	for (i = 0; i < t.n && !rc; i++) {
		rc = buf_printf(b, "  %s) opts=\"", t.rows[i].name);
		if (t.rows[i].args == ARGS_SHELL)
			rc = rc || buf_puts(b, "bash zsh");
		else if (t.rows[i].args == ARGS_COMMAND)
			rc = rc || buf_puts(b, "$commands");
		else
			rc = rc || words(b, t.rows[i].cmd, false, " ");
		rc = rc || buf_puts(b, "\" ;;\n");
	}
	return rc || buf_puts(b, "  esac\n  case \"$cur\" in\n  -*) COMPREPLY=($(compgen -W "
				 "\"$opts\" -- \"$cur\")) ;;\n  *) if [ -n \"$opts\" ] && [[ "
				 "\"$opts\" != -* ]]; then COMPREPLY=($(compgen -W \"$opts\" -- "
				 "\"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;\n"
				 "  esac\n}\ncomplete -o filenames -F _preflight preflight\n");
}

/* text as a zsh description: no [ ] : ' or backslash */
static int zsh_words(struct buf *b, const char *s)
{
	int rc = 0;

	for (; s && *s && !rc; s++)
		rc = strchr("[]:'\\`$\"", *s) ? buf_putc(b, *s == ':' ? '-' : ' ')
					      : buf_append(b, s, 1);
	return rc;
}

static int zsh_options(struct buf *b, enum command cmd)
{
	struct config_option_info o;
	size_t i;
	int rc = 0;

	for (i = 0; config_option_info(i, &o) && !rc; i++)
		if (o.commands & CMD_BIT(cmd))
			rc = buf_printf(b, "      '%s[", o.name) || zsh_words(b, o.help) ||
			     buf_printf(b, "]%s' \\\n",
					!o.arg	       ? ""
					: o.takes_file ? ":file:_files"
						       : ":value:");
	return rc;
}

static int zsh(struct command_table t, struct buf *b)
{
	size_t i;
	int rc =
		buf_puts(b, "#compdef preflight\n# zsh completion for preflight (preflight "
			    "completion zsh)\n_preflight() {\n  local -a commands\n  commands=(\n");

	for (i = 0; i < t.n && !rc; i++)
		rc = buf_printf(b, "    '%s:", t.rows[i].name) || zsh_words(b, t.rows[i].summary) ||
		     buf_puts(b, "'\n");
	rc = rc || buf_puts(b, "  )\n  if (( CURRENT == 2 )); then\n    _describe command "
			       "commands\n    return\n  fi\n  case $words[2] in\n");
	for (i = 0; i < t.n && !rc; i++) {
		rc = buf_printf(b, "  %s)\n", t.rows[i].name);
		if (t.rows[i].args == ARGS_SHELL)
			rc = rc || buf_puts(b, "    _values shell bash zsh ;;\n");
		else if (t.rows[i].args == ARGS_COMMAND)
			rc = rc || buf_puts(b, "    _describe command commands ;;\n");
		else
			rc = rc || buf_puts(b, "    _arguments \\\n") ||
			     zsh_options(b, t.rows[i].cmd) ||
			     buf_puts(b, "      '*:file:_files' ;;\n");
	}
	return rc || buf_puts(b, "  esac\n}\n_preflight \"$@\"\n");
}

int manual_completion(struct command_table t, const char *shell, struct buf *b)
{
	return !strcmp(shell, "zsh") ? zsh(t, b) : bash(t, b);
}
