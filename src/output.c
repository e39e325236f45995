/* output: standard output checked, a file of -o whole or not at all, and
 * a directory of -o DIR swapped in whole (see zplan/output.h). */
#define _GNU_SOURCE
#include "zplan/output.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zplan/arena.h"

void zp_out_init(void)
{
	signal(SIGPIPE, SIG_IGN);
}

int zp_out_finish(const char *cmd, int rc)
{
	int err;

	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	err = errno ? errno : EIO;
	/* a command that failed already has said why */
	if (rc != 2)
		fprintf(stderr, "zplan%s%s: cannot write to standard output: "
		    "%s; the output is incomplete\n", *cmd ? " " : "", cmd,
		    strerror(err));
	return 2;
}

/* What a directory entry is, for a refusal; NULL for a regular file. */
static const char *not_regular(mode_t m)
{
	if (S_ISREG(m))
		return NULL;
	if (S_ISLNK(m))
		return "a symbolic link";
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	return "not a regular file";
}

/* The directory of path and its last component, malloc'd. */
static void split_path(const char *path, char **dir, char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		*dir = zp_xstrdup(".");
		*base = zp_xstrdup(path);
		return;
	}
	*dir = zp_xmalloc((size_t)(slash - path) + 2);
	memcpy(*dir, path, (size_t)(slash - path));
	(*dir)[slash - path] = '\0';
	if (slash == path)
		strcpy(*dir, "/");
	*base = zp_xstrdup(slash + 1);
}

/* "DIR/.BASE.zplan-XXXXXX", malloc'd: a temporary beside path. */
static char *beside(const char *path)
{
	char *dir, *base, *t;

	split_path(path, &dir, &base);
	t = zp_xmalloc(strlen(dir) + strlen(base) + 16);
	sprintf(t, "%s/.%s.zplan-XXXXXX", dir, base);
	free(dir);
	free(base);
	return t;
}

static mode_t umasked(mode_t mode)
{
	mode_t mask = umask(0);

	umask(mask);
	return mode & ~mask;
}

/* ---- one file ---- */

