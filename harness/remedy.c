/* SPDX-License-Identifier: Apache-2.0 */
/* remedy — remedies from causes; see remedy.h. */
#include "remedy.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

/* Each row: a cause, an engine, the remedy in that engine's words; a flag
 * the registry holds is named by its placeholder, as templates do. */
static const struct {
	enum cause cause;
	enum engine engine;
	const char *remedy;
} remedies[] = {
	{ CAUSE_REASONING_BLEED, ENGINE_VLLM,
	  "serve with the model's reasoning parser: --reasoning-parser "
	  "qwen3|deepseek_r1|super_v3|..." },
	{ CAUSE_REASONING_BLEED, ENGINE_SGLANG,
	  "serve with the model's reasoning parser: --reasoning-parser qwen3|deepseek-r1|..." },
	{ CAUSE_REASONING_BLEED, ENGINE_LLAMACPP,
	  "start llama-server with --jinja --reasoning-format deepseek, so the thinking goes "
	  "to reasoning_content" },
	{ CAUSE_REASONING_BLEED, ENGINE_OLLAMA,
	  "use a model whose template declares thinking (ollama show), and a recent Ollama, "
	  "which returns it in reasoning" },
	{ CAUSE_REASONING_BLEED, ENGINE_TGI,
	  "TGI has no reasoning parser: turn thinking off in the chat template (--no-thinking) "
	  "or serve the model with vLLM or SGLang" },
	{ CAUSE_ANSWER_IN_REASONING, ENGINE_VLLM,
	  "the reasoning parser put the answer in the reasoning channel: check "
	  "--reasoning-parser matches the model and its chat template" },
	{ CAUSE_ANSWER_IN_REASONING, ENGINE_SGLANG,
	  "the reasoning parser put the answer in the reasoning channel: check "
	  "--reasoning-parser matches the model and its chat template" },
	{ CAUSE_ANSWER_IN_REASONING, ENGINE_LLAMACPP,
	  "the answer went to reasoning_content: check --reasoning-format and that the chat "
	  "template (--chat-template-file) closes the thinking block" },
	{ CAUSE_TOOL_CALL_AS_TEXT, ENGINE_VLLM,
	  "serve with --enable-auto-tool-choice --tool-call-parser "
	  "<hermes|qwen3_coder|llama3_json|mistral...> matching the model" },
	{ CAUSE_TOOL_CALL_AS_TEXT, ENGINE_SGLANG,
	  "serve with --tool-call-parser <qwen25|qwen3_coder|llama3|mistral|deepseekv3...> "
	  "matching the model" },
	{ CAUSE_TOOL_CALL_AS_TEXT, ENGINE_LLAMACPP,
	  "start llama-server with --jinja, and a chat template that renders tools "
	  "(--chat-template-file) if the GGUF's own does not" },
	{ CAUSE_TOOL_CALL_AS_TEXT, ENGINE_OLLAMA,
	  "use a model tag whose template declares tools (ollama show --modelfile); Ollama "
	  "parses calls only for those" },
	{ CAUSE_NO_TOOL_CALL, ENGINE_VLLM,
	  "the model answered in prose: serve with --enable-auto-tool-choice and a "
	  "--tool-call-parser, and check the chat template renders tools" },
	{ CAUSE_NO_TOOL_CALL, ENGINE_SGLANG,
	  "the model answered in prose: check --tool-call-parser and that the chat template "
	  "renders tools" },
	{ CAUSE_NO_TOOL_CALL, ENGINE_LLAMACPP,
	  "the model answered in prose: start llama-server with --jinja so the template renders "
	  "the tools" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS, ENGINE_VLLM,
	  "tool arguments are broken: check --tool-call-parser matches the model, and run "
	  "without --speculative-config to rule it out" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS, ENGINE_SGLANG,
	  "tool arguments are broken: check --tool-call-parser matches the model, and run "
	  "without --speculative-algorithm to rule it out" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS, ENGINE_LLAMACPP,
	  "tool arguments are broken: check the chat template (--jinja, "
	  "--chat-template-file), and run without a draft model (-md) to rule it out" },
	{ CAUSE_GARBAGE_OUTPUT, ENGINE_VLLM,
	  "the decode is broken: suspect the kernel or quantization path (try another "
	  "--quantization, --kv-cache-dtype auto, {cuda_graphs})" },
	{ CAUSE_GARBAGE_OUTPUT, ENGINE_SGLANG,
	  "the decode is broken: suspect the kernel or quantization path (try another "
	  "--quantization, --kv-cache-dtype auto, {cuda_graphs})" },
	{ CAUSE_GARBAGE_OUTPUT, ENGINE_LLAMACPP,
	  "the decode is broken: check the GGUF (its sha256, another quant), and try "
	  "-ctk f16 -ctv f16, -fa off, or fewer -ngl layers" },
	{ CAUSE_GARBAGE_OUTPUT, ENGINE_OLLAMA,
	  "the decode is broken: re-pull the model (ollama pull) or try another quant tag" },
	{ CAUSE_GARBAGE_OUTPUT, ENGINE_TGI,
	  "the decode is broken: suspect the quantization path (another --quantize, "
	  "--dtype)" },
	{ CAUSE_CONTEXT_OVERFLOW, ENGINE_VLLM,
	  "serve with a larger --max-model-len, or run with a smaller --needle-ctx" },
	{ CAUSE_CONTEXT_OVERFLOW, ENGINE_SGLANG,
	  "serve with a larger --context-length, or run with a smaller --needle-ctx" },
	{ CAUSE_CONTEXT_OVERFLOW, ENGINE_LLAMACPP,
	  "llama-server's window is per slot (-c 32768 -np 4 gives each 8192): raise -c, "
	  "serve with -np 1 or --kv-unified, or run with a smaller --needle-ctx" },
	{ CAUSE_CONTEXT_OVERFLOW, ENGINE_OLLAMA,
	  "raise Ollama's window (OLLAMA_CONTEXT_LENGTH, or PARAMETER num_ctx in the "
	  "Modelfile), or run with a smaller --needle-ctx" },
	{ CAUSE_CONTEXT_OVERFLOW, ENGINE_TGI,
	  "serve with larger --max-input-tokens and --max-total-tokens, or run with a smaller "
	  "--needle-ctx" },
	{ CAUSE_HTTP_ERROR, ENGINE_VLLM,
	  "read the server log around this request; a 500 'EngineCore encountered an issue' "
	  "means the engine died: restart the serve, and lower --gpu-memory-utilization or "
	  "--max-num-seqs if it ran out of memory" },
	{ CAUSE_HTTP_ERROR, ENGINE_SGLANG,
	  "read the scheduler's log around this request; if it ran out of memory, lower "
	  "--mem-fraction-static or --max-running-requests" },
	{ CAUSE_HTTP_ERROR, ENGINE_LLAMACPP,
	  "read llama-server's log around this request; if it ran out of memory, offload "
	  "fewer layers (-ngl), or lower -c or -np" },
	{ CAUSE_HTTP_ERROR, ENGINE_OLLAMA,
	  "read Ollama's server log (journalctl -u ollama, or ~/.ollama/logs/server.log) "
	  "around this request" },
	{ CAUSE_HTTP_ERROR, ENGINE_TGI,
	  "read the shard logs around this request; if it ran out of memory, lower "
	  "--max-batch-prefill-tokens or --max-total-tokens" },
	{ CAUSE_STREAM_PARITY, ENGINE_VLLM,
	  "vLLM answers differently streamed: its tool and reasoning parsers have a separate "
	  "streaming path; compare the two answers in the JSON report" },
	{ CAUSE_STREAM_PARITY, ENGINE_SGLANG,
	  "SGLang answers differently streamed: its tool and reasoning parsers have a separate "
	  "streaming path; compare the two answers in the JSON report" },
	{ CAUSE_STREAM_PARITY, ENGINE_LLAMACPP,
	  "llama.cpp answers differently streamed: its chat parser reads a stream in partial "
	  "mode (and strips leading whitespace while thinking); compare the two answers in the "
	  "JSON report" },
	{ CAUSE_STREAM_PARITY, ENGINE_OLLAMA,
	  "Ollama answers differently streamed: compare the two answers in the JSON report" },
	{ CAUSE_STREAM_PARITY, ENGINE_TGI,
	  "TGI answers differently streamed: compare the two answers in the JSON report" },
	{ CAUSE_CONCURRENCY_CORRUPTION, ENGINE_VLLM,
	  "answers are clean one at a time and corrupt under load: retry with --max-num-seqs 1, "
	  "without --speculative-config, or with {cuda_graphs}" },
	{ CAUSE_CONCURRENCY_CORRUPTION, ENGINE_SGLANG,
	  "answers are clean one at a time and corrupt under load: retry with "
	  "--max-running-requests 1, without --speculative-algorithm, or with "
	  "{cuda_graphs}" },
	{ CAUSE_CONCURRENCY_CORRUPTION, ENGINE_LLAMACPP,
	  "answers are clean one at a time and corrupt under load: retry with -np 1, or "
	  "without a draft model (-md)" },
	{ CAUSE_TOOL_CALL_AS_TEXT, ENGINE_TGI,
	  "TGI returns tool_calls only through its tool grammar: check the request reaches it "
	  "with tools (a proxy may drop them) and that the model's chat template renders "
	  "tools" },
	{ CAUSE_NO_TOOL_CALL, ENGINE_OLLAMA,
	  "the model answered in prose: use a model tag whose template declares tools "
	  "(ollama show --modelfile)" },
	{ CAUSE_NO_TOOL_CALL, ENGINE_TGI,
	  "the model answered in prose: TGI chose not to call; check the model's chat "
	  "template renders tools" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS, ENGINE_OLLAMA,
	  "the arguments do not fit the tool's schema (Ollama re-serialises what the model "
	  "wrote): check the model tag's template, or try a larger model" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS, ENGINE_TGI,
	  "the arguments do not fit the tool's schema: check the model's chat template "
	  "renders the tool's parameters" },
	{ CAUSE_WRONG_TOOL, ENGINE_LLAMACPP,
	  "the model called a function that was not offered: start llama-server with --jinja "
	  "and check the chat template (--chat-template-file) passes the tools" },
	{ CAUSE_WRONG_TOOL, ENGINE_OLLAMA,
	  "the model called a function that was not offered: check the model tag's TEMPLATE "
	  "(ollama show --modelfile) renders the tools" },
	{ CAUSE_WRONG_TOOL, ENGINE_TGI,
	  "the model called a function that was not offered: check the model's chat template "
	  "renders the tools" },
	{ CAUSE_WRONG_ANSWER, ENGINE_VLLM,
	  "read the answer in the report; check the chat template (--chat-template) and the "
	  "sampling defaults vLLM takes from the model (--generation-config vllm to ignore "
	  "them)" },
	{ CAUSE_WRONG_ANSWER, ENGINE_SGLANG,
	  "read the answer in the report; check the chat template (--chat-template) and the "
	  "model's default sampling (generation_config.json)" },
	{ CAUSE_WRONG_ANSWER, ENGINE_LLAMACPP,
	  "read the answer in the report; check the chat template (--jinja, "
	  "--chat-template-file) and llama-server's sampling defaults (--temp, --top-p, "
	  "--repeat-penalty)" },
	{ CAUSE_WRONG_ANSWER, ENGINE_OLLAMA,
	  "read the answer in the report; check the model tag's TEMPLATE and PARAMETER "
	  "lines (ollama show --modelfile)" },
	{ CAUSE_WRONG_ANSWER, ENGINE_TGI,
	  "read the answer in the report; check the model's chat template and the sampling "
	  "TGI applies from its generation config" },
	{ CAUSE_ANSWER_IN_REASONING, ENGINE_OLLAMA,
	  "the answer went to the reasoning field: update Ollama, or use a model tag whose "
	  "template closes the thinking block" },
	{ CAUSE_ANSWER_IN_REASONING, ENGINE_TGI,
	  "the answer went to the reasoning channel: check the model's chat template closes "
	  "the thinking block" },
	{ CAUSE_CONCURRENCY_CORRUPTION, ENGINE_OLLAMA,
	  "answers are clean one at a time and corrupt under load: retry with "
	  "OLLAMA_NUM_PARALLEL=1" },
	{ CAUSE_CONCURRENCY_CORRUPTION, ENGINE_TGI,
	  "answers are clean one at a time and corrupt under load: retry with "
	  "--max-concurrent-requests 1, or a smaller --max-batch-prefill-tokens" },
	{ CAUSE_ANSWER_CUT_SHORT, ENGINE_LLAMACPP,
	  "the answer ended below its token budget: the window ran out (raise -c; it is per "
	  "slot with -np) or -n (--n-predict) caps answers: raise it" },
	{ CAUSE_ANSWER_CUT_SHORT, ENGINE_OLLAMA,
	  "the answer ended below its token budget: the window ran out (raise num_ctx) or "
	  "num_predict caps answers: raise it in the Modelfile or the request's options" },
	{ CAUSE_RATE_LIMITED, ENGINE_TGI,
	  "TGI is overloaded: raise --max-concurrent-requests, or lower --tool-batch" },
	{ CAUSE_RATE_LIMITED, ENGINE_LLAMACPP,
	  "llama-server has too few slots for the batch: raise -np, or lower --tool-batch" },
	{ CAUSE_REQUEST_REJECTED, ENGINE_LLAMACPP,
	  "llama-server refused what preflight sent: read its message (it takes no grammar "
	  "together with tools, and needs --jinja for tools); drop or fix the field "
	  "(--extra-body, --chat-template-kwargs, the probe's request)" },
};

