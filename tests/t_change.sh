#!/bin/sh
# zplan change: each step kind (zpool add of a data vdev, a log, a cache
# and a spare, each tried with -n in the preflight; attach of a mirror
# member; raidz expansion where the platform has it; replace of an
# offlined, a gone and a faulted disk; filesystems created and property
# values set) from the status text zfs-fuse printed (tests/data/status-
# text) and the -P twins of the diff fixtures; each refusal (exit 1,
# nothing on stdout, located at the model); --allow-remove; the scripts
# run under sh against stand-in zpool and zfs commands: a host that
# matches does nothing and says so, a second run changes nothing, a cut
# script does nothing, a failed step says what changed (exit 3); every
# script passes shellcheck and the no-destroy scan.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data/change" || exit 1
S=../status-text
D=../diff

# model EDITS...: base.yaml with sed edits, as $TMP/m.yaml
model() {
	sed "$@" base.yaml >"$TMP/m.yaml"
}
# change OUT ARGS...: zplan change; its script kept in OUT
change() {
	out=$1
	shift
	"$ZPLAN" change "$@" >"$TMP/$out" 2>"$TMP/err"
}
scripts=""
keep() { cp "$TMP/$1" "$TMP/keep-$1"; scripts="$scripts $TMP/keep-$1"; }

# ---- stand-ins: zpool and zfs record their arguments; zpool status
# prints $ZC_STATUS; zfs list and get print $ZC_FSS and $ZC_PROPS ----
mkdir "$TMP/bin"
cat >"$TMP/bin/zpool" <<'EOF'
#!/bin/sh
echo "zpool $*" >>"$ZC_LOG"
case $1 in
list) exit 0 ;;
status) [ "$2" = -P ] && [ -n "${ZC_NO_P:-}" ] && exit 2
	cat "$ZC_STATUS" ;;
*) [ -z "${ZC_FAIL:-}" ] || { echo "cannot $1: $ZC_FAIL" >&2; exit 1; } ;;
esac
exit 0
EOF
cat >"$TMP/bin/zfs" <<'EOF'
#!/bin/sh
echo "zfs $*" >>"$ZC_LOG"
case $1 in
list) printf '%s' "${ZC_FSS:-}" ;;
get) printf '%s' "${ZC_PROPS:-}" ;;
esac
exit 0
EOF
chmod +x "$TMP/bin/zpool" "$TMP/bin/zfs"
# run SCRIPT STATUS [ARG]: runs it; log in $TMP/log, stderr in $TMP/serr
run() {
	: >"$TMP/log"
	ZC_LOG=$TMP/log ZC_STATUS=$2 PATH=$TMP/bin:$PATH \
	    sh "$TMP/$1" ${3:-} >"$TMP/sout" 2>"$TMP/serr"
}

# ---- a host that has what the model says ----
change clean base.yaml $S/zfs-fuse-clean.txt
expect_eq "clean: exit 0" 0 $?
expect_grep "clean: no step" '^zp_steps=0$' "$TMP/clean"
keep clean
run clean $S/zfs-fuse-clean.txt
expect_eq "clean: runs, exit 0" 0 $?
expect_grep "clean: says so" 'the host has what the model says: nothing to change' "$TMP/serr"
expect_nogrep "clean: changes nothing" '^zpool \(add\|attach\|replace\|remove\|detach\)\|^zfs \(create\|set\)' "$TMP/log"
# the JSON status and its -P twin plan the same (nothing)
change cj --host nas1 $D/model.yaml $D/clean-nested.json
change ct --host nas1 $D/model.yaml $S/clean-nested-P.txt
expect_eq "-j and -P text: the same script" "$(grep -v '^# status:' "$TMP/cj")" "$(grep -v '^# status:' "$TMP/ct")"