FILE *zp_outfile_open(struct zp_outfile *o, const char *cmd,
    const char *path, mode_t mode)
{
	struct stat st;
	const char *what;
	int fd;

	memset(o, 0, sizeof(*o));
	o->cmd = cmd;
	o->path = path;
	if (lstat(path, &st) == 0 && (what = not_regular(st.st_mode))) {
		fprintf(stderr, "zplan %s: %s is %s; -o writes regular files "
		    "only (-o - for standard output); nothing written\n", cmd,
		    path, what);
		return NULL;
	}
	o->tmp = beside(path);
	if ((fd = mkstemp(o->tmp)) < 0 || fchmod(fd, umasked(mode)) ||
	    !(o->f = fdopen(fd, "w"))) {
		fprintf(stderr, "zplan %s: cannot write %s: %s; nothing "
		    "written\n", cmd, path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		free(o->tmp);
		o->tmp = NULL;
		return NULL;
	}
	return o->f;
}

int zp_outfile_commit(struct zp_outfile *o, int failed)
{
	struct stat st;
	const char *what = NULL;
	int err = 0;

	errno = 0;
	if (failed || fflush(o->f) || ferror(o->f) || fsync(fileno(o->f)))
		err = errno ? errno : EIO;
	if (fclose(o->f) && !err)
		err = errno ? errno : EIO;
	/* what is there now, not what was when the file was opened */
	if (!err && lstat(o->path, &st) == 0)
		what = not_regular(st.st_mode);
	if (!err && !what && rename(o->tmp, o->path))
		err = errno;
	if (err || what) {
		unlink(o->tmp);
		if (what)
			fprintf(stderr, "zplan %s: %s is %s now; -o writes "
			    "regular files only; nothing written\n", o->cmd,
			    o->path, what);
		else
			fprintf(stderr, "zplan %s: cannot write %s: %s; nothing "
			    "written\n", o->cmd, o->path, strerror(err));
	}
	free(o->tmp);
	o->tmp = NULL;
	return err || what ? 2 : 0;
}

/* ---- a directory ---- */

/* Every new file reaches the disk before the set is swapped in. On Linux
 * one syncfs() of the new directory's filesystem does that for all of
 * them: a fleet writes thousands of scripts, and an fsync each took 0.14
 * ms, plus the wait, per file. Elsewhere each file is fsync'd. */
#ifdef __linux__
#define SYNC_ONCE 1
#else
#define SYNC_ONCE 0
#endif

struct zp_outdir {
	const char *cmd;
	char *dir, *tmp;    /* DIR as given (no trailing /), the new set */
	int tfd;            /* tmp, open */
	bool exists;
	char **names;       /* of the new set */
	size_t n, cap;
};

static void say(const struct zp_outdir *d, const char *fmt, const char *a,
    int err)
{
	fprintf(stderr, "zplan %s: ", d->cmd);
	fprintf(stderr, fmt, a);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	fputs("; nothing written\n", stderr);
}

struct zp_outdir *zp_outdir_begin(const char *cmd, const char *dir)
{
	struct zp_outdir *d = zp_xcalloc(1, sizeof(*d));
	size_t len = strlen(dir);
	struct stat st;
	const char *what;

	d->cmd = cmd;
	d->tfd = -1;
	while (len > 1 && dir[len - 1] == '/')
		len--;
	d->dir = zp_xmalloc(len + 1);
	memcpy(d->dir, dir, len);
	d->dir[len] = '\0';
	if (lstat(d->dir, &st) == 0) {
		if (S_ISLNK(st.st_mode) || !S_ISDIR(st.st_mode)) {
			what = not_regular(st.st_mode);
			fprintf(stderr, "zplan %s: %s is %s; name a directory "
			    "for -o (itself, not a link to it); nothing "
			    "written\n", cmd, d->dir, what ? what :
			    "a regular file");
			goto fail;
		}
		d->exists = true;
	} else if (errno != ENOENT) {
		say(d, "cannot use %s", d->dir, errno);
		goto fail;
	}
	d->tmp = beside(d->dir);
	if (!mkdtemp(d->tmp)) {
		say(d, "cannot create %s", d->dir, errno);
		free(d->tmp);
		d->tmp = NULL;
		goto fail;
	}
	/* the new directory as the old one was, or as mkdir would make it */
	if (d->exists) {
		if (chown(d->tmp, st.st_uid, st.st_gid))
			errno = 0;      /* not root: it is the caller's */
		chmod(d->tmp, st.st_mode & 07777);
	} else {
		chmod(d->tmp, umasked(0755));
	}
	if ((d->tfd = open(d->tmp, O_RDONLY | O_DIRECTORY)) < 0) {
		say(d, "cannot create %s", d->dir, errno);
		goto fail;
	}
	return d;
fail:
	zp_outdir_abort(d);
	return NULL;
}

FILE *zp_outdir_file(struct zp_outdir *d, const char *name, mode_t mode)
{
	FILE *f;
	int fd;

	fd = openat(d->tfd, name, O_WRONLY | O_CREAT | O_EXCL, mode);
	if (fd < 0 || fchmod(fd, umasked(mode)) || !(f = fdopen(fd, "w"))) {
		fprintf(stderr, "zplan %s: cannot write %s/%s: %s; nothing "
		    "written\n", d->cmd, d->dir, name, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlinkat(d->tfd, name, 0);
		}
		return NULL;
	}
	if (d->n == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->names = zp_xrealloc(d->names, d->cap * sizeof(char *));
	}
	d->names[d->n++] = zp_xstrdup(name);
	return f;
}

int zp_outdir_done(struct zp_outdir *d, FILE *f, int failed)
{
	int err = failed;

	errno = 0;
	if (!err && (fflush(f) || ferror(f) ||
	    (!SYNC_ONCE && fsync(fileno(f)))))
		err = errno ? errno : EIO;
	if (fclose(f) && !err)
		err = errno ? errno : EIO;
	if (err)
		fprintf(stderr, "zplan %s: cannot write in %s: %s; nothing "
		    "written\n", d->cmd, d->dir, strerror(err));
	return err ? -1 : 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* DIR's entries the new set does not write, hard-linked into it (they
 * are not zplan's to drop); an entry it does write must be a regular
 * file. -1 with a message. */
static int carry_over(struct zp_outdir *d)
{
	DIR *dp;
	struct dirent *e;
	int rc = 0, ofd;

	if (!d->exists)
		return 0;
	qsort(d->names, d->n, sizeof(char *), cmp_str);
	if (!(dp = opendir(d->dir))) {
		say(d, "cannot read %s", d->dir, errno);
		return -1;
	}
	ofd = dirfd(dp);
	while (!rc && (e = readdir(dp))) {
		const char *name = e->d_name, *what;
		struct stat st;
		bool ours;

		if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
			continue;
		if (fstatat(ofd, name, &st, AT_SYMLINK_NOFOLLOW)) {
			say(d, "cannot read %s", d->dir, errno);
			rc = -1;
			break;
		}
		ours = bsearch(&name, d->names, d->n, sizeof(char *),
		    cmp_str) != NULL;
		what = not_regular(st.st_mode);
		if ((ours && what) || S_ISDIR(st.st_mode)) {
			fprintf(stderr, "zplan %s: %s/%s is %s; %s: move it "
			    "away; nothing written\n", d->cmd, d->dir, name,
			    what, ours ? "-o replaces regular files only" :
			    "-o DIR is replaced whole, and must hold no "
			    "directory");
			rc = -1;
		} else if (!ours && linkat(ofd, name, d->tfd, name, 0)) {
			fprintf(stderr, "zplan %s: cannot keep %s/%s in the new "
			    "set: %s; nothing written\n", d->cmd, d->dir, name,
			    strerror(errno));
			rc = -1;
		}
	}
	closedir(dp);
	return rc;
}

/* Empties and removes directory path (open as fd, closed here): its
 * entries are regular files, links to them and symbolic links. */
static int remove_dir(const char *path, int fd)
{
	DIR *dp = fdopendir(fd);
	struct dirent *e;
	int rc = 0;

	if (!dp) {
		close(fd);
		return -1;
	}
	while ((e = readdir(dp)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    unlinkat(dirfd(dp), e->d_name, 0))
			rc = -1;
	closedir(dp);
	return rmdir(path) ? -1 : rc;
}

/* Swaps the new set in: one rename that exchanges the two directories
 * where the filesystem can (renameat2), else DIR moved aside and the new
 * one renamed in its place. Afterwards d->tmp names the old set. */
static int swap_in(struct zp_outdir *d)
{
	char *old;
	int err;

	if (!d->exists)
		return rename(d->tmp, d->dir);
#ifdef RENAME_EXCHANGE
	if (renameat2(AT_FDCWD, d->tmp, AT_FDCWD, d->dir, RENAME_EXCHANGE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
		return -1;
#endif
	old = beside(d->dir);
	if (!mkdtemp(old) || rmdir(old) || rename(d->dir, old)) {
		err = errno;
		free(old);
		errno = err;
		return -1;
	}
	if (rename(d->tmp, d->dir)) {
		err = errno;
		rename(old, d->dir);
		free(old);
		errno = err;
		return -1;
	}
	free(d->tmp);
	d->tmp = old;
	return 0;
}

int zp_outdir_commit(struct zp_outdir *d)
{
	char *parent, *base;
	int fd;

	if (carry_over(d))
		goto fail;
	if (SYNC_ONCE && syncfs(d->tfd)) {
		say(d, "cannot write in %s", d->dir, errno);
		goto fail;
	}
	if (!SYNC_ONCE && fsync(d->tfd)) {
		say(d, "cannot write in %s", d->dir, errno);
		goto fail;
	}
	if (swap_in(d)) {
		say(d, "cannot put the new files in place in %s", d->dir,
		    errno);
		goto fail;
	}
	close(d->tfd);
	d->tfd = -1;
	/* the rename itself made durable */
	split_path(d->dir, &parent, &base);
	if ((fd = open(parent, O_RDONLY | O_DIRECTORY)) >= 0) {
		if (fsync(fd))
			errno = 0;
		close(fd);
	}
	free(parent);
	free(base);
	if (d->exists && ((fd = open(d->tmp, O_RDONLY | O_DIRECTORY)) < 0 ||
	    remove_dir(d->tmp, fd)))
		fprintf(stderr, "zplan %s: the new files are in %s, but the old "
		    "ones could not all be removed from %s\n", d->cmd, d->dir,
		    d->tmp);
	free(d->tmp);
	d->tmp = NULL;
	zp_outdir_abort(d);
	return 0;
fail:
	zp_outdir_abort(d);
	return -1;
}

void zp_outdir_abort(struct zp_outdir *d)
{
	size_t i;

	if (!d)
		return;
	if (d->tmp && d->tfd >= 0)
		remove_dir(d->tmp, d->tfd);
	else if (d->tmp)
		rmdir(d->tmp);
	for (i = 0; i < d->n; i++)
		free(d->names[i]);
	free(d->names);
	free(d->tmp);
	free(d->dir);
	free(d);
}
