/* engine — which serving engine answers, and remedies in its own flags.
 *
 * The engine is read from what the endpoint shows of itself: the owner of
 * its /v1/models entries, llama.cpp's /props, vLLM's /version, the
 * system_fingerprint of its answers, the shape of its error bodies, and
 * last the recipe's declared engine. A remedy names that engine's flags
 * (vLLM, SGLang, llama.cpp, Ollama, TGI); an unknown engine gets the
 * cause's generic wording, which names them all. Tables only: adding an
 * engine or a remedy is adding a row. Never prints. */
#ifndef PREFLIGHT_ENGINE_H
#define PREFLIGHT_ENGINE_H

#include "apierror.h"
#include "diagnose.h"

enum engine {
	ENGINE_UNKNOWN = 0,
	ENGINE_VLLM,
	ENGINE_SGLANG,
	ENGINE_LLAMACPP,
	ENGINE_OLLAMA,
	ENGINE_TGI,
	ENGINE_COUNT
};

/* "vLLM", "SGLang", "llama.cpp", "Ollama", "TGI"; NULL when unknown. */
const char *engine_name(enum engine e);
/* A name as users write it ("vllm", "vLLM", "llama.cpp", "llamacpp",
 * "sglang", "ollama", "tgi", "text-generation-inference"), or UNKNOWN. */
enum engine engine_named(const char *name);
/* The engine an owned_by of /v1/models names (vllm, sglang, llamacpp,
 * library for Ollama), or UNKNOWN. */
enum engine engine_from_owner(const char *owned_by);
/* The engine a system_fingerprint names: vllm-<version>-<hash>,
 * b<build>-<commit> (llama.cpp), fp_ollama, <x.y.z>-<label> (TGI). */
enum engine engine_from_fingerprint(const char *fp);
/* The engine an error envelope points to (apierror.h): the flat one is
 * SGLang's, TGI's and llama.cpp's context error their own; UNKNOWN for the
 * nested one that many engines share. */
enum engine engine_from_error_shape(enum error_shape shape);
/* The remedy for cause c on engine e, in e's flags; NULL when the cause's
 * generic remedy (cause_remedy) is all there is. Static storage. */
const char *engine_remedy(enum engine e, enum cause c);

#endif
