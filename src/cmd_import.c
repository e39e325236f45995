/* cmd_import: zplan import lsblk: a host's disks, from lsblk's JSON, as a
 * model skeleton on standard output. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/import.h"
#include "zplan/units.h"

static int exec_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "controller", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	static char buf[1 << 16];
	const char *ctrl = "host1", *why;
	int c, status;

	if (argc < 2 || argv[1][0] == '-')
		return zp_usage_error(&zp_cmd_import, "name what to import "
		    "from: lsblk");
	if (strcmp(argv[1], "lsblk") != 0)
		return zp_usage_error(&zp_cmd_import, "cannot import from "
		    "\"%s\"; lsblk is the one source known", argv[1]);
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		if (c != 'c')
			return zp_usage_error(&zp_cmd_import, "unknown option "
			    "%s", argv[optind - 1]);
		if (!zp_id_valid(optarg, &why))
			return zp_usage_error(&zp_cmd_import, "--controller "
			    "\"%s\": %s", optarg, why);
		ctrl = optarg;
	}
	if (argc - optind != 1)
		return zp_usage_error(&zp_cmd_import, "name one FILE of lsblk "
		    "output (or - for standard input)");
	/* nothing goes out before the whole input has been read */
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	status = zp_import_lsblk(argv[optind], ctrl, stdout, stderr);
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
