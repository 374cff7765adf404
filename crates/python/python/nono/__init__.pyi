"""Type stubs of the ``nono`` package (the extension module ``nono._nono``)."""

import os
from typing import Callable, Iterable, Iterator, Mapping, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str
FORMATS: Tuple[str, ...]
WRITABLE_FORMATS: Tuple[str, ...]

# A grid as :meth:`Puzzle.hint` and the drawings take it: an array (-1 unknown, else 0 and 1 or
# palette indices) or text (rows of ``#``, ``.``, ``?``, or a palette's characters).
GridLike = Union[str, npt.ArrayLike]
# A picture as :meth:`Puzzle.from_picture` and :func:`make` take it.
PictureLike = Union[str, bytes, os.PathLike, npt.ArrayLike]
# A colour: ``#rrggbb``, ``"r, g, b"``, a CSS name, or ``(r, g, b)``.
RgbLike = Union[str, Tuple[int, int, int]]
PaletteEntry = Union["Colour", str, Tuple[str, RgbLike], Tuple[str, RgbLike, str]]
PaletteLike = Union[Sequence[PaletteEntry], Mapping[str, RgbLike]]
Run = Union[int, Tuple[int, Union[str, int]]]
Clues = Sequence[Sequence[Run]]
Seconds = Optional[float]

class ParseError(ValueError):
    """Text (or a file) that is not a puzzle, or not a picture."""

    file: Optional[str]
    line: int
    column: int
    message: str

class InternalError(RuntimeError):
    """A bug in the engine (a Rust panic), caught before it could take the interpreter down."""

class Colour:
    """One entry of a palette: a name, a colour (``#rrggbb``) and its character in text."""

    name: str
    rgb: str
    symbol: Optional[str]
    def __init__(self, name: str, rgb: RgbLike, symbol: Optional[str] = None) -> None: ...

