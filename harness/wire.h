/* SPDX-License-Identifier: Apache-2.0 */
/* wire — the shape of a chat completion as a strict OpenAI client reads it.
 *
 * reply.h reads what an answer says; this module reads how it is put:
 * how many choices, the logprobs structure, and for a stream the order of
 * its chunks (the role in the first delta, the finish reason on the last
 * choice chunk, where usage comes, [DONE], what the first fragment of each
 * tool call carries). The conformance checks judge these facts. cJSON
 * stays inside. Never prints. */
#ifndef PREFLIGHT_WIRE_H
#define PREFLIGHT_WIRE_H

#include <stdbool.h>
#include <stddef.h>

/* where a stream's usage came */
enum wire_usage {
	WIRE_USAGE_NONE = 0,
	WIRE_USAGE_ALONE,	 /* on a chunk with "choices": [], as OpenAI sends it */
	WIRE_USAGE_WITH_CHOICES, /* only on chunks that also carry a choice */
};

struct wire_facts {
	int choices;		/* whole: the choices; stream: distinct choice indexes */
	int logprobs;		/* entries of choices[0].logprobs.content, -1: null or absent */
	int top_min, top_max;	/* shortest and longest top_logprobs list, -1: none */
	char logprobs_bad[160]; /* how the logprobs depart from OpenAI's shape, "" */
	char args_bad[160];	/* whole: a call whose arguments are not a string, "" */
	/* a stream */
	size_t chunks;		  /* chunk objects read */
	bool role_first;	  /* the first choice's first delta said role "assistant" */
	char first_delta[80];	  /* that delta's keys, for evidence */
	char finish_last[24];	  /* finish_reason of the last chunk with a choice, "" */
	bool finish_seen;	  /* some chunk carried a finish_reason */
	enum wire_usage usage;	  /* where usage came */
	bool done;		  /* data: [DONE] arrived */
	bool after_done;	  /* and an event followed it */
	int tool_fragments;	  /* tool-call fragments seen */
	char tool_first_bad[160]; /* what the first fragment of a call lacked, "" */
	char tool_later_bad[160]; /* what a later fragment of a call got wrong, "" */
};

/* Reads body (a whole completion, or an SSE stream when stream) into f.
 * Returns 0, or -1 with the reason in err when it could not be read; f
 * holds what was read either way. */
int wire_read(const char *body, size_t len, bool stream, struct wire_facts *f, char *err,
	      size_t errlen);

#endif
