"""Given cells: read, stated, honoured by every solve, kept by the formats that can hold them
and refused by the others; and make's suggestions (givens, single and paired changes)."""

import pickle

import numpy as np
import pytest

import nono
from conftest import SMALLEX, data


def test_the_tatham_example_is_unique_with_its_givens():
    puzzle = nono.read(data("formats", "tatham-pattern-ids.txt"), puzzle=2)
    givens = puzzle.givens
    assert givens.dtype == np.int8 and givens.shape == (15, 15)
    assert (givens != -1).sum() == 6
    assert givens[1].tolist() == [-1] * 4 + [1] + [-1] * 10
    assert repr(puzzle).startswith("<Puzzle 15x15, 6 givens")
    result = puzzle.solve()
    assert result.status == "unique"
    known = givens != -1
    assert (result.solution[known] == givens[known]).all()
    # Without its givens the same clues have several solutions.
    assert puzzle.with_givens(None).givens is None
    assert puzzle.with_givens(None).solve().status == "multiple"
    # Every engine honours them.
    for engine in ("search", "learn", "sat"):
        assert puzzle.solve(engine=engine).status == "unique", engine


def test_givens_pick_one_of_two_solutions(two_solutions):
    assert two_solutions.givens is None
    assert two_solutions.solve().status == "multiple"
    for given in ([[1, -1], [-1, -1]], "#?\n??", np.array([[-1, 0], [-1, -1]])):
        puzzle = nono.Puzzle([[1], [1]], [[1], [1]], givens=given)
        result = puzzle.solve()
        assert result.status == "unique", given
        assert result.solution.tolist() == [[1, 0], [0, 1]], given
        assert nono.solve_many([puzzle])[0].solution.tolist() == [[1, 0], [0, 1]]
        # Line solving starts from them too.
        assert puzzle.deduce().grid.tolist() == [[1, 0], [0, 1]]
    given = two_solutions.with_givens([[-1, 1], [-1, -1]])
    assert given.givens.tolist() == [[-1, 1], [-1, -1]]
    assert given.solve().solution.tolist() == [[0, 1], [1, 0]]
    assert given != two_solutions
    # A picture that breaks a given is not a solution.
    assert not given.check([[1, 0], [0, 1]])
    assert given.check([[0, 1], [1, 0]])


def test_givens_the_clues_cannot_agree_with_leave_no_solution():
    puzzle = nono.Puzzle([[1], [1]], [[1], [1]], givens=[[1, 1], [-1, -1]])
    assert puzzle.solve().status == "none"


def test_bad_givens_are_refused_with_the_cells_named(two_solutions):
    with pytest.raises(ValueError, match="the grid is 1 rows × 2 columns"):
        two_solutions.with_givens([[1, 0]])
    with pytest.raises(ValueError, match="row 1, column 2 of the grid holds 7"):
        nono.Puzzle([[1], [1]], [[1], [1]], givens=[[1, 7], [-1, -1]])
    with pytest.raises(TypeError):
        two_solutions.with_givens([["a", "b"], ["c", "d"]])


def test_colour_givens(colour_puzzle):
    # The solution is [[1, 2, 0], [2, 2, 0], [0, 1, 1]].
    puzzle = colour_puzzle.with_givens([[1, -1, -1], [-1, -1, -1], [0, -1, -1]])
    assert puzzle.givens.tolist()[0] == [1, -1, -1]
    assert puzzle.solve().status == "unique"
    # A given of the palette's background is still a given.
    assert puzzle.givens[2, 0] == 0
    from_text = colour_puzzle.with_givens("r??\n???\n???").givens
    assert (from_text[0, 0], (from_text != -1).sum()) == (1, 1)
    wrong = colour_puzzle.with_givens([[2, -1, -1], [-1, -1, -1], [-1, -1, -1]])
    assert wrong.solve().status == "none"
    with pytest.raises(ValueError, match="palette index from 0 to 2"):
        colour_puzzle.with_givens([[3, -1, -1], [-1, -1, -1], [-1, -1, -1]])


