/* libFuzzer harness: `zplan diagram`: the loader and the pipeline as
 * zp_cmd_load runs it, then the SVG of a model without errors, written to
 * memory, which must come out as one complete document. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/diag.h"
#include "zplan/diagram.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	struct zp_diags d;
	struct zp_model *m;
	FILE *f;
	int status;

	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/zplan-fuzz-diagram-%ld.yaml",
		    (long)getpid());
	f = fopen(path, "wb");
	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	zp_diags_init(&d, path);
	m = zp_cmd_load(path, &d, NULL, &status);
	if (m && !zp_diags_failed(&d, false)) {
		char *svg = NULL;
		size_t len = 0;
		FILE *o = open_memstream(&svg, &len);

		if (!o || zp_diagram_svg(m, o))
			abort();
		fclose(o);
		if (len < 7 || memcmp(svg + len - 7, "</svg>\n", 7) != 0)
			abort();
		free(svg);
	}
	zp_model_free(m);
	zp_diags_release(&d);
	return 0;
}
