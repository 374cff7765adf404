"""The nono package beside the Python packages on PyPI that solve nonograms, in one run:
`nonogram` 3.1.1 (pure Python: line propagation and a depth-first search) and `puzzlekit`
(a CP-SAT model, OR-Tools), on the survey puzzles (testdata/corpus/survey) and random 30x30
puzzles (Wolter's distribution, the benchmarks' seed 1).

The peers are never part of this repository: install them into an environment of their own,
outside it, and name its Python:

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install nonogram==3.1.1 puzzlekit
    target/python-venv/bin/python crates/python/bench/peers.py --peers /tmp/peers/bin/python

Each peer solves each puzzle in a process of its own (peer_child.py), timed inside it after a
warm-up solve, so interpreter start-up and imports are not counted; a puzzle not solved within
the limit counts as the limit. nono proves uniqueness (two solutions asked, one thread); the
peers stop at their first solution. Every picture a peer returns is checked against the clues:
a wrong one counts as unsolved, and is counted apart.
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

import nono

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def survey():
    puzzles = []
    for path in sorted((ROOT / "testdata" / "corpus" / "survey").iterdir()):
        if path.suffix in (".non", ".nin", ".xml", ".g", ".cwd", ".txt"):
            puzzles += nono.read_all(path)
    return puzzles


WRONG = "wrong"


def ours(puzzle, limit):
    start = time.perf_counter()
    result = puzzle.solve(timeout=limit, threads=1)
    elapsed = time.perf_counter() - start
    solved = result.status in ("unique", "multiple", "solved", "none")
    return elapsed if solved else None


def peer(python, name, puzzle, limit):
    clues = json.dumps({"rows": puzzle.rows, "cols": puzzle.cols})
    try:
        done = subprocess.run(
            [python, str(HERE / "peer_child.py"), name],
            input=clues,
            capture_output=True,
            text=True,
            timeout=limit + 30,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        print(f"  {name} failed: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    answer = json.loads(done.stdout)
    if answer["elapsed"] > limit or answer["picture"] is None:
        return None
    if not puzzle.check(answer["picture"]):
        return WRONG
    return answer["elapsed"]


def table(name, times, limit):
    """One row: puzzles solved within the limit, wrong answers, median and total (unsolved and
    wrong count the limit)."""
    good = [t for t in times if t is not None and t != WRONG]
    capped = good + [limit] * (len(times) - len(good))
    wrong = sum(t == WRONG for t in times)
    return (
        f"| {name} | {len(good)}/{len(times)} | {wrong} | {statistics.median(capped) * 1e3:.1f} ms "
        f"| {sum(capped):.2f} s |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peers", required=True, help="the Python of the peers' environment")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--random", type=int, default=20, help="random 30x30 puzzles")
    parser.add_argument("--only", choices=["survey", "random"], help="run one set")
    args = parser.parse_args()
    sets = []
    if args.only in (None, "survey"):
        sets.append(("survey", survey()))
    if args.only in (None, "random"):
        random = nono.random_puzzles(args.random, 30, 30, seed=1)
        sets.append((f"random 30x30, seed 1, first {args.random}", random))
    for set_name, puzzles in sets:
        times = {"nono": [], "nonogram 3.1.1": [], "puzzlekit": []}
        for i, puzzle in enumerate(puzzles):
            times["nono"].append(ours(puzzle, args.limit))
            times["nonogram 3.1.1"].append(peer(args.peers, "nonogram", puzzle, args.limit))
            times["puzzlekit"].append(peer(args.peers, "puzzlekit", puzzle, args.limit))
            print(
                f"  {set_name} {i + 1}/{len(puzzles)} {puzzle.title or ''}: "
                + ", ".join(f"{k} {v[-1]}" for k, v in times.items()),
                file=sys.stderr,
            )
        print(f"\n{set_name}, {len(puzzles)} puzzles, limit {args.limit:g} s a puzzle\n")
        print("| solver | solved | wrong | median | total |")
        print("|---|---|---|---|---|")
        for name, series in times.items():
            print(table(name, series, args.limit))


if __name__ == "__main__":
    main()
