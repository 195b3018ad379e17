"""The Chinese edition's catalogues against the English as it is now (``ndcg_book/catalogues/i18n.py``).

Every page is extracted afresh (Sphinx's gettext builder, no notebook run) and every store of words
read afresh: a catalogue that lacks a message (English added or changed since the last
``python3 tools/run.py translations``), holds one the English no longer says, leaves one
untranslated or fuzzy, or changes a role, glue name, template, code, maths, link, number or key
term fails here, with the list ``translations`` prints. ``tests/book/test_i18n.py`` and
``tests/book/test_i18n_checks.py`` show on small catalogues that each of these is caught (a planted
changed sentence, a planted missing translation).
"""

from __future__ import annotations

import subprocess
import sys

from tests.book.helpers import ROOT


def test_every_page_and_store_is_translated_and_current():
    result = subprocess.run(
        [sys.executable, "-m", "ndcg_book", "translations", "check", "--fresh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    problems = [line for line in result.stdout.splitlines() if line.strip()]
    assert result.returncode == 0, "\n".join(problems[-60:])
