/* output: owns how zplan writes what it writes (cli.md): standard output
 * checked for write errors, a file of -o written whole or not at all, and
 * a directory of -o DIR that holds the complete old set of files or the
 * complete new one, whatever happens. -o writes regular files only: it
 * refuses to replace a device, a FIFO, a directory or a symbolic link. */
#ifndef ZPLAN_OUTPUT_H
#define ZPLAN_OUTPUT_H

#include <stdio.h>
#include <sys/types.h>

/* Before a command runs: a closed pipe is a write error (EPIPE) to report,
 * not a silent death by SIGPIPE. */
void zp_out_init(void);
/* After a command ran: flushes standard output; on a write error (a full
 * disk, a closed pipe, /dev/full, a closed descriptor) says so on stderr,
 * "zplan CMD: cannot write to standard output: ..." (cmd may be ""),
 * and returns 2; else rc. */
int zp_out_finish(const char *cmd, int rc);

/* One file of -o PATH, written under a temporary name beside it and
 * renamed onto PATH when whole. */
struct zp_outfile {
	const char *cmd, *path;
	char *tmp;
	FILE *f;
};
/* Opens o for path; NULL (and a message naming cmd) when path is not a
 * regular file or absent, or no temporary can be made beside it. */
FILE *zp_outfile_open(struct zp_outfile *o, const char *cmd,
    const char *path, mode_t mode);
/* Closes o's file and renames it onto its path, or, on a write error
 * (failed already, or now), removes it. 0, or 2 with a message. */
int zp_outfile_commit(struct zp_outfile *o, int failed);

/* A set of files for -o DIR: written into a new directory beside DIR,
 * which is then swapped with DIR in one rename. */
struct zp_outdir;
/* NULL (and a message) when DIR is not a directory or absent, or the
 * directory beside it cannot be made. */
struct zp_outdir *zp_outdir_begin(const char *cmd, const char *dir);
/* A new file NAME (mode) of the set, open for writing; NULL with a
 * message. zp_outdir_done closes it. */
FILE *zp_outdir_file(struct zp_outdir *d, const char *name, mode_t mode);
/* Closes f; -1 (and a message) on a write error, or when failed (the
 * errno of a write that failed already, which the message gives). */
int zp_outdir_done(struct zp_outdir *d, FILE *f, int failed);
/* Puts the set in place: DIR's files the set does not write are kept,
 * every file reaches the disk, then the new directory takes DIR's place
 * and the old one is removed. 0, or -1 with a message, DIR unchanged. On
 * failure, and on success, nothing temporary is left; d is freed. */
int zp_outdir_commit(struct zp_outdir *d);
/* Drops the set: DIR unchanged, nothing left; d is freed. */
void zp_outdir_abort(struct zp_outdir *d);

#endif
