/* libFuzzer harness: the loader (YAML, or JSON when FUZZ_JSON is defined)
 * and the whole pipeline after it, as the commands run it: link, mount
 * list, planning, every rule, findings printed; then for a model without
 * errors, capacity, the explicit plan (YAML and JSON) and every host's
 * script, written to memory. Input goes through a file, as a user's
 * does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/diag.h"
#include "zplan/emit.h"
#include "zplan/poolcap.h"
#include "zplan/script.h"

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
	m = zp_cmd_load(path, &d, NULL, &status);
	null = fopen("/dev/null", "w");
	zp_diags_print(&d, ZP_FMT_SARIF, null);
	zp_diags_print(&d, ZP_FMT_TEXT, null);
	if (m && !zp_diags_failed(&d, false)) {
		struct zp_script_opts o = { path, "0", ZP_ONLY_ALL, false };
		struct zp_script_plan *sp;
		const struct zp_host *hosts;
		size_t i, n;

		for (i = 0; i < m->pools.len; i++) {
			struct zp_pool_cap pc;
			const char *why;

			zp_pool_capacity(m, ZP_POOL(m, i), &pc, &why);
		}
		zp_emit(m, ZP_EMIT_YAML, null);
		zp_emit(m, ZP_EMIT_JSON, null);
		sp = zp_script_plan_new(m);
		n = zp_script_hosts(sp, &hosts);
		for (i = 0; i < n; i++)
			zp_script_host(null, sp, &hosts[i], &o);
		zp_script_vdev_id(null, sp, &o);
		zp_script_plan_free(sp);
	}
	fclose(null);
	zp_model_free(m);
	zp_diags_release(&d);
	return 0;
}
