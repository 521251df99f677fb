/* SPDX-License-Identifier: Apache-2.0 */
/* engine — engine identity and per-engine remedies; see engine.h. */
#include "engine.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#define LIST(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* every engine, once. Its flags as the engine spells them; those read at
 * the source: TGI's --cuda-graphs 0 and --kv-cache-dtype fp8_e5m2
 * (launcher/src/main.rs), LMDeploy's --eager-mode (lmdeploy/cli/utils.py:
 * "cuda graph would be disabled"), TensorRT-LLM's cuda_graph_config, on
 * unless null (tensorrt_llm/llmapi/llm_args.py), and Ollama's runner
 * inheriting ollama serve's environment (llm/server.go), so ggml's
 * GGML_CUDA_DISABLE_GRAPHS reaches it as it does llama-server; a chat
 * template of one's own: TGI's --tokenizer-config-path (its launcher's
 * documented flag), TensorRT-LLM's --chat_template (serve's chat_template,
 * tensorrt_llm/commands/serve.py), LMDeploy's --chat-template taking its
 * JSON config (its "Customized chat template" guide) */
static const struct engine_info engines[ENGINE_COUNT] = {
	[ENGINE_VLLM] = {
		.id = ENGINE_VLLM, .key = "vllm", .name = "vLLM", 
		.owners = LIST("vllm"), .discovery = "GET /version", .running_usage = true,
		.scoring = SCORING_PROMPT_LOGPROBS, .top_logprobs_max = 20,
		.flags = { .memory = "--gpu-memory-utilization", .context = "--max-model-len",
			   .kv_cache = "--kv-cache-dtype fp8", .cuda_graphs = "--enforce-eager",
			   .concurrency = "--max-num-seqs", .prefill = "--max-num-batched-tokens",
			   .port = "--port",
			   .reasoning_parser = "--reasoning-parser",
			   .tool_parser = "--tool-call-parser",
			   .chat_template = "--chat-template FILE",
			   .reinstall = "pip install vllm into a fresh virtual environment (it "
				   "pins the torch it was built with), or use the "
				   "vllm/vllm-openai image",
			   .gpu_build = "a vLLM release whose wheel or image is built for the "
				   "GPU (from source: TORCH_CUDA_ARCH_LIST holding its compute "
				   "capability, 12.0 for sm_120, and "
				   "FLASHINFER_CUDA_ARCH_LIST=12.0f; on ROCm, "
				   "PYTORCH_ROCM_ARCH holding its gfx target)",
			   .weights = "safetensors (or PyTorch .bin), or the format --load-format names" },
	},
	[ENGINE_SGLANG] = {
		.id = ENGINE_SGLANG, .key = "sglang", .name = "SGLang",
		 .owners = LIST("sglang"),
		.running_usage = true, .scoring = SCORING_INPUT_LOGPROBS, .top_logprobs_max = 20,
		.flags = { .memory = "--mem-fraction-static", .context = "--context-length",
			   .kv_cache = "--kv-cache-dtype fp8_e5m2",
			   .cuda_graphs = "--disable-cuda-graph",
			   .concurrency = "--max-running-requests",
			   .prefill = "--chunked-prefill-size", .port = "--port",
			   .reasoning_parser = "--reasoning-parser",
			   .tool_parser = "--tool-call-parser",
			   .chat_template = "--chat-template FILE",
			   .reinstall = "pip install sglang into a fresh virtual environment "
				   "(sgl-kernel must match its torch and CUDA), or use the "
				   "lmsysorg/sglang image",
			   .gpu_build = "an SGLang release whose image and sgl-kernel wheel "
				   "are built for the GPU's CUDA and architecture "
				   "(FlashInfer's JIT kernels: FLASHINFER_CUDA_ARCH_LIST=12.0f "
				   "for sm_120)",
			   .weights = "safetensors (or PyTorch .bin), or the format --load-format names" },
	},
	[ENGINE_LLAMACPP] = {
		.id = ENGINE_LLAMACPP, .key = "llama.cpp", .name = "llama.cpp",
		.aliases = LIST("llamacpp", "llama-server", "llama_cpp", "llama-cpp"),
		.owners = LIST("llamacpp", "llama.cpp"), .discovery = "GET /props",
		.per_slot_window = true,
		.flags = { .memory = "-ngl", .context = "-c", .concurrency = "-np",
			   .layers = "-ngl", .kv_cache = "-ctk q8_0 -ctv q8_0",
			   .cuda_graphs = "GGML_CUDA_DISABLE_GRAPHS=1",
			   .prefill = "-b", .port = "--port", .reasoning_parser = "--reasoning-format",
			   .tool_parser = "--jinja",
			   .chat_template = "--jinja --chat-template-file FILE",
			   .reinstall = "rebuild it against the CUDA or ROCm toolkit installed "
				   "and put that toolkit's libraries on the library path (ldd "
				   "llama-server names one missing), or use its server image "
				   "for the GPU (ghcr.io/ggml-org/llama.cpp:server-cuda, "
				   ":server-rocm)",
			   .gpu_build = "llama.cpp built for the GPU: CMAKE_CUDA_ARCHITECTURES "
				   "holding its compute capability (61 for a Pascal card), or "
				   "with GGML_HIP, GPU_TARGETS (AMDGPU_TARGETS in older trees) "
				   "holding its gfx target",
			   .weights = "a whole GGUF file (of a split one, the first shard, its others beside it)" },
	},
	[ENGINE_OLLAMA] = {
		.id = ENGINE_OLLAMA, .key = "ollama", .name = "Ollama", 
		.owners = LIST("library", "ollama"), .top_logprobs_max = 20,
		.flags = { .memory = "OLLAMA_GPU_OVERHEAD", .context = "num_ctx",
			   .layers = "num_gpu", .kv_cache = "OLLAMA_KV_CACHE_TYPE=q8_0",
			   .cuda_graphs = "GGML_CUDA_DISABLE_GRAPHS=1",
			   .concurrency = "OLLAMA_NUM_PARALLEL",
			   .port = "OLLAMA_HOST=127.0.0.1:PORT",
			   .chat_template = "a TEMPLATE in the Modelfile",
			   .reinstall = "run Ollama's installer again (it puts its runners' "
				   "CUDA and ROCm libraries under lib/ollama), or use the "
				   "ollama/ollama image",
			   .gpu_build = "an Ollama release whose runners are built for the GPU "
				   "(for an AMD GPU close to a supported one, "
				   "HSA_OVERRIDE_GFX_VERSION, 10.3.0 for an RDNA2 card)",
			   .weights = "a GGUF blob Ollama pulled or created (pull or create the model again)" },
	},
	[ENGINE_TGI] = {
		.id = ENGINE_TGI, .key = "tgi", .name = "TGI",
		.aliases = LIST("text-generation-inference", "text-generation-launcher"),
		.owners = LIST("tgi", "text-generation-inference"), .discovery = "GET /info",
		.top_logprobs_max = 5,
		.flags = { .memory = "--cuda-memory-fraction", .context = "--max-total-tokens",
			   .kv_cache = "--kv-cache-dtype fp8_e5m2", .cuda_graphs = "--cuda-graphs 0",
			   .concurrency = "--max-concurrent-requests",
			   .prefill = "--max-batch-prefill-tokens", .port = "--port",
			   .chat_template = "--tokenizer-config-path tokenizer_config.json",
			   .reinstall = "use the ghcr.io/huggingface/text-generation-inference "
				   "image, whose server pins its Python packages and kernels",
			   .gpu_build = "a TGI release whose image is built for the GPU (its "
				   "-rocm image for an AMD one)",
			   .weights = "safetensors (TGI converts .bin weights to them as it downloads)" },
	},
	[ENGINE_LMDEPLOY] = {
		.id = ENGINE_LMDEPLOY, .key = "lmdeploy", .name = "LMDeploy",
		 .owners = LIST("lmdeploy"),
		.flags = { .memory = "--cache-max-entry-count", .context = "--session-len",
			   .kv_cache = "--quant-policy 8", .cuda_graphs = "--eager-mode",
			   .concurrency = "--max-batch-size", .prefill = "--max-prefill-token-num",
			   .port = "--server-port",
			   .reasoning_parser = "--reasoning-parser",
			   .tool_parser = "--tool-call-parser",
			   .chat_template = "--chat-template CONFIG.json",
			   .reinstall = "pip install lmdeploy into a fresh virtual environment "
				   "(a wheel built for the CUDA at hand), or use the "
				   "openmmlab/lmdeploy image",
			   .gpu_build = "an LMDeploy release whose wheel or image is built for "
				   "the GPU's CUDA and architecture",
			   .weights = "Hugging Face safetensors, or a TurboMind model lmdeploy convert wrote" },
	},
	[ENGINE_TRTLLM] = {
		.id = ENGINE_TRTLLM, .key = "trt-llm", .name = "TensorRT-LLM",
		.aliases = LIST("trtllm", "tensorrt-llm", "tensorrt_llm", "trtllm-serve"),
		.owners = LIST("tensorrt_llm"),
		.flags = { .memory = "--kv_cache_free_gpu_memory_fraction",
			   .context = "--max_seq_len", .concurrency = "--max_batch_size",
			   .cuda_graphs = "cuda_graph_config: null in --extra_llm_api_options",
			   .prefill = "--max_num_tokens", .port = "--port",
			   .reasoning_parser = "--reasoning_parser",
			   .tool_parser = "--tool_parser",
			   .chat_template = "--chat_template FILE",
			   .reinstall = "use the NGC release container, "
				   "nvcr.io/nvidia/tensorrt-llm/release, whose Python, CUDA "
				   "and TensorRT agree",
			   .gpu_build = "a TensorRT-LLM release that supports the GPU, its "
				   "engines built on the GPU that serves them",
			   .weights = "an engine trtllm-build wrote on this GPU, or a Hugging Face checkpoint for its PyTorch backend" },
	},
};

