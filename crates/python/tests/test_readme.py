"""The README's Python example runs as printed, and says what it does."""

import os
import re

from conftest import ROOT


def readme_python_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_example_runs_and_its_comments_hold(capsys):
    blocks = readme_python_blocks()
    assert blocks, "README.md has no Python example"
    here = os.getcwd()
    os.chdir(ROOT)  # the example reads testdata/ relative to the repository
    try:
        scope = {}
        for block in blocks:
            exec(compile(block, "README.md", "exec"), scope)
    finally:
        os.chdir(here)
    puzzle, result = scope["puzzle"], scope["result"]
    assert puzzle.rows == [[3], [2, 1], [3], [2], [3]]
    assert puzzle.cols == [[1], [3], [1, 3], [5], [1]]
    assert result.status == "unique"
    assert result.solution.shape == (5, 5)
    assert puzzle.deduce().unknown_after_sweep == [12, 0]
    assert scope["duck"].width > 0
    assert len(scope["results"]) == 1000
    printed = capsys.readouterr().out
    assert "[[3], [2, 1], [3], [2], [3]]" in printed
