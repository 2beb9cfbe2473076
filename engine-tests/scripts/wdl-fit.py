#!/usr/bin/env python3
"""Refits the win/draw/loss model of UCI_ShowWDL (src/protocol/wdl.rs) to jester's own games.

    engine-tests/scripts/wdl-fit.py GAMES.pgn [GAMES.pgn ...]

Every STEP-th position of each game of normal chess (from ply 16, not in check, game not over)
is scored by jester (`go depth DEPTH`, one process over UCI); each score, from the side to move,
is paired with the game's result from the same side. A and B of

    win = 1 / (1 + exp(-(cp - A) / B)),  loss = the same at -cp,  draw = the rest

are then fitted by maximum likelihood (a grid, then a finer one around its best) and printed
with a table of the observed and the modelled chances by score. Copy them into wdl.rs with the
games they came from. Self-play PGNs come from engine-tests/scripts/sprt.sh (games.pgn).

Needs python3-chess. JESTER picks the binary (default target/release/jester); DEPTH (default 5)
and STEP (default 6) are environment variables too. A benchmark, not a test: a few thousand
positions take a minute.
"""
import math
import os
import subprocess
import sys

import chess
import chess.pgn

RESULTS = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}
CLIP_CP = 2000


def sample(paths, jester, depth, step):
    """(score, result) pairs, both from the side to move."""
    engine = subprocess.Popen([jester], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    send("uci")
    while engine.stdout.readline().strip() != "uciok":
        pass
    pairs = []
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                white_result = RESULTS.get(game.headers.get("Result"))
                if white_result is None:
                    continue
                board, moves = game.board(), []
                for ply, move in enumerate(game.mainline_moves(), start=1):
                    board.push(move)
                    moves.append(move.uci())
                    if ply < 16 or ply % step or board.is_check() or board.is_game_over():
                        continue
                    send("position startpos moves " + " ".join(moves))
                    send(f"go depth {depth}")
                    score = None
                    while (words := engine.stdout.readline().split())[:1] != ["bestmove"]:
                        if "score" in words:
                            at = words.index("score")
                            score = (words[at + 1], int(words[at + 2]))
                    if score is None or score[0] != "cp":
                        continue  # mates are certain in the model
                    side = 1 if board.turn == chess.WHITE else -1
                    cp = max(-CLIP_CP, min(CLIP_CP, score[1]))
                    pairs.append((cp, white_result * side))
    send("quit")
    engine.wait()
    return pairs


def chances(cp, a, b):
    def win(x):
        return 1 / (1 + math.exp(-(x - a) / b))

    w, l = win(cp), win(-cp)
    return w, 1 - w - l, l


def negative_log_likelihood(pairs, a, b):
    total = 0.0
    for cp, result in pairs:
        w, d, l = chances(cp, a, b)
        total -= math.log(max({1: w, 0: d, -1: l}[result], 1e-9))
    return total


def fit(pairs):
    grid = [(a, b) for a in range(0, 401, 10) for b in range(20, 401, 10)]
    _, a, b = min((negative_log_likelihood(pairs, a, b), a, b) for a, b in grid)
    fine = [(x, y) for x in range(a - 10, a + 11, 2) for y in range(max(2, b - 10), b + 11, 2)]
    return min((negative_log_likelihood(pairs, x, y), x, y) for x, y in fine)[1:]


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.exit(__doc__)
    jester = os.environ.get("JESTER", "target/release/jester")
    depth, step = int(os.environ.get("DEPTH", 5)), int(os.environ.get("STEP", 6))
    pairs = sample(paths, jester, depth, step)
    if not pairs:
        sys.exit("no positions sampled")
    a, b = fit(pairs)
    print(f"{len(pairs)} positions: A = {a}, B = {b}")
    print("score      n   observed W/D/L      model W/D/L")
    for low in range(-500, 501, 100):
        results = [r for cp, r in pairs if low <= cp < low + 100]
        if results:
            n = len(results)
            w, l = results.count(1) / n, results.count(-1) / n
            mw, md, ml = chances(low + 50, a, b)
            print(f"{low:+5} {n:6}   {w:.2f} {1 - w - l:.2f} {l:.2f}    {mw:.2f} {md:.2f} {ml:.2f}")


if __name__ == "__main__":
    main()
