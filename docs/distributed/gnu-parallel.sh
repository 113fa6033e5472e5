#!/usr/bin/env bash
# A lab run (balance, or LAB_COMMAND=calibrate) split across machines with GNU parallel over
# SSH: one shard per job, each machine named in the login file (`4/alice@node1`, or `2/:` for
# two slots on this machine), the parts fetched back and merged here into the answer one
# machine would give.
#
#   SCENARIO=bridgehead.ron SHARDS=8 LAB_OPTIONS="--games 10000 --cos" \
#     docs/distributed/gnu-parallel.sh nodes.txt report.html
#
# Every machine needs the same skirmish-studio (merge refuses parts from another version);
# STUDIO names it when it is not on the PATH. The scenario is copied to each machine.
set -euo pipefail
NODES=${1:?name the login file (parallel --sshloginfile)}
REPORT=${2:-report.html}
SCENARIO=${SCENARIO:?set SCENARIO to the scenario file}
SHARDS=${SHARDS:-8}
STUDIO=${STUDIO:-skirmish-studio}
LAB_COMMAND=${LAB_COMMAND:-balance}
LAB_OPTIONS=${LAB_OPTIONS:-}
OUT=${OUT:-parts}
mkdir -p "$OUT"
# One shard's command; parallel puts the shard's number for {}.
SHARD_COMMAND="mkdir -p $OUT && $STUDIO $LAB_COMMAND $SCENARIO $LAB_OPTIONS --shard {}/$SHARDS > $OUT/part-{}.json"
parallel --sshloginfile "$NODES" --basefile "$SCENARIO" --return "$OUT/part-{}.json" --cleanup \
  "$SHARD_COMMAND" ::: $(seq 1 "$SHARDS")
if [ "$LAB_COMMAND" = calibrate ]; then
  "$STUDIO" merge "$OUT"/part-*.json > "$REPORT"
else
  "$STUDIO" merge "$OUT"/part-*.json --report "$REPORT"
fi
