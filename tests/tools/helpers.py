"""The tools' tests' shared pieces: run.py loaded as a module, a fake repository's files."""

from __future__ import annotations

import os
from pathlib import Path

from tests.tools_loader import load_script

REPO = Path(__file__).resolve().parents[2]


run = load_script(REPO / "tools" / "run.py", "run_tool")


CONFIG = """\
title: "A book"
timeout: 1
execute:
  execute_notebooks: force
# a comment in the block
  allow_errors: false

  timeout: 123   # seconds
  run_in_temp: false
parse:
  timeout: 2
"""


def age(path: Path, seconds: float) -> None:
    """Make a file's modification time ``seconds`` older than now."""
    when = path.stat().st_mtime - seconds
    os.utime(path, (when, when))


#: A lock as ``requirements`` writes it: the requires-python line, then the pins.
LOCK = (
    "# requires-python: >=3.11    (the lowest Python every pin below accepts)\n"
    "numpy==2.4.6\npip==26.3\nuv==0.13.9\n"
)


def commands(recorded) -> list[list[str]]:
    return [call["command"] for call in recorded]
