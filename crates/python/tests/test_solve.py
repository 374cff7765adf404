"""Solving, deducing, explaining and hints, in black and white and in colour; drawings."""

import numpy as np
import pytest

import nono
from conftest import data

SMALLEX_SOLUTION = np.array(
    [[0, 1, 1, 1, 0], [1, 1, 0, 1, 0], [0, 1, 1, 1, 0], [0, 0, 1, 1, 0], [0, 0, 1, 1, 1]]
)


def test_a_unique_solution(smallex):
    result = smallex.solve()
    assert (result.status, result.stop, result.unique) == ("unique", "finished", True)
    assert len(result.solutions) == 1
    solution = result.solution
    assert solution.dtype == np.uint8 and solution.shape == (5, 5)
    assert np.array_equal(solution, SMALLEX_SOLUTION)
    assert result.differing_cells == []
    assert result.reason is None
    assert result.engine == "search"
    assert result.elapsed >= 0
    assert set(result.stats) == {"line_solves", "probes", "decisions", "backtracks"}
    assert result.puzzle == smallex
    assert smallex.check(solution)
    assert repr(result).startswith("<Result unique: 1 solution, stop finished")


def test_several_solutions_and_where_they_differ(two_solutions):
    result = two_solutions.solve()
    assert (result.status, result.stop) == ("multiple", "solution-limit")
    assert len(result.solutions) == 2
    assert result.differing_cells == [(0, 0), (0, 1), (1, 0), (1, 1)]
    everything = two_solutions.solve(solutions=10)
    assert (everything.status, everything.stop) == ("multiple", "finished")
    first = two_solutions.solve(solutions=1)
    assert (first.status, first.stop) == ("solved", "solution-limit")


def test_no_solution():
    result = nono.read(data("cli", "no-solution.non")).solve()
    assert (result.status, result.solutions, result.solution) == ("none", [], None)


@pytest.mark.parametrize("engine", ["auto", "search", "learn", "sat"])
def test_every_engine_agrees(engine):
    puzzle = nono.read(data("seeds", "duck.non"))
    result = puzzle.solve(engine=engine, threads=1, seed=3)
    assert result.status == "unique"
    assert puzzle.check(result.solution)


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"solutions": 0}, ValueError, "solutions=0 is out of range"),
        ({"solutions": 10001}, ValueError, "1 to 10000"),
        ({"timeout": -1}, ValueError, "non-negative, finite"),
        ({"timeout": float("nan")}, ValueError, "non-negative, finite"),
        ({"timeout": "soon"}, TypeError, "timeout"),
        ({"engine": "magic"}, ValueError, "unknown engine 'magic' \\(use auto, search, learn or sat\\)"),
        ({"threads": -2}, ValueError, "threads=-2 is out of range"),
        ({"threads": 1025}, ValueError, "threads=1025 is out of range"),
    ],
)
def test_bad_solve_arguments(smallex, options, error, message):
    with pytest.raises(error, match=message):
        smallex.solve(**options)


def test_a_time_limit_is_honoured():
    hard = nono.read(data("tail", "random-40x40-d0.5-s43-851.non"))
    result = hard.solve(timeout=0.3, threads=1)
    assert result.stop == "time-limit"
    assert result.status in ("unknown", "solved")
    assert result.elapsed < 0.3 + 0.25
    # A huge limit is no limit, not an error.
    assert nono.Puzzle([[1]], [[1]]).solve(timeout=1e300).status == "unique"


def test_deduction_sweeps_as_the_notebook(smallex):
    d = smallex.deduce()
    assert (d.status, d.stop, d.unknown) == ("unique", "finished", 0)
    assert d.grid.dtype == np.int8
    assert np.array_equal(d.grid, SMALLEX_SOLUTION)
    assert d.unknown_after_sweep[-1] == 0 and d.sweeps == len(d.unknown_after_sweep)
    assert d.reason is None and d.elapsed >= 0
    partial = nono.Puzzle([[1], [1]], [[1], [1]]).deduce()
    assert partial.status == "partial"
    assert (partial.grid == -1).all()
    none = nono.Puzzle([[2]], [[1], [1], [1]]).deduce()
    assert none.status == "none" and "fill" in none.reason
    assert repr(d) == "<Deduction unique: 0 unknown cells after 2 sweeps>"


def test_explanations_as_the_command_line_prints_them(smallex):
    e = smallex.explain()
    assert e.difficulty == "line"
    assert e.rating == "line-solvable in 2 sweeps"
    assert (e.sweeps, e.probes, e.decisions) == (2, 0, 0)
    assert e.stop == "finished" and e.reason is None
    assert len(e) == 14 == len(e.steps) == len(list(e))
    first = e[0]
    assert (first.kind, first.axis, first.index, first.clue) == ("line", "row", 0, [3])
    assert first.cells == [(0, 2, 1)]
    assert str(first) == first.text == "row 1 (clue 3): cell 3 filled"
    assert e[-1].text == str(e).splitlines()[-2].split(": ", 1)[1]
    assert str(e).endswith("difficulty: line-solvable in 2 sweeps (14 steps)\n")
    assert np.array_equal(e.grid, SMALLEX_SOLUTION)
    with pytest.raises(IndexError):
        e[14]