class Puzzle:
    """A nonogram: the clues of its rows and columns, its palette and its metadata."""

    def __init__(
        self,
        rows: Clues,
        cols: Clues,
        palette: Optional[PaletteLike] = None,
        title: Optional[str] = None,
        givens: Optional[GridLike] = None,
    ) -> None: ...
    @staticmethod
    def from_picture(
        picture: PictureLike,
        *,
        colours: int = 1,
        threshold: int = 128,
        invert: bool = False,
        size: Optional[Tuple[int, int]] = None,
        palette: Optional[PaletteLike] = None,
        title: Optional[str] = None,
    ) -> "Puzzle": ...
    @property
    def rows(self) -> list: ...
    @property
    def cols(self) -> list: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def title(self) -> Optional[str]: ...
    @property
    def author(self) -> Optional[str]: ...
    @property
    def palette(self) -> list[Colour]: ...
    @property
    def is_colour(self) -> bool: ...
    @property
    def goal(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def givens(self) -> Optional[npt.NDArray[np.int8]]: ...
    def with_givens(self, givens: Optional[GridLike]) -> "Puzzle": ...
    def to_string(self, format: str = "non", *, solution: bool = True) -> str: ...
    def write(
        self,
        path: Union[str, os.PathLike],
        format: Optional[str] = None,
        force: bool = False,
        *,
        solution: bool = True,
    ) -> None: ...
    def solve(
        self,
        solutions: int = 2,
        timeout: Seconds = None,
        engine: str = "auto",
        threads: int = 0,
        seed: int = 0,
    ) -> "Result": ...
    def deduce(self, timeout: Seconds = None) -> "Deduction": ...
    def explain(self, timeout: Seconds = None) -> "Explanation": ...
    def hint(self, grid: GridLike, timeout: Seconds = None) -> "Hint": ...
    def check(self, grid: GridLike) -> bool: ...
    def to_text(
        self, grid: Optional[GridLike] = None, *, style: str = "book", unicode: bool = False
    ) -> str: ...
    def to_svg(self, grid: Optional[GridLike] = None, *, cell: int = 20) -> str: ...
    def to_png(self, grid: Optional[GridLike] = None, *, cell: int = 20) -> bytes: ...
    def _repr_svg_(self) -> str: ...

class Result:
    """What a solve found: its status, why it stopped, and the solutions."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def status(self) -> str: ...
    @property
    def stop(self) -> str: ...
    @property
    def unique(self) -> bool: ...
    @property
    def solutions(self) -> list[npt.NDArray[np.uint8]]: ...
    @property
    def solution(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def differing_cells(self) -> list[Tuple[int, int]]: ...
    @property
    def elapsed(self) -> float: ...
    @property
    def engine(self) -> str: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def stats(self) -> dict[str, int]: ...
    def to_text(self, index: int = 0, *, style: str = "book", unicode: bool = False) -> str: ...
    def to_svg(self, index: int = 0, *, cell: int = 20) -> str: ...
    def to_png(self, index: int = 0, *, cell: int = 20) -> bytes: ...
    def _repr_svg_(self) -> str: ...

class Deduction:
    """What line solving alone proved: a partial grid, -1 where a cell is unknown."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def grid(self) -> npt.NDArray[np.int8]: ...
    @property
    def status(self) -> str: ...
    @property
    def stop(self) -> str: ...
    @property
    def sweeps(self) -> int: ...
    @property
    def unknown_after_sweep(self) -> list[int]: ...
    @property
    def unknown(self) -> int: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def elapsed(self) -> float: ...
    def to_text(self, *, style: str = "book", unicode: bool = False) -> str: ...
    def to_svg(self, *, cell: int = 20) -> str: ...
    def to_png(self, *, cell: int = 20) -> bytes: ...
    def _repr_svg_(self) -> str: ...

class Step:
    """One step of an explanation."""

    kind: str
    axis: Optional[str]
    index: Optional[int]
    clue: Optional[list]
    cell: Optional[Tuple[int, int]]
    cells: list[Tuple[int, int, int]]
    narrowed: list[Tuple[int, int, list[int]]]
    text: str

class Explanation(Sequence[Step]):
    """The steps of a human solve and the difficulty rating."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def steps(self) -> list[Step]: ...
    @property
    def difficulty(self) -> str: ...
    @property
    def rating(self) -> str: ...
    @property
    def sweeps(self) -> int: ...
    @property
    def probes(self) -> int: ...
    @property
    def decisions(self) -> int: ...
    @property
    def grid(self) -> npt.NDArray[np.int8]: ...
    @property
    def stop(self) -> str: ...
    @property
    def reason(self) -> Optional[str]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Step: ...  # type: ignore[override]
    def __iter__(self) -> Iterator[Step]: ...
    def to_svg(self, *, cell: int = 20) -> str: ...
    def to_png(self, *, cell: int = 20) -> bytes: ...
    def _repr_svg_(self) -> str: ...

class Hint:
    """The next step from a partly solved grid, or what is wrong with it."""

    step: Optional[Step]
    mistake: Optional[str]
    wrong_cells: list[Tuple[int, int, int, int]]
    line: Optional[Tuple[str, int]]
    complete: bool
    text: str

class Generated:
    """A generated puzzle: unique, rated as asked."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def solution(self) -> npt.NDArray[np.uint8]: ...
    @property
    def level(self) -> str: ...
    @property
    def rating(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def index(self) -> int: ...
    @property
    def pictures(self) -> int: ...
    @property
    def elapsed(self) -> float: ...

class Made:
    """A puzzle made from a picture, with the verdict on it and fixes."""

    @property
    def puzzle(self) -> Puzzle: ...
    @property
    def picture(self) -> npt.NDArray[np.uint8]: ...
    @property
    def status(self) -> str: ...
    @property
    def stop(self) -> str: ...
    @property
    def unique(self) -> Optional[bool]: ...
    @property
    def differing_cells(self) -> list[Tuple[int, int]]: ...
    @property
    def givens(self) -> list[Tuple[int, int, int]]: ...
    @property
    def givens_verified(self) -> bool: ...
    @property
    def puzzle_with_givens(self) -> Optional[Puzzle]: ...
    @property
    def flips(self) -> list[Tuple[int, int, int]]: ...
    @property
    def flip_pairs(self) -> list[Tuple[Tuple[int, int, int], Tuple[int, int, int]]]: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def nearly_blank(self) -> Optional[Tuple[int, int]]: ...
    def to_svg(self, *, cell: int = 20) -> str: ...
    def to_png(self, *, cell: int = 20) -> bytes: ...
    def _repr_svg_(self) -> str: ...

class Patterns:
    """The pattern set of one clue in a line."""

    @property
    def clue(self) -> list[int]: ...
    @property
    def length(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def common(self) -> Optional[npt.NDArray[np.int8]]: ...
    @property
    def shares(self) -> Optional[npt.NDArray[np.float64]]: ...
    @property
    def matrix(self) -> npt.NDArray[np.uint8]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[npt.NDArray[np.uint8]]: ...

class Solving(Iterator[Result]):
    """Results of a background batch, in the order of the input."""

    def __len__(self) -> int: ...
    def __next__(self) -> Result: ...
    def close(self) -> None: ...

def read(
    path: Union[str, os.PathLike], format: Optional[str] = None, puzzle: Optional[int] = None
) -> Puzzle: ...
def read_all(path: Union[str, os.PathLike], format: Optional[str] = None) -> list[Puzzle]: ...
def parse(text: str, format: Optional[str] = None, puzzle: Optional[int] = None) -> Puzzle: ...
def parse_all(text: str, format: Optional[str] = None) -> list[Puzzle]: ...
def make(
    picture: PictureLike,
    *,
    colours: int = 1,
    threshold: int = 128,
    invert: bool = False,
    size: Optional[Tuple[int, int]] = None,
    palette: Optional[PaletteLike] = None,
    title: Optional[str] = None,
    timeout: Seconds = 10.0,
    threads: int = 1,
    givens: bool = True,
) -> Made: ...
@overload
def booklet(
    puzzles: Union[Puzzle, Iterable[Puzzle]],
    path: None = None,
    *,
    paper: str = "a4",
    per_page: int = 1,
    solutions: bool = False,
    timeout: Seconds = None,
    engine: str = "auto",
    force: bool = False,
) -> bytes: ...
@overload
def booklet(
    puzzles: Union[Puzzle, Iterable[Puzzle]],
    path: Union[str, os.PathLike],
    *,
    paper: str = "a4",
    per_page: int = 1,
    solutions: bool = False,
    timeout: Seconds = None,
    engine: str = "auto",
    force: bool = False,
) -> None: ...
def generate(
    width: int,
    height: int,
    *,
    difficulty: str = "easy",
    colours: int = 1,
    density: Optional[float] = None,
    style: str = "smooth",
    seed: Optional[int] = None,
    index: int = 0,
    timeout: Seconds = 30.0,
) -> Generated: ...
def patterns(
    clue: Sequence[int], length: int, known: Optional[GridLike] = None
) -> Patterns: ...
def solve_many(
    puzzles: Iterable[Puzzle],
    *,
    solutions: int = 2,
    timeout: Seconds = None,
    engine: str = "auto",
    seed: int = 0,
    jobs: int = 0,
    progress: Optional[Callable[[int, int], object]] = None,
) -> list[Result]: ...
def solve_iter(
    puzzles: Iterable[Puzzle],
    *,
    solutions: int = 2,
    timeout: Seconds = None,
    engine: str = "auto",
    seed: int = 0,
    jobs: int = 0,
) -> Solving: ...
def random_puzzles(
    count: int,
    width: int,
    height: int,
    *,
    density: float = 0.5,
    colours: int = 1,
    seed: int = 0,
) -> list[Puzzle]: ...
