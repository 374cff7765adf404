"""Puzzles: made from clues and pictures, read and written in every format, compared, pickled."""

import pickle

import numpy as np
import pytest

import nono
from conftest import SMALLEX, data


def test_clues_make_a_puzzle_with_its_properties():
    p = nono.Puzzle([[3], [2, 1], [3], [2], [3]], [[1], [3], [1, 3], [5], [1]], title="smallex")
    assert (p.width, p.height) == (5, 5)
    assert p.rows == [[3], [2, 1], [3], [2], [3]]
    assert p.cols == [[1], [3], [1, 3], [5], [1]]
    assert p.title == "smallex"
    assert p.author is None
    assert not p.is_colour
    assert [c.name for c in p.palette] == ["white", "black"]
    assert [c.symbol for c in p.palette] == [".", "#"]
    assert p.goal is None
    assert repr(p) == "<Puzzle 5x5 \"smallex\">"


def test_empty_lines_are_empty_lists_or_zero():
    p = nono.Puzzle([[0], []], [[], [0]])
    assert p.rows == [[], []]
    assert p.solve().status == "unique"


def test_numpy_clues_are_taken():
    p = nono.Puzzle([np.array([1]), np.array([1])], [np.array([2]), []])
    assert p.rows == [[1], [1]]


@pytest.mark.parametrize(
    "rows, cols, message",
    [
        ([[1, 0]], [[1], []], "run of 0 cells"),
        ([[-1]], [[1]], "run of -1 cells"),
        ([], [[1]], "both sides must be at least 1"),
        ([[(1, "red")]], [[1]], "lacks"),
    ],
)
def test_bad_clues_are_value_errors(rows, cols, message):
    with pytest.raises(ValueError, match=message):
        nono.Puzzle(rows, cols)


def test_bad_clue_types_are_type_errors():
    with pytest.raises(TypeError):
        nono.Puzzle([["a"]], [[1]])
    with pytest.raises(TypeError):
        nono.Puzzle([1], [[1]])


def test_inconsistent_clues_are_a_puzzle_without_solution():
    p = nono.Puzzle([[2]], [[1], [1], [1]])
    result = p.solve()
    assert result.status == "none"
    assert "fill" in result.reason


def test_colour_puzzles_from_clues_name_their_colours(colour_puzzle):
    p = nono.Puzzle(
        [[(1, "red"), (1, "b")], [(2, 2)], [(2, "red")]],
        colour_puzzle.cols,
        palette=[("white", "#ffffff"), nono.Colour("red", (255, 0, 0), "r"), "blue"],
    )
    assert p.is_colour
    assert p.rows == [[(1, "red"), (1, "blue")], [(2, "blue")], [(2, "red")]]
    assert [c.symbol for c in p.palette] == [".", "r", "b"]
    assert p.palette[1] == nono.Colour("red", "#ff0000", "r")
    assert repr(p) == "<Puzzle 3x3, 2 colours>"


def test_colour_runs_need_a_colour_and_palettes_are_checked():
    with pytest.raises(ValueError, match="has no colour"):
        nono.Puzzle([[1]], [[1]], palette=["white", "red", "blue"])
    with pytest.raises(ValueError, match="not a colour"):
        nono.Puzzle([[1]], [[1]], palette=["white", "notacolour"])
    with pytest.raises(ValueError, match="at least one colour"):
        nono.Puzzle([[1]], [[1]], palette=["white"])
    with pytest.raises(ValueError, match="declared twice"):
        nono.Puzzle([[1]], [[1]], palette=["white", "red", "red"])
    with pytest.raises(ValueError, match="0 is the background"):
        nono.Puzzle([[(1, 0)]], [[(1, 1)]], palette={"white": "#fff", "red": (255, 0, 0)})


def test_from_picture_text_array_and_bool(smallex):
    assert smallex.rows == [[3], [2, 1], [3], [2], [3]]
    assert smallex.cols == [[1], [3], [1, 3], [5], [1]]
    goal = smallex.goal
    assert goal.dtype == np.uint8 and goal.shape == (5, 5)
    array = np.array([[int(c) for c in line] for line in SMALLEX.split()])
    assert nono.Puzzle.from_picture(array) == smallex
    assert nono.Puzzle.from_picture(array.astype(bool)) == smallex
    assert nono.Puzzle.from_picture(array.tolist()) == smallex
    assert nono.Puzzle.from_picture(array.astype(float)) == smallex
    inverted = nono.Puzzle.from_picture(1 - array, invert=True)
    assert inverted.rows == smallex.rows


