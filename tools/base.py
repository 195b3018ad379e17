"""The repository, its venv's layout, and running a command: what every other module of ``tools`` uses.

Standard library only (``tools/run.py`` imports it before the venv exists). :data:`ROOT` and
:data:`WINDOWS` are read at call time (``base.ROOT``), so a test can point them elsewhere.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

#: The repository: the parent of this package's folder, wherever the command is run from.
ROOT = Path(__file__).resolve().parent.parent
VENV = ".venv"
BOOK = Path("_build", "html")


def is_windows(os_name: str) -> bool:
    """Whether ``os_name`` (a value of ``os.name``) means Windows."""
    return os_name == "nt"


#: Whether this machine is Windows (its venvs keep programs in Scripts\\*.exe).
WINDOWS = is_windows(os.name)


def venv_tool(root: Path, name: str, windows: bool) -> Path:
    """A program installed in the course's venv: ``.venv/bin/<name>`` or ``.venv\\Scripts\\<name>.exe``."""
    if windows:
        return root / VENV / "Scripts" / f"{name}.exe"
    return root / VENV / "bin" / name


def venv_python(root: Path, windows: bool) -> Path:
    """The venv's Python: ``.venv/bin/python`` or ``.venv\\Scripts\\python.exe``."""
    return venv_tool(root, "python", windows)


def shown(command: Sequence[str]) -> str:
    """A command as it is printed: paths inside the repository made relative."""
    prefix = str(ROOT) + os.sep
    parts = [part.removeprefix(prefix) for part in command]
    return subprocess.list2cmdline(parts) if WINDOWS else shlex.join(parts)


def run(command: Sequence[str], *, cwd: Path | None = None, env: Mapping[str, str] | None = None) -> None:
    """Print a command, run it (in the repository by default), and exit with its code if it fails."""
    print(shown(command), flush=True)
    try:
        result = subprocess.run(list(command), cwd=cwd or ROOT, env=env)
    except FileNotFoundError:
        sys.exit(f"{shown(command[:1])} not found: delete {VENV} and run `python tools/run.py setup` again.")
    if result.returncode != 0:
        sys.exit(result.returncode)


class Beside:
    """A command running beside the ones that follow (:func:`start`); :meth:`finish` waits for it."""

    def __init__(self, command: Sequence[str], *, env: Mapping[str, str] | None = None):
        import tempfile

        print(f"{shown(command)}  (beside what follows; its output comes when it ends)", flush=True)
        self.command = list(command)
        # not a pipe: a full pipe would stop it until read; closed by finish()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self.process = subprocess.Popen(
                self.command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
            )
        except FileNotFoundError:
            sys.exit(
                f"{shown(command[:1])} not found: delete {VENV} and run `python tools/run.py setup` again."
            )

    def finish(self) -> None:
        """Wait for the command, print what it printed, and exit with its code if it failed."""
        code = self.process.wait()
        self.log.seek(0)
        print(f"-- {shown(self.command)}:", flush=True)
        sys.stdout.write(self.log.read().decode("utf-8", errors="replace"))
        sys.stdout.flush()
        self.log.close()
        if code != 0:
            sys.exit(code)


def start(command: Sequence[str], *, env: Mapping[str, str] | None = None) -> Beside:
    """Start a command (in the repository) that runs while the next ones do; ``.finish()`` it."""
    return Beside(command, env=env)


def python() -> str:
    """The venv's Python, as a command word."""
    return str(venv_python(ROOT, WINDOWS))


def tool(name: str) -> str:
    """A program of the venv, as a command word."""
    return str(venv_tool(ROOT, name, WINDOWS))


def step(name: str, *args: str) -> list[str]:
    """A build step of the book, run with the venv's Python: ``python -m ndcg_book <name> ARGS``
    (``ndcg_book/__main__.py`` lists the steps). The commands run the build this way, never by
    importing it: ``tools`` stays the standard library's."""
    return [python(), "-m", "ndcg_book", name, *args]


def languages(root: Path = ROOT) -> list[tuple[str, str]]:
    """Every language of the course, English first, as ``(code, folder)`` (``("zh", "zh")``): read
    from the course's manifest, ``ndcg/course/course.toml``, with the standard library (the tools
    run before the venv exists; ``ndcg.course.manifest`` is the package's reader of the same file)."""
    import tomllib

    text = (root / "ndcg" / "course" / "course.toml").read_text(encoding="utf-8")
    return [(entry["code"], entry["folder"]) for entry in tomllib.loads(text)["languages"]]
