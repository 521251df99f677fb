/* SPDX-License-Identifier: Apache-2.0 */
/* engine — the engine registry: one row per serving engine.
 *
 * A row names an engine once: the key files and flags use ("llama.cpp"),
 * the name reports print ("llama.cpp"), every other spelling users and
 * servers write (llamacpp, llama-server), how it shows itself (the owner
 * of its /v1/models entries, its fingerprint, the discovery endpoint only
 * it answers), what it can do (usage on every stream chunk, a window per
 * slot, prompt scoring, how many alternatives it returns), and the flags
 * its remedies use. Every engine name anywhere (rule files, conformance
 * files, --engine, recipes' engine_id, detection) resolves through
 * engine_named; an unknown one is an error where it is read. Adding an
 * engine is one row here, plus its words for causes (remedy.c) and its log
 * signatures (rules.json). Never prints. */
#ifndef PREFLIGHT_ENGINE_H
#define PREFLIGHT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "apierror.h"
#include "diagnose.h"

enum engine {
	ENGINE_UNKNOWN = 0,
	ENGINE_VLLM,
	ENGINE_SGLANG,
	ENGINE_LLAMACPP,
	ENGINE_OLLAMA,
	ENGINE_TGI,
	ENGINE_LMDEPLOY,
	ENGINE_TRTLLM,
	ENGINE_COUNT
};

/* An engine's flags, by what a remedy asks of it (NULL: it has none); the
 * last two are the engine's own words for a remedy's whole clause, a flag
 * being too little to say them. */
struct engine_flags {
	const char *memory;	      /* the memory the engine takes or leaves */
	const char *layers;	      /* how much of the model is on the GPU */
	const char *kv_cache;	      /* the KV cache quantized (with its value) */
	const char *cuda_graphs;      /* CUDA graphs not captured (with its value) */
	const char *context;	      /* the context window */
	const char *concurrency;      /* requests served at once */
	const char *prefill;	      /* tokens prefilled in one batch */
	const char *port;	      /* the port it listens on */
	const char *reasoning_parser; /* thinking into its own channel */
	const char *tool_parser;      /* tool calls into tool_calls */
	const char *chat_template;    /* a chat template of one's own */
	const char *reinstall;	      /* a clean install, for a broken environment */
	const char *gpu_build;	      /* a build with kernels for the GPU at hand */
	const char *weights;	      /* the format of the weights it loads */
};

/* How an engine scores a given text: compare's teacher forcing sends the
 * reference's answer and reads each position's list from the prompt's. */
enum engine_scoring {
	SCORING_NONE = 0,
	SCORING_PROMPT_LOGPROBS, /* vLLM: the chat's prompt_logprobs, one request */
	SCORING_INPUT_LOGPROBS,	 /* SGLang: the chat's prompt_token_ids, then /generate's
				  * input logprobs (return_logprob, logprob_start_len) */
};

/* One row of the registry. */
struct engine_info {
	enum engine id;
	const char *key;	     /* "llama.cpp": as files and flags name it */
	const char *name;	     /* "llama.cpp": as reports print it */
	const char *const *aliases;  /* other spellings, case-insensitive */
	const char *const *owners;   /* owned_by values of /v1/models naming it */
	const char *discovery;	     /* what only it answers ("GET /props"), or NULL */
	bool running_usage;	     /* usage on every stream chunk when asked */
	bool per_slot_window;	     /* the window is divided among slots */
	enum engine_scoring scoring; /* how it scores a given text, if it does */
	int top_logprobs_max;	     /* alternatives it returns at most, 0 unknown */
	struct engine_flags flags;   /* its vocabulary for remedies */
};

/* The row of e, or NULL for ENGINE_UNKNOWN and out of range. */
const struct engine_info *engine_info(enum engine e);
/* "vLLM", "SGLang", "llama.cpp", "Ollama", "TGI", ...; NULL when unknown. */
const char *engine_name(enum engine e);
/* "vllm", "llama.cpp": the key; NULL when unknown. */
const char *engine_key(enum engine e);
/* A name as users write it: a key, a display name or an alias, any case
 * ("vllm", "vLLM", "llama.cpp", "llamacpp", "llama-server", "tgi",
 * "text-generation-inference", "trtllm-serve"), or UNKNOWN. */
enum engine engine_named(const char *name);
/* The keys of every engine, "vllm, sglang, ..." for error messages. */
const char *engine_keys(void);
/* The engine an owned_by of /v1/models names (vllm, sglang, llamacpp,
 * library for Ollama), or UNKNOWN. */
enum engine engine_from_owner(const char *owned_by);
/* The engine a system_fingerprint names: vllm-<version>-<hash>,
 * b<build>-<commit> (llama.cpp), fp_ollama, <x.y.z>-<label> (TGI). */
enum engine engine_from_fingerprint(const char *fp);
/* The engine an error envelope points to (apierror.h): LMDeploy's flat
 * one (its object last), TGI's and llama.cpp's context error are their
 * own; UNKNOWN for the envelopes several engines share (the nested one;
 * the flat one of SGLang, TensorRT-LLM and vLLM before 0.10.1). */
enum engine engine_from_error_shape(enum error_shape shape);
/* The name of the i-th placeholder a remedy may hold besides {engine}
 * ("memory", "cuda_graphs", "chat_template": struct engine_flags' fields),
 * NULL past the last. */
const char *engine_slot(size_t i);
/* tmpl into out with each {memory}, {context}, {concurrency}, {prefill}
 * (any struct engine_flags field) and {engine} replaced by e's flag for it
 * and its name; for UNKNOWN, by every engine's ("--gpu-memory-utilization
 * (vLLM), --mem-fraction-static (SGLang), ...", a flag engines share said
 * once: "GGML_CUDA_DISABLE_GRAPHS=1 (llama.cpp, Ollama)"; a clause,
 * {reinstall} or {gpu_build}, by one said for every engine), a flag e lacks
 * by "its <what> setting". Cut to fit size. False when e lacks a flag tmpl names,
 * so a caller can keep a remedy only in words the engine has. The one
 * filler of the registry's placeholders: rules' and probes' remedies alike. */
bool engine_fill(enum engine e, const char *tmpl, char *out, size_t size);
/* engine_fill for the engines of a set (bits 1 << engine): one engine's
 * words when it holds one, each flag with the engines of the set that
 * have it when it holds several ("--chat-template FILE (vLLM, SGLang),
 * --tokenizer-config-path tokenizer_config.json (TGI)"; {engine} "the
 * engine"), "its <what> setting" when none has it. */
bool engine_fill_among(unsigned among, const char *tmpl, char *out, size_t size);

#endif
