#!/usr/bin/env bash
# The send-path A/B of docs/decisions/062: an older tree (git archive of OLD_REV, exported to a temporary folder
# beside this one) and this working tree run the same probe (jobs/bench/sendAB.probe.ts) over their own product code,
# one process per round, alternating which goes first (old first in odd rounds, new first in even ones), so the
# machine's load swings hit both. Prints each round's SENDAB lines, then the medians. Run it on a quiet machine:
#   bash scripts/send-ab.sh 811a39a 6
# The old tree uses this tree's installed packages (node_modules linked entry by entry; @walkon/* pointed into the
# old tree), so only WalkOn's own code differs. DATABASE_URL and REDIS_URL as for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
OLD=${1:?usage: send-ab.sh OLD_REV [ROUNDS]}
ROUNDS=${2:-6}
NEW=$(pwd)
DIR=$(mktemp -d /tmp/send-ab.XXXXXX)
trap 'rm -rf "$DIR"' EXIT
git archive "$OLD" | tar -x -C "$DIR"
mkdir "$DIR/node_modules"
for entry in node_modules/* node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = "@walkon" ] || ln -s "$NEW/$entry" "$DIR/node_modules/$name"
done
mkdir "$DIR/node_modules/@walkon"
for pkg in node_modules/@walkon/*; do ln -s "../../$(basename "$(readlink "$pkg")")" "$DIR/node_modules/@walkon/$(basename "$pkg")"; done
cp jobs/bench/sendAB.probe.ts "$DIR/jobs/bench/sendAB.probe.ts"
OUT="$DIR/ab.log"
run() { (cd "$1" && SEND_AB_TREE="$2" npx tsx jobs/bench/sendAB.probe.ts) | tee -a "$OUT" | grep '^SENDAB'; }
echo "# send A/B: old $(git rev-parse --short "$OLD") vs new $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' + uncommitted'), $ROUNDS rounds; $(uptime)"
for ((r = 1; r <= ROUNDS; r++)); do
  if ((r % 2)); then run "$DIR" old; run "$NEW" new; else run "$NEW" new; run "$DIR" old; fi
  echo "# round $r done; $(uptime)"
done
node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter((l) => l.startsWith("SENDAB ")).map((l) => JSON.parse(l.slice(7)));
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
for (const tree of ["old", "new"]) {
  const t = lines.filter((l) => l.tree === tree);
  console.log(`# ${tree}: ${t.length} rounds, median wall ${med(t.map((l) => l.wallMs))} ms, median CPU ${med(t.map((l) => l.cpuMs))} ms (walls ${t.map((l) => l.wallMs).join(", ")})`);
}' "$OUT"
