"""Solves one puzzle with a peer package, in the peers' own environment: run by peers.py as
`python peer_child.py PEER`, the clues as JSON on standard input; prints one JSON line with the
solve's time and the grid. The time is measured here, after a first solve of a 1x1 puzzle, so
that it leaves out the interpreter's start, the imports and the solver's first-use costs, as a
program solving many puzzles would."""

import json
import sys
import time

peer = sys.argv[1]
clues = json.load(sys.stdin)


def solve(rows, cols):
    """The peer's first solution (a 0/1 grid, or None) and the seconds it took."""
    if peer == "nonogram":
        return solve_nonogram(rows, cols)
    if peer == "puzzlekit":
        return solve_puzzlekit(rows, cols)
    raise SystemExit(f"unknown peer {peer}")


def solve_nonogram(rows, cols):
    # `nonogram` 3.1.1 (pure Python): propagation, then its depth-first search without a call
    # limit (its default hands hard cases to Gurobi, which is not free software and not here).
    import numpy as np
    from nonogram.src.core.solveurs import dynamic_optimized_programming as dop
    from nonogram.src.core.solveurs import dynamic_programming as dp
    from nonogram.src.core.solveurs.solveur_utils import CASE_NOIRE, CASE_VIDE

    rows, cols = [list(c) for c in rows], [list(c) for c in cols]
    start = time.perf_counter()
    grid = np.full((len(rows), len(cols)), CASE_VIDE)
    solvable, _ = dp.is_solvable(rows, cols, grid)
    if solvable:
        grid, complete, _ = dop.dynamic_optimized(
            rows, cols, grid, 0, 0, len(rows), len(cols), 0, 1
        )
    else:
        complete = False
    elapsed = time.perf_counter() - start
    picture = (grid == CASE_NOIRE).astype(int).tolist() if complete else None
    return picture, elapsed


def solve_puzzlekit(rows, cols):
    # `puzzlekit`: its CP-SAT model of nonograms (OR-Tools), one worker.
    import puzzlekit

    start = time.perf_counter()
    data = {
        "num_rows": len(rows),
        "num_cols": len(cols),
        "rows": [[str(n) for n in clue] for clue in rows],
        "cols": [[str(n) for n in clue] for clue in cols],
    }
    result = puzzlekit.solve(
        data, "nonogram", solver_options={"time_limit_sec": 1e9, "num_search_workers": 1}
    )
    elapsed = time.perf_counter() - start
    picture = (
        [[int(cell == "x") for cell in row] for row in result.sol_grid.matrix]
        if result.is_solved
        else None
    )
    return picture, elapsed


solve([[1]], [[1]])
picture, elapsed = solve(clues["rows"], clues["cols"])
print(json.dumps({"elapsed": elapsed, "picture": picture}))
