"""The locks as the install tests read them (test_locks.py, test_install.py): the full and the
participant pins, the pins a lock installs on one system, the three systems' environment markers,
and the code a participant's notebooks run (whose imports must all be in the light set)."""

from __future__ import annotations

import re

from packaging.requirements import Requirement

from tests.tools.helpers import REPO
from tools import install

#: The pins of the full lock and of the participant's (name -> version).
FULL = install.pins((REPO / "requirements.txt").read_text(encoding="utf-8"))
LIGHT = install.pins((REPO / "requirements-participant.txt").read_text(encoding="utf-8"))

#: The package, its widgets and flashcards in use, in a fresh Python: prints the distributions it loaded.
LIBRARY_USE = """
import importlib.metadata, json, sys
import ndcg, ndcg.course.widgets, ndcg.course.cards, ndcg.course.checks, ndcg.course.display
import ndcg.course.examples, ndcg.course.plots, ndcg.course.tables, ndcg.course.compare
from ndcg.course import cards, widgets
cards.load_all()
cards.to_html("DCG divides by $\\\\log_2(i+1)$")
widgets.RankingExplorer()
widgets.FlashcardDeck("02_dcg")
widgets.Quiz("02_dcg")
widgets.ReorderGame(["a", "b", "c"], [2, 0, 1])
top = {name.split(".")[0] for name in sys.modules}
owners = importlib.metadata.packages_distributions()
print(json.dumps(sorted({dist for name in top for dist in owners.get(name, [])})))
"""


def pins_here(text: str, environment: dict[str, str] | None = None) -> dict[str, str]:
    """The pins of a lock that pip installs on a platform (this one by default): each line's
    environment marker read by packaging, pip's own reader."""
    found = {}
    for line in text.splitlines():
        if re.match(r"[A-Za-z0-9]", line):
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                found[install.canonical(requirement.name)] = str(requirement.specifier).removeprefix("==")
    return found


#: The environment markers of the three systems the course installs on (x86-64).
SYSTEMS = {
    "linux": {
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "x86_64",
        "os_name": "posix",
    },
    "darwin": {
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "platform_machine": "arm64",
        "os_name": "posix",
    },
    "win32": {
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_machine": "AMD64",
        "os_name": "nt",
    },
}