# ---- add a mirror, a log, a cache and a spare ----
model -e 's/      - mirror: \[d2, d3\]/&\n      - mirror: [d7, d8]/' \
    -e 's|dev: /dev/loop7}|dev: /dev/disk/by-id/zplan-test-absent-7}|' \
    -e 's/log: \[d4\]/log: [d4, d9]/' -e 's/cache: \[d5\]/cache: [d5, d10]/' \
    -e 's/spares: \[d6\]/spares: [d6, d11]/'
change add "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_eq "add: exit 0" 0 $?
keep add
expect_grep "add: the mirror" "zp_run zpool add 'zpcap21543' mirror '/dev/disk/by-id/zplan-test-absent-7' '/dev/loop8'" "$TMP/add"
expect_grep "add: the log" "zp_run zpool add 'zpcap21543' log '/dev/loop9'" "$TMP/add"
expect_grep "add: the cache" "zp_run zpool add 'zpcap21543' cache '/dev/loop10'" "$TMP/add"
expect_grep "add: the spare" "zp_run zpool add 'zpcap21543' spare '/dev/loop11'" "$TMP/add"
expect_grep "add: tried with -n first" "zpool add -n 'zpcap21543' mirror '/dev/disk/by-id/zplan-test-absent-7' '/dev/loop8'" "$TMP/add"
expect_eq "add: never forced" "" "$(grep -v '^[[:space:]]*#' "$TMP/add" | grep -e 'zpool [a-z]* .*-f\b')"
# preflight: the devices must exist as block devices: loop7 does not here
# (or is not what the model says), so nothing is run
run add $S/zfs-fuse-clean.txt
expect_eq "add: preflight refuses missing devices, exit 1" 1 $?
expect_grep "add: says which" 'pool zpcap21543: /dev/disk/by-id/zplan-test-absent-7 (disk d7) does not exist' "$TMP/serr"
expect_nogrep "add: nothing run" '^zpool add zpcap21543 mirror' "$TMP/log"
# the dry run prints the commands
sed 's/^zp_dev() {$/zp_dev() {\n\treturn 0/' "$TMP/add" >"$TMP/add-b"
run add-b $S/zfs-fuse-clean.txt --dry-run
expect_eq "add: dry run, exit 0" 0 $?
expect_grep "add: dry run prints" '^zpool add zpcap21543 mirror /dev/disk/by-id/zplan-test-absent-7 /dev/loop8$' "$TMP/sout"
expect_grep "add: dry run still tries -n" '^zpool add -n zpcap21543 mirror /dev/disk/by-id/zplan-test-absent-7 /dev/loop8$' "$TMP/log"
expect_nogrep "add: dry run adds nothing" '^zpool add zpcap21543 ' "$TMP/log"
run add-b $S/zfs-fuse-clean.txt
expect_eq "add: runs, exit 0" 0 $?
expect_grep "add: added" '^zpool add zpcap21543 mirror /dev/disk/by-id/zplan-test-absent-7 /dev/loop8$' "$TMP/log"
expect_grep "add: progress" '\[1/4\] add mirror d7 + d8 to pool zpcap21543' "$TMP/serr"
# a second run, on the pool as it now is, skips every step
cat >"$TMP/after.txt" <<'EOF'
  pool: zpcap21543
 state: ONLINE
config:

	NAME        STATE     READ WRITE CKSUM
	zpcap21543  ONLINE       0     0     0
	  mirror-0  ONLINE       0     0     0
	    loop0   ONLINE       0     0     0
	    loop1   ONLINE       0     0     0
	  mirror-1  ONLINE       0     0     0
	    loop2   ONLINE       0     0     0
	    loop3   ONLINE       0     0     0
	  mirror-2  ONLINE       0     0     0
	    zplan-test-absent-7  ONLINE  0  0  0
	    loop8   ONLINE       0     0     0
	logs
	  loop4     ONLINE       0     0     0
	  loop9     ONLINE       0     0     0
	cache
	  loop5     ONLINE       0     0     0
	  loop10    ONLINE       0     0     0
	spares
	  loop6     AVAIL   
	  loop11    AVAIL   

