/* cmd_diagram: zplan diagram: the model as an SVG picture (enclosure slot
 * grids coloured by pool, and the network), on stdout or into a file. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/diagram.h"

static int draw(void *m, FILE *f)
{
	return zp_diagram_svg(m, f);
}

static int exec_diagram(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ NULL, 'o', true, 'o' },
		ZP_OPTS_END
	};
	static char buf[1 << 16];
	const char *out = NULL;
	struct zp_diags d;
	struct zp_model *m;
	struct zp_args a;
	int c, status;

	zp_args_init(&a, &zp_cmd_diagram, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		out = a.arg;
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	if (out && !*out)
		return zp_usage_error(&zp_cmd_diagram, "-o needs a file name");
	zp_diags_init(&d, a.operand[0]);
	m = zp_cmd_load(a.operand[0], &d, NULL, &status);
	if (!m || zp_diags_failed(&d, false)) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan diagram: %s; nothing drawn\n", m ?
		    "the model has errors" : "the model cannot be read");
		zp_model_free(m);
		zp_diags_release(&d);
		return status ? status : 1;
	}
	if (out && strcmp(out, "-") != 0)
		status = zp_write_whole(&zp_cmd_diagram, out, draw, m);
	else {
		/* nothing has gone to stdout yet: a large buffer for a fleet */
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
		errno = 0;
		if (zp_diagram_svg(m, stdout)) {
			fprintf(stderr, "zplan diagram: cannot write the "
			    "diagram: %s\n", strerror(errno ? errno : EIO));
			status = 2;
		}
	}
	zp_model_free(m);
	zp_diags_release(&d);
	return status;
}

const struct zp_cmd zp_cmd_diagram = {
	"diagram", "[-o OUT.svg] FILE",
	"draw the model as SVG: enclosure slots coloured by pool, and "
	"controllers, switches and clients with mounts per port",
	exec_diagram
};
