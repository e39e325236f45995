/* libFuzzer harness: `zplan import lsblk` over any input, then its
 * promise: whatever it writes (exit 0) loads in the loader with no syntax
 * or schema error. Input goes through a file, as a user's does; the
 * model goes to memory. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/diag.h"
#include "zplan/import.h"
#include "zplan/rule.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct zp_diags d;
	struct zp_model *m;
	char *out = NULL;
	size_t len = 0, i;
	FILE *f, *o, *null;
	int status, rc;

	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/zplan-fuzz-lsblk-%ld.json",
		    (long)getpid());
	f = fopen(path, "wb");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	o = open_memstream(&out, &len);
	null = fopen("/dev/null", "w");
	if (!o || !null)
		abort();
	rc = zp_import_lsblk(path, "host1", o, null);
	fclose(o);
	if (rc == 0) {
		zp_diags_init(&d, "import.yaml");
		m = zp_cmd_load_buf("import.yaml", out, len, &d, NULL,
		    &status);
		for (i = 0; i < d.v.len; i++) {
			const struct zp_diag *g = ZP_VEC_AT(&d.v,
			    struct zp_diag, i);

			if (g->rule == ZR_SYNTAX || g->rule == ZR_SCHEMA) {
				fprintf(stderr, "import wrote a model that "
				    "does not load: %u:%u: %s\n---\n%.*s\n",
				    g->loc.line, g->loc.col, g->msg,
				    (int)len, out);
				abort();
			}
		}
		if (!m)
			abort();
		zp_model_free(m);
		zp_diags_release(&d);
	}
	fclose(null);
	free(out);
	return 0;
}