def test_from_picture_of_rgb_thresholds_or_quantises():
    white, black, red = (255, 255, 255), (0, 0, 0), (230, 20, 20)
    image = np.array([[white, black, white], [red, black, white], [white, white, white]], np.uint8)
    bw = nono.Puzzle.from_picture(image)
    assert bw.rows == [[1], [2], []]
    colour = nono.Puzzle.from_picture(image, colours=2)
    assert colour.is_colour
    assert [c.name for c in colour.palette] == ["white", "black", "red"]
    assert colour.rows == [[(1, "black")], [(1, "red"), (1, "black")], []]
    floats = nono.Puzzle.from_picture(image / 255.0, colours=2)
    assert floats == colour
    rgba = np.concatenate([image, np.full((3, 3, 1), 255, np.uint8)], axis=2)
    assert nono.Puzzle.from_picture(rgba, colours=2) == colour
    small = nono.Puzzle.from_picture(np.zeros((4, 6, 3), np.uint8), size=(3, 2))
    assert (small.width, small.height) == (3, 2)


def test_from_picture_of_files_and_bytes(tmp_path):
    path = tmp_path / "smallex.txt"
    path.write_text(SMALLEX)
    p = nono.Puzzle.from_picture(path)
    assert p.title == "smallex"
    assert p.rows == [[3], [2, 1], [3], [2], [3]]
    assert nono.Puzzle.from_picture(SMALLEX.encode()).rows == p.rows
    with pytest.raises(ValueError, match="pass pathlib.Path"):
        nono.Puzzle.from_picture(str(path))
    png = nono.Puzzle.from_picture(SMALLEX).to_png(cell=8)
    drawn = tmp_path / "sheet.png"
    drawn.write_bytes(png)
    # A PNG sheet is an image: it reads, thresholded, into some picture.
    assert nono.Puzzle.from_picture(drawn).width > 5


@pytest.mark.parametrize(
    "picture, options, error, message",
    [
        ("01\n0z", {}, nono.ParseError, "line 2, column 2"),
        (SMALLEX, {"colours": 3}, ValueError, "quantises images"),
        (SMALLEX, {"colours": 0}, ValueError, "colours=0 is out of range"),
        (SMALLEX, {"threshold": 300}, ValueError, "threshold=300"),
        (SMALLEX, {"size": (3, 3)}, ValueError, "scales images"),
        ([[0, 2]], {}, ValueError, r"holds 2: use 0 \(empty\) or 1"),
        ([[0, 3]], {"palette": ["white", "red", "blue"]}, ValueError, "index from 0 to 2"),
        ([[0.5]], {}, TypeError, "integers"),
        (["ab"], {}, TypeError, "array of numbers"),
        (np.zeros((2, 2, 5)), {}, ValueError, "RGB"),
        (np.full((2, 2, 3), 2.0), {}, ValueError, "from 0 to 1"),
        (np.zeros((2, 2, 2, 2)), {}, ValueError, "not 4"),
        (np.zeros((2, 2, 3), np.uint8), {"colours": 2, "invert": True}, ValueError, "invert"),
        (np.zeros((4, 4, 3), np.uint8), {"size": (5, 5)}, ValueError, "only scales down"),
        (object(), {}, TypeError, "picture"),
    ],
)
def test_bad_pictures_are_refused(picture, options, error, message):
    with pytest.raises(error, match=message):
        nono.Puzzle.from_picture(picture, **options)


def test_a_missing_picture_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        nono.Puzzle.from_picture(tmp_path / "missing.png")


SMILE_ROWS = [[1, 1], [1, 1], [], [1, 1], [3]]

