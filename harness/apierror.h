/* SPDX-License-Identifier: Apache-2.0 */
/* apierror — reading the error bodies engines send.
 *
 * Understands the nested OpenAI/vLLM shape {"error":{"message",...}}, the
 * flat {"object":"error","message",...} of SGLang, TensorRT-LLM and old
 * vLLM (LMDeploy's writes "message" first and "object" last), TGI's
 * {"error":"...","error_type":...}, {"error":"Name","message":"..."} (both
 * kept), FastAPI's {"detail":"..." or [{"msg":...}]} and plain text, and
 * pulls the context
 * limit and the requested size out of every context-overflow wording in
 * protocol.md §3.2 (vLLM A–E, SGLang, llama.cpp, TGI, OpenAI). Never prints. */
#ifndef PREFLIGHT_APIERROR_H
#define PREFLIGHT_APIERROR_H

#include <stdbool.h>
#include <stddef.h>

/* The envelope an error came in: which engines write it (protocol.md §3.1). */
enum error_shape {
	ERROR_SHAPE_OTHER = 0, /* plain text, or a shape many write */
	ERROR_SHAPE_NESTED,    /* {"error":{"message",...}}: OpenAI, vLLM, Ollama /v1 */
	ERROR_SHAPE_FLAT, /* {"object":"error","message",...}: SGLang, TensorRT-LLM, vLLM < 0.10.1 */
	ERROR_SHAPE_LMDEPLOY, /* {"message",...,"object":"error"}: flat, its object last */
	ERROR_SHAPE_SGLANG,   /* flat, with a context error in SGLang's own words */
	ERROR_SHAPE_TGI,      /* {"error":"...","error_type":...} */
	ERROR_SHAPE_LLAMACPP, /* exceed_context_size_error with n_prompt_tokens, n_ctx */
};

struct api_error {
	char *message; /* owned; the error text, or a body excerpt */
	char *type;    /* owned; NULL when absent */
	bool context_overflow;
	long ctx_limit;	     /* the endpoint's context length, -1 unknown */
	long ctx_requested;  /* tokens the request needed, -1 unknown */
	bool sglang_wording; /* the context error is in words only SGLang writes */
	bool ctx_at_least;   /* ctx_requested is a lower bound (vLLM counts no further) */
	long ctx_prompt;     /* the prompt alone as the engine counted it, -1 unknown */
	bool json;	     /* the body was a JSON object: an engine's (or server's) error */
	enum error_shape shape;
};

/* Reads body (not NUL-terminated, any bytes). Always fills err_out, which
 * must be released; returns 0. */
int apierror_parse(const char *body, size_t len, struct api_error *out);
void apierror_release(struct api_error *e);

#endif
