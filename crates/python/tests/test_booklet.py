"""PDF booklets: read back by poppler's ``pdfinfo``, which must open them and count the pages
asked for (puzzle pages, then solution pages) on the paper asked for. ``scripts/test`` installs
``pdfinfo`` when it is missing; without it these tests fail, saying so."""

import shutil
import subprocess

import pytest

import nono
from conftest import data

SEEDS = [data("seeds", name) for name in ("duck.non", "lambda.non", "smallex.non", "r-logo.non")]


def pdfinfo(path):
    """The page count and the page size line ``pdfinfo`` gives for the file at ``path``."""
    tool = shutil.which("pdfinfo")
    assert tool, "pdfinfo is missing: install poppler-utils (scripts/test installs it)"
    out = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return int(fields["Pages"]), fields["Page size"].strip()


@pytest.mark.parametrize(
    "paper, per_page, solutions, pages, size",
    [
        ("a4", 1, True, 4 + 4, "(A4)"),
        ("letter", 3, True, 2 + 2, "(letter)"),
        ("a4", 4, False, 1, "(A4)"),
    ],
)
def test_a_booklet_has_the_pages_asked_for(tmp_path, paper, per_page, solutions, pages, size):
    puzzles = [nono.read(path) for path in SEEDS]
    pdf = nono.booklet(puzzles, paper=paper, per_page=per_page, solutions=solutions)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF-")
    path = tmp_path / "book.pdf"
    assert nono.booklet(puzzles, path, paper=paper, per_page=per_page, solutions=solutions) is None
    # The same puzzles and options give the same bytes, returned or written.
    assert path.read_bytes() == pdf
    count, page_size = pdfinfo(path)
    assert count == pages
    assert page_size.endswith(size), page_size


def test_one_puzzle_and_an_existing_file(tmp_path):
    duck = nono.read(SEEDS[0])
    path = tmp_path / "duck.pdf"
    nono.booklet(duck, path, solutions=True, timeout=10)
    assert pdfinfo(path)[0] == 2
    with pytest.raises(FileExistsError):
        nono.booklet(duck, path)
    nono.booklet(duck, path, force=True)
    assert pdfinfo(path)[0] == 1


def test_bad_arguments_are_refused():
    duck = nono.read(SEEDS[0])
    for kwargs, says in [
        ({"paper": "a3"}, "unknown paper 'a3'"),
        ({"per_page": 0}, "per_page=0 is out of range"),
        ({"per_page": 37}, "per_page=37 is out of range"),
        ({"timeout": 1.0}, "add solutions=True"),
        ({"engine": "search"}, "add solutions=True"),
        ({"solutions": True, "engine": "quantum"}, "unknown engine"),
        ({"force": True}, "give a path"),
    ]:
        with pytest.raises(ValueError, match=says.replace("(", r"\(")):
            nono.booklet(duck, **kwargs)
    with pytest.raises(ValueError, match="at least one puzzle"):
        nono.booklet([])
    with pytest.raises(TypeError, match="Puzzle"):
        nono.booklet(["duck"])