def test_formats_that_cannot_store_givens_refuse_them(tmp_path, two_solutions):
    puzzle = two_solutions.with_givens("#?\n??")
    for format in ("json", "tatham"):
        again = nono.parse(puzzle.to_string(format), format)
        assert again.givens.tolist() == puzzle.givens.tolist(), format
        assert again.solve().status == "unique", format
    with pytest.raises(ValueError, match="the non format cannot store given cells"):
        puzzle.to_string("non")
    path = tmp_path / "given.non"
    with pytest.raises(ValueError, match="cannot store given cells"):
        puzzle.write(path)
    assert not path.exists()
    puzzle.write(tmp_path / "given.json")
    assert nono.read(tmp_path / "given.json").givens.tolist() == [[1, -1], [-1, -1]]
    # Pickling keeps them (it goes through JSON).
    assert pickle.loads(pickle.dumps(puzzle)).givens.tolist() == [[1, -1], [-1, -1]]


def test_drawings_show_the_givens(two_solutions):
    puzzle = two_solutions.with_givens("#?\n??")
    # A blank sheet prints the given cell, as a puzzle book does.
    assert "@" in puzzle.to_text()
    assert "@" not in two_solutions.to_text()
    assert 'id="givens"' in puzzle.to_svg()


def test_make_offers_givens_only_when_asked():
    picture = np.array([[1, 0], [0, 1]])
    made = nono.make(picture)
    assert made.givens and made.givens_verified
    given = made.puzzle_with_givens
    assert given.solve().status == "unique"
    assert given.solve().solution.tolist() == picture.tolist()
    assert nono.make(SMALLEX).puzzle_with_givens is None
    without = nono.make(picture, givens=False)
    assert without.status == "multiple"
    assert (without.givens, without.puzzle_with_givens) == ([], None)


@pytest.mark.parametrize("name", ["dots.txt", "w.txt"])
def test_make_suggests_pairs_of_changes_where_one_is_not_enough(name):
    picture = data("cli", name).read_text()
    made = nono.make(picture, givens=False, timeout=None)
    assert made.status == "multiple"
    assert made.flips == []
    assert made.flip_pairs, repr(made)
    grid = nono.Puzzle.from_picture(picture).goal
    for pair in made.flip_pairs:
        changed = grid.copy()
        for row, col, value in pair:
            assert changed[row, col] != value
            changed[row, col] = value
        result = nono.Puzzle.from_picture(changed).solve()
        assert result.status == "unique", pair
        assert (result.solution == changed).all(), pair
    assert f"{len(made.flip_pairs)} flip pairs" in repr(made)


def test_make_suggests_the_same_changes_every_time():
    # The suggestions come from the cells where the two solutions found differ: with the
    # default one thread, no race decides which two are found.
    picture = data("cli", "dots.txt").read_text()
    first = nono.make(picture, givens=False, timeout=None)
    for _ in range(4):
        again = nono.make(picture, givens=False, timeout=None)
        assert (again.flips, again.flip_pairs) == (first.flips, first.flip_pairs)


def test_make_says_when_a_picture_is_nearly_blank():
    dark = np.ones((30, 30), dtype=np.uint8)
    made = nono.make(dark)
    assert made.unique is True
    assert made.nearly_blank == (900, 900)
    drawn = np.zeros((30, 30), dtype=np.uint8)
    drawn[5:20, 8:12] = 1
    assert nono.make(drawn).nearly_blank is None


def test_the_map_says_what_each_change_decides():
    # A picture whose clues leave cells undecided: its best change decides what the score says,
    # checked by making the changed picture again.
    picture = np.array(
        [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 1, 1], [0, 0, 1, 0, 1], [0, 0, 1, 1, 1]],
        dtype=np.uint8,
    )
    made = nono.make(picture)
    assert made.status == "multiple" and made.undecided and made.map_complete
    before = len(made.undecided)
    scores = [m[3] for m in made.map]
    assert scores == sorted(scores, reverse=True)
    for row, col, value, score, left in made.map[:5]:
        changed = picture.copy()
        changed[row, col] = value
        again = nono.make(changed, map=False)
        assert len(again.undecided) == left == before - score
        if left == 0:
            assert again.status == "unique" and again.level == "easy"
    assert nono.make(picture, map=False).map == []
    easy = nono.make(np.array([[1, 1], [1, 0]]))
    assert (easy.status, easy.level, easy.undecided, easy.map) == ("unique", "easy", [], [])
    assert easy.rating.startswith("line-solvable")
