#!/usr/bin/env bash
# The strength ladder (protocol-docs/strength.md): jester against real engines from Debian's
# packages, one rung at a time. A benchmark, not a test: it takes minutes to hours, and a rung's
# result belongs in protocol-docs/strength.md with the build and date.
#
#   engine-tests/scripts/ladder.sh RUNG [GAMES] [TC]
#
# RUNG: fairymax | sf2000 | sf2400 | sf2800 | sf<ELO> | fsf-normal | fsf-thronekings
# GAMES: default 200; TC: default 10+0.1. One game at a time (--concurrency 1), so both engines
# share the machine alike; keep other heavy work off it meanwhile. JESTER picks the binary
# (default target/release/jester, a --release build); JESTER_OPTIONS adds options to it, e.g.
# "option.UCI_LimitStrength=true option.UCI_Elo=1500" to calibrate the Elo scale (uci.md). The PGN
# and the log are kept in ladder-<rung>-<date>/ under $LADDER_DIR (default /tmp). LADDER_SEED
# (default 1) picks the random openings: a second run of a rung with another seed adds new games.
set -euo pipefail
rung=${1:?usage: ladder.sh RUNG [GAMES] [TC]}
games=${2:-200}
tc=${3:-10+0.1}
jester=${JESTER:-target/release/jester}
out=${LADDER_DIR:-/tmp}/ladder-$rung-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
export PATH="$PATH:/usr/games"

variant=normal
case "$rung" in
  fairymax) peer="cmd=$(command -v fairymax) proto=xboard name=fairymax" ;;
  sf[0-9][0-9][0-9][0-9])
    elo=${rung#sf}
    peer="cmd=$(command -v stockfish) proto=uci name=stockfish-$elo option.Threads=1 option.Hash=64 \
option.UCI_LimitStrength=true option.UCI_Elo=$elo" ;;
  fsf-normal)
    peer="cmd=$(command -v fairy-stockfish) proto=uci name=fairy-stockfish option.Threads=1 option.Hash=64" ;;
  fsf-thronekings)
    # Fairy-Stockfish 11.1 plays Throne Kings through a variants.ini (as engine-tests/peer_fairy.rs).
    variant=thronekings
    cat > "$out/variants.ini" <<'INI'
[thronekings:chess]
commoner = c
startFen = rnbqkbnr/ppppcppp/4p3/8/8/4P3/PPPPCPPP/RNBQKBNR w KQkq - 0 1
INI
    peer="cmd=$(command -v fairy-stockfish) proto=uci name=fairy-stockfish option.Threads=1 option.Hash=64 \
option.VariantPath=$out/variants.ini" ;;
  *) echo "unknown rung '$rung' (fairymax, sf2000, sf2400, sf2800, sf<ELO>, fsf-normal, fsf-thronekings)" >&2; exit 2 ;;
esac

"$jester" match --variant "$variant" \
  --engine "cmd=$jester proto=uci name=jester option.Hash=64 option.Threads=1 ${JESTER_OPTIONS:-}" \
  --engine "$peer" \
  --tc "$tc" --games "$games" --concurrency 1 --random-plies 4 --seed "${LADDER_SEED:-1}" \
  --resign movecount=5,score=1000 --draw movenumber=40,movecount=10,score=10 \
  --pgn "$out/games.pgn" 2>&1 | tee "$out/match.log"
echo "(games and log in $out; jester: $jester, checkout $(git rev-parse --short HEAD 2>/dev/null || echo unknown);"
echo " record the build the binary was made from, and its jester bench node count)"
