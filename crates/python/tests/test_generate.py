"""Generated puzzles: unique, rated as asked, the same for the same seed, in the palette asked."""

import numpy as np
import pytest

import nono


@pytest.mark.parametrize(
    "difficulty, size", [("easy", (10, 8)), ("medium", (12, 12)), ("hard", (15, 15))]
)
def test_a_puzzle_is_unique_and_rated_as_asked(difficulty, size):
    width, height = size
    made = nono.generate(width, height, difficulty=difficulty, seed=3)
    puzzle = made.puzzle
    assert (puzzle.width, puzzle.height) == (width, height)
    assert made.level == difficulty
    result = puzzle.solve()
    assert result.status == "unique"
    assert np.array_equal(result.solution, made.solution)
    explanation = puzzle.explain()
    assert explanation.rating == made.rating
    assert explanation.difficulty == {"easy": "line", "medium": "probing", "hard": "search"}[difficulty]
    assert puzzle.title == f"{difficulty} {width}x{height} (seed 3)"
    assert repr(made).startswith(f"<Generated {width}x{height} {difficulty} puzzle, seed 3: ")


def test_the_same_seed_gives_the_same_puzzle():
    first = nono.generate(10, 10, difficulty="medium", seed=11)
    again = nono.generate(10, 10, difficulty="medium", seed=11)
    assert np.array_equal(first.solution, again.solution)
    assert first.puzzle.rows == again.puzzle.rows
    other = nono.generate(10, 10, difficulty="medium", seed=11, index=1)
    assert not np.array_equal(first.solution, other.solution)
    assert other.puzzle.title == "medium 10x10 (seed 11, puzzle 2)"
    drawn = nono.generate(6, 6)
    assert np.array_equal(drawn.solution, nono.generate(6, 6, seed=drawn.seed).solution)


def test_colours_and_styles():
    made = nono.generate(10, 10, colours=3, style="symmetric", seed=2)
    assert made.puzzle.is_colour
    assert len(made.puzzle.palette) == 4
    assert set(np.unique(made.solution)) == {0, 1, 2, 3}
    assert np.array_equal(made.solution, made.solution[:, ::-1])


def test_what_cannot_be_done_is_refused():
    for kwargs in [
        dict(difficulty="fiendish"),
        dict(style="plaid"),
        dict(colours=0),
        dict(colours=33),
        dict(density=1.0),
        dict(timeout=-1),
    ]:
        with pytest.raises(ValueError):
            nono.generate(5, 5, **kwargs)
    with pytest.raises(ValueError):
        nono.generate(0, 5)
    with pytest.raises(TimeoutError, match="no hard 5x5 puzzle found within the time limit") as small:
        nono.generate(5, 5, difficulty="hard", timeout=0.3)
    assert str(small.value).endswith("grids this small seldom need search: try a larger size, or an easier difficulty")
    # A large grid is never told to grow; the advice names the keyword arguments.
    with pytest.raises(TimeoutError) as large:
        nono.generate(30, 30, difficulty="hard", colours=3, timeout=0)
    assert str(large.value).endswith("; try another seed, a longer timeout, fewer colours or an easier difficulty")
    assert "larger" not in str(large.value)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: nono.random_puzzles(-1, 5, 5), r"count=-1 is out of range: give 0 to 1000000 puzzles"),
        (lambda: nono.random_puzzles(2, -5, 5), r"width=-5 is out of range: give 1 to \d+ cells"),
        (lambda: nono.random_puzzles(2, 5, 5, seed=-1), r"seed=-1 is out of range"),
        (lambda: nono.random_puzzles(10**30, 5, 5), r"count=1000000000000000000000000000000 is out"),
        (lambda: nono.generate(-1, 5), r"width=-1 is out of range: give 1 to 200 cells"),
        (lambda: nono.generate(5, 5, colours=-2), r"colours=-2 is out of range"),
        (lambda: nono.generate(5, 5, seed=-7), r"seed=-7 is out of range"),
        (lambda: nono.generate(5, 5, index=-1), r"index=-1 is out of range"),
    ],
)
def test_integers_out_of_range_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
    with pytest.raises(TypeError):
        nono.random_puzzles("3", 5, 5)
