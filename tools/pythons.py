"""Which Python the course needs, and what to say when the one running cannot do.

Standard library only: ``tools/run.py`` asks before anything is installed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def parse_version(text: str) -> tuple[int, ...]:
    """A Python release as numbers: ``"3.11.5"`` -> ``(3, 11, 5)`` (a ``.*`` wildcard is dropped).

    >>> parse_version("3.11"), parse_version(" 3.10.* ")
    ((3, 11), (3, 10))
    """
    text = text.strip()
    parts = (text[:-2] if text.endswith(".*") else text).split(
        "."
    )  # (no removesuffix: Python 3.8 reads this)
    if not all(part.isdigit() for part in parts):
        raise ValueError(f"not a Python release number: {text!r}")
    return tuple(int(part) for part in parts)


def shown_version(version: Sequence[int]) -> str:
    """A release for people: at least major.minor, without trailing zeros (``(3, 11, 0)`` -> ``"3.11"``)."""
    parts = list(version)
    while len(parts) > 2 and parts[-1] == 0:
        parts.pop()
    return ".".join(str(part) for part in parts)


def _padded(version: Sequence[int], length: int) -> tuple[int, ...]:
    return tuple(version) + (0,) * (length - len(version))


def python_hint(minimum: Sequence[int], command: str, platform: str) -> str:
    """Where to get a Python that is new enough, on this system, and how to run ``command`` with it."""
    wanted = shown_version(minimum)
    series = ".".join(str(part) for part in minimum[:2])
    if platform == "win32":
        return (
            f"Install Python {wanted} or newer from https://www.python.org/downloads/windows/ (it includes\n"
            f"the `py` launcher), then run the command with it (`py` picks the newest Python installed):\n"
            f"  py tools\\run.py {command}\n"
            f"(`py -0` lists the Pythons installed; `py -{series} tools\\run.py {command}` picks one.)"
        )
    if platform == "darwin":
        return (
            f"Install Python {wanted} or newer from https://www.python.org/downloads/macos/\n"
            f"or with Homebrew (`brew install python@{series}`), then run the command with it:\n"
            f"  python{series} tools/run.py {command}      (or: make {command} PYTHON=python{series})"
        )
    return (
        f"Install Python {wanted} or newer from your system's packages (Debian 12, Ubuntu 24.04 and later:\n"
        f"`sudo apt install python3 python3-venv`; Fedora: `sudo dnf install python3`) or from\n"
        f"https://www.python.org/downloads/, then run the command with it:\n"
        f"  python3 tools/run.py {command}      (or name it: python{series} tools/run.py {command},\n"
        f"  make {command} PYTHON=python{series})"
    )


def python_problem(
    minimum: Sequence[int],
    command: str = "check",
    version_info: Sequence[int] | None = None,
    executable: str | None = None,
    platform: str | None = None,
) -> str | None:
    """Why this Python cannot install the course's pins, and what to get instead; None when it can.

    ``minimum`` is the lock's ``requires-python`` line; the other arguments default to this Python.
    """
    version = tuple(sys.version_info[:3] if version_info is None else version_info[:3])
    if _padded(version, 4) >= _padded(minimum, 4):
        return None
    found = ".".join(str(part) for part in version)
    update = (
        f"Yours is an older release of Python {version[0]}.{version[1]}: a newer Python series works too.\n"
        if tuple(version[:2]) == tuple(minimum[:2])
        else ""
    )
    return (
        f"Python {shown_version(minimum)} or newer is needed (found: Python {found}, "
        f"{executable or sys.executable}).\n{update}"
        + python_hint(minimum, command, sys.platform if platform is None else platform)
    )


def venv_problem(executable: str, version_info: Sequence[int], platform: str) -> str:
    """What to do when this Python cannot create a virtual environment (no venv or ensurepip module)."""
    series = f"{version_info[0]}.{version_info[1]}"
    if platform == "win32":
        hint = (
            "Install Python again from https://www.python.org/downloads/windows/ (its installer includes\n"
            "venv and pip), then run the command again: py tools\\run.py check"
        )
    elif platform == "darwin":
        hint = (
            "Install Python from https://www.python.org/downloads/macos/ or with Homebrew\n"
            f"(`brew install python@{series}`): both include venv and pip. Then run the command again."
        )
    else:
        hint = (
            "On Debian and Ubuntu the venv module is a package of its own; install it, then run the\n"
            f"command again:\n  sudo apt install python{series}-venv      (or, for the system's python3: "
            "sudo apt install python3-venv)\n"
            "Elsewhere, install your distribution's venv package, or Python from https://www.python.org/downloads/."
        )
    return (
        f"This Python ({executable}, {series}) cannot create a virtual environment: "
        f"its venv or ensurepip module is missing.\n{hint}"
    )