const struct engine_info *engine_info(enum engine e)
{
	return e > ENGINE_UNKNOWN && e < ENGINE_COUNT ? &engines[e] : NULL;
}

const char *engine_name(enum engine e)
{
	return engine_info(e) ? engines[e].name : NULL;
}

const char *engine_key(enum engine e)
{
	return engine_info(e) ? engines[e].key : NULL;
}

static bool in(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcasecmp(name, *list))
			return true;
	return false;
}

enum engine engine_named(const char *name)
{
	int e;

	for (e = 1; name && e < ENGINE_COUNT; e++)
		if (!strcasecmp(name, engines[e].key) || !strcasecmp(name, engines[e].name) ||
		    in(engines[e].aliases, name))
			return (enum engine)e;
	return ENGINE_UNKNOWN;
}

const char *engine_keys(void)
{
	static char keys[256];
	size_t at = 0;
	int e;

	if (keys[0])
		return keys;
	for (e = 1; e < ENGINE_COUNT; e++)
		at += (size_t)snprintf(keys + at, sizeof(keys) - at, "%s%s", e > 1 ? ", " : "",
				       engines[e].key);
	return keys;
}

enum engine engine_from_owner(const char *owned_by)
{
	int e;

	for (e = 1; owned_by && e < ENGINE_COUNT; e++)
		if (in(engines[e].owners, owned_by))
			return (enum engine)e;
	return ENGINE_UNKNOWN;
}

