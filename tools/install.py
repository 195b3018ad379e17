"""The course's venv: the locks, their installs with uv (or pip), the stamps, and ``requirements``.

Standard library only (it creates the venv). ``setup`` installs exactly a lock's pins into
``.venv`` and stamps it (the spark set, on top of the full one); ``requirements`` re-pins the three locks.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from tools import base
from tools.base import VENV, python, run, shown, tool, venv_python
from tools.pythons import parse_version, shown_version, venv_problem


class Lock(NamedTuple):
    """A set of exact pins: the hand-written source, the pinned file, and the stamp of its install."""

    source: str
    pinned: str
    stamp: Path


#: Everything: the book, the tests, the reference libraries, the contributor tools.
FULL = Lock("requirements.in", "requirements.txt", Path(VENV, ".installed"))
#: The participant's light set (``check``): the same pins as FULL, only what the exercises need.
PARTICIPANT = Lock(
    "requirements-participant.in", "requirements-participant.txt", Path(VENV, ".installed-participant")
)
#: Apache Spark for chapter 4's page "NDCG beyond one machine" (``spark``): pyspark, pandas and
#: pyarrow, pinned as in FULL, installed on top of FULL (never by ``check`` or ``book``).
SPARK = Lock("requirements-spark.in", "requirements-spark.txt", Path(VENV, ".installed-spark"))
STAMP = FULL.stamp
#: The first line of each lock, written by ``requirements``: the lowest Python that every pin accepts.
HEADER = "# requires-python: "
#: The installer of the venv and the locks: uv, at the version both locks pin (a fallback to
#: pip where uv cannot be had). Read from the lock being installed; this one when a lock has none.
UV_VERSION = "0.13.9"


def canonical(name: str) -> str:
    """A distribution's name as pip compares it (PEP 503): ``PyYAML`` -> ``pyyaml``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(text: str) -> dict[str, str]:
    r"""The exact pins of a lock file, ``{canonical name: version}``.

    >>> pins("# comment\nPyYAML==6.0.3\n    # via jupyter-events\nnumpy==2.4.6\n")
    {'pyyaml': '6.0.3', 'numpy': '2.4.6'}
    """
    return {
        canonical(match.group(1)): match.group(2)
        for match in re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)", text, re.MULTILINE)
    }


def required_python(root: Path, lock: Lock) -> tuple[int, ...]:
    """The lowest Python a lock installs on: its ``# requires-python: >=X.Y`` line."""
    path = root / lock.pinned
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        sys.exit(f"{lock.pinned} is missing: this is not a whole copy of the course (get it again).")
    for line in text.splitlines():
        if line.startswith(HEADER):
            match = re.match(r">=\s*(\d+(?:\.\d+)*)(\s|$)", line[len(HEADER) :])
            if match:
                return parse_version(match.group(1))
    sys.exit(f"{lock.pinned} has no `{HEADER}>=X.Y` line: run `python tools/run.py requirements`.")


def header_line(bound: Sequence[int]) -> str:
    """The first line of a lock: the lowest Python that every pin below installs on."""
    return f"{HEADER}>={shown_version(bound)}    (the lowest Python every pin below accepts: tools/run.py requirements)\n"


def stamp_is_fresh(root: Path, windows: bool, lock: Lock = FULL) -> bool:
    """Whether setup already installed ``lock``: the venv's Python exists and the lock's stamp
    (``.venv/.installed``) is no older than its pins and ``pyproject.toml`` (make's rule)."""
    stamp = root / lock.stamp
    if not stamp.exists() or not venv_python(root, windows).exists():
        return False
    installed = stamp.stat().st_mtime
    return all(installed >= (root / name).stat().st_mtime for name in (lock.pinned, "pyproject.toml"))


def is_installed(root: Path, windows: bool, lock: Lock) -> bool:
    """Whether ``lock`` is installed; a fresh full install holds the participant set too (same pins).
    The spark set sits on top of the full one: a later sync of the full lock removes it, so its
    stamp must be no older than the full lock's."""
    if lock == SPARK:
        return (
            stamp_is_fresh(root, windows, FULL)
            and stamp_is_fresh(root, windows, SPARK)
            and (root / SPARK.stamp).stat().st_mtime >= (root / FULL.stamp).stat().st_mtime
        )
    return stamp_is_fresh(root, windows, lock) or (
        lock == PARTICIPANT and stamp_is_fresh(root, windows, FULL)
    )