/* Where no row says it in an engine's own words, a cause's remedy from the
 * engine's flag vocabulary: {engine} and the struct engine_flags fields; a
 * template applies only when the engine has every flag it names. So a
 * new engine's row gets remedies in its own flags without rows here. */
static const struct {
	enum cause cause;
	const char *text;
} templates[] = {
	{ CAUSE_REASONING_BLEED, "serve with the model's reasoning parser: {reasoning_parser}" },
	{ CAUSE_ANSWER_IN_REASONING,
	  "the reasoning parser put the answer in the reasoning channel: check "
	  "{reasoning_parser} matches the model and its chat template" },
	{ CAUSE_TOOL_CALL_AS_TEXT,
	  "serve with the tool-call parser that matches the model ({tool_parser}), and a chat "
	  "template that renders tools" },
	{ CAUSE_NO_TOOL_CALL,
	  "the model answered in prose: check {tool_parser} and that the chat template renders "
	  "tools" },
	{ CAUSE_INVALID_TOOL_ARGUMENTS,
	  "tool arguments are broken: check {tool_parser} matches the model, and run without "
	  "speculative decoding to rule it out" },
	{ CAUSE_GARBAGE_OUTPUT,
	  "the decode is broken: suspect the kernel or quantization path (another quantization, "
	  "an unquantized KV cache)" },
	{ CAUSE_CONTEXT_OVERFLOW,
	  "serve with a larger {context}, or run with a smaller --needle-ctx" },
	{ CAUSE_ANSWER_CUT_SHORT,
	  "the answer ended below its token budget: the window ran out (serve with a larger "
	  "{context}) or {engine}, or a proxy in front, caps answers: raise that cap" },
	{ CAUSE_WRONG_ANSWER,
	  "read the answer in the report; check the chat template and the sampling defaults "
	  "{engine} applies" },
	{ CAUSE_HTTP_ERROR,
	  "read {engine}'s log around this request; if it ran out of memory, lower {memory} or "
	  "{concurrency}" },
	{ CAUSE_CONCURRENCY_CORRUPTION,
	  "answers are clean one at a time and corrupt under load: retry with {concurrency} 1, "
	  "or without speculative decoding" },
	{ CAUSE_STREAM_PARITY,
	  "{engine} answers differently streamed: its tool and reasoning parsers may have a "
	  "separate streaming path; compare the two answers in the JSON report" },
};

