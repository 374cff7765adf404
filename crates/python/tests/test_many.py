"""Many puzzles at once: results in the order of the input, progress, early stops."""

import pathlib
import time

import pytest

import nono
from conftest import data


def test_solve_many_keeps_the_input_order_and_reports_progress():
    puzzles = nono.random_puzzles(60, 12, 12, seed=3)
    calls = []
    results = nono.solve_many(puzzles, jobs=2, progress=lambda done, total: calls.append((done, total)))
    assert len(results) == 60
    for puzzle, result in zip(puzzles, results):
        assert result.puzzle == puzzle
        assert result.status in ("unique", "multiple")
        assert puzzle.check(result.solution)
        assert result.status == puzzle.solve(threads=1).status
    assert calls == [(n, 60) for n in range(1, 61)]
    assert nono.solve_many([]) == []


def test_solve_many_takes_the_options_of_solve(two_solutions):
    results = nono.solve_many([two_solutions] * 3, solutions=1)
    assert [r.status for r in results] == ["solved"] * 3
    hard = nono.read(data("tail", "random-40x40-d0.5-s43-851.non"))
    (cut,) = nono.solve_many([hard], timeout=0.2)
    assert cut.stop == "time-limit"
    with pytest.raises(ValueError, match="jobs=-1"):
        nono.solve_many([two_solutions], jobs=-1)
    with pytest.raises(TypeError, match="item 1 is not a Puzzle but str"):
        nono.solve_many([two_solutions, "x"])


def test_a_progress_callback_may_solve_too():
    puzzles = nono.random_puzzles(10, 8, 8, seed=9)
    inner = []
    nono.solve_many(puzzles, progress=lambda done, total: inner.append(puzzles[0].solve().status))
    assert len(inner) == 10


def test_a_progress_callback_that_raises_stops_the_batch():
    puzzles = nono.random_puzzles(200, 15, 15, seed=4)

    def fail(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        nono.solve_many(puzzles, progress=fail)


def test_solve_iter_yields_in_order_with_a_length():
    puzzles = nono.random_puzzles(40, 12, 12, seed=6)
    solving = nono.solve_iter(puzzles, jobs=2)
    assert len(solving) == 40
    results = list(solving)
    assert [r.puzzle for r in results] == puzzles
    assert [r.status for r in results] == [r.status for r in nono.solve_many(puzzles)]
    assert list(solving) == []


def batch_threads():
    """The threads of background batches still running in this process (Linux names them)."""
    tasks = pathlib.Path("/proc/self/task")
    assert tasks.is_dir(), "this test reads the thread names of Linux's /proc"
    names = []
    for task in tasks.iterdir():
        try:
            names.append((task / "comm").read_text())
        except OSError:  # the thread ended meanwhile
            pass
    return [name for name in names if name.startswith("nono-batch")]


def wait_for_no_batch_threads():
    deadline = time.monotonic() + 2
    while batch_threads() and time.monotonic() < deadline:
        time.sleep(0.01)
    return batch_threads()


def test_solve_iter_stops_when_closed_or_dropped():
    hard = nono.read(data("tail", "random-40x40-d0.5-s43-851.non"))
    easy = nono.random_puzzles(3, 5, 5)
    # The hard puzzles would take minutes each.
    solving = nono.solve_iter(easy + [hard] * 4, jobs=2)
    first = next(solving)
    assert first.puzzle == easy[0]
    assert batch_threads()
    solving.close()
    assert list(solving) == []
    assert wait_for_no_batch_threads() == []
    dropped = nono.solve_iter([hard] * 2)
    assert len(dropped) == 2
    del dropped
    assert wait_for_no_batch_threads() == []