static bool digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return n > 0;
}

enum engine engine_from_fingerprint(const char *fp)
{
	size_t n;

	if (!fp)
		return ENGINE_UNKNOWN;
	if (!strncmp(fp, "vllm-", 5))
		return ENGINE_VLLM;
	if (!strcmp(fp, "fp_ollama"))
		return ENGINE_OLLAMA;
	n = strcspn(fp, "-");
	if (fp[0] == 'b' && fp[n] == '-' && digits(fp + 1, n - 1))
		return ENGINE_LLAMACPP; /* b6457-8e9f1a2b */
	if (isdigit((unsigned char)fp[0]) && fp[n] == '-' && memchr(fp, '.', n))
		return ENGINE_TGI; /* 3.0.1-native, 2.4.0-sha-abc */
	return ENGINE_UNKNOWN;
}

enum engine engine_from_error_shape(enum error_shape shape)
{
	/* the flat envelope is SGLang's, TensorRT-LLM's and old vLLM's alike:
	 * it names none of them */
	return shape == ERROR_SHAPE_LMDEPLOY   ? ENGINE_LMDEPLOY
	       : shape == ERROR_SHAPE_SGLANG   ? ENGINE_SGLANG
	       : shape == ERROR_SHAPE_TGI      ? ENGINE_TGI
	       : shape == ERROR_SHAPE_LLAMACPP ? ENGINE_LLAMACPP
					       : ENGINE_UNKNOWN;
}