#define REMEDY_MAX 384

static char filled[ENGINE_COUNT][CAUSE_COUNT][REMEDY_MAX];
static pthread_once_t filled_once = PTHREAD_ONCE_INIT;

/* every engine's remedies: a template's where the engine has its flags,
 * then its own rows over them */
static void fill_all(void)
{
	size_t i;
	int e;

	for (e = 1; e < ENGINE_COUNT; e++)
		for (i = 0; i < sizeof(templates) / sizeof(templates[0]); i++)
			if (!engine_fill((enum engine)e, templates[i].text,
					 filled[e][templates[i].cause], REMEDY_MAX))
				filled[e][templates[i].cause][0] = '\0';
	for (i = 0; i < sizeof(remedies) / sizeof(remedies[0]); i++)
		engine_fill(remedies[i].engine, remedies[i].remedy,
			    filled[remedies[i].engine][remedies[i].cause], REMEDY_MAX);
}

const char *remedy_of_engine(enum engine e, enum cause c)
{
	if (!engine_info(e) || (unsigned)c >= CAUSE_COUNT)
		return NULL;
	pthread_once(&filled_once, fill_all);
	return filled[e][c][0] ? filled[e][c] : NULL;
}

/* the needle's own words: lost at this length and depth, or answered with
 * a distractor's code */