errors: No known data errors
EOF
run add-b "$TMP/after.txt"
expect_eq "add: second run, exit 0" 0 $?
expect_nogrep "add: second run adds nothing" '^zpool add' "$TMP/log"
expect_grep "add: second run says so" 'done: 0 change(s) made, 4 in place already' "$TMP/serr"
"$ZPLAN" diff "$TMP/m.yaml" "$TMP/after.txt" >"$TMP/out"
expect_eq "add: diff of the pool after: no drift" "0 errors, 0 warnings" "$(cat "$TMP/out")"
change again "$TMP/m.yaml" "$TMP/after.txt"
expect_grep "add: change of the pool after: no step" '^zp_steps=0$' "$TMP/again"
# a failed step stops the script, which says what it changed (exit 3)
sed 's/^zp_try() {$/zp_try() {\n\treturn 0/' "$TMP/add-b" >"$TMP/add-f"
: >"$TMP/log"
ZC_LOG=$TMP/log ZC_STATUS=$S/zfs-fuse-clean.txt ZC_FAIL="no such pool" \
    PATH=$TMP/bin:$PATH sh "$TMP/add-f" >/dev/null 2>"$TMP/serr"
expect_eq "a failed step: exit 3" 3 $?
expect_grep "a failed step: says so" 'step 1 of 4 failed: add mirror d7 + d8 to pool zpcap21543: cannot add: no such pool; 0 change(s) made before it' "$TMP/serr"
# a script cut short does nothing
head -c 3000 "$TMP/add-b" >"$TMP/cut"
run cut $S/zfs-fuse-clean.txt
expect_eq "cut short: nothing run" "" "$(cat "$TMP/log")"
head -n -1 "$TMP/add-b" >"$TMP/cut"
run cut $S/zfs-fuse-clean.txt
expect_eq "last line cut: nothing run" "" "$(cat "$TMP/log")"

# ---- zpool add judges the new vdev against the pool ----
model -e 's/      - mirror: \[d2, d3\]/&\n      - raidz2: [d7, d8, d9, d10]/'
change r-repl --disable vdev-mismatch "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_eq "refused: mismatched replication, exit 1" 1 $?
expect_eq "refused: nothing on stdout" "" "$(cat "$TMP/r-repl")"
expect_grep "refused: located, says why" "^$TMP/m.yaml:29:9: error: pool zpcap21543: zpool add would refuse raidz2 d7 .. d10 (4 disks) (mismatched replication level: different redundancy, raidz and mirror vdevs, 2 vs. 1 (2-way))" "$TMP/err"
expect_grep "refused: nothing written" 'nothing written' "$TMP/err"
model -e 's/      - mirror: \[d2, d3\]/&\n      - mirror: [d7, d8, d9]/'
change r-w --disable vdev-mismatch "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_grep "refused: a 3-way mirror to 2-way ones" 'the pool uses 2-way mirror and the new vdev 3-way mirror' "$TMP/err"

# ---- attach a third member ----
model -e 's/      - mirror: \[d0, d1\]/      - mirror: [d0, d1, d7]/'
change attach --disable vdev-mismatch "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_eq "attach: exit 0" 0 $?
keep attach
expect_grep "attach: to a member there" "zp_old 'zpcap21543' 'loop0'" "$TMP/attach"
expect_grep "attach: the command" "zp_run zpool attach 'zpcap21543' \"\$zp_o\" '/dev/loop7'" "$TMP/attach"
sed 's/^zp_dev() {$/zp_dev() {\n\treturn 0/' "$TMP/attach" >"$TMP/attach-b"
run attach-b $S/zfs-fuse-clean.txt
expect_grep "attach: OpenZFS takes the name" '^zpool attach zpcap21543 loop0 /dev/loop7$' "$TMP/log"
: >"$TMP/log"
ZC_NO_P=1 ZC_LOG=$TMP/log ZC_STATUS=$S/zfs-fuse-clean.txt PATH=$TMP/bin:$PATH \
    sh -c 'zp_old() { zp_o=/dev/$2; }; . "$0"' "$TMP/attach-b" 2>/dev/null