def make_venv() -> None:
    """Create .venv with this Python, unless it exists; say what to install when Python cannot."""
    if venv_python(base.ROOT, base.WINDOWS).exists():
        return
    problem = venv_problem(sys.executable, sys.version_info, sys.platform)
    if importlib.util.find_spec("venv") is None or importlib.util.find_spec("ensurepip") is None:
        sys.exit(problem)
    existed = (base.ROOT / VENV).exists()
    command = [sys.executable, "-m", "venv", VENV]
    print(shown(command), flush=True)
    if subprocess.run(command, cwd=base.ROOT, env=None).returncode != 0:
        if not existed:  # a half-made venv (a Python without pip) would fool the next run
            shutil.rmtree(base.ROOT / VENV, ignore_errors=True)
        sys.exit(problem)


def wheelhouse_options(args: argparse.Namespace | None) -> list[str]:
    """The installers' options to install from a folder of wheels only (``--wheelhouse DIR``), or none
    (pip and uv spell them the same)."""
    folder = getattr(args, "wheelhouse", None)
    if folder is None:
        return []
    path = Path(folder).resolve()
    if not path.is_dir() or not any(path.glob("*.whl")):
        sys.exit(f"--wheelhouse {folder}: no such folder of wheels (*.whl); ask your instructor for it.")
    return ["--no-index", "--find-links", str(path)]


def uv_version(lock: Lock) -> str:
    """The uv that installs ``lock``: its pin in the lock (so a sync keeps it), else :data:`UV_VERSION`."""
    return pins((base.ROOT / lock.pinned).read_text(encoding="utf-8")).get("uv", UV_VERSION)