static const char *const recall_remedies[] = {
	[RECALL_NONE] = NULL,
	[RECALL_LOST] = "the model lost what the prompt holds at this length and depth: check "
			"the rope scaling (YaRN factor) the model card asks for, serve the KV "
			"cache unquantized, and gate the recipe at the effective context a "
			"--needle-ctx sweep finds",
	[RECALL_DISTRACTED] = "the model tells similar lines apart badly at this length "
			      "(RULER's distractor sensitivity): serve the KV cache unquantized "
			      "(no fp8 KV), check the rope scaling the model card asks for, or "
			      "gate the recipe at the effective context the sweep found",
};

/* the context's refinement of c's remedy, or NULL: only for the cause it
 * belongs to */
static const char *refined(enum cause c, const struct remedy_context *ctx, char *out, size_t n)
{
	if (c == CAUSE_WRONG_ANSWER && (unsigned)ctx->recall <= RECALL_DISTRACTED &&
	    recall_remedies[ctx->recall])
		return recall_remedies[ctx->recall];
	if (c == CAUSE_PATTERN_LIMIT && ctx->pattern[0]) {
		snprintf(out, n,
			 "rewrite %s in the probe file without nested or overlapping quantifiers "
			 "(such as (a|aa)+ or (\\w+)*): it cannot be matched in bounded time",
			 ctx->pattern);
		return out;
	}
	if ((c == CAUSE_HTTP_ERROR || c == CAUSE_REQUEST_REJECTED) &&
	    cause_http_remedy(ctx->status))
		return cause_http_remedy(ctx->status);
	if (c == CAUSE_ENGINE_FAILED && ctx->finding)
		return ctx->finding;
	return NULL;
}

const char *remedy_for(enum cause c, enum engine e, const struct remedy_context *ctx, char *out,
		       size_t n)
{
	const char *r;

	/* a check that did not run fails nothing; one whose exchange failed
	 * gets the failure's remedy, never the feature's */
	if (ctx && ctx->check && c == CAUSE_NONE)
		return (r = conform_remedy(ctx->check, e)) ? r : "";
	if (c == CAUSE_NONE || c == CAUSE_INTERRUPTED)
		return "";
	if (ctx && (r = refined(c, ctx, out, n)))
		return r;
	return (r = remedy_of_engine(e, c)) ? r : cause_remedy(c);
}