expect_grep "attach: without -P, the path" '^zpool attach zpcap21543 /dev/loop0 /dev/loop7$' "$TMP/log"

# ---- replace an offlined disk, a gone one, a faulted one ----
model -e 's/      - mirror: \[d0, d1\]/      - mirror: [d0, d7]/'
change rep "$TMP/m.yaml" $S/zfs-fuse-offline.txt
expect_eq "replace offlined: exit 0" 0 $?
keep rep
expect_grep "replace offlined: the step" "replace loop1 (OFFLINE) in mirror-0 of pool zpcap21543 by disk d7" "$TMP/rep"
expect_grep "replace offlined: the command" "zp_run zpool replace 'zpcap21543' \"\$zp_o\" '/dev/loop7'" "$TMP/rep"
expect_grep "replace offlined: the old one" "zp_old 'zpcap21543' 'loop1'" "$TMP/rep"
model -e 's/      - mirror: \[d0, d1\]/      - mirror: [d0, d8, d7]/' \
    -e 's/      - mirror: \[d2, d3\]/      - mirror: [d9, d3]/'
change gone --disable vdev-mismatch "$TMP/m.yaml" $S/zfs-fuse-unavail.txt
expect_eq "replace gone: exit 0" 0 $?
keep gone
expect_grep "replace gone: by its guid" "zp_old 'zpcap21543' '1022957125211077634'" "$TMP/gone"
expect_grep "replace gone: says what" 'replace /dev/loop2 (UNAVAIL) in mirror-1 of pool zpcap21543 by disk d9' "$TMP/gone"
"$ZPLAN" change --host nas1 $D/model.yaml $S/degraded-P.txt >"$TMP/x" 2>"$TMP/err"
expect_eq "faulted, the model unchanged: no step" "0" "$(sed -n 's/^zp_steps=//p' "$TMP/x")"
sed 's/- {enclosure: e2, slots: 0-1, type: hdd-4t}/&\n  - {id: new0, enclosure: e2, slot: 7, type: hdd-4t}/; s/mirror: \[e1-0, e2-0\]/mirror: [e1-0, new0]/' \
    $D/model.yaml >"$TMP/d.yaml"
change fau "$TMP/d.yaml" $S/degraded-P.txt
expect_grep "replace faulted" "zp_old 'tank' 'e2-0'" "$TMP/fau"
expect_grep "replace faulted: by the new disk" "zp_run zpool replace 'tank' \"\$zp_o\" '/dev/disk/by-vdev/new0'" "$TMP/fau"
keep fau
change fau2 "$TMP/d.yaml" $S/spare-inuse-P.txt
expect_grep "replace the faulted disk a spare stands in for" "zp_old 'tank' 'e2-0'" "$TMP/fau2"
# a healthy disk where the model names another: refused
change r-healthy --host nas1 $D/model.yaml $S/replaced-P.txt
expect_eq "refused: healthy disk in the new one's place, exit 1" 1 $?
expect_grep "refused: healthy disk" 'error: pool tank: /dev/disk/by-id/wwn-0x5000cca2b3c4d5e6-part1 in mirror-1 is ONLINE, and the model names another disk in its place' "$TMP/err"

# ---- raidz: expansion where the platform has it; never narrowed ----
sed 's/      - mirror: \[e1-0, e2-0\]/      - raidz1: [e1-0, e2-0, e1-1, e2-1, e1-9]/; /      - mirror: \[e1-1, e2-1\]/d; s/- {enclosure: e2, slots: 0-1, type: hdd-4t}/&\n  - {enclosure: e1, slots: 9, type: hdd-4t}/' \
    $D/model.yaml >"$TMP/rz.yaml"