def install_uv(lock: Lock, options: Sequence[str]) -> bool:
    """Install uv into .venv with the venv's own pip (seeded by ``venv``); False when it cannot be
    had (no wheel for this system, or a wheelhouse without it): then pip installs, as before uv."""
    command = [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    command += [*options, f"uv=={uv_version(lock)}"]
    print(shown(command), flush=True)
    # pip's own "ERROR: ... uv" lines would read as a failure: the one line below says what happens.
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if subprocess.run(command, cwd=base.ROOT, env=None, **quiet).returncode == 0:
        return True
    print("uv could not be installed here: installing with pip instead (slower, same pins).", flush=True)
    return False


#: uv installs packages as source only (pip compiles them as it installs): then every Python that
#: imports them compiles them again where it may not write bytecode (``PYTHONDONTWRITEBYTECODE``, set
#: in many containers and CI images): each kernel, each build, each test worker. matplotlib alone
#: took 1.5 s to import instead of 0.5 s, and `make test` spends its time starting such Pythons.
#: The full set (the book's and the tests' tooling) is compiled once, at install (about 20 s on
#: 2 cores, 190 MB); a participant's light set is not: a learner's Python writes the bytecode of
#: what it imports as it goes, and the set stays within its size (tools/install-size.json).
COMPILED = ("--compile-bytecode",)


def compiled(lock: Lock) -> tuple[str, ...]:
    """uv's option to compile ``lock``'s packages at install: the full and spark sets only."""
    return () if lock == PARTICIPANT else COMPILED


#: setuptools' note on every editable install of a flat layout (a package folder beside others, so
#: it installs an import finder rather than a path): a boxed "Editable installation" warning, which
#: pip 26 shows even with --quiet and a newcomer reads as a failure. uv shows a build's output only
#: when it fails; for pip, the build's Python is told to ignore that one warning (a message filter).
EDITABLE_NOTE = "ignore:Editable installation"


def quiet_editable_env(environ: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``environ`` whose Pythons ignore setuptools' editable-install note (and keep the
    caller's other warning filters)."""
    filters = [part for part in environ.get("PYTHONWARNINGS", "").split(",") if part]
    return {**environ, "PYTHONWARNINGS": ",".join([*filters, EDITABLE_NOTE])}


def without_uv_lock(root: Path, lock: Lock) -> str:
    """The lock without its uv pin, for pip when uv cannot be had (a system without a uv wheel, or
    a wheelhouse without it, would fail on that pin): ``.venv/<lock>``, relative to the course."""
    lines = (root / lock.pinned).read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not re.match(r"uv==", line)]
    path = Path(VENV, lock.pinned)
    (root / path).write_text("".join(kept), encoding="utf-8")
    return path.as_posix()


def setup(args: argparse.Namespace | None = None, lock: Lock = FULL) -> None:
    """Create .venv with this Python and install exactly ``lock``'s pins into it, unless that is done.

    ``venv`` seeds pip (``%pip`` and JupyterLab expect it); pip installs uv at the lock's pin;
    ``uv pip sync`` makes the venv hold exactly the lock (what it does not list goes), then uv
    adds the ``ndcg`` package, editable, with the setuptools just installed. Where uv cannot be
    installed, pip installs the same pins. A venv that ever held the full set is synced to the
    full lock, even by a participant's command: ``check`` never strips the book's tooling.
    ``main`` has already checked that this Python is new enough for the lock.
    """
    if is_installed(base.ROOT, base.WINDOWS, lock):
        return
    if lock == SPARK:
        setup_spark(args)
        return
    if lock == PARTICIPANT and (base.ROOT / FULL.stamp).exists():
        print(f"{VENV} held the full set ({FULL.pinned}): bringing it up to date.", flush=True)
        lock = FULL
    options = wheelhouse_options(args)  # a wrong folder is said before anything is made
    make_venv()
    if install_uv(lock, options):
        uv = [tool("uv"), "pip"]
        target = ["--python", python(), "--quiet", *options]
        run([*uv, "sync", *target, *compiled(lock), lock.pinned])
        # (the course's own code, editable, is not in site-packages: nothing to compile)
        run([*uv, "install", *target, "--no-deps", "--no-build-isolation", "-e", "."])
    else:
        pip_version = pins((base.ROOT / lock.pinned).read_text(encoding="utf-8")).get("pip")
        if pip_version is None:
            sys.exit(f"{lock.pinned} pins no pip: run `python tools/run.py requirements`.")
        install = [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *options]
        without_uv = without_uv_lock(base.ROOT, lock)
        for pip_args in (["--upgrade", f"pip=={pip_version}"], ["-r", without_uv]):
            run([*install, *pip_args])
        run([*install, "--no-deps", "-e", "."], env=quiet_editable_env(os.environ))
    write_jupyter_config(base.ROOT)
    (base.ROOT / lock.stamp).touch()
    if lock == FULL:
        (base.ROOT / PARTICIPANT.stamp).touch()


def setup_spark(args: argparse.Namespace | None = None) -> None:
    """The full set, then the spark set on top of it (``install``, not ``sync``: the full set stays).

    pyspark alone is about 480 MB on disk, pandas and pyarrow about 210 MB more
    (``tools/install-size.json``): only ``spark`` installs them, and CI (``.ci/run``).
    """
    setup(args, FULL)
    options = wheelhouse_options(args)
    if install_uv(SPARK, options):
        uv = [tool("uv"), "pip", "install", "--python", python(), "--quiet"]
        run([*uv, *COMPILED, *options, "-r", SPARK.pinned])
    else:
        install = [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *options]
        run([*install, "-r", SPARK.pinned])
    (base.ROOT / SPARK.stamp).touch()


#: The venv's Jupyter settings, ``.venv/etc/jupyter/jupyter_config.json`` (read by every Jupyter
#: application run from the venv: JupyterLab's server, nbconvert): a kernel talks to JupyterLab over
#: CurveZMQ-encrypted TCP when its kernelspec says it can (ipykernel's does), so it no longer warns
#: "Kernel is running over TCP without encryption". The server's manager passes it on to each kernel's.
JUPYTER_CONFIG = {
    "KernelManager": {"transport_encryption": "auto"},
    "MappingKernelManager": {"transport_encryption": "auto"},
}


def write_jupyter_config(root: Path) -> None:
    """Write :data:`JUPYTER_CONFIG` into the venv (no package of the locks owns that file)."""
    path = root / VENV / "etc" / "jupyter" / "jupyter_config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(JUPYTER_CONFIG, indent=2) + "\n", encoding="utf-8")


#: What no lock installs (each entry under a marker no system has, and why: the file says).
OVERRIDES = "requirements-overrides.txt"


def compile_command(lock: Lock, python_version: str) -> list[str]:
    """uv turning a lock's source into its exact pins for every system (``--universal``), each
    other system's pin under its marker, resolved from ``python_version`` up, with
    :data:`OVERRIDES`. The lock itself is the output file, so uv keeps its pins unless the source
    asks for others."""
    return [
        tool("uv"),
        "pip",
        "compile",
        "--quiet",
        "--universal",
        "--python-version",
        python_version,
        "--custom-compile-command",
        "python tools/run.py requirements",
        "--override",
        OVERRIDES,
        lock.source,
        "-o",
        lock.pinned,
    ]


def forked_pins(text: str) -> list[str]:
    r"""The names a universal lock pins more than once (one version per Python or system):
    the course wants one version of each package everywhere.

    >>> forked_pins("numpy==2.4.6 ; python_full_version < '3.14'\nnumpy==2.5.0 ; python_full_version >= '3.14'\npip==26.3\n")
    ['numpy']
    """
    names = [
        canonical(match.group(1))
        for match in re.finditer(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", text, re.MULTILINE)
    ]
    return sorted({name for name in names if names.count(name) > 1})


def write_header(root: Path, lock: Lock, bound: Sequence[int]) -> None:
    """Put the lock's ``# requires-python:`` line on top (in place of an old one)."""
    path = root / lock.pinned
    text = path.read_text(encoding="utf-8")
    kept = "".join(line for line in text.splitlines(keepends=True) if not line.startswith(HEADER))
    path.write_text(header_line(bound) + kept, encoding="utf-8")
    print(f"{lock.pinned}: {HEADER}>={shown_version(bound)}")


def requirements(args: argparse.Namespace) -> None:
    """Re-pin requirements.txt from requirements.in, then requirements-participant.txt and
    requirements-spark.txt under it, with ``uv pip compile --universal`` (every system's pins,
    one version of each package), from the lowest Python of today's full lock; install the full
    lock into .venv and the spark set on top, and write each lock's requires-python line from the
    Requires-Python metadata of the pins installed here (``tools/requires_python.py``, which
    reads it with ``packaging``).

    The new pins may need another Python than the old ones, so no lock's line holds this
    command back: the line is written afresh from the new pins."""
    make_venv()
    install_uv(FULL, []) or sys.exit("`requirements` needs uv (pip install uv): it compiles the locks.")
    try:
        floor = shown_version(required_python(base.ROOT, FULL)[:2])
    except SystemExit:  # no line yet: resolve from this Python's series
        floor = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for lock in (FULL, PARTICIPANT, SPARK):
        run(compile_command(lock, floor))
        forked = forked_pins((base.ROOT / lock.pinned).read_text(encoding="utf-8"))
        if forked:
            sys.exit(
                f"{lock.pinned} pins {', '.join(forked)} more than once (a version per Python or system): "
                f"pin one version in {lock.source} (a bound that every Python from {floor} accepts)."
            )
    run([tool("uv"), "pip", "sync", "--python", python(), "--quiet", *COMPILED, FULL.pinned])
    # The spark set on top (its Requires-Python is read from its installed pins too).
    run([tool("uv"), "pip", "install", "--python", python(), "--quiet", *COMPILED, "-r", SPARK.pinned])
    command = [python(), "tools/requires_python.py", FULL.pinned, PARTICIPANT.pinned, SPARK.pinned]
    print(shown(command), flush=True)
    result = subprocess.run(command, cwd=base.ROOT, env=None, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"could not read the pins' Requires-Python:\n{result.stderr}")
    print(result.stderr, end="", file=sys.stderr)
    found = json.loads(result.stdout)
    for lock in (FULL, PARTICIPANT, SPARK):
        write_header(base.ROOT, lock, parse_version(found[lock.pinned]))
    # The sync took the editable ndcg away: put it back, and mark both sets installed.
    run(
        [
            tool("uv"),
            "pip",
            "install",
            "--python",
            python(),
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-e",
            ".",
        ]
    )
    for lock in (FULL, PARTICIPANT, SPARK):  # in this order: the spark stamp is the newest
        (base.ROOT / lock.stamp).touch()