def test_explanations_of_hard_and_impossible_puzzles(two_solutions):
    e = two_solutions.explain()
    assert e.difficulty == "search"
    assert any(step.kind == "guess" and step.cell is not None for step in e)
    none = nono.Puzzle([[2]], [[1], [1], [1]]).explain()
    assert none.difficulty == "none" and len(none) == 0 and "fill" in none.reason
    assert str(none).startswith("no solution: ")
    hard = nono.read(data("tail", "random-40x40-d0.5-s43-851.non"))
    cut = hard.explain(timeout=0.2)
    assert (cut.stop, cut.difficulty) == ("time-limit", "unfinished")


def test_hints_find_the_next_step_or_the_mistake(smallex):
    unknown = "\n".join(["?????"] * 5)
    hint = smallex.hint(unknown)
    assert hint.mistake is None and not hint.complete
    assert hint.step.text == "row 1 (clue 3): cell 3 filled"
    assert hint.text == "next step: row 1 (clue 3): cell 3 filled"
    wrong = np.full((5, 5), -1)
    wrong[0, 0] = 1
    hint = smallex.hint(wrong)
    assert hint.step is None and hint.mistake == "cells"
    assert hint.wrong_cells == [(0, 0, 1, 0)]
    assert hint.text == (
        "the grid contradicts the clues: 1 cell wrong: (r1,c1) is filled (the solution has empty)"
    )
    done = smallex.hint(SMALLEX_SOLUTION)
    assert done.complete and done.text == "the grid is complete"
    line = nono.Puzzle([[1], [1]], [[1], [1]]).hint([[1, 1], [-1, -1]])
    assert (line.mistake, line.line) == ("line", ("row", 0))
    impossible = nono.Puzzle([[2]], [[1], [1], [1]]).hint([[-1, -1, -1]])
    assert impossible.mistake == "puzzle"


def test_bad_grids_are_refused(smallex):
    with pytest.raises(ValueError, match="2 rows × 2 columns but the puzzle is 5 × 5"):
        smallex.hint(np.zeros((2, 2)))
    with pytest.raises(TypeError, match="whole numbers"):
        smallex.hint(np.full((5, 5), 0.5))
    with pytest.raises(ValueError, match="row 1, column 1 of the grid holds 7"):
        smallex.hint(np.full((5, 5), 7))
    with pytest.raises(nono.ParseError, match="line 1"):
        smallex.hint("x")
    with pytest.raises(ValueError, match="unknown cells"):
        smallex.check(np.full((5, 5), -1))
    assert not smallex.check(np.zeros((5, 5), int))


def test_colour_puzzles_solve_deduce_explain_and_hint(colour_puzzle):
    result = colour_puzzle.solve()
    assert result.status == "unique"
    assert result.solution.tolist() == [[1, 2, 0], [2, 2, 0], [0, 1, 1]]
    assert colour_puzzle.deduce().status in ("unique", "partial")
    e = colour_puzzle.explain()
    assert e.difficulty in ("line", "probing", "search")
    assert all(isinstance(value, int) for step in e for (_, _, value) in step.cells)
    assert e[0].clue and isinstance(e[0].clue[0], tuple)
    wrong = np.full((3, 3), -1)
    wrong[1, 1] = 1
    hint = colour_puzzle.hint(wrong)
    assert hint.wrong_cells == [(1, 1, 1, 2)]
    assert "is red (the solution has blue)" in hint.text
    assert colour_puzzle.hint("r??\n???\n???").step is not None


def test_drawings_of_puzzles_results_and_deductions(smallex, two_solutions, colour_puzzle):
    text = str(smallex)
    assert text.splitlines()[-1] == "  3 | ? ? ? ? ?"
    notebook = smallex.to_text(smallex.solve().solution, style="notebook")
    assert notebook.splitlines()[0] == "|_|#|#|#|_| # 3"
    assert "█" in smallex.to_text(SMALLEX_SOLUTION, unicode=True)
    with pytest.raises(ValueError, match="unknown style"):
        smallex.to_text(style="fancy")
    with pytest.raises(ValueError, match="book style"):
        smallex.to_text(style="notebook", unicode=True)
    for drawable in (smallex, smallex.solve(), smallex.deduce(), smallex.explain(), colour_puzzle):
        svg = drawable._repr_svg_()
        assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
        assert drawable.to_png()[:8] == b"\x89PNG\r\n\x1a\n"
    both = two_solutions.solve()
    assert 'id="marks"' in both.to_svg()
    assert "X" in both.to_text() and "X" in str(both)
    assert both.to_text(1) != both.to_text(0)
    with pytest.raises(ValueError, match="no solution 2"):
        both.to_svg(2)
    with pytest.raises(ValueError, match="cell=2"):
        smallex.to_svg(cell=2)
    assert smallex.to_svg(SMALLEX_SOLUTION) != smallex.to_svg()
    none = nono.Puzzle([[2]], [[1], [1], [1]])
    assert none.solve()._repr_svg_() == none.to_svg()
