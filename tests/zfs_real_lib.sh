# tests/zfs_real_lib.sh: sourced (after lib.sh) by the suites that run
# zplan's scripts against a real ZFS: zfs-fuse (Debian's zfs-fuse, the
# Solaris-era code of pool version 23 that `platform: legacy` models) in
# user space, on loop devices over sparse files in $TMP.
#
#   zr_start            checks what the suite needs (fails, or skips the
#                       whole suite under ZPLAN_TEST_NO_ZFS=1), takes the
#                       machine's lock, starts the suite's own daemon, and
#                       sets the teardown trap
#   zr_disk ID [MIB]    a sparse file and its loop device; $ZR/by-vdev/ID a
#                       symbolic link to it (what the model's dev names)
#   zr_model FILE       FILE with @DEV@ set to $ZR/by-vdev and @MNT@ to a
#                       mount directory under $ZR
#   zr_pools            the pools on the suite's own devices, one a line
#   zr_datasets         every dataset, one a line
#   zr_run SCRIPT [ARG] runs SCRIPT with sh: stdout in $TMP/rout, stderr
#                       in $TMP/rerr, exit status in $rc
#
# The teardown (on any exit, a failure or a signal) destroys only pools
# whose every device is one of the suite's loop devices, detaches those,
# stops the daemon by its PID, and removes $TMP.
ZR=$TMP/zr
ZR_PID=
ZR_LOOPS=
ZR_LOCK=/run/lock/zplan-tests-zfs-fuse.lock

zr_need() {
	if [ "${ZPLAN_TEST_NO_ZFS:-0}" = 1 ]; then
		echo "$SUITE: skipped (ZPLAN_TEST_NO_ZFS=1): $*"
		finish
		exit 0
	fi
	bad "$*; install zfs-fuse (make deps) and run as root where" \
	    "/dev/fuse and loop devices exist, or set ZPLAN_TEST_NO_ZFS=1 to" \
	    "skip this suite"
	finish
	exit 1
}

# the suite's own loop devices, one a line
zr_loops() {
	printf '%s' "$ZR_LOOPS" | tr ' ' '\n' | grep . || :
}

# zr_ours POOL: whether every device of POOL is one of the suite's own
zr_ours() {
	zpool status -- "$1" 2>/dev/null | awk -v zr="$ZR/by-vdev/" \
	    -v loops=" $ZR_LOOPS " '
	/^config:/ { c = 1; next }
	/^errors:/ { c = 0 }
	c && /^\t/ {
		n = $1
		if (n ~ /^\// || n ~ /^loop[0-9]+$/) {
			leaves++
			if (n ~ /^loop/)
				n = "/dev/" n
			if (index(n, zr) != 1 && index(loops, " " n " ") == 0)
				bad++
		}
	}
	END { exit !(leaves > 0 && bad == 0) }'
}

zr_pools() {
	zpool list -H -o name 2>/dev/null | while IFS= read -r p; do
		if zr_ours "$p"; then printf '%s\n' "$p"; fi
	done
}

zr_datasets() {
	zfs list -H -o name 2>/dev/null || :
}

zr_teardown() {
	set +e
	if [ -n "$ZR_PID" ]; then
		for p in $(zr_pools); do
			# (a pool with a cache device can be busy for a moment)
			i=0
			until zpool destroy -f "$p" >"$TMP/destroy" 2>&1; do
				i=$((i + 1))
				if [ $i -ge 20 ]; then
					echo "$SUITE: teardown: cannot destroy" \
					    "pool $p: $(cat "$TMP/destroy")" >&2
					break
				fi
				sleep 0.5
			done
		done
		kill "$ZR_PID" 2>/dev/null
		i=0
		while kill -0 "$ZR_PID" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		kill -9 "$ZR_PID" 2>/dev/null
	fi
	for l in $(zr_loops); do
		losetup -d "$l" 2>/dev/null
	done
	rm -rf "$TMP"
}

zr_start() {
	[ "$(id -u)" = 0 ] || zr_need "the real-ZFS suite runs as root"
	command -v zfs-fuse >/dev/null 2>&1 &&
	    command -v zpool >/dev/null 2>&1 || zr_need "zfs-fuse is not installed"
	[ -c /dev/fuse ] || zr_need "/dev/fuse is missing"
	command -v losetup >/dev/null 2>&1 && [ -e /dev/loop-control ] ||
	    zr_need "loop devices are missing (no /dev/loop-control)"
	command -v flock >/dev/null 2>&1 || zr_need "flock is missing"
	# one daemon a machine (its socket has a fixed path): one suite at a
	# time
	mkdir -p "${ZR_LOCK%/*}"
	exec 9>"$ZR_LOCK"
	flock -w 600 9 || zr_need "another real-ZFS suite holds $ZR_LOCK"
	if pgrep -x zfs-fuse >/dev/null 2>&1; then
		zr_need "a zfs-fuse daemon is running already (pid" \
		    "$(pgrep -x zfs-fuse | tr '\n' ' '| sed 's/ $//'));" \
		    "the suite starts its own: stop that one first" \
		    "(/etc/init.d/zfs-fuse stop)"
	fi
	trap zr_teardown EXIT
	trap 'exit 1' HUP INT PIPE TERM
	mkdir -p "$ZR/by-vdev" "$ZR/files" "$ZR/mnt"
	zfs-fuse --pidfile "$ZR/zfs-fuse.pid" --no-kstat-mount ||
	    zr_need "zfs-fuse would not start"
	i=0
	while [ ! -s "$ZR/zfs-fuse.pid" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	ZR_PID=$(cat "$ZR/zfs-fuse.pid" 2>/dev/null)
	[ -n "$ZR_PID" ] || zr_need "zfs-fuse wrote no pidfile"
	i=0
	until zpool list >/dev/null 2>&1; do
		[ $i -lt 100 ] || zr_need "zfs-fuse does not answer"
		sleep 0.1
		i=$((i + 1))
	done
	ok
}

zr_disk() {
	truncate -s "${2:-256}M" "$ZR/files/$1" || zr_need "cannot make $1"
	l=$(losetup -f --show "$ZR/files/$1") ||
	    zr_need "cannot attach a loop device"
	ZR_LOOPS="$ZR_LOOPS $l"
	ln -s "$l" "$ZR/by-vdev/$1"
}

zr_model() {
	sed -e "s|@DEV@|$ZR/by-vdev|g" -e "s|@MNT@|$ZR/mnt|g" "$1"
}

zr_run() {
	sh "$@" >"$TMP/rout" 2>"$TMP/rerr"
	rc=$?
}
