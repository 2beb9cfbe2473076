#!/usr/bin/env python3
"""A scripted engine for the referee tests of `jester match`: it speaks UCI or CECP just enough
to be driven, and answers each request for a move with the next move of a given list,
whatever the position. Faults on request: hang, crash, an illegal move, resign, a false claim.

    scripted.py --proto uci|xboard --moves "e2e4 g1f3" [--hang-at N] [--crash-at N]
                [--resign-at N] [--claim-at N] [--score CP] [--log FILE] [--variants "a b"]

N counts move requests from 1 over the process's life, so a restarted engine starts again.
--score is the score it reports with every move (its thinking output); --log appends a line
per start, one per variant it is told to play and (UCI) each `go` line, so tests can count
restarts and see the limits it was given.
--variants lists the variants it offers (UCI_Variant, feature variants; default: every jester
variant; "none": no list, so standard chess only). As Fairy-Stockfish 11.1 does, it offers a
VariantPath option and adds the variants its file defines, announcing them only when asked
for its options again.
"""
import argparse
import os
import re
import sys
import time

JESTER_VARIANTS = ("normal fightingkings thronekings firefighter tirebiter nickdanger "
                   "notachessvariant notachessweak fimbriation cwda")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proto", choices=["uci", "xboard"], required=True)
    parser.add_argument("--moves", default="")
    parser.add_argument("--hang-at", type=int, default=0)
    parser.add_argument("--crash-at", type=int, default=0)
    parser.add_argument("--resign-at", type=int, default=0)
    parser.add_argument("--claim-at", type=int, default=0)
    parser.add_argument("--score", type=int, default=0)
    parser.add_argument("--log", default="")
    parser.add_argument("--variants", default=JESTER_VARIANTS)
    args = parser.parse_args()
    variants = None if args.variants == "none" else args.variants.split()

    def log(line):
        if args.log:
            with open(args.log, "a") as f:
                f.write(line + "\n")

    log("start %d" % os.getpid())
    moves = args.moves.split()
    requests = 0
    played = 0

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def next_move():
        """The reply to a move request, or None to stay silent."""
        nonlocal requests, played
        requests += 1
        if requests == args.crash_at:
            sys.exit(3)
        if requests == args.hang_at:
            time.sleep(3600)
        if requests == args.resign_at:
            return "resign"
        if requests == args.claim_at:
            return "claim"
        move = moves[played] if played < len(moves) else "a1a1"
        played += 1
        return move

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "quit":
            return
        if args.proto == "uci":
            if command == "uci":
                say("id name scripted")
                if variants is not None:
                    say("option name UCI_Variant type combo default %s%s"
                        % (variants[0], "".join(" var " + v for v in variants)))
                say("option name VariantPath type string default <empty>")
                say("uciok")
            elif line.startswith("setoption name VariantPath value "):
                with open(line.split(" value ", 1)[1].strip()) as ini:
                    defined = re.findall(r"^\[([^\]:]+)(?::[^\]]*)?\]", ini.read(), re.M)
                variants = (variants or []) + defined
            elif line.startswith("setoption name UCI_Variant value "):
                log("variant " + line.split(" value ", 1)[1].strip())
            elif command == "isready":
                say("readyok")
            elif command == "ucinewgame":
                played = 0
            elif command == "go":
                log(line.strip())
                reply = next_move()
                say("info depth 1 score cp %d" % args.score)
                say("bestmove " + ("0000" if reply in ("resign", "claim") else reply))
        else:
            if command == "protover":
                offered = "" if variants is None else ' variants="%s"' % ",".join(variants)
                say("feature ping=1 setboard=1 usermove=1%s done=1" % offered)
            elif command == "variant":
                log("variant " + words[1])
            elif command == "ping":
                say("pong " + words[1])
            elif command == "new":
                played = 0
            elif command == "go" or (command == "usermove" and go_mode[0]):
                go_mode[0] = True
                reply = next_move()
                if reply == "resign":
                    say("resign")
                elif reply == "claim":
                    say("1-0 {White mates}")
                else:
                    say("1 %d 0 1 %s" % (args.score, reply))
                    say("move " + reply)
            elif command == "force":
                go_mode[0] = False


go_mode = [False]

if __name__ == "__main__":
    main()
