#!/usr/bin/env bash
# Self-play SPRT of a search or evaluation change (the rule for landing one: README, strength.md).
#
#   engine-tests/scripts/sprt.sh NEW BASE [VARIANT] [TC] [MAX_GAMES]
#
# NEW and BASE are two jester binaries (build the base from the commit before the change and
# copy it aside). Defaults: normal, 2+0.02 (a 50 ms margin over the clock), 20000 games at most; two games at a time
# (--concurrency 2), one thread and 16 MB of hash each, 8 random opening plies kept only when
# jester scores them within 150 centipawns, elo0=0 elo1=5. The match stops when the test decides;
# its last lines give games, Elo +- error and LLR, which go in the commit message. The PGN and the
# log are kept in sprt-<variant>-<date>/ under $SPRT_DIR (default /tmp).
#
# TC may be `nodes=N` instead: every move searches N nodes, whatever the clock. Such a test is
# immune to a loaded machine (other builds cannot cause time losses or starve one engine), but
# blind to speed: use it only for changes that leave nodes per second as they were, and say so.
# $SPRT_SEED sets the opening seed (default: the match's own); $SPRT_BOUNDS the hypotheses
# (default elo0=0,elo1=5). For `fimbriation` the test is on the two engines' four-seat head to
# head (protocol-docs/match.md), without the two-seat adjudication and opening balance.
set -euo pipefail
new=${1:?usage: sprt.sh NEW BASE [VARIANT] [TC] [MAX_GAMES]}
base=${2:?usage: sprt.sh NEW BASE [VARIANT] [TC] [MAX_GAMES]}
variant=${3:-normal}
tc=${4:-2+0.02}
games=${5:-20000}
out=${SPRT_DIR:-/tmp}/sprt-$variant-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
case "$tc" in
  nodes=*) limit=(--nodes "${tc#nodes=}") ;;
  *) limit=(--tc "$tc" --margin 50) ;;
esac
seed=()
if [ -n "${SPRT_SEED:-}" ]; then seed=(--seed "$SPRT_SEED"); fi
two_seat=(--balance 150 --resign movecount=5,score=1000 --draw movenumber=40,movecount=10,score=10)
if [ "$variant" = fimbriation ]; then two_seat=(); fi
"$new" match --variant "$variant" \
  --engine "cmd=$new proto=uci name=new option.Hash=16 option.Threads=1" \
  --engine "cmd=$base proto=uci name=base option.Hash=16 option.Threads=1" \
  "${limit[@]}" "${seed[@]}" --games "$games" --concurrency 2 --random-plies 8 "${two_seat[@]}" \
  --sprt "${SPRT_BOUNDS:-elo0=0,elo1=5}" \
  --pgn "$out/games.pgn" 2>&1 | tee "$out/match.log"
echo "(games and log in $out)"
