"""The lowest Python that every pin of a lock accepts, from the pins' own metadata.

Run by ``python tools/run.py requirements`` with the course venv's Python, after it has
installed the full lock, so that every pin that installs here is there to be read::

    .venv/bin/python tools/requires_python.py requirements.txt requirements-participant.txt

It prints ``{lock: "3.11"}`` as JSON. PEP 440 and the environment markers are read by
``packaging`` (pinned in both locks), not by hand: a pin whose marker is false here (another
system's, such as ``pywinpty ; os_name == 'nt'`` on Linux) is not installed, so its
Requires-Python is not known, and it is left out of the reckoning and named on stderr.
"""

from __future__ import annotations

import importlib.metadata
import json
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version


def lock_requirements(text: str) -> list[Requirement]:
    """The pins of a lock (``name==version ; marker`` lines), comments and options left out."""
    found = []
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if line and not line.startswith(("#", "-")):
            found.append(Requirement(line))
    return found


def lower_bound(specifiers: SpecifierSet) -> Version | None:
    """The lowest release a Requires-Python value's lower clauses allow, or None.

    >>> str(lower_bound(SpecifierSet(">=3.9,!=3.10.*"))), str(lower_bound(SpecifierSet(">3.7")))
    ('3.9', '3.7.1')
    >>> lower_bound(SpecifierSet("<4")) is None
    True
    """
    bounds = []
    for clause in specifiers:
        if clause.operator in (">=", "~=", "==", "==="):
            bounds.append(Version(clause.version.removesuffix(".*")))
        elif clause.operator == ">":
            major, minor, micro = (*Version(clause.version).release, 0, 0)[:3]
            bounds.append(Version(f"{major}.{minor}.{micro + 1}"))
    return max(bounds, default=None)


def tightest(requires: dict[str, str | None]) -> Version:
    """The lowest Python that every distribution accepts: the highest of their lower bounds,
    checked against every Requires-Python (``packaging`` does the checking).

    >>> str(tightest({"numpy": ">=3.11", "soupsieve": ">=3.9", "six": None}))
    '3.11'
    """
    specifiers = {name: SpecifierSet(value or "") for name, value in requires.items()}
    bounds = [bound for bound in map(lower_bound, specifiers.values()) if bound is not None]
    if not bounds:
        raise SystemExit("no pinned distribution states a lowest Python (Requires-Python: >=...)")
    lowest = max(bounds)
    refused = sorted(name for name, spec in specifiers.items() if not spec.contains(lowest))
    if refused:
        raise SystemExit(
            f"{', '.join(refused)} reject(s) Python {lowest}, the highest lower bound of the pins: "
            "change the pins so one lowest Python works for all of them"
        )
    return lowest


def requires_python(lock: Path) -> Version:
    """The tightest lower bound of the Requires-Python of a lock's pins installed here."""
    requires, elsewhere = {}, []
    for requirement in lock_requirements(lock.read_text(encoding="utf-8")):
        name = canonicalize_name(requirement.name)
        if requirement.marker is not None and not requirement.marker.evaluate():
            elsewhere.append(name)
            continue
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            raise SystemExit(
                f"{lock}: {name} is not installed here, so its Requires-Python is unknown"
            ) from None
        wanted = str(requirement.specifier).removeprefix("==")
        if distribution.version != wanted:
            raise SystemExit(f"{lock}: {name} {distribution.version} is installed, the lock pins {wanted}")
        requires[name] = distribution.metadata.get("Requires-Python")
    if elsewhere:
        print(f"{lock.name}: for other systems, not counted here: {', '.join(elsewhere)}", file=sys.stderr)
    return tightest(requires)


def main(argv: list[str] | None = None) -> int:
    locks = [Path(name) for name in (sys.argv[1:] if argv is None else argv)]
    print(json.dumps({lock.as_posix(): str(requires_python(lock)) for lock in locks}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