SMILES = [
    ("smile.non", "non"),
    ("smile.nin", "nin"),
    ("smile.g", "g"),
    ("smile.mk", "mk"),
    ("smile.cwd", "cwd"),
    ("smile.xml", "xml"),
    ("smile.tournament.txt", "tournament"),
    ("smile.string.txt", "string"),
    ("smile.gecode.txt", "gecode"),
    ("smile.json", "json"),
    ("smile.picture.txt", "picture"),
]

COPIED = [
    ("nonogrid-hello.toml", "toml", (22, 7)),
    ("pynogram-colour-uk.txt", "ini", (31, 15)),
    ("gnonograms.gno", "gno", (30, 20)),
    ("tatham-pattern-ids.txt", "tatham", (15, 15)),
]


def test_every_format_has_a_file_here():
    named = {f for _, f in SMILES} | {f for _, f, _ in COPIED}
    assert named == set(nono.FORMATS)


@pytest.mark.parametrize("name, format", SMILES)
def test_every_format_reads_from_files_and_text(name, format):
    path = data("formats", name)
    p = nono.read(path)
    assert p.rows == SMILE_ROWS
    assert nono.read(str(path), format=format).rows == SMILE_ROWS
    text = path.read_text()
    assert nono.parse(text).rows == SMILE_ROWS
    assert nono.parse(text, format=format).rows == SMILE_ROWS
    assert nono.parse_all(text)[0].rows == SMILE_ROWS
    assert nono.read_all(path)[0].rows == SMILE_ROWS


@pytest.mark.parametrize("name, format, size", COPIED)
def test_formats_read_but_not_written(name, format, size):
    p = nono.read(data("formats", name), format=format)
    assert (p.width, p.height) == size
    assert p.solve().status in ("unique", "multiple")


def test_files_of_several_puzzles_pick_by_number():
    path = data("formats", "smile.tournament.txt")
    everything = nono.read_all(path)
    assert len(everything) == 2
    assert nono.read(path) == everything[0]
    assert nono.read(path, puzzle=2) == everything[1]
    with pytest.raises(ValueError, match="there is no puzzle 3: the input holds 2 puzzles"):
        nono.read(path, puzzle=3)
    with pytest.raises(ValueError, match="no puzzle 0"):
        nono.parse(path.read_text(), puzzle=0)


def test_parse_errors_carry_file_line_and_column(tmp_path):
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n")
    with pytest.raises(nono.ParseError) as caught:
        nono.read(bad)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.file == str(bad)
    assert (error.line, error.column) == (5, 1)
    assert error.message and error.message in str(error)
    assert str(error).startswith(f"{bad}:5:1: ")
    with pytest.raises(nono.ParseError) as caught:
        nono.parse("width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n", format="non")
    assert caught.value.file is None
    assert str(caught.value).startswith("line 5, column 1: ")
    with pytest.raises(nono.ParseError, match="format not recognised"):
        nono.parse("hello")
    with pytest.raises(nono.ParseError, match="empty"):
        nono.parse("")


def test_bad_formats_and_missing_files(tmp_path):
    with pytest.raises(ValueError, match="unknown format 'bmp' \\(known formats: non"):
        nono.parse("x", format="bmp")
    with pytest.raises(FileNotFoundError):
        nono.read(tmp_path / "missing.non")
    binary = tmp_path / "binary.non"
    binary.write_bytes(b"width 1\x00\xff")
    with pytest.raises(nono.ParseError, match="binary"):
        nono.read(binary)


def test_to_string_round_trips_every_writable_format(smallex):
    for format in nono.WRITABLE_FORMATS:
        text = smallex.to_string(format)
        assert nono.parse(text, format=format).rows == smallex.rows, format
    assert smallex.to_string().startswith(nono.parse(smallex.to_string()).to_string()[:5])
    with pytest.raises(ValueError, match="can be read but not written"):
        smallex.to_string("mk")
    blank = nono.Puzzle(smallex.rows, smallex.cols)
    with pytest.raises(ValueError, match="cannot write the puzzle as picture"):
        blank.to_string("picture")


