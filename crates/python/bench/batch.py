"""`solve_many` against `nonogram batch` on the same random 30x30 puzzles (Wolter's
distribution, seed 1), alternated in one sitting, and the per-call cost of `Puzzle.solve` on
tiny puzzles.

    cargo build --release -p nonogram-cli
    target/python-venv/bin/python crates/python/bench/batch.py --count 10000 --runs 3

Both sides solve each puzzle on one thread, `--jobs` puzzles at a time, with uniqueness (two
solutions asked). The batch's time is its whole process: reading the puzzles, solving, writing
a JSON line a puzzle; `solve_many`'s is the call, which returns a Result object a puzzle. Each
is given as wall-clock time and as processor time (every thread's, user and system): on a
shared machine the second moves less with what else runs.
"""

import argparse
import pathlib
import resource
import statistics
import subprocess
import tempfile
import time

import nono

ROOT = pathlib.Path(__file__).resolve().parents[3]


def per_call(puzzle, calls):
    """The median time of `puzzle.solve(threads=1)` and what the engine reports of it."""
    total, engine = [], []
    for _ in range(calls):
        start = time.perf_counter()
        result = puzzle.solve(threads=1)
        total.append(time.perf_counter() - start)
        engine.append(result.elapsed)
    return statistics.median(total), statistics.median(engine)


def children_cpu():
    """Processor time of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0, help="0: one per core")
    parser.add_argument("--nonogram", default=str(ROOT / "target" / "release" / "nonogram"))
    args = parser.parse_args()

    print("per call, median of 5,000 calls of solve(threads=1):\n")
    print("| puzzle | call | engine | overhead |")
    print("|---|---|---|---|")
    tiny = [
        ("1x1", nono.Puzzle([[1]], [[1]])),
        ("5x5 smallex", nono.Puzzle.from_picture("01110\n11010\n01110\n00110\n00111")),
        ("10x10 random", nono.random_puzzles(1, 10, 10, seed=1)[0]),
    ]
    for name, puzzle in tiny:
        call, engine = per_call(puzzle, 5000)
        print(f"| {name} | {call * 1e6:.1f} µs | {engine * 1e6:.1f} µs "
              f"| {(call - engine) * 1e6:.1f} µs |")

    puzzles = nono.random_puzzles(args.count, 30, 30, seed=1)
    with tempfile.TemporaryDirectory() as tmp:
        bundle = pathlib.Path(tmp) / "random.non"
        bundle.write_text("====\n".join(p.to_string("non") for p in puzzles))
        jobs = ["--jobs", str(args.jobs)] if args.jobs else []
        batch, many, batch_cpu, many_cpu = [], [], [], []
        for run in range(args.runs):
            out = pathlib.Path(tmp) / f"out{run}.jsonl"
            children = children_cpu()
            start = time.perf_counter()
            subprocess.run(
                [args.nonogram, "batch", str(bundle), "-o", str(out), "--no-progress", *jobs],
                check=True,
                capture_output=True,
            )
            batch.append(time.perf_counter() - start)
            batch_cpu.append(children_cpu() - children)
            cpu = time.process_time()
            start = time.perf_counter()
            results = nono.solve_many(puzzles, jobs=args.jobs)
            many.append(time.perf_counter() - start)
            many_cpu.append(time.process_time() - cpu)
            lines = out.read_text().count("\n")
            assert lines == len(results) == args.count
            print(f"run {run + 1}: batch {batch[-1]:.2f} s ({batch_cpu[-1]:.2f} s cpu), "
                  f"solve_many {many[-1]:.2f} s ({many_cpu[-1]:.2f} s cpu)")
    for what, b, m in (("wall", batch, many), ("cpu", batch_cpu, many_cpu)):
        b, m = statistics.median(b), statistics.median(m)
        print(f"{args.count} random 30x30, {what}, median of {args.runs}: batch {b:.2f} s, "
              f"solve_many {m:.2f} s, ratio {m / b:.2f}")


if __name__ == "__main__":
    main()
