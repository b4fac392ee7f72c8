#!/bin/bash
# Score a frozen blind round once: every set at the default level, low and high.
# usage: score.sh ROUND_DIR TREE LABEL SET...   (ROUND_DIR holds one folder per set; TREE is a
# checkout of gradadvisor whose evaluate.py and code are used; results go to ROUND_DIR/scores/)
# Print only aggregate figures afterwards (famsum.py): the developer must not read the cases.
# Run it with the project's environment active (the scans import gradadvisor's dependencies),
# or name its interpreter: PYTHON=.venv/bin/python score.sh ...
set -u
round=$1; tree=$2; label=$3; shift 3
mkdir -p "$round/scores"
for s in "$@"; do
  for lv in default low high; do
    opt=""; [ "$lv" != default ] && opt="--min-confidence $lv"
    "${PYTHON:-python}" "$tree/benchmarks/realworld/evaluate.py" --set "$round/$s" --figures-only $opt \
      --json "$round/scores/${label}_${s}_${lv}.json" > /dev/null 2>&1 || echo "FAILED $s $lv"
  done
done
