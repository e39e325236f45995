/* libFuzzer harness: the loader (YAML, or JSON when FUZZ_JSON is defined)
 * and everything a check does after it: link, mount list, every rule,
 * sorting and printing the findings. Input goes through a file, as a
 * user's does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "zplan/diag.h"
#include "zplan/load.h"
#include "zplan/poolcap.h"
#include "zplan/rule.h"

#ifdef FUZZ_JSON
#define SUFFIX ".json"
#else
#define SUFFIX ".yaml"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct zp_diags d;
	struct zp_model *m;
	FILE *f, *null;
	int status;

	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/zplan-fuzz-%ld" SUFFIX,
		    (long)getpid());
	f = fopen(path, "wb");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	zp_diags_init(&d, path);
	m = zp_load(path, &d, &status);
	if (m) {
		size_t i;

		zp_rules_run(m, &d);
		for (i = 0; i < m->pools.len; i++) {
			struct zp_pool_cap pc;
			const char *why;

			zp_pool_capacity(m, ZP_POOL(m, i), &pc, &why);
		}
	}
	zp_diags_finish(&d, m ? &m->policy : NULL);
	null = fopen("/dev/null", "w");
	zp_diags_print(&d, ZP_FMT_SARIF, null);
	zp_diags_print(&d, ZP_FMT_TEXT, null);
	fclose(null);
	zp_model_free(m);
	zp_diags_release(&d);
	return 0;
}