change rz --policy mirror_isolation=none "$TMP/rz.yaml" $S/vdev-type-P.txt
expect_eq "raidz expansion: exit 0" 0 $?
keep rz
expect_grep "raidz expansion: attach to the vdev" "zp_old 'tank' 'raidz1-0'" "$TMP/rz"
expect_grep "raidz expansion: the command" "zp_run zpool attach 'tank' \"\$zp_o\" '/dev/disk/by-vdev/e1-9'" "$TMP/rz"
change r-rz --policy mirror_isolation=none --policy platform=legacy "$TMP/rz.yaml" $S/vdev-type-P.txt
expect_eq "raidz expansion on legacy: refused" 1 $?
expect_grep "raidz expansion on legacy: why" 'a raidz vdev grows by a disk only from OpenZFS 2.3' "$TMP/err"
sed 's/, e2-1, e1-9\]/]/' "$TMP/rz.yaml" >"$TMP/rz3.yaml"
change r-narrow --policy mirror_isolation=none "$TMP/rz3.yaml" $S/vdev-type-P.txt
expect_eq "raidz narrowed: refused" 1 $?
expect_grep "raidz narrowed: why" 'a raidz vdev cannot be narrowed without destroying it' "$TMP/err"
sed 's/raidz1: \[/raidz2: [/' "$TMP/rz.yaml" >"$TMP/rz2.yaml"
change r-par --policy mirror_isolation=none "$TMP/rz2.yaml" $S/vdev-type-P.txt
expect_eq "parity changed: refused" 1 $?
expect_grep "parity changed: why" "changing a vdev's kind or parity destroys it" "$TMP/err"
change r-kind --host nas1 $D/model.yaml $S/vdev-type-P.txt
expect_eq "mirror for raidz: refused" 1 $?
expect_grep "mirror for raidz: located" "^$D/model.yaml:25:9: error: pool tank: raidz1-0 is a raidz1 in zpool status and the model makes it mirror e1-0 + e2-0" "$TMP/err"

# ---- what the host has and the model lacks ----
change r-extra --host nas1 $D/model.yaml $S/vdev-extra-P.txt
expect_eq "extra data vdev: refused" 1 $?
expect_grep "extra data vdev: --allow-remove" 'give --allow-remove to remove it (zpool remove tank mirror-2)' "$TMP/err"
change rm --allow-remove --host nas1 $D/model.yaml $S/vdev-extra-P.txt
expect_eq "extra data vdev, --allow-remove: exit 0" 0 $?
keep rm
expect_grep "extra data vdev: removed" "zp_run zpool remove 'tank' \"\$zp_o\"" "$TMP/rm"
expect_grep "extra data vdev: the vdev" "zp_old 'tank' 'mirror-2'" "$TMP/rm"
change r-cache --host nas1 $D/model.yaml $S/cache-extra-P.txt
expect_eq "extra cache: refused" 1 $?
change rmc --allow-remove --host nas1 $D/model.yaml $S/cache-extra-P.txt
expect_grep "extra cache, --allow-remove: removed" "zp_old 'tank' '/dev/disk/by-id/wwn-0x5002538e40a1b2ef-part1'" "$TMP/rmc"
keep rmc
change r-rzrm --host nas1 --policy mirror_isolation=none --allow-remove "$TMP/rz.yaml" ../status-text/openzfs-2.1-classes-P.txt
expect_eq "a pool the model lacks: refused" 1 $?
expect_grep "a pool the model lacks: why" 'pool tank is not in zpool status; zplan change changes pools that exist' "$TMP/err"
change r-width --host nas1 $D/model.yaml $S/vdev-width-P.txt
expect_eq "a mirror narrowed: refused" 1 $?
expect_grep "a mirror narrowed: why" 'give --allow-remove to detach it' "$TMP/err"
change det --allow-remove --host nas1 $D/model.yaml $S/vdev-width-P.txt
expect_grep "a mirror narrowed, --allow-remove: detached" "zp_run zpool detach 'tank' \"\$zp_o\"" "$TMP/det"
keep det
# a vdev the model dropped, and a new one in the list: a removal and an
# addition, not every disk of the dropped one replaced
sed 's/- {enclosure: e2, slots: 0-1, type: hdd-4t}/&\n  - {enclosure: e1, slots: 7, type: hdd-4t}\n  - {enclosure: e2, slots: 7, type: hdd-4t}/; s/      - mirror: \[e1-0, e2-0\]/      - mirror: [e1-7, e2-7]/' \
    $D/model.yaml >"$TMP/dr.yaml"
