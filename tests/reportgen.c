/* SPDX-License-Identifier: Apache-2.0 */
/* reportgen — large reports from a small one; see reportgen.h. */
#include "reportgen.h"

#include <stdbool.h>
#include <stdio.h>

char *reportgen_grown(const cJSON *run, int n, int fail)
{
	const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(run, "probes"), 0);
	cJSON *r, *probes;
	char *text, id[16];
	int i;

	if (!first || !(r = cJSON_Duplicate(run, true)))
		return NULL;
	probes = cJSON_CreateArray();
	for (i = 0; probes && i < n; i++) {
		cJSON *p = cJSON_Duplicate(first, true);

		snprintf(id, sizeof(id), "p%05d", i);
		cJSON_ReplaceItemInObject(p, "id", cJSON_CreateString(id));
		if (i == fail)
			cJSON_ReplaceItemInObject(p, "verdict", cJSON_CreateString("fail"));
		cJSON_AddItemToArray(probes, p);
	}
	cJSON_ReplaceItemInObject(r, "probes", probes);
	text = cJSON_PrintUnformatted(r);
	cJSON_Delete(r);
	return text;
}
