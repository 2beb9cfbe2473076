#!/usr/bin/env bash
# Chess with Different Armies: jester against itself in all 16 army pairings (issue 10, A4),
# then each army's score against the other three (mirror pairings left out: they score 50% by
# construction). Every pairing plays the same number of games from random openings, engines
# swapping seats between the two games of an opening; the armies keep their colours.
#
#   engine-tests/scripts/cwda-gauntlet.sh [GAMES_PER_PAIRING] [LIMIT]
#
# LIMIT is a `jester match` limit, `--nodes 10000` by default. Needs a release build.
set -euo pipefail
games=${1:-24}
limit=${2:---nodes 10000}
jester=${JESTER:-target/release/jester}
dir=$(mktemp -d)
armies=(fide clobberers nutty rookies)
for white in "${armies[@]}"; do
  for black in "${armies[@]}"; do
    # shellcheck disable=SC2086
    "$jester" match --variant cwda --white-army "$white" --black-army "$black" \
      --engine "cmd=$jester proto=uci name=jester-a" --engine "cmd=$jester proto=uci name=jester-b" \
      $limit --games "$games" --random-plies 4 --seed 10 --concurrency "${CONCURRENCY:-2}" \
      --pgn "$dir/$white-$black.pgn" > "$dir/$white-$black.log" 2>&1
    w=$(grep -c '^\[Result "1-0"\]' "$dir/$white-$black.pgn" || true)
    d=$(grep -c '^\[Result "1/2-1/2"\]' "$dir/$white-$black.pgn" || true)
    l=$(grep -c '^\[Result "0-1"\]' "$dir/$white-$black.pgn" || true)
    echo "$white $black $w $d $l"
  done
done | tee "$dir/results.txt"
echo
echo "White's score by pairing (rows White's army, columns Black's):"
awk '{ s[$1" "$2] = ($3 + $4 / 2) / ($3 + $4 + $5) } END {
  split("fide clobberers nutty rookies", a, " ");
  printf "%-11s", ""; for (j = 1; j <= 4; j++) printf " %10s", a[j]; printf "\n";
  for (i = 1; i <= 4; i++) { printf "%-11s", a[i]; for (j = 1; j <= 4; j++) printf " %9.1f%%", 100 * s[a[i]" "a[j]]; printf "\n" } }' "$dir/results.txt"
echo
echo "Each army against the other three, both colours (W-D-L, score):"
awk '$1 != $2 { w[$1] += $3; d[$1] += $4; l[$1] += $5; w[$2] += $5; d[$2] += $4; l[$2] += $3 } END {
  split("fide clobberers nutty rookies", a, " ");
  for (i = 1; i <= 4; i++) { n = a[i]; t = w[n] + d[n] + l[n];
    printf "%-11s +%d =%d -%d  %.1f%%\n", n, w[n], d[n], l[n], 100 * (w[n] + d[n] / 2) / t } }' "$dir/results.txt"
echo "(games in $dir)"
