"""Triangle puzzles (half cells that cap runs, Olšák's glued triangles) from Python: read,
built from clues and from pictures, solved, explained, hinted, drawn and written back."""

import numpy as np
import pytest

import nono

from conftest import data

# Palette indices of the triangle palette.
WHITE, BLACK, LOWER_RIGHT, UPPER_LEFT, UPPER_RIGHT, LOWER_LEFT = range(6)

# A small picture with caps on rows and columns (drawn with the palette's characters).
PICTURE = "◢#◣\n◥#◤\n..#"


@pytest.fixture
def small():
    return nono.Puzzle.from_picture(PICTURE)


def test_the_olsak_examples_read_and_solve_unique():
    for name in ["noty.g", "brontik.g"]:
        puzzle = nono.read(data("corpus", "olsak", name))
        assert puzzle.is_triangles
        assert [c.symbol for c in puzzle.palette] == [".", "#", "◢", "◤", "◥", "◣"]
        result = puzzle.solve()
        assert result.status == "unique", name
        solution = result.solution
        assert solution.dtype == np.uint8
        # Half cells are in the solution, and every value is an entry of the palette.
        assert set(np.unique(solution)) <= set(range(6))
        assert np.isin(solution, [LOWER_RIGHT, UPPER_LEFT, UPPER_RIGHT, LOWER_LEFT]).any()
        assert puzzle.check(solution)


def test_clues_carry_caps_as_g_files_write_them():
    puzzle = nono.read(data("corpus", "olsak", "noty.g"))
    # noty.g's first row is `/4\` (◢##◣), its third `1 2 1`.
    assert puzzle.rows[0] == ["/4\\"]
    assert puzzle.rows[2] == [1, 2, 1]
    rebuilt = nono.Puzzle(puzzle.rows, puzzle.cols, palette="triangles")
    assert rebuilt.rows == puzzle.rows and rebuilt.cols == puzzle.cols
    assert rebuilt.solve().solution.tolist() == puzzle.solve().solution.tolist()


def test_a_picture_makes_its_clues_and_solves_back(small):
    assert small.rows == [["/3\\"], ["\\3/"], [1]]
    # The same picture as palette indices.
    indices = [[LOWER_RIGHT, BLACK, LOWER_LEFT], [UPPER_RIGHT, BLACK, UPPER_LEFT], [0, 0, 1]]
    array = nono.Puzzle.from_picture(np.array(indices), palette="triangles")
    assert array.rows == small.rows and array.cols == small.cols
    assert small.is_triangles and small.is_colour
    result = small.solve()
    assert result.status == "unique"
    assert result.solution.tolist() == [
        [LOWER_RIGHT, BLACK, LOWER_LEFT],
        [UPPER_RIGHT, BLACK, UPPER_LEFT],
        [WHITE, WHITE, BLACK],
    ]
    text = result.to_text(unicode=True)
    assert "◢" in text and "◤" in text
    svg = small.to_svg(result.solution)
    assert svg.count("<polygon") >= 4 + 6, "half cells and clue caps"
    assert small.to_png(result.solution)[:8] == b"\x89PNG\r\n\x1a\n"


def test_explain_deduce_and_hint(small):
    explanation = small.explain()
    assert len(explanation) > 0
    assert explanation.grid.tolist()[0][0] == LOWER_RIGHT
    deduction = small.deduce()
    assert deduction.status in ("unique", "partial")
    # A wrong cell is found: black where the solution has ◢.
    hint = small.hint("#??\n???\n???")
    assert hint.mistake is not None
    assert [cell[:2] for cell in hint.wrong_cells] == [(0, 0)]
    # From an empty grid, the next step decides cells.
    step = small.hint("???\n???\n???")
    assert step.mistake is None and step.step is not None


def test_round_trips_through_g_and_json(small):
    for fmt in ["g", "json"]:
        text = small.to_string(fmt)
        back = nono.parse(text, format=fmt)
        assert back.is_triangles
        assert back.rows == small.rows and back.cols == small.cols
    with pytest.raises(ValueError):
        small.to_string("non")


@pytest.mark.parametrize(
    "rows, message",
    [
        ([["/0"], [1], [1]], "not a length with caps"),
        ([["//"], [1], [1]], "not a length with caps"),
        ([["/1\\"], [1], [1]], "not a length with caps"),
        ([[(2, "black")], [1], [1]], "triangle puzzle's runs are black"),
    ],
)
def test_bad_capped_runs_are_value_errors(rows, message):
    with pytest.raises(ValueError, match=message):
        nono.Puzzle(rows, [[1], [1], [1]], palette="triangles")


def test_caps_need_the_triangle_palette():
    with pytest.raises(TypeError, match="triangles"):
        nono.Puzzle([["/2"]], [[1], [1]])
    with pytest.raises(ValueError, match="unknown palette"):
        nono.Puzzle([[1]], [[1]], palette="hexagons")


def test_the_documented_clues_are_the_pictures(small):
    documented = nono.Puzzle(
        [["/3\\"], ["\\3/"], [1]], [["/2\\"], [2], ["\\2/", 1]], palette="triangles"
    )
    assert documented.rows == small.rows and documented.cols == small.cols
    assert documented.solve().solution.tolist() == small.solve().solution.tolist()
