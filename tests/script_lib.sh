# tests/script_lib.sh: sourced (after lib.sh) by the t_script*.sh suites:
# stand-in block devices, the shims of tests/shims/ first on PATH, and
# the commands a run changed things with.
SHIMS=$TOP/tests/shims
DATA=$TOP/tests/data/script

# Disks are stood in for by block devices under $TMP: a symlink to a block
# device of this machine (the scripts and shims only stat it, nothing
# opens it), else a node made with mknod (needs root). Without either,
# the suites say so loudly and their run tests fail.
BLOCK=$(find /dev -maxdepth 1 -type b 2>/dev/null | head -1)
mkblock() {
	if [ -n "$BLOCK" ] && ln -s "$BLOCK" "$1" 2>/dev/null; then
		return 0
	fi
	mknod "$1" b 7 0 2>/dev/null
}
if mkblock "$TMP/probe" && [ -b "$TMP/probe" ]; then ok; else
	bad "cannot make stand-in block devices (no block device under" \
	    "/dev to link to, and mknod needs root): every test that runs" \
	    "a script fails below"
fi

# model TEMPLATE DEVDIR OUT: the model with @DEV@ set to DEVDIR, and a
# block device made there for every dev that names it
model() {
	mkdir -p "$2"
	sed "s|@DEV@|$2|g" "$1" >"$3"
	sed -n 's|.*dev: "\{0,1\}'"$2"'/\([^"}]*\)"\{0,1\}}.*|\1|p' "$3" |
	    while IFS= read -r d; do
		[ -e "$2/$d" ] || mkblock "$2/$d"
	done
}

# fresh NAME: an empty shim state and log for a run
fresh() {
	SHIM_STATE=$TMP/state.$1
	SHIM_LOG=$TMP/log.$1
	rm -rf "$SHIM_STATE"
	mkdir -p "$SHIM_STATE/pools"
	: >"$SHIM_LOG"
	export SHIM_STATE SHIM_LOG
}

# run SCRIPT [ARG]...: runs SCRIPT with sh, the shims first on PATH;
# stdout in $TMP/rout, stderr in $TMP/rerr, exit status in $rc
run() {
	PATH="$SHIMS:$PATH" sh "$@" >"$TMP/rout" 2>"$TMP/rerr"
	rc=$?
}

# changes: the commands of the log that change something (the checks,
# zpool create -n among them, left out)
changes() {
	grep -E '^(zpool create |zfs create |zfs set |mkdir |mount -)' \
	    "$SHIM_LOG" | grep -v '^zpool create -n ' || :
}
