#!/usr/bin/env python3
"""How much disk an install of the course takes: the participant's light set, and the full one.

Measure a venv that ``tools/run.py`` made, and record it in ``tools/install-size.json`` (the
setup page of the book shows the record)::

    python3 tools/run.py check                                  # the light set only, in .venv
    python3 tools/install_size.py .venv --as participant
    python3 tools/run.py setup                                  # the full set on top
    python3 tools/install_size.py .venv --as full

A size is the disk the venv's files take (blocks allocated, each hard-linked file once), in MB
of 10**6 bytes; the package count leaves out ``ndcg`` itself. ``tests/tools/test_install.py`` runs
``check`` then ``lab`` in a fresh copy of the course on every ``make test`` and holds the venv to
this record (5 % over it at most). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The measurements the setup page shows, relative to the repository.
RECORD = Path("tools", "install-size.json")
MB = 10**6
#: Printed by a venv's Python: its version, and how many distributions it holds besides ndcg.
PROBE = (
    "import importlib.metadata as m, json, platform, re; "
    "names = {re.sub(r'[-_.]+', '-', d.metadata['Name']).lower() for d in m.distributions()}; "
    "print(json.dumps({'python': platform.python_version(), 'packages': len(names - {'ndcg'})}))"
)


def disk_usage(folder: Path) -> int:
    """Bytes of disk that a folder's files take (``du``'s count: blocks, hard links once, no symlinks)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for parent, _, files in os.walk(folder):
        for name in files:
            status = os.lstat(os.path.join(parent, name))
            if (status.st_dev, status.st_ino) in seen:
                continue
            seen.add((status.st_dev, status.st_ino))
            blocks = getattr(status, "st_blocks", None)
            total += status.st_size if blocks is None else blocks * 512
    return total


def venv_python(venv: Path) -> Path:
    """The Python of a venv, on POSIX or on Windows."""
    windows = venv / "Scripts" / "python.exe"
    return windows if windows.exists() else venv / "bin" / "python"


def system() -> str:
    """This machine, for the record: ``Debian GNU/Linux 12 (bookworm), Linux x86_64``."""
    name = f"{platform.system()} {platform.machine()}"
    try:
        return f"{platform.freedesktop_os_release()['PRETTY_NAME']}, {name}"
    except (OSError, AttributeError, KeyError):
        return name


def measure(venv: Path) -> dict:
    """The size of a venv, its Python's version and the number of distributions it holds."""
    python = venv_python(venv)
    if not python.exists():
        raise FileNotFoundError(f"{venv} is not a virtual environment (no {python.name} in it)")
    probe = subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True, check=True)
    return {**json.loads(probe.stdout), "mb": round(disk_usage(venv) / MB), "system": system()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("venv", type=Path, help="the venv to measure (.venv)")
    parser.add_argument("--as", dest="kind", choices=("participant", "full"), required=True)
    args = parser.parse_args(argv)
    path = ROOT / RECORD
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    record[args.kind] = measure(args.venv)
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{args.kind}: {record[args.kind]}  (written to {RECORD.as_posix()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
