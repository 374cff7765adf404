"""The engine against a brute-force reference on random small puzzles: the status and every
solution, for clues that have none, one or several."""

import itertools
import random

import numpy as np

import nono


def runs(line):
    """The clue of a line of 0 and 1."""
    return [len(list(group)) for value, group in itertools.groupby(line) if value]


def line_patterns(clue, n):
    """Every line of n cells with this clue."""
    return [p for p in itertools.product((0, 1), repeat=n) if runs(p) == clue]


def consistent_prefix(column, clue):
    """Whether a column's first cells can still end with this clue."""
    seen = runs(column)
    if not seen:
        return True
    closed = seen if column[-1] == 0 else seen[:-1]
    if len(seen) > len(clue) or closed != clue[: len(closed)]:
        return False
    return column[-1] == 0 or seen[-1] <= clue[len(seen) - 1]


def brute_force(rows, cols):
    """Every solution, row by row with the columns' prefixes pruned."""
    width = len(cols)
    options = [line_patterns(clue, width) for clue in rows]
    found = []

    def extend(grid):
        depth = len(grid)
        if depth == len(rows):
            if all(runs([r[c] for r in grid]) == cols[c] for c in range(width)):
                found.append(np.array(grid, dtype=np.uint8))
            return
        for pattern in options[depth]:
            candidate = grid + [pattern]
            if all(consistent_prefix([r[c] for r in candidate], cols[c]) for c in range(width)):
                extend(candidate)

    extend([])
    return found


def random_clues(rng):
    """Clues from two random pictures of one size: rows of one, columns of the other, so that
    many have no solution; or both from one picture."""
    width, height = rng.randint(1, 5), rng.randint(1, 5)
    density = rng.choice([0.3, 0.5, 0.7])

    def picture():
        return [[int(rng.random() < density) for _ in range(width)] for _ in range(height)]

    a = picture()
    b = a if rng.random() < 0.5 else picture()
    return [runs(r) for r in a], [runs([r[c] for r in b]) for c in range(width)]


def test_the_engine_agrees_with_brute_force():
    rng = random.Random(31)
    seen = set()
    for _ in range(400):
        rows, cols = random_clues(rng)
        puzzle = nono.Puzzle(rows, cols)
        want = brute_force(rows, cols)
        result = puzzle.solve(solutions=10_000)
        assert result.stop == "finished", (rows, cols)
        got = sorted(s.tobytes() for s in result.solutions)
        assert got == sorted(s.tobytes() for s in want), (rows, cols)
        expected = {0: "none", 1: "unique"}.get(len(want), "multiple")
        assert result.status == expected
        assert puzzle.solve().status == expected, (rows, cols)
        seen.add(expected)
        if len(want) == 1:
            assert np.array_equal(puzzle.deduce().grid[puzzle.deduce().grid >= 0],
                                  want[0][puzzle.deduce().grid >= 0])
    # The sample covers every verdict.
    assert seen == {"none", "unique", "multiple"}


def test_solve_many_agrees_with_solving_one_by_one():
    rng = random.Random(7)
    puzzles = [nono.Puzzle(*random_clues(rng)) for _ in range(100)]
    together = nono.solve_many(puzzles, solutions=10_000)
    for puzzle, result in zip(puzzles, together):
        alone = puzzle.solve(solutions=10_000)
        assert result.status == alone.status
        assert [s.tolist() for s in result.solutions] == [s.tolist() for s in alone.solutions]
