/* apierror — reading the error bodies engines send.
 *
 * Understands the nested OpenAI/vLLM shape {"error":{"message",...}}, the
 * flat {"object":"error","message",...} of SGLang and old vLLM, TGI's
 * {"error":"...","error_type":...}, {"error":"Name","message":"..."} (both
 * kept), FastAPI's {"detail":"..." or [{"msg":...}]} and plain text, and
 * pulls the context
 * limit and the requested size out of every context-overflow wording in
 * protocol.md §3.2 (vLLM A–E, SGLang, llama.cpp, TGI, OpenAI). Never prints. */
#ifndef PREFLIGHT_APIERROR_H
#define PREFLIGHT_APIERROR_H

#include <stdbool.h>
#include <stddef.h>

struct api_error {
	char *message; /* owned; the error text, or a body excerpt */
	char *type;    /* owned; NULL when absent */
	bool context_overflow;
	long ctx_limit;	    /* the endpoint's context length, -1 unknown */
	long ctx_requested; /* tokens the request needed, -1 unknown */
	bool ctx_at_least;  /* ctx_requested is a lower bound (vLLM counts no further) */
	long ctx_prompt;    /* the prompt alone as the engine counted it, -1 unknown */
	bool json;	    /* the body was a JSON object: an engine's (or server's) error */
};

/* Reads body (not NUL-terminated, any bytes). Always fills err_out, which
 * must be released; returns 0. */
int apierror_parse(const char *body, size_t len, struct api_error *out);
void apierror_release(struct api_error *e);

#endif
