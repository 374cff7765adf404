"""Fixtures shared by the tests of the nono package: the repository's test data."""

import pathlib

import pytest

import nono

ROOT = pathlib.Path(__file__).resolve().parents[3]
TESTDATA = ROOT / "testdata"

# The seed notebook's picture (its `smallex`).
SMALLEX = "01110\n11010\n01110\n00110\n00111"


def data(*parts):
    """A file of the repository's testdata; a missing file fails the test, never skips it."""
    path = TESTDATA.joinpath(*parts)
    assert path.exists(), f"test data missing: {path}"
    return path


@pytest.fixture
def smallex():
    return nono.Puzzle.from_picture(SMALLEX)


@pytest.fixture
def two_solutions():
    """Two diagonals: [[1], [1]] both ways."""
    return nono.Puzzle([[1], [1]], [[1], [1]])


@pytest.fixture
def colour_puzzle():
    """A 3x3 colour puzzle with one solution (white background, red and blue)."""
    picture = [[1, 2, 0], [2, 2, 0], [0, 1, 1]]
    return nono.Puzzle.from_picture(picture, palette=["white", "red", "blue"])
