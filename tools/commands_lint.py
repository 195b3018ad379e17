"""``lint``: ruff for the Python (pinned in requirements.txt, configured in pyproject.toml),
autocorrect-py for the Chinese catalogues' typography (pinned in requirements.txt, run by
``python -m ndcg_book typography``) and Biome for the JavaScript and CSS (pinned in package.json and
package-lock.json, configured in biome.jsonc), all check-only.

Biome comes from npm: ``npm ci`` installs exactly the lock into ``node_modules/`` (git-ignored),
then a stamp skips that until ``package.json`` or ``package-lock.json`` changes, as ``setup`` does
for the venv. Without Node.js and npm the command says how to get them; on a CI machine (``CI``
set) that fails the run, elsewhere the Python is still checked and Biome is left out, said so.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

from tools import base
from tools.base import run, step, tool

#: npm's install folder, and the stamp of its last ``npm ci`` (``npm ci`` empties the folder first).
NODE_MODULES = "node_modules"
NODE_STAMP = Path(NODE_MODULES, ".installed")
#: Biome's launcher (a Node script that runs the binary for this system), the same on every system.
BIOME = Path(NODE_MODULES, "@biomejs", "biome", "bin", "biome")
#: What pins Biome; the stamp must be newer than both.
NODE_LOCKS = ("package.json", "package-lock.json")

NODE_MISSING = """\
The JavaScript and CSS linter (Biome, pinned in package-lock.json) needs Node.js and npm: not found.
Install them, then run the command again:
  Debian, Ubuntu:  sudo apt install nodejs npm
  Fedora:          sudo dnf install nodejs npm
  macOS:           brew install node
  Windows:         winget install OpenJS.NodeJS.LTS    (or the installer from https://nodejs.org/)
`lint` then installs Biome into node_modules/ with `npm ci` (once, until the lock changes)."""


def in_ci(environ: Mapping[str, str]) -> bool:
    """Whether this is a CI machine: ``CI`` set to anything but empty, 0, false or no.

    >>> in_ci({"CI": "true"}), in_ci({"CI": "0"}), in_ci({})
    (True, False, False)
    """
    return environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def node_programs() -> tuple[str, str] | None:
    """``node`` and ``npm`` as command words (npm is ``npm.cmd`` on Windows: its full path), or None."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None
    return ("node", "npm") if not base.WINDOWS else (node, npm)


def biome_is_installed(root: Path) -> bool:
    """Whether ``npm ci`` already installed the lock: Biome is there and the stamp is no older than
    package.json and package-lock.json."""
    stamp = root / NODE_STAMP
    if not stamp.exists() or not (root / BIOME).exists():
        return False
    return all(stamp.stat().st_mtime >= (root / name).stat().st_mtime for name in NODE_LOCKS)


def biome(environ: Mapping[str, str] = os.environ) -> None:
    """Install Biome when the lock changed, then lint (warnings fail too); without Node, say how to
    get it: fail on CI, else leave Biome out."""
    programs = node_programs()
    if programs is None:
        if in_ci(environ):
            sys.exit(NODE_MISSING + "\nCI is set: the JavaScript and CSS must be linted here.")
        print(NODE_MISSING + "\nBiome left out: the JavaScript and CSS were not linted.", file=sys.stderr)
        return
    node, npm = programs
    if not biome_is_installed(base.ROOT):
        run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"])
        (base.ROOT / NODE_STAMP).touch()
    run([node, BIOME.as_posix(), "lint", "--error-on-warnings", "."])


def typography_command() -> list[str]:
    """The Chinese catalogues' typography, check-only (``--fix`` writes the corrections)."""
    return step("typography")


def lint(args: argparse.Namespace) -> None:
    """Ruff, pinned in requirements.txt: the lint rules, then the formatting, both check-only; then
    the Chinese catalogues' typography (autocorrect-py and the house rules, ``python -m ndcg_book typography``); then
    Biome's lint rules for the JavaScript and CSS (``--check-only``: the rules of both, no formatting;
    ``--format-only``: ruff's formatting only).

    What ruff checks (the package, the tests, the tools, the benchmarks) is ``[tool.ruff] include``
    in pyproject.toml; what Biome checks is ``files.includes`` in biome.jsonc.
    """
    if not args.format_only:
        run([tool("ruff"), "check", "."])
    if not args.check_only:
        run([tool("ruff"), "format", "--check", "."])
    if not args.format_only:
        run(typography_command())
        biome()
