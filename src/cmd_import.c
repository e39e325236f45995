/* cmd_import: zplan import lsblk: a host's disks, from lsblk's JSON, as a
 * model skeleton on standard output. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/import.h"
#include "zplan/units.h"

static int exec_import(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "controller", 0, true, 'c' },
		ZP_OPTS_END
	};
	static char buf[1 << 16];
	const char *ctrl = "host1", *why;
	struct zp_args a;
	int c, status;

	zp_args_init(&a, &zp_cmd_import, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0) {
		if (!zp_id_valid(a.arg, &why))
			return zp_usage_error(&zp_cmd_import, "--controller "
			    "\"%s\": %s", a.arg, why);
		ctrl = a.arg;
	}
	if (c < 0)
		return a.status;
	if (a.n < 1)
		return zp_usage_error(&zp_cmd_import, "name what to import "
		    "from: lsblk");
	if (strcmp(a.operand[0], "lsblk") != 0)
		return zp_usage_error(&zp_cmd_import, "cannot import from "
		    "\"%s\"; lsblk is the one source known", a.operand[0]);
	if (a.n != 2)
		return zp_usage_error(&zp_cmd_import, "name one FILE of lsblk "
		    "output (or - for standard input)");
	/* nothing goes out before the whole input has been read */
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	status = zp_import_lsblk(a.operand[1], ctrl, stdout, stderr);
	errno = 0;
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "zplan import: cannot write the model: %s\n",
		    strerror(errno ? errno : EIO));
		return 2;
	}
	return status;
}

const struct zp_cmd zp_cmd_import = {
	"import", "lsblk [--controller ID] FILE",
	"a model skeleton (drive types, free disks by stable names) from `"
	ZP_LSBLK_CMD "` output", exec_import
};
