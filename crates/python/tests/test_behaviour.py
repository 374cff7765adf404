"""How the package behaves around the engine: the GIL released, threads solving together,
Ctrl-C, panics."""

import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import nono
from conftest import ROOT, data

HARD = data("tail", "random-40x40-d0.5-s43-851.non")


def test_the_gil_is_released_while_solving():
    hard = nono.read(HARD)
    done = threading.Event()

    def solve():
        hard.solve(timeout=1.0, threads=1)
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    counted = 0
    while not done.is_set():
        counted += 1
    worker.join()
    # Holding the GIL for the whole second would leave this thread a few switch intervals.
    assert counted > 100_000, counted


def test_two_threads_solve_at_once_in_about_the_time_of_one():
    # Each solve runs for its time limit, half a second of wall-clock time: two in two Python
    # threads take as long as one if the GIL is released, twice as long if either held it.
    hard = nono.read(HARD)

    def solve():
        result = hard.solve(timeout=0.5, threads=1)
        assert result.stop == "time-limit"

    def timed(work):
        start = time.perf_counter()
        work()
        return time.perf_counter() - start

    def two():
        threads = [threading.Thread(target=solve) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    one = timed(solve)
    both = timed(two)
    assert both < 1.4 * one, (one, both)


CHILD = textwrap.dedent(
    """
    import sys, time
    import nono
    puzzle = nono.read(sys.argv[1])
    print("solving", flush=True)
    try:
        puzzle.solve(threads=1)
        print("finished")
    except KeyboardInterrupt:
        print("interrupted", time.monotonic(), flush=True)
    """
)


def test_ctrl_c_stops_a_solve_within_a_fifth_of_a_second():
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(HARD)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert child.stdout.readline().strip() == "solving"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert child.wait(timeout=10) == 0
    finally:
        child.kill()
    assert line[0] == "interrupted", line
    assert float(line[1]) - sent < 0.2


def test_ctrl_c_stops_solve_many_too():
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD.replace("puzzle.solve(threads=1)", "nono.solve_many([puzzle] * 4)"),
            str(HARD),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "solving"
        time.sleep(0.5)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert child.wait(timeout=10) == 0
    finally:
        child.kill()
    assert line[0] == "interrupted", line
    assert float(line[1]) - sent < 0.2


def test_a_panic_is_an_exception_not_a_crash():
    with pytest.raises(nono.InternalError, match="a test asked for a panic"):
        nono._nono._panic()
    assert issubclass(nono.InternalError, RuntimeError)
    # The interpreter and the package are still there.
    assert nono.Puzzle([[1]], [[1]]).solve().status == "unique"


def test_a_forked_child_solves_too():
    # multiprocessing forks on Linux: the child inherits this thread's worker, not its thread.
    import multiprocessing

    puzzle = nono.Puzzle([[1], [2]], [[2], [1]])
    assert puzzle.solve().status == "unique"
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        statuses = pool.map(solve_status, [puzzle.to_string()] * 2, chunksize=1)
    assert statuses == ["unique", "unique"]


def solve_status(text):
    return nono.parse(text).solve(timeout=10).status
