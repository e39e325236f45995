/* libFuzzer harness: `zplan diff`: the input is a model (YAML), a NUL
 * byte, then a `zpool status -j` document; a model that loads without
 * errors is compared with the status, findings printed in every format.
 * Both go through files, as a user's do. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/diag.h"
#include "zplan/diff.h"
#include "zplan/zstatus.h"

static void put(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char mpath[64], spath[64];
	const uint8_t *nul = memchr(data, 0, size);
	size_t mlen = nul ? (size_t)(nul - data) : size;
	struct zp_diags md, d;
	struct zp_model *m;
	struct zs_status st;
	char why[1024];
	FILE *null;
	int status;

	if (!mpath[0]) {
		snprintf(mpath, sizeof(mpath), "/tmp/zplan-fuzz-dm-%ld.yaml",
		    (long)getpid());
		snprintf(spath, sizeof(spath), "/tmp/zplan-fuzz-ds-%ld.json",
		    (long)getpid());
	}
	put(mpath, data, mlen);
	put(spath, nul ? nul + 1 : data + size,
	    nul ? size - mlen - 1 : 0);
	zp_diags_init(&md, mpath);
	m = zp_cmd_load(mpath, &md, NULL, &status);
	status = !m || md.errors;
	zp_diags_release(&md);
	if (status) {
		zp_model_free(m);
		return 0;
	}
	null = fopen("/dev/null", "w");
	if (!null)
		abort();
	if (zs_read(&st, spath, why, sizeof(why)) == 0) {
		zp_diags_init(&d, mpath);
		zp_diff(m, &st, NULL, &d);
		zp_diags_finish(&d, &m->policy);
		zp_diags_print(&d, ZP_FMT_TEXT, null);
		zp_diags_print(&d, ZP_FMT_JSON, null);
		zp_diags_print(&d, ZP_FMT_SARIF, null);
		zp_diags_release(&d);
	}
	zs_release(&st);
	fclose(null);
	zp_model_free(m);
	return 0;
}