change r-drop --host nas1 "$TMP/dr.yaml" $S/clean-nested-P.txt
expect_eq "a dropped vdev and a new one: refused" 1 $?
expect_grep "a dropped vdev: a removal" 'pool tank has data mirror-0, which the model lacks; give --allow-remove' "$TMP/err"
expect_nogrep "a dropped vdev: not a replacement" 'names another disk in its place' "$TMP/err"
change drop --allow-remove --host nas1 "$TMP/dr.yaml" $S/clean-nested-P.txt
expect_grep "a dropped vdev, --allow-remove: the new one added" "zp_run zpool add 'tank' mirror '/dev/disk/by-vdev/e1-7' '/dev/disk/by-vdev/e2-7'" "$TMP/drop"
expect_grep "a dropped vdev, --allow-remove: the old one removed" "zp_old 'tank' 'mirror-0'" "$TMP/drop"
keep drop
# a multipath device in zpool status -P: DEV-part1
model -e 's|dev: /dev/loop7}|dev: /dev/mapper/mpatha}|' -e 's/      - mirror: \[d2, d3\]/&\n      - mirror: [d7, d8]/'
change mp "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_grep "multipath: -part1 is the device too" "zp_in 'zpcap21543' '/dev/mapper/mpatha' '/dev/mapper/mpatha1' '/dev/mapper/mpatha-part1' 'mpatha'" "$TMP/mp"

# a disk the model moved between pools
sed 's|  - {id: spare0, enclosure: e2, slot: 5, type: hdd-4t, dev: /dev/disk/by-id/wwn-0x5000c500a1b2c3d4}|  - {id: spare0, enclosure: e2, slot: 5, type: hdd-4t, dev: /dev/sdk}|' \
    $D/model.yaml >"$TMP/mv.yaml"
change r-move --host nas1 "$TMP/mv.yaml" $S/pool-extra-P.txt
expect_eq "a disk moved between pools: refused" 1 $?
expect_grep "a disk moved between pools: why" 'disk spare0 (/dev/sdk) is in pool backup on the host' "$TMP/err"

# ---- filesystems and property values ----
model -e 's/    spares: \[d6\]/&\nfilesystems:\n  - {name: zpcap21543\/a, properties: {compression: gzip, quota: 1G}}\n  - {name: zpcap21543\/a\/b, properties: {casesensitivity: mixed}}/'
change fs "$TMP/m.yaml" $S/zfs-fuse-clean.txt
expect_eq "filesystems: exit 0" 0 $?
keep fs
sed 's/^zp_dev() {$/zp_dev() {\n\treturn 0/' "$TMP/fs" >"$TMP/fs-b"
run fs-b $S/zfs-fuse-clean.txt
expect_grep "filesystems: created" "^zfs create -o compression=gzip -o quota=1073741824 zpcap21543/a$" "$TMP/log"
: >"$TMP/log"
ZC_FSS="zpcap21543
zpcap21543/a
zpcap21543/a/b
" ZC_PROPS="zpcap21543/a	compression	lz4
zpcap21543/a	quota	1073741824
zpcap21543/a/b	casesensitivity	mixed
" ZC_LOG=$TMP/log ZC_STATUS=$S/zfs-fuse-clean.txt PATH=$TMP/bin:$PATH sh "$TMP/fs-b" 2>"$TMP/serr"
expect_grep "property: set where it differs" '^zfs set compression=gzip zpcap21543/a$' "$TMP/log"
expect_nogrep "property: not where it agrees" '^zfs set quota' "$TMP/log"
: >"$TMP/log"
ZC_FSS="zpcap21543/a/b
" ZC_PROPS="zpcap21543/a/b	casesensitivity	sensitive
" ZC_LOG=$TMP/log ZC_STATUS=$S/zfs-fuse-clean.txt PATH=$TMP/bin:$PATH sh "$TMP/fs-b" 2>"$TMP/serr"
expect_grep "a create-only property that differs: the preflight refuses" 'casesensitivity is set only when a filesystem is created' "$TMP/serr"
expect_nogrep "a create-only property: nothing done" '^zfs \(create\|set\)' "$TMP/log"

