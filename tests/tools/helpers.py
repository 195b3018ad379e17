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


def catalogue(*pairs, fuzzy=()):
    """A small Chinese catalogue (babel's) of ``(English, Chinese)`` pairs, those whose English is in
    ``fuzzy`` marked fuzzy: for the tests of ``ndcg_book/catalogues/i18n.py`` and ``ndcg_book/catalogues/i18n_checks.py``."""
    from babel.messages.catalog import Catalog

    from ndcg_book.catalogues import i18n

    made = Catalog(locale=i18n.LANGUAGE)
    for english, chinese in pairs:
        made.add(english, chinese, flags=("fuzzy",) if english in fuzzy else ())
    return made


def found(made, terms=()) -> list[str]:
    """The problems of ``made`` as the check lists them for a page (``chapters/01_cg``)."""
    from ndcg_book.catalogues.i18n_checks import problems_in

    return list(problems_in("chapters/01_cg", made, terms))
