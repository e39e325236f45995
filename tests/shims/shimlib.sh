# shimlib.sh: sourced by the stand-in commands of tests/shims/. They run
# the generated scripts "for real" without touching the machine: each
# call is recorded on one line of $SHIM_LOG (argv, quoted as sh reads it
# back), and the state a real system would have (pools and their devices,
# datasets and properties, mounts, directories) lives under $SHIM_STATE:
#   pools/NAME        top-level vdevs, one a line: SECTION TYPE DEV...
#                     (tab-separated; SECTION data, log, cache or spare)
#   datasets          one dataset name a line
#   props             NAME<tab>PROPERTY<tab>VALUE
#   inuse             DEV<tab>what holds it (a file system, a partition
#                     table...): zpool create refuses these, as the real
#                     one refuses a device with a label or signature
#   dirs              directories made by mkdir
#   mounts            SOURCE<tab>DIR<tab>OPTIONS
# $SHIM_OS (linux, solaris or freebsd; default linux) picks mount's
# syntax and listing. $SHIM_FAIL, when set, names a call (e.g. "zfs
# create") that fails, to test what a script does when a step fails.
set -u
if [ -z "${SHIM_LOG:-}" ] || [ -z "${SHIM_STATE:-}" ]; then
	echo "shim: set SHIM_LOG and SHIM_STATE" >&2
	exit 2
fi
# the shims' own tools are the real ones, never the stand-ins (and no
# process is started where the shell can do the work: a script run calls
# the shims hundreds of times)
shim_p=$PATH:
PATH=
while [ -n "$shim_p" ]; do
	shim_d=${shim_p%%:*}
	shim_p=${shim_p#*:}
	[ "$shim_d" = "$SHIM_DIR" ] || PATH=$PATH${PATH:+:}$shim_d
done
# shellcheck disable=SC2034 # used by the shims that source this
SHIM_TAB='	'
[ -d "$SHIM_STATE/pools" ] || command -p mkdir -p "$SHIM_STATE/pools"
for shim_f in datasets props inuse dirs mounts; do
	[ -e "$SHIM_STATE/$shim_f" ] || : >"$SHIM_STATE/$shim_f"
done

# shim_q WORD: appends WORD to shim_l as sh reads it back (bare when
# plainly safe)
shim_q() {
	case $1 in
	'' | *[!A-Za-z0-9_./=,:@%+-]*) ;;
	*)
		shim_l=$shim_l$1
		return
		;;
	esac
	shim_s=$1
	shim_l=$shim_l\'
	while :; do
		case $shim_s in
		*\'*)
			shim_l=$shim_l${shim_s%%\'*}\'\\\'\'
			shim_s=${shim_s#*\'}
			;;
		*) break ;;
		esac
	done
	shim_l=$shim_l$shim_s\'
}

# shim_log CMD ARG...: one line of the log
shim_log() {
	shim_l=
	for shim_w in "$@"; do
		[ -z "$shim_l" ] || shim_l="$shim_l "
		shim_q "$shim_w"
	done
	printf '%s\n' "$shim_l" >>"$SHIM_LOG"
	case " $shim_l " in
	" ${SHIM_FAIL:-//} "*)
		echo "shim: $shim_l fails (SHIM_FAIL)" >&2
		exit 1
		;;
	esac
}

# shim_drop FILE K1 K2: FILE without its lines whose fields 1 and 2 are
# K1 and K2 (K2 empty: field 1 alone)
shim_drop() {
	K1=$2 K2=$3 awk -F '\t' '!($1 == ENVIRON["K1"] &&
	    (ENVIRON["K2"] == "" || $2 == ENVIRON["K2"]))' "$1" >"$1.new"
	mv "$1.new" "$1"
}
