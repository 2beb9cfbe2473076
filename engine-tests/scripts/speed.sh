#!/usr/bin/env bash
# Speed of each variant as a share of normal chess's, measured side by side (issue 23's table).
#
#   engine-tests/scripts/speed.sh [JESTER] [ROUNDS]
#
# Every round runs, for normal and each exotic variant in turn, a bulk perft (`jester perft`) and
# a search from the start position (`jester analyze --movetime 2000`); the variants alternate
# within a round so that a change in the machine's load falls on all of them. Prints, per
# variant, the median nodes per second of each and its share of normal's (1/N). The machine
# should be otherwise idle: these are figures to compare within one run, not absolute speeds.
set -euo pipefail
jester=${1:-target/release/jester}
rounds=${2:-3}

# variant | perft depth | position text for the perft ("-" for the start)
cases=(
  "normal|6|-"
  "firefighter|4|-"
  "tirebiter|5|-"
  "nickdanger|5|-"
  "fimbriation|5|-"
  # Not A Chess Variant's opening turn is special (five wires at once): count after both.
  "notachessvariant|2|**akca*/redder*/7/7/7/*REDDER/*ACKA** w b3n,b5n,c3n,c5n,d3n,d5n,e3n,e5n,f3n,f5n 2 2"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for ((round = 1; round <= rounds; round++)); do
  for case in "${cases[@]}"; do
    IFS='|' read -r variant depth fen <<<"$case"
    fen_args=()
    if [ "$fen" != "-" ]; then fen_args=(--fen "$fen"); fi
    "$jester" perft --variant "$variant" --depth "$depth" "${fen_args[@]}" |
      sed -n 's/^Nodes per second: //p' >>"$tmp/$variant.perft"
    "$jester" analyze --variant "$variant" --movetime 2000 |
      grep '^info depth' | tail -1 | sed -n 's/.* nps \([0-9]*\).*/\1/p' >>"$tmp/$variant.search"
  done
done

median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
normal_perft=$(median "$tmp/normal.perft")
normal_search=$(median "$tmp/normal.search")
printf '%-18s %14s %9s %12s %9s\n' variant "perft nps" share "search nps" share
for case in "${cases[@]}"; do
  variant=${case%%|*}
  perft=$(median "$tmp/$variant.perft")
  search=$(median "$tmp/$variant.search")
  printf '%-18s %14s %9s %12s %9s\n' "$variant" "$perft" \
    "1/$(awk -v a="$normal_perft" -v b="$perft" 'BEGIN { printf "%.1f", a / b }')" "$search" \
    "1/$(awk -v a="$normal_search" -v b="$search" 'BEGIN { printf "%.1f", a / b }')"
done