# ---- the command line ----
expect_exit "no STATUS" 2 "$ZPLAN" change base.yaml
expect_exit "both on stdin" 2 "$ZPLAN" change - -
expect_exit "--host unknown" 2 "$ZPLAN" change --host h9 base.yaml $S/zfs-fuse-clean.txt
expect_exit "a status of no pool of the model" 2 "$ZPLAN" change --host nas1 base.yaml $S/pool-extra.txt
expect_exit "bad status: exit 2" 2 "$ZPLAN" change base.yaml base.yaml
expect_grep "bad status: located" 'base.yaml:1:1: error: not zpool status output' "$TMP/err"
expect_exit "options after the operands" 0 "$ZPLAN" change base.yaml $S/zfs-fuse-clean.txt --dry-run
expect_grep "--dry-run: a script that only prints" '^zp_dry=1$' "$TMP/out"
expect_exit "-o DIR" 0 "$ZPLAN" change -o "$TMP/o" base.yaml $S/zfs-fuse-clean.txt
expect_eq "-o DIR: HOST.sh, 0755" "-rwxr-xr-x" "$(ls -l "$TMP/o/h1.sh" | cut -c1-10)"
expect_eq "-o DIR: stdout empty" "" "$(cat "$TMP/out")"
rm "$TMP/o/h1.sh"
ln -s /dev/null "$TMP/o/h1.sh"
expect_exit "-o refuses a symbolic link" 2 "$ZPLAN" change -o "$TMP/o" base.yaml $S/zfs-fuse-clean.txt
"$ZPLAN" help change >"$TMP/out" 2>&1
expect_grep "help change" 'change \[--host ID\] \[-o DIR\] \[--dry-run\] \[--allow-remove\]' "$TMP/out"

# ---- every script: shellcheck, no destroying, no stray expansion ----
for f in $scripts; do
	if shellcheck -s sh "$f" >"$TMP/sc" 2>&1; then ok; else
		bad "$(basename "$f"): shellcheck"; head -5 "$TMP/sc" >&2; fi
	if grep -v '^[[:space:]]*#' "$f" |
	    grep -E -w -e 'labelclear|wipefs|dd|destroy|mkfs|newfs' \
	    -e 'zpool (create|add|attach|replace)[^|]* -f' >"$TMP/bad"; then
		bad "$(basename "$f"): a destroying command"; head -3 "$TMP/bad" >&2
	else ok; fi
	if sed -e "s/'\\\\''/Q/g" -e "s/'[^']*'//g" -e 's/^[[:space:]]*#.*//' "$f" |
	    grep -e '\$' -e '`' | sed -e 's/\$[({]*zp_[a-z_0-9]*//g' \
	    -e 's/\$[0-9#?@!*]//g' -e 's/\${ZPLAN_DRY_RUN:-0}//g' \
	    -e 's/\$((//g' -e 's/\$(//g' | grep -e '\$' -e '`' >"$TMP/bad"; then
		bad "$(basename "$f"): expands something else"; head -3 "$TMP/bad" >&2
	else ok; fi
done
finish
