#!/bin/sh
# make install puts the binary, the man page and the bash completion in
# place; the completion offers commands, options and rule ids.
. "$(dirname "$0")/lib.sh"
case $ZPLAN in */asan/*) echo "t_install: release build only"; exit 0 ;; esac
make -C "$TOP" --no-print-directory -s install PREFIX="$TMP/usr" >"$TMP/log" 2>&1 ||
    { bad "make install failed"; cat "$TMP/log" >&2; }
for f in bin/zplan share/man/man1/zplan.1 share/bash-completion/completions/zplan; do
	[ -f "$TMP/usr/$f" ] && ok || bad "make install: no $f"
done
[ -x "$TMP/usr/bin/zplan" ] && ok || bad "installed zplan not executable"
if command -v bash >/dev/null; then
	comp() { # WORDS...: what completing the last word offers
		PATH="$TMP/usr/bin:$PATH" bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _zplan
		printf "%s\n" "${COMPREPLY[@]}"' x \
		    "$TMP/usr/share/bash-completion/completions/zplan" "$@"
	}
	expect_eq "completes commands" "capacity check" "$(comp zplan c | sort | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "completes rule ids" "mirror-isolation mirror-width" \
	    "$(comp zplan check --disable mirror- | sort | tr '\n' ' ' | sed 's/ $//')"
	expect_eq "completes options" "--disable --dry-run" "$(comp zplan script --d | sort | tr '\n' ' ' | sed 's/ $//')"
fi
finish
