#!/usr/bin/env python3
"""Adds a searched score to every position of an EPD file, for `jester tune --score-weight`.

    engine-tests/scripts/label-scores.py IN.epd OUT.epd [--engine CMD] [--nodes N] [--jobs J]
                                         [--option NAME=VALUE ...]

IN.epd has one position a line followed by its game's result, as `jester tune --positions-out`
writes them (for four seats, the mover's share of the points: `[0.667]`; score them with
`--engine 'jester' --option UCI_Variant=fimbriation`). Each position is searched by a UCI engine
(default: Debian's Stockfish, /usr/games/stockfish) for N nodes (default 5000), one engine
process per job (default 2), each set to one thread and 16 MB of hash, then to every
`--option` in the order given (Fairy-Stockfish scores `thronekings` with `--option
VariantPath=variants.ini --option UCI_Variant=thronekings` and the variants.ini of
engine-tests/scripts/ladder.sh). Each line is written to OUT.epd with the engine's last
reported score as an EPD `ce` opcode (centipawns for the side to move) before the result:

    <position> ce 35; 1-0

Positions the engine scores as a mate are left out (decided: nothing to learn), and so are
positions the engine reports it cannot read (jester's `info string error`; the first few are
named). Lines come out in the order they went in; a line that is not `position result` is an
error naming it.
"""
import argparse
import subprocess
import sys
import threading


# Marks a line whose position the engine refused to read.
REFUSED = "refused"


def is_share(token):
    """A four-seat line's result: the mover's share of the points in brackets, `[0.667]`."""
    if not (token.startswith("[") and token.endswith("]")):
        return False
    try:
        return 0.0 <= float(token[1:-1]) <= 1.0
    except ValueError:
        return False


def label(engine_cmd, options, nodes, lines, out, errors):
    """Searches `lines`, storing each labelled line in `out` at its place; failures go to
    `errors`."""
    try:
        search_all(engine_cmd, options, nodes, lines, out)
    except Exception as e:  # noqa: BLE001 - reported by the main thread
        errors.append(str(e))


def search_all(engine_cmd, options, nodes, lines, out):
    proc = subprocess.Popen(engine_cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine '{engine_cmd}' ended")
            if line.startswith(prefix):
                return line

    send("uci")
    wait_for("uciok")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    for name, value in options:
        send(f"setoption name {name} value {value}")
    send("isready")
    wait_for("readyok")
    for i, position, result in lines:
        send(f"position fen {position}")
        send(f"go nodes {nodes}")
        score = None
        refused = False
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine '{engine_cmd}' ended")
            words = line.split()
            if words and words[0] == "bestmove":
                break
            # jester reports a position it cannot read and keeps the one before: the search
            # that follows is not about this line.
            if line.startswith("info string error"):
                refused = True
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                at = words.index("score")
                score = (words[at + 1], int(words[at + 2]))
        if refused:
            out[i] = REFUSED
        elif score and score[0] == "cp":
            out[i] = f"{position} ce {score[1]}; {result}"
    send("quit")
    proc.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.nodes < 1 or args.jobs < 1:
        sys.exit("--nodes and --jobs must be at least 1")
    options = []
    for option in args.option:
        name, equals, value = option.partition("=")
        if not name or not equals:
            sys.exit(f"--option '{option}' is not NAME=VALUE")
        options.append((name, value))
    entries = []
    with open(args.input) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            position, _, result = line.rpartition(" ")
            if not position or not (result in ("1-0", "0-1", "1/2-1/2") or is_share(result)):
                sys.exit(f"{args.input}: line {number}: '{line}' is not a position and a result")
            entries.append((len(entries), position, result))
    out = [None] * len(entries)
    errors = []
    workers = [
        threading.Thread(target=label, args=(args.engine, options, args.nodes, entries[j::args.jobs], out, errors))
        for j in range(args.jobs)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    if errors:
        sys.exit(f"labelling failed: {errors[0]}")
    kept = [line for line in out if line is not None and line != REFUSED]
    refused = [entries[i][1] for i, line in enumerate(out) if line == REFUSED]
    with open(args.output, "w") as f:
        f.write("".join(line + "\n" for line in kept))
    mates = len(entries) - len(kept) - len(refused)
    print(f"{len(kept)} of {len(entries)} positions scored ({mates} mates left out, "
          f"{len(refused)} refused by the engine)")
    for position in refused[:5]:
        print(f"refused: {position}")


if __name__ == "__main__":
    main()
