"""Making puzzles from pictures, and the pattern sets of clues."""

import numpy as np
import pytest

import nono
from conftest import SMALLEX


def test_a_unique_picture():
    made = nono.make(SMALLEX, title="smallex")
    assert (made.status, made.unique, made.stop) == ("unique", True, "finished")
    assert made.puzzle.title == "smallex"
    assert made.puzzle.rows == [[3], [2, 1], [3], [2], [3]]
    assert made.picture.tolist()[0] == [0, 1, 1, 1, 0]
    assert (made.differing_cells, made.givens, made.flips) == ([], [], [])
    assert not made.timed_out
    assert made._repr_svg_().startswith("<?xml")
    assert made.to_png()[:4] == b"\x89PNG"
    assert repr(made) == "<Made 5x5 puzzle: unique>"


def test_an_ambiguous_picture_gets_fixes_that_work():
    picture = np.array([[1, 0], [0, 1]])
    made = nono.make(picture)
    assert (made.status, made.unique) == ("multiple", False)
    assert made.differing_cells == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert made.givens_verified and made.givens
    for row, col, value in made.flips:
        changed = picture.copy()
        changed[row, col] = value
        assert nono.Puzzle.from_picture(changed).solve().status == "unique"


def test_make_in_colour_and_its_options():
    white, red, blue = (255, 255, 255), (220, 30, 30), (30, 60, 220)
    image = np.array([[white, red, white], [red, blue, red], [white, red, white]], np.uint8)
    made = nono.make(image, colours=2, timeout=None)
    assert made.puzzle.is_colour
    assert made.unique is True
    with pytest.raises(ValueError, match="timeout"):
        nono.make(SMALLEX, timeout=-1)
    with pytest.raises(ValueError, match="threads=-1"):
        nono.make(SMALLEX, threads=-1)


def test_patterns_count_enumerate_and_share():
    p = nono.patterns([2, 1], 6)
    assert (p.count, len(p), p.clue, p.length) == (6, 6, [2, 1], 6)
    matrix = p.matrix
    assert matrix.dtype == np.uint8 and matrix.shape == (6, 6)
    assert matrix[0].tolist() == [1, 1, 0, 1, 0, 0]
    assert [row.tolist() for row in p] == matrix.tolist()
    assert p.common.tolist() == [-1] * 6
    assert np.allclose(p.shares, matrix.mean(axis=0))
    # The notebook's forced cells: a clue of 3 in 5 cells fixes the middle one.
    assert nono.patterns([3], 5).common.tolist() == [-1, -1, 1, -1, -1]
    assert nono.patterns([], 3).matrix.tolist() == [[0, 0, 0]]
    assert nono.patterns([0], 3).count == 1


def test_patterns_with_known_cells_and_huge_sets():
    known = nono.patterns([2, 1], 6, known="#?????")
    assert known.count == 3
    assert known.common.tolist() == [1, 1, 0, -1, -1, -1]
    assert nono.patterns([2, 1], 6, known=[1, -1, -1, -1, -1, -1]).count == 3
    assert nono.patterns([3], 3, known="..?").common is None
    huge = nono.patterns([1] * 100, 4000)
    assert huge.count > 10**150
    with pytest.raises(OverflowError):
        len(huge)
    with pytest.raises(ValueError, match="iterate over it instead"):
        huge.matrix
    first = next(iter(huge))
    assert first.shape == (4000,) and first[:3].tolist() == [1, 0, 1]
    many = nono.patterns([1, 1], 60)
    assert sum(1 for _ in many) == many.count == 1711


@pytest.mark.parametrize(
    "args, error, message",
    [
        (([1, 0], 5), ValueError, "run of 0 cells"),
        (([-1], 5), ValueError, "run of -1 cells"),
        (([1], -1), ValueError, "length=-1"),
        (([1], 3, "#?"), ValueError, "2 cells but the line has 3"),
        (([1], 3, "#?z"), nono.ParseError, "column 3"),
        (([1], 3, [2, 0, 0]), ValueError, "holds 2"),
        (("12", 3), TypeError, "str"),
    ],
)
def test_bad_pattern_arguments(args, error, message):
    with pytest.raises(error, match=message):
        nono.patterns(*args)


def test_pattern_lengths_are_the_command_lines():
    # One limit, stated once: what `nonogram patterns --width` takes, Python takes.
    assert nono.patterns([1], 5000).count == 5000
    assert nono.patterns([1], 65536).count == 65536
    with pytest.raises(ValueError, match=r"length=65537 is out of range: give 0 to 65536 cells"):
        nono.patterns([1], 65537)