/* the placeholders a remedy may hold, each an engine's flag or clause */
static const struct {
	const char *name;
	size_t at;
	/* for a set of several engines, one clause for them all in place of
	 * each engine's own (a whole clause each would not read as one) */
	const char *among;
} slots[] = {
/* clang-format off */
#define FLAG(f) { #f, offsetof(struct engine_flags, f), NULL }
#define CLAUSE(f, among) { #f, offsetof(struct engine_flags, f), among }
	/* clang-format on */
	FLAG(memory),
	FLAG(layers),
	FLAG(kv_cache),
	FLAG(cuda_graphs),
	FLAG(context),
	FLAG(concurrency),
	FLAG(prefill),
	FLAG(port),
	FLAG(reasoning_parser),
	FLAG(tool_parser),
	FLAG(chat_template),
	CLAUSE(reinstall, "a Python engine with pip into a clean environment, a native one "
			  "(llama.cpp, Ollama) with the runtime libraries its build links, CUDA's "
			  "or ROCm's, on the library path (ldd names one missing), or use the "
			  "engine's container image"),
	CLAUSE(weights,
	       "safetensors for the Python engines (or the format vLLM's and SGLang's "
	       "--load-format names), a whole GGUF file for llama.cpp and Ollama, an engine "
	       "trtllm-build wrote on this GPU for TensorRT-LLM"),
	CLAUSE(gpu_build,
	       "a release of the engine built for the GPU (CUDA sm_120: TORCH_CUDA_ARCH_LIST=12.0, "
	       "FLASHINFER_CUDA_ARCH_LIST=12.0f; ROCm: a build whose PYTORCH_ROCM_ARCH holds the "
	       "GPU's gfx target, or HSA_OVERRIDE_GFX_VERSION for a close one), or llama.cpp "
	       "built with CMAKE_CUDA_ARCHITECTURES holding the GPU's compute capability (61 "
	       "for a Pascal card)"),
#undef CLAUSE
#undef FLAG
};
/* every flag of the registry is a placeholder a remedy may name */
_Static_assert(sizeof(struct engine_flags) == sizeof(slots) / sizeof(slots[0]) * sizeof(char *),
	       "a struct engine_flags field without its slot");

const char *engine_slot(size_t i)
{
	return i < sizeof(slots) / sizeof(slots[0]) ? slots[i].name : NULL;
}

/* the slot named by the n bytes at name, or -1 */
static int slot_named(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(slots) / sizeof(slots[0]); i++)
		if (strlen(slots[i].name) == n && !memcmp(slots[i].name, name, n))
			return (int)i;
	return -1;
}

/* the flag of f that a placeholder names, or NULL for none */
static const char *flag_named(const struct engine_flags *f, const char *name, size_t n)
{
	int i = slot_named(name, n);

	return i < 0 ? NULL : *(const char *const *)((const char *)f + slots[i].at);
}

