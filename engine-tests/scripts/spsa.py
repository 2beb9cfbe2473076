#!/usr/bin/env python3
"""SPSA tuning of jester's search parameters (protocol-docs/strength.md, `jester params`).

Each iteration perturbs every tuned parameter at once by +-c_k (a random sign each), plays a
pair of games between the engine with theta + c_k*delta and the engine with theta - c_k*delta
(`jester match`, colours swapped, a fresh random opening), and moves theta along delta by the
pair's result. The gains follow the usual schedule (alpha 0.602, gamma 0.101, A a tenth of the
iterations): c_end is the perturbation at the last iteration, r_end the step per unit of result
there, relative to c_end squared. A benchmark tool, not a test: a useful run takes thousands of
game pairs. Every iteration is appended to --log as a CSV line, and --resume reads it back.
With --concurrency N, N iterations are played at once (each its own pair of engines), all
perturbed around the same theta, and their steps applied in order.

  engine-tests/scripts/spsa.py --jester target/release/jester --iterations 2000 --nodes 25000 \\
      --param lmr_base:75:-50:200:15 --param lmr_divisor:225:150:400:20 --log spsa.csv

A parameter is NAME:START:MIN:MAX:C_END[:R_END] (R_END default 0.002). The values tried are
rounded to whole numbers (the engine's parameters are integers); theta itself stays real.
"""
import argparse
import csv
import math
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ALPHA, GAMMA = 0.602, 0.101


class Param:
    def __init__(self, text):
        fields = text.split(":")
        if len(fields) not in (5, 6):
            raise argparse.ArgumentTypeError(f"'{text}': expected NAME:START:MIN:MAX:C_END[:R_END]")
        try:
            self.name = fields[0]
            self.value, self.min, self.max, self.c_end = (float(f) for f in fields[1:5])
            self.r_end = float(fields[5]) if len(fields) == 6 else 0.002
        except ValueError as e:
            raise argparse.ArgumentTypeError(f"'{text}': {e}") from e
        if not self.min <= self.value <= self.max or self.c_end <= 0:
            raise argparse.ArgumentTypeError(f"'{text}': START outside MIN..MAX or C_END not positive")

    def clamp(self, v):
        return min(self.max, max(self.min, v))


def play_pair(args, plus, minus, seed):
    """Plays two games (colours swapped) of plus against minus; returns plus's score, -2..2."""
    def spec(name, values):
        options = " ".join(f"option.{p.name}={v}" for p, v in values)
        return f"cmd={args.jester} proto=uci name={name} option.Hash=16 option.Threads=1 {options}"

    limit = ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc]
    command = [args.jester, "match", "--variant", args.variant, "--engine", spec("plus", plus),
               "--engine", spec("minus", minus), *limit, "--games", "2", "--random-plies", "8",
               "--balance", "150", "--seed", str(seed), "--resign", "movecount=5,score=1000",
               "--draw", "movenumber=40,movecount=10,score=10"]
    out = subprocess.run(command, capture_output=True, text=True, check=False).stdout
    scores = re.findall(r"Score of plus vs minus: (\d+) - (\d+) - (\d+)", out)
    if not scores:
        sys.exit(f"spsa.py: no result from jester match:\n{out[-2000:]}")
    wins, losses, _ = (int(x) for x in scores[-1])
    return wins - losses


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jester", required=True)
    parser.add_argument("--param", type=Param, action="append", required=True)
    parser.add_argument("--iterations", type=int, required=True)
    parser.add_argument("--nodes", type=int, help="fixed nodes a move (default: --tc)")
    parser.add_argument("--tc", default="2+0.02")
    parser.add_argument("--variant", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=1,
                        help="game pairs played at once (a batch perturbed around the same theta)")
    parser.add_argument("--log", required=True, help="CSV of every iteration (appended)")
    parser.add_argument("--resume", action="store_true", help="go on from the last line of --log")
    args = parser.parse_args()
    if args.concurrency < 1 or args.iterations < 1:
        parser.error("--concurrency and --iterations must be at least 1")
    params = args.param
    # Each parameter must be one the engine knows, within its range (`jester params`).
    listing = subprocess.run([args.jester, "params"], capture_output=True, text=True, check=True).stdout
    known = {f[0]: (int(f[2]), int(f[3])) for f in (line.split() for line in listing.splitlines()) if f}
    for p in params:
        if p.name not in known:
            sys.exit(f"spsa.py: unknown search parameter '{p.name}' (jester params lists them)")
        low, high = known[p.name]
        if p.min < low or p.max > high:
            sys.exit(f"spsa.py: '{p.name}' range {p.min:g}..{p.max:g} leaves the engine's {low}..{high}")
    start_k = 1
    if args.resume and os.path.exists(args.log):
        with open(args.log, newline="") as f:
            rows = list(csv.DictReader(f))
        if rows:
            for p in params:
                p.value = float(rows[-1][p.name])
            start_k = int(rows[-1]["iteration"]) + 1
    big_a = 0.1 * args.iterations
    rng = random.Random(args.seed)
    for _ in range(start_k - 1):  # the same signs as an uninterrupted run
        [rng.choice((-1, 1)) for _ in params]
    new_log = not os.path.exists(args.log)
    with open(args.log, "a", newline="") as f:
        log = csv.writer(f)
        if new_log:
            log.writerow(["iteration", "result"] + [p.name for p in params])
        k = start_k
        with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            while k <= args.iterations:
                # A batch of iterations, one game pair each, all perturbed around the same theta
                # and played at once; their updates are then applied in order.
                batch = []
                for i in range(k, min(k + args.concurrency, args.iterations + 1)):
                    signs = [rng.choice((-1, 1)) for _ in params]
                    c_i = [p.c_end * (args.iterations / i) ** GAMMA for p in params]
                    plus = [(p, round(p.clamp(p.value + c * s))) for p, c, s in zip(params, c_i, signs)]
                    minus = [(p, round(p.clamp(p.value - c * s))) for p, c, s in zip(params, c_i, signs)]
                    pair = pool.submit(play_pair, args, plus, minus, args.seed * 1_000_003 + i)
                    batch.append((i, signs, c_i, pair))
                for i, signs, c_i, pair in batch:
                    result = pair.result()
                    for p, c, s in zip(params, c_i, signs):
                        a_end = p.r_end * p.c_end ** 2
                        a_i = a_end * (big_a + args.iterations) ** ALPHA / (big_a + i) ** ALPHA
                        p.value = p.clamp(p.value + a_i / c * result * s)
                    log.writerow([i, result] + [f"{p.value:.3f}" for p in params])
                    f.flush()
                    if i % 50 == 0 or i == args.iterations:
                        print(f"{i}: " + " ".join(f"{p.name}={p.value:.2f}" for p in params), flush=True)
                k += len(batch)

if __name__ == "__main__":
    main()