def test_solutions_are_left_out_when_asked(tmp_path):
    made = nono.generate(8, 8, seed=3).puzzle
    assert made.goal is not None
    for format, mark in (("non", "goal"), ("xml", "<solution"), ("json", '"goal"')):
        assert mark in made.to_string(format), format
        shared = made.to_string(format, solution=False)
        assert mark not in shared, format
        again = nono.parse(shared, format=format)
        assert again.goal is None and again.rows == made.rows, format
    path = tmp_path / "shared.xml"
    made.write(path, solution=False)
    assert nono.read(path).goal is None
    with pytest.raises(ValueError, match="the solution itself"):
        made.to_string("picture", solution=False)
    assert made.to_string("picture")


def test_colour_puzzles_round_trip_in_colour_formats(colour_puzzle):
    want = colour_puzzle.solve().solution
    for format in ("non", "xml", "json"):
        again = nono.parse(colour_puzzle.to_string(format), format=format)
        assert [[n for n, _ in clue] for clue in again.rows] == [[1, 1], [2], [2]]
        assert np.array_equal(again.solve().solution, want), format
    with pytest.raises(ValueError, match="cannot hold colour"):
        colour_puzzle.to_string("nin")


def test_write_never_replaces_without_force(tmp_path, smallex):
    path = tmp_path / "smallex.non"
    smallex.write(path)
    assert nono.read(path) == nono.parse(smallex.to_string())
    other = nono.Puzzle([[1]], [[1]])
    with pytest.raises(FileExistsError, match="without force=True"):
        other.write(path)
    assert nono.read(path).width == 5
    other.write(path, force=True)
    assert nono.read(path).width == 1
    smallex.write(tmp_path / "any.name", format="json")
    assert nono.read(tmp_path / "any.name").rows == smallex.rows
    with pytest.raises(ValueError, match="cannot tell the format"):
        smallex.write(tmp_path / "smallex.unknown")
    with pytest.raises(FileNotFoundError):
        smallex.write(tmp_path / "no" / "dir.non")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["any.name", "smallex.non"]


def test_write_follows_links_keeps_modes_and_refuses_what_is_not_a_file(tmp_path, smallex):
    # The command line's rules (nonogram_formats::whole): one implementation for both.
    real = tmp_path / "real.non"
    real.write_text("old")
    real.chmod(0o600)
    link = tmp_path / "link.non"
    link.symlink_to("real.non")
    with pytest.raises(FileExistsError):
        smallex.write(link)
    smallex.write(link, force=True)
    assert link.is_symlink() and nono.read(real) == smallex
    assert real.stat().st_mode & 0o777 == 0o600
    dangling = tmp_path / "dangling.non"
    dangling.symlink_to("nowhere.non")
    with pytest.raises(FileNotFoundError, match="symbolic link to nowhere.non"):
        smallex.write(dangling, force=True)
    assert not (tmp_path / "nowhere.non").exists()
    folder = tmp_path / "folder.non"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="not a regular file"):
        smallex.write(folder, force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "dangling.non", "folder.non", "link.non", "real.non"]


def test_puzzles_compare_and_pickle(smallex, colour_puzzle):
    assert smallex == nono.Puzzle.from_picture(SMALLEX)
    assert smallex != colour_puzzle
    assert smallex != "smallex"
    for p in (smallex, colour_puzzle):
        again = pickle.loads(pickle.dumps(p))
        assert again.rows == p.rows and again.palette == p.palette
        assert np.array_equal(again.goal, p.goal)


def test_random_puzzles_are_seeded():
    a = nono.random_puzzles(3, 10, 8, seed=5)
    b = nono.random_puzzles(3, 10, 8, seed=5)
    assert [p.rows for p in a] == [p.rows for p in b]
    assert (a[0].width, a[0].height) == (10, 8)
    assert nono.random_puzzles(1, 4, 4, colours=3)[0].is_colour
    with pytest.raises(ValueError, match="density"):
        nono.random_puzzles(1, 4, 4, density=2)
    with pytest.raises(ValueError, match="width=0 is out of range: give 1 to"):
        nono.random_puzzles(1, 0, 4)


def test_the_package_documents_itself():
    for name in nono.__all__:
        obj = getattr(nono, name)
        if callable(obj):
            assert obj.__doc__, name
    assert "pic2gram" in nono.Puzzle.from_picture.__doc__
    assert nono.__version__