/* does f's flag for the slot name (n bytes) read flag */
static bool same_flag(const struct engine_flags *f, const char *name, size_t n, const char *flag)
{
	const char *mine = flag_named(f, name, n);

	return mine && !strcmp(mine, flag);
}

/* the one clause a slot has for a set of several engines, or NULL */
static const char *among_clause(const char *name, size_t n)
{
	int i = slot_named(name, n);

	return i < 0 ? NULL : slots[i].among;
}

static bool is_slot(const char *name, size_t n)
{
	return slot_named(name, n) >= 0;
}

/* the one engine of the set among (bits 1 << engine), or UNKNOWN */
static enum engine only(unsigned among)
{
	int k;

	for (k = 1; k < ENGINE_COUNT; k++)
		if (among == 1u << k)
			return (enum engine)k;
	return ENGINE_UNKNOWN;
}

/* what placeholder name (n bytes) says for the engines among into out at
 * *at: false when they lack the flag ("its kv cache setting" said
 * instead) */
static bool fill_one(unsigned among, const char *name, size_t n, char *out, size_t size, size_t *at)
{
	enum engine e = only(among);
	const char *flag;
	size_t first = *at, c;
	int k;

#define PUT(...)                                                                                   \
	do {                                                                                       \
		if (*at < size)                                                                    \
			*at += (size_t)snprintf(out + *at, size - *at, __VA_ARGS__);               \
	} while (0)
	if (n == 6 && !memcmp(name, "engine", 6)) {
		PUT("%s", e ? engines[e].name : "the engine");
		return true;
	}
	if (e && (flag = flag_named(&engines[e].flags, name, n))) {
		PUT("%s", flag);
		return true;
	}
	if (!e && (flag = among_clause(name, n))) {
		PUT("%s", flag);
		return true;
	}
	/* each flag once, with every engine that has it: "--enforce-eager
	 * (vLLM), ..., GGML_CUDA_DISABLE_GRAPHS=1 (llama.cpp, Ollama)" */
	for (k = 1; !e && k < ENGINE_COUNT; k++) {
		int j, said = 0;

		if (!(among & 1u << k) || !(flag = flag_named(&engines[k].flags, name, n)))
			continue;
		for (j = 1; j < k && !said; j++)
			said = (among & 1u << j) && same_flag(&engines[j].flags, name, n, flag);
		if (said)
			continue;
		PUT("%s%s (%s", *at > first ? ", " : "", flag, engines[k].name);
		for (j = k + 1; j < ENGINE_COUNT; j++)
			if ((among & 1u << j) && same_flag(&engines[j].flags, name, n, flag))
				PUT(", %s", engines[j].name);
		PUT(")");
	}
	if (*at > first)
		return true;
	PUT("its ");
	for (c = 0; c < n; c++) /* "kv_cache": its kv cache setting */
		PUT("%c", name[c] == '_' ? ' ' : name[c]);
	PUT(" setting");
#undef PUT
	return false;
}

bool engine_fill_among(unsigned among, const char *tmpl, char *out, size_t size)
{
	size_t at = 0;
	const char *p = tmpl;
	bool whole = true;

	if (!size)
		return whole;
	out[0] = '\0';
	while (p && *p && at + 1 < size) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		size_t n = close ? (size_t)(close - p - 1) : 0;

		if (close && ((n == 6 && !memcmp(p + 1, "engine", 6)) || is_slot(p + 1, n))) {
			whole = fill_one(among, p + 1, n, out, size, &at) && whole;
			p = close + 1;
			continue;
		}
		out[at++] = *p++;
		out[at] = '\0';
	}
	if (at >= size)
		out[size - 1] = '\0';
	return whole;
}

bool engine_fill(enum engine e, const char *tmpl, char *out, size_t size)
{
	unsigned every = ((1u << ENGINE_COUNT) - 1) & ~1u;

	return engine_fill_among(engine_info(e) ? 1u << e : every, tmpl, out, size);
}
