/* cmd_report: zplan report: the model as one self-contained HTML page
 * (src/report.c), on stdout or into a file written whole. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/load.h"
#include "zplan/report.h"

static int write_page(void *in, FILE *f)
{
	return zp_report_html(in, f);
}

static int exec_report(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ NULL, 'o', true, 'o' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	static char obuf[1 << 16];
	const char *out = NULL, *file;
	struct zp_report_in in;
	struct zp_diags d;
	struct zp_model *m;
	struct zp_args a;
	char *buf = NULL;
	size_t len = 0;
	int c, status = 0;

	zp_args_init(&a, &zp_cmd_report, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		out = a.arg;
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	if (out && !*out)
		return zp_usage_error(&zp_cmd_report, "-o needs a file name");
	file = a.operand[0];
	zp_diags_init(&d, file);
	/* the bytes are kept: findings show the lines they point at */
	if (zp_read_input(file, &d, &buf, &len) ||
	    !(m = zp_cmd_load_buf(file, buf, len, &d, &a.policy, &status))) {
		zp_diags_finish(&d, NULL);
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan report: the model cannot be read; "
		    "nothing written\n");
		zp_diags_release(&d);
		free(buf);
		return 2;
	}
	in.m = m;
	in.d = &d;
	in.src = buf;
	in.len = len;
	if (out && strcmp(out, "-") != 0)
		status = zp_write_whole(&zp_cmd_report, out, write_page, &in);
	else {
		setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
		errno = 0;
		if (zp_report_html(&in, stdout)) {
			fprintf(stderr, "zplan report: cannot write the report: "
			    "%s\n", strerror(errno ? errno : EIO));
			status = 2;
		}
	}
	zp_model_free(m);
	zp_diags_release(&d);
	free(buf);
	return status;
}

const struct zp_cmd zp_cmd_report = {
	"report", "[-o FILE.html] [--policy KEY=VALUE]... [--disable RULE]... "
	"FILE",
	"one self-contained HTML page: hosts, findings with their model "
	"lines, capacity, the diagram, mounts per port and client, scripts",
	exec_report
};
