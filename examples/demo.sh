#!/bin/sh
# What zplan does, in a minute (`make demo`): a model with a planted
# mistake and its located error, then the clean model's capacity, the
# start of its host's script, and the diagram and report it writes.
#
# usage: sh examples/demo.sh [ZPLAN [OUTDIR]]   (from the project's root)
set -u
ZPLAN=${1:-./zplan}
OUT=${2:-build/demo}
MODEL=examples/starter.yaml
mkdir -p "$OUT" || exit 2

step() { printf '\n== %s\n' "$*"; }
run() { printf '$ zplan %s\n' "$*"; "$ZPLAN" "$@"; }

step "1. A model with a planted mistake: shelf2's disks as slot: 0-3 (one slot) instead of slots: 0-3"
sed 's/^  - {enclosure: shelf2, slots: 0-3, type: hdd-4t}/  - {enclosure: shelf2, slot: 0-3, type: hdd-4t}/' \
    "$MODEL" >"$OUT/mistake.yaml"
run check "$OUT/mistake.yaml"
echo "(exit $?: the model has errors; capacity, plan, script refuse it)"

step "2. The clean model, $MODEL: what ZFS will give"
run check "$MODEL" || exit 1
run capacity "$MODEL" || exit 1

step "3. The script for its host, nas1 (it checks everything before it changes anything)"
run script -o "$OUT/scripts" "$MODEL" || exit 1
printf '$ sed -n 1,10p %s/scripts/nas1.sh\n' "$OUT"
sed -n 1,10p "$OUT/scripts/nas1.sh"
echo "..."

step "4. Pictures for colleagues"
run diagram -o "$OUT/starter.svg" "$MODEL" || exit 1
run report -o "$OUT/starter.html" "$MODEL" || exit 1
echo "diagram: $OUT/starter.svg (open it in a browser, or rsvg-convert it to PNG)"
echo "report:  $OUT/starter.html (one self-contained page: findings, capacity, diagram, mounts, scripts)"
echo "scripts: $OUT/scripts/ ($(cd "$OUT/scripts" && ls | tr '\n' ' ' | sed 's/ $//'))"
