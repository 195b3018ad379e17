#!/usr/bin/env python3
"""One entry point for the course that needs only Python (no make, no shell).

Run it from any directory, on Linux, macOS or Windows::

    python tools/run.py book        # on Windows: py tools\\run.py book
    python tools/run.py test -- -k dcg -x
    python tools/run.py help        # every subcommand, one line each

Every subcommand that needs the course's virtual environment first runs
``setup``: it creates ``.venv`` with the Python running this script (``venv``
seeds pip into it), installs uv there with that pip, and has uv make the venv
hold exactly the pins of the lock the command needs, plus the ``ndcg`` package
(editable); then it skips all of that until the lock or ``pyproject.toml``
changes. Where uv cannot be installed, pip installs the same pins. ``check``,
``lab``, ``participant-pack`` and ``solutions`` need only the light set pinned in
``requirements-participant.txt`` (the same pins, a subset); ``book``, ``test``,
``pdf`` and the developer commands need the full ``requirements.txt``; a full
install counts as having the light set. Before anything, the Python running
this script is held to the ``# requires-python:`` line of the lock it needs
(the lowest Python every pin accepts, written by ``requirements``), and told
which Python to get when it is too old; a command that cannot do its job in this
copy of the course (``solutions`` without the solutions) says so then too.
Each command is printed before it runs; a failing command
stops everything with its own exit code. The Makefile's targets only call this
script. Standard library only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

#: The repository: the parent of this script's folder, wherever it is run from.
ROOT = Path(__file__).resolve().parent.parent
VENV = ".venv"
BOOK = Path("_build", "html")
#: NumPy's SIMD kernels that ``nbval --older-kernels`` turns off (AVX2 and AVX-512 generations).
OLDER_KERNELS = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
#: What ``nbval`` runs: every stored notebook (generated from the text sources) that pytest --nbval checks.
NOTEBOOKS = ("notebooks", "exercises")
#: The text sources written one sentence per line (``sentences`` reflows them).
TEXT_SOURCES = ("chapters/*.md", "flashcards.md", "cheatsheet.md", "sources.md", "solutions/*.md")


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
STAMP = FULL.stamp
#: The first line of each lock, written by ``requirements``: the lowest Python that every pin accepts.
HEADER = "# requires-python: "
#: The installer of the venv and the locks: uv, at the version both locks pin (a fallback to
#: pip where uv cannot be had). Read from the lock being installed; this one when a lock has none.
UV_VERSION = "0.13.9"


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


def stamp_is_fresh(root: Path, windows: bool, lock: Lock = FULL) -> bool:
    """Whether setup already installed ``lock``: the venv's Python exists and the lock's stamp
    (``.venv/.installed``) is no older than its pins and ``pyproject.toml`` (make's rule)."""
    stamp = root / lock.stamp
    if not stamp.exists() or not venv_python(root, windows).exists():
        return False
    installed = stamp.stat().st_mtime
    return all(installed >= (root / name).stat().st_mtime for name in (lock.pinned, "pyproject.toml"))


def is_installed(root: Path, windows: bool, lock: Lock) -> bool:
    """Whether ``lock`` is installed; a fresh full install holds the participant set too (same pins)."""
    return stamp_is_fresh(root, windows, lock) or (
        lock == PARTICIPANT and stamp_is_fresh(root, windows, FULL)
    )


def cell_timeout(root: Path) -> int:
    """How long one notebook cell may run: ``execute: timeout:`` in _config.yml.

    The reader lives in ``tools/notebooks.py`` (standard library on import), so the book,
    ``notebooks`` and ``exercises`` share one value.
    """
    spec = importlib.util.spec_from_file_location("course_notebooks", root / "tools" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.config_timeout((root / "_config.yml").read_text(encoding="utf-8"))


def older_kernels_env(environ: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``environ`` in which NumPy skips its AVX2 and AVX-512 kernels."""
    return {**environ, "NPY_DISABLE_CPU_FEATURES": OLDER_KERNELS}


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


def python() -> str:
    """The venv's Python, as a command word."""
    return str(venv_python(ROOT, WINDOWS))


def tool(name: str) -> str:
    """A program of the venv, as a command word."""
    return str(venv_tool(ROOT, name, WINDOWS))


def make_venv() -> None:
    """Create .venv with this Python, unless it exists; say what to install when Python cannot."""
    if venv_python(ROOT, WINDOWS).exists():
        return
    problem = venv_problem(sys.executable, sys.version_info, sys.platform)
    if importlib.util.find_spec("venv") is None or importlib.util.find_spec("ensurepip") is None:
        sys.exit(problem)
    existed = (ROOT / VENV).exists()
    command = [sys.executable, "-m", "venv", VENV]
    print(shown(command), flush=True)
    if subprocess.run(command, cwd=ROOT, env=None).returncode != 0:
        if not existed:  # a half-made venv (a Python without pip) would fool the next run
            shutil.rmtree(ROOT / VENV, ignore_errors=True)
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
    return pins((ROOT / lock.pinned).read_text(encoding="utf-8")).get("uv", UV_VERSION)


def install_uv(lock: Lock, options: Sequence[str]) -> bool:
    """Install uv into .venv with the venv's own pip (seeded by ``venv``); False when it cannot be
    had (no wheel for this system, or a wheelhouse without it): then pip installs, as before uv."""
    command = [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    command += [*options, f"uv=={uv_version(lock)}"]
    print(shown(command), flush=True)
    # pip's own "ERROR: ... uv" lines would read as a failure: the one line below says what happens.
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    if subprocess.run(command, cwd=ROOT, env=None, **quiet).returncode == 0:
        return True
    print("uv could not be installed here: installing with pip instead (slower, same pins).", flush=True)
    return False


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
    if is_installed(ROOT, WINDOWS, lock):
        return
    if lock == PARTICIPANT and (ROOT / FULL.stamp).exists():
        print(f"{VENV} held the full set ({FULL.pinned}): bringing it up to date.", flush=True)
        lock = FULL
    options = wheelhouse_options(args)  # a wrong folder is said before anything is made
    make_venv()
    if install_uv(lock, options):
        uv = [tool("uv"), "pip"]
        target = ["--python", python(), "--quiet", *options]
        run([*uv, "sync", *target, lock.pinned])
        run([*uv, "install", *target, "--no-deps", "--no-build-isolation", "-e", "."])
    else:
        pip_version = pins((ROOT / lock.pinned).read_text(encoding="utf-8")).get("pip")
        if pip_version is None:
            sys.exit(f"{lock.pinned} pins no pip: run `python tools/run.py requirements`.")
        install = [python(), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *options]
        without_uv = without_uv_lock(ROOT, lock)
        for pip_args in (["--upgrade", f"pip=={pip_version}"], ["-r", without_uv]):
            run([*install, *pip_args])
        run([*install, "--no-deps", "-e", "."], env=quiet_editable_env(os.environ))
    write_jupyter_config(ROOT)
    (ROOT / lock.stamp).touch()
    if lock == FULL:
        (ROOT / PARTICIPANT.stamp).touch()


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


def check(args: argparse.Namespace) -> None:
    """Import the package and run the first exercise notebook in a real kernel (``main`` has
    installed the participant set first)."""
    run(
        [
            python(),
            "-c",
            'import ndcg, ndcg.course.widgets, ndcg.course.cards; print("ndcg", ndcg.__version__, "imports fine")',
        ]
    )
    run([python(), "-m", "pytest", "--nbval", "exercises/00_why.ipynb", "-q", "-p", "no:cacheprovider"])
    print("All set: your setup is ready for the workshop.")


def book(args: argparse.Namespace) -> None:
    """Build the HTML book strictly; print it to PDF when a Chromium is found (else say so and
    go on without); zip it beside _build/html; then say where everything is."""
    run([tool("jupyter-book"), "build", "--warningiserror", "--nitpick", "--keep-going", "."])
    run([python(), "tools/print_book.py", "pdf", "--optional"])
    run([python(), "tools/print_book.py", "zip"])
    print(f"\nThe book is in {BOOK.as_posix()}/index.html  (open it, or run: python tools/run.py serve)")
    print(f"It carries the course zip and the ndcg wheel: {BOOK.as_posix()}/_downloads/course/")
    print(f"Its PDF, when Chromium was found, and the cheat sheet's: {BOOK.as_posix()}/_downloads/*.pdf")
    print("The built book zipped for a USB stick (unzip, open index.html): _build/ndcg-course-book-*.zip")


def pdf(args: argparse.Namespace) -> None:
    """Print the built book (building it first when there is none) and its cheat sheet to PDF,
    with the Chromium the browser tests use; fail when there is none."""
    if not (ROOT / BOOK / "index.html").exists():
        book(args)
        if not any((ROOT / BOOK / "_downloads").glob("ndcg-course-*.pdf")):
            sys.exit("No PDF: no Chromium-family browser was found (see above).")
        return
    run([python(), "tools/print_book.py", "pdf"])


#: The most pytest-xdist workers ``make test`` starts: each may hold a Jupyter kernel, a
#: Chromium or a pip install at once, so more than four costs memory without saving time.
MAX_WORKERS = 4


def workers(cpu_count: int | None, environ: Mapping[str, str]) -> int:
    """How many processes run the tests: ``NDCG_TEST_WORKERS`` when set, else one per CPU (at most
    :data:`MAX_WORKERS`); 0 runs everything in this process, as plain pytest does."""
    setting = environ.get("NDCG_TEST_WORKERS", "").strip()
    if setting:
        if not setting.isdigit():
            sys.exit(f"NDCG_TEST_WORKERS must be a whole number (0: no parallel workers); got {setting!r}.")
        return int(setting)
    return max(1, min(cpu_count or 1, MAX_WORKERS))


def parallel_args(environ: Mapping[str, str] = os.environ) -> list[str]:
    """pytest-xdist's options: the workers, and ``--dist loadscope``: each notebook, each test
    module and each test class whole on one worker, so a notebook's cells run in order in one
    kernel and a module's fixtures are built once (a long module can split its tests into classes,
    as tests/test_browser_a11y.py does, to share them out)."""
    count = workers(os.cpu_count(), environ)
    return ["-n", str(count), "--dist", "loadscope"] if count > 1 else []


def test(args: argparse.Namespace) -> None:
    """Every test, nbval included, on one worker per CPU; the 15 slowest are listed at the end, to
    keep the suite within its budget (15 minutes on 2 cores). Arguments after ``--`` go to pytest."""
    run([python(), "-m", "pytest", "--nbval", "--durations=15", *parallel_args(), *args.pytest_args])


def lint(args: argparse.Namespace) -> None:
    """Ruff, pinned in requirements.txt: the lint rules, then the formatting, both check-only.

    What it checks (the package, the tests, the tools, the benchmarks) is
    ``[tool.ruff] include`` in pyproject.toml.
    """
    if not args.format_only:
        run([tool("ruff"), "check", "."])
    if not args.check_only:
        run([tool("ruff"), "format", "--check", "."])


def test_fast(args: argparse.Namespace) -> None:
    """The library and content tests: no notebook, no built book, no browser (well under a minute)."""
    run(
        [
            python(),
            "-m",
            "pytest",
            "-q",
            "-m",
            "not book and not install",
            "tests",
            "ndcg",
            "ndcg_book",
            "experiments",
            *args.pytest_args,
        ]
    )


def nbval(args: argparse.Namespace) -> None:
    """Only the notebook tests; with --older-kernels, first show NumPy's kernels in that env."""
    env = older_kernels_env(os.environ) if args.older_kernels else None
    if env is not None:
        run([python(), "-c", "import numpy; numpy.show_runtime()"], env=env)
    run(
        [
            python(),
            "-m",
            "pytest",
            "--nbval",
            "-p",
            "no:cacheprovider",
            *parallel_args(),
            *NOTEBOOKS,
            *args.pytest_args,
        ],
        env=env,
    )


def serve(args: argparse.Namespace) -> None:
    """Serve the built book on 127.0.0.1 (this Python's http.server: no venv needed)."""
    if not (ROOT / BOOK / "index.html").exists():
        sys.exit("No book yet: run `python tools/run.py book` first.")
    print(f"Serving the book on http://localhost:{args.port}  (Ctrl-C to stop)")
    run(
        [sys.executable, "-m", "http.server", str(args.port), "--bind", "127.0.0.1", "--directory", str(BOOK)]
    )


def lab(args: argparse.Namespace) -> None:
    """JupyterLab, opened on the repository (``main`` has installed the participant set first)."""
    run([tool("jupyter"), "lab", "--notebook-dir=."])


def notebooks(args: argparse.Namespace) -> None:
    """Generate notebooks/chapters/*.ipynb, notebooks/flashcards.ipynb and the play notebooks
    exercises/play/*.ipynb from the text sources (jupytext), executed with the book's cell timeout
    (nbclient, kernel python3)."""
    run([python(), "tools/notebooks.py", "--timeout", str(cell_timeout(ROOT))])


def exercises(args: argparse.Namespace) -> None:
    """Generate and execute the solution notebooks (notebooks/solutions/), the checks' answer texts
    (ndcg/course/content/answers/) and the student notebooks (exercises/) from solutions/*.md."""
    run(
        [
            python(),
            "tools/make_student.py",
            "--solutions",
            "--execute",
            "--timeout",
            str(cell_timeout(ROOT)),
        ]
    )


def sync_check(args: argparse.Namespace) -> None:
    """Fail when a generated notebook's cells (sources, ids, metadata) no longer match its text source."""
    run([python(), "tools/notebooks.py", "--check"])


def sentences(args: argparse.Namespace) -> None:
    """Rewrite the prose of every text source one sentence per line (review the diff after)."""
    paths = sorted(
        path.relative_to(ROOT).as_posix() for pattern in TEXT_SOURCES for path in ROOT.glob(pattern)
    )
    run([python(), "tools/sentences.py", *paths])


def anki(args: argparse.Namespace) -> None:
    """Write the Anki deck into _build/."""
    (ROOT / "_build").mkdir(exist_ok=True)
    run([python(), "-m", "ndcg.course.anki", "_build/ndcg-course.apkg"])


def benchmark(args: argparse.Namespace) -> None:
    """Time ndcg.ndcg_score against scikit-learn."""
    run([python(), "benchmarks/bench_ndcg_score.py"])


def races(args: argparse.Namespace) -> None:
    """Run chapter 6's races with 20 seeds each into experiments/results/race-NAME.json (precomputed for the book)."""
    run([python(), "experiments/races.py", "all", "--seeds", "20"])


#: The options of ``ltr-real`` that take one value, and those that take several, forwarded as given.
LTR_REAL_OPTIONS = ("data", "dataset", "seed", "k", "epochs", "lr", "rounds", "out", "published")
LTR_REAL_LISTS = ("folds", "learners")


def ltr_real(args: argparse.Namespace) -> None:
    """Run the learners of chapter 6 on a real collection you have downloaded (MSLR-WEB10K/30K,
    Yahoo! LTR, Istella): NDCG@1/3/5/10 per fold beside published figures, written to experiments/results/*.json
    (``python experiments/realdata.py``, which holds the defaults; nothing is downloaded)."""
    command = [python(), "experiments/realdata.py"]
    for name in LTR_REAL_OPTIONS:
        value = getattr(args, name)
        if value is not None:
            command.append(f"--{name}={value}")
    for name in LTR_REAL_LISTS:
        values = getattr(args, name)
        if values:
            command += [f"--{name}", *values]
    run(command)


def compile_command(lock: Lock, python_version: str) -> list[str]:
    """uv turning a lock's source into its exact pins for every system (``--universal``), each
    other system's pin under its marker, resolved from ``python_version`` up. The lock itself is
    the output file, so uv keeps its pins unless the source asks for others."""
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


def participant_pack(args: argparse.Namespace) -> None:
    """Build the participant pack (student and play notebooks, the ndcg wheel, a README, no solution)
    into _build/participant-pack/, folder and zip; --wheelhouse adds what the room installs offline."""
    command = [python(), "-m", "ndcg_book.downloads", "participant-pack"]
    if args.make_wheelhouse:
        command.append("--wheelhouse")
    for name in args.target:
        command += ["--target", name]
    for version in args.python:
        command += ["--python", version]
    run(command)


def solutions(args: argparse.Namespace) -> None:
    """Zip the solutions (notebooks/solutions/ and their text sources) for a self-study learner."""
    run([python(), "-m", "ndcg_book.downloads", "solutions"])


#: Where a learner whose copy has no solutions gets them: the book's download beside the exercises.
SOLUTIONS_ELSEWHERE = (
    "This copy of the course has no solutions (the course zip and the participant pack leave them\n"
    "out, on purpose). A self-study learner downloads them from the book: every chapter's Practise\n"
    "section offers ndcg-solutions-<version>.zip beside the exercises (unzip it in the course's folder)."
)


def solutions_problem(root: Path) -> str | None:
    """Why ``solutions`` cannot make its zip here (no executed solution notebooks), before any install."""
    if any(Path(root, "notebooks", "solutions").glob("*.ipynb")):
        return None
    return SOLUTIONS_ELSEWHERE


def pack_problem(root: Path) -> str | None:
    """Why ``participant-pack`` cannot make a pack here (no student notebooks), before any install."""
    if any(Path(root, "exercises").glob("*.ipynb")):
        return None
    return "No student notebooks (exercises/*.ipynb) here: the participant pack is made from a whole course."


def manifest(args: argparse.Namespace) -> None:
    """Rewrite tools/course-files.txt, the course's file list for copies without .git, from git ls-files."""
    run([python(), "-m", "ndcg_book.downloads", "manifest"])


def requirements(args: argparse.Namespace) -> None:
    """Re-pin requirements.txt from requirements.in, then requirements-participant.txt under it,
    with ``uv pip compile --universal`` (every system's pins, one version of each package), from
    the lowest Python of today's full lock; install the full lock into .venv, and write each lock's
    requires-python line from the Requires-Python metadata of the pins installed here
    (``tools/requires_python.py``, which reads it with ``packaging``).

    The new pins may need another Python than the old ones, so no lock's line holds this
    command back: the line is written afresh from the new pins."""
    make_venv()
    install_uv(FULL, []) or sys.exit("`requirements` needs uv (pip install uv): it compiles the locks.")
    try:
        floor = shown_version(required_python(ROOT, FULL)[:2])
    except SystemExit:  # no line yet: resolve from this Python's series
        floor = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for lock in (FULL, PARTICIPANT):
        run(compile_command(lock, floor))
        forked = forked_pins((ROOT / lock.pinned).read_text(encoding="utf-8"))
        if forked:
            sys.exit(
                f"{lock.pinned} pins {', '.join(forked)} more than once (a version per Python or system): "
                f"pin one version in {lock.source} (a bound that every Python from {floor} accepts)."
            )
    run([tool("uv"), "pip", "sync", "--python", python(), "--quiet", FULL.pinned])
    command = [python(), "tools/requires_python.py", FULL.pinned, PARTICIPANT.pinned]
    print(shown(command), flush=True)
    result = subprocess.run(command, cwd=ROOT, env=None, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"could not read the pins' Requires-Python:\n{result.stderr}")
    print(result.stderr, end="", file=sys.stderr)
    found = json.loads(result.stdout)
    for lock in (FULL, PARTICIPANT):
        write_header(ROOT, lock, parse_version(found[lock.pinned]))
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
    for lock in (FULL, PARTICIPANT):
        (ROOT / lock.stamp).touch()


def pycache_dirs(root: Path) -> list[Path]:
    """Every ``__pycache__`` folder of the repository, except those inside .venv."""
    found = []
    for folder, subfolders, _ in os.walk(root):
        if Path(folder) == root and VENV in subfolders:
            subfolders.remove(VENV)
        if "__pycache__" in subfolders:
            subfolders.remove("__pycache__")
            found.append(Path(folder, "__pycache__"))
    return found


def clean(args: argparse.Namespace) -> None:
    """Remove the built book and the caches; keep .venv."""
    for path in [ROOT / "_build", ROOT / ".pytest_cache", ROOT / ".hypothesis", *pycache_dirs(ROOT)]:
        if path.exists():
            print(f"removing {path.relative_to(ROOT).as_posix()}")
            shutil.rmtree(path)


def show_help(args: argparse.Namespace | None = None) -> None:
    """Print every subcommand with its one-line description."""
    print(
        "Usage: python tools/run.py <command>   (on Windows: py tools\\run.py <command>; or: make <command>)\n"
    )
    width = max(len(name) for name in COMMANDS) + 2
    for name, command in COMMANDS.items():
        print(f"  {name:<{width}}{command.summary}")


class Command(NamedTuple):
    """A subcommand: what ``help`` says of it, what it does, the lock it needs (its Python is held
    to that lock's requires-python; None: any Python that runs this script), whether ``main``
    installs that lock first, and what stops it before that."""

    summary: str
    action: Callable[[argparse.Namespace], None]
    lock: Lock | None = FULL
    needs_venv: bool = True
    #: Why the command cannot do its job in this copy of the course (None: it can), asked before
    #: anything is installed.
    problem: Callable[[Path], str | None] | None = None


COMMANDS: dict[str, Command] = {
    "book": Command("build the HTML book (every notebook executed; any warning fails)", book),
    "pdf": Command(
        "print the built book and the cheat sheet to PDF in _build/html/_downloads/ (Chromium)", pdf
    ),
    "test": Command(
        "unit, property and docstring tests, and nbval over every notebook (-- ARGS: to pytest)", test
    ),
    "test-fast": Command(
        "the library and content tests only: no notebooks, no built book (-- ARGS: to pytest)", test_fast
    ),
    "lint": Command(
        "ruff check and ruff format --check (--check-only / --format-only for one of them)", lint
    ),
    "nbval": Command(
        "only the notebook tests (--older-kernels: NumPy without its AVX2/AVX-512 kernels)", nbval
    ),
    "check": Command(
        "set up the light participant install and check it (--wheelhouse DIR: offline)", check, PARTICIPANT
    ),
    "serve": Command(
        "serve the built book on http://localhost:8000 (--port N: another port)", serve, None, False
    ),
    "lab": Command(
        "open the chapters and exercises in JupyterLab (--wheelhouse DIR: offline)", lab, PARTICIPANT
    ),
    "notebooks": Command(
        "generate the executed chapter and play notebooks from chapters/*.md (then commit both)", notebooks
    ),
    "exercises": Command(
        "generate the executed solution and student notebooks from solutions/*.md", exercises
    ),
    "sync-check": Command(
        "fail if a generated notebook no longer matches its text source (no execution)", sync_check
    ),
    "sentences": Command("rewrite the text sources' prose one sentence per line", sentences),
    "anki": Command("write every flashcard to an Anki deck, _build/ndcg-course.apkg", anki),
    "benchmark": Command("time ndcg.ndcg_score against scikit-learn", benchmark),
    "races": Command(
        "run chapter 6's races with 20 seeds each into experiments/results/ (about 5 minutes)", races
    ),
    "ltr-real": Command(
        "chapter 6's learners on MSLR/Yahoo!/Istella you downloaded (make ltr-real DATA=DIR DATASET=NAME)",
        ltr_real,
    ),
    "participant-pack": Command(
        "the participant pack, folder and zip, no solutions (--wheelhouse: for an offline room)",
        participant_pack,
        PARTICIPANT,
        problem=pack_problem,
    ),
    "solutions": Command(
        "zip the solutions for a self-study learner: _build/downloads/",
        solutions,
        PARTICIPANT,
        problem=solutions_problem,
    ),
    "manifest": Command("rewrite tools/course-files.txt (the course's files) from git ls-files", manifest),
    "requirements": Command(
        "re-pin requirements.txt and requirements-participant.txt from their .in (uv, every system)",
        requirements,
        None,
        False,
    ),
    "setup": Command(
        "create .venv and install every pinned requirement (when they changed)", setup, FULL, False
    ),
    "clean": Command("remove the built book and caches (keeps .venv)", clean, None, False),
    "help": Command("list these commands", show_help, None, False),
}


def parser() -> argparse.ArgumentParser:
    """The command line: one subparser per entry of COMMANDS."""
    main_parser = argparse.ArgumentParser(prog="tools/run.py", description=__doc__.split("\n\n")[0])
    subparsers = main_parser.add_subparsers(dest="command", metavar="command")
    for name, command in COMMANDS.items():
        subparser = subparsers.add_parser(name, help=command.summary, description=command.summary)
        if name == "serve":
            subparser.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
        if name in ("setup", "check", "lab"):
            subparser.add_argument(
                "--wheelhouse",
                metavar="DIR",
                help="install from this folder of wheels only, with no index (offline, or behind a proxy)",
            )
        if name == "lint":
            choice = subparser.add_mutually_exclusive_group()
            choice.add_argument("--check-only", action="store_true", help="only the lint rules")
            choice.add_argument("--format-only", action="store_true", help="only the formatting")
        if name == "participant-pack":
            subparser.add_argument(
                "--wheelhouse",
                dest="make_wheelhouse",
                action="store_true",
                help="add wheelhouse/<system>/: every wheel to install offline, for each --target and --python",
            )
            subparser.add_argument(
                "--target",
                action="append",
                default=[],
                metavar="SYSTEM",
                help="make the wheelhouse for this system (repeatable): windows-x86_64, macos-arm64, "
                "macos-x86_64, linux-x86_64, linux-aarch64 (default: this machine's)",
            )
            subparser.add_argument(
                "--python",
                action="append",
                default=[],
                metavar="X.Y",
                help="and for this Python (repeatable; wheels are per version; default: the one running)",
            )
        if name == "ltr-real":
            subparser.add_argument("--data", required=True, metavar="DIR", help="the collection's folder")
            subparser.add_argument(
                "--dataset",
                required=True,
                metavar="NAME",
                help="mslr-web10k, mslr-web30k, yahoo-set1, yahoo-set2 or istella",
            )
            subparser.add_argument("--folds", nargs="+", metavar="FOLD", help="folds to run (default: all)")
            subparser.add_argument("--learners", nargs="+", metavar="NAME", help="learners (default: all)")
            for option, meaning in (
                ("seed", "the models' seed"),
                ("k", "the cut-off the NDCG-aware losses optimise"),
                ("epochs", "numpy learners: passes over the training queries"),
                ("lr", "numpy learners: Adam's step size"),
                ("rounds", "tree learners: number of trees"),
            ):
                subparser.add_argument(f"--{option}", metavar="N", help=meaning)
            subparser.add_argument(
                "--out", metavar="FILE", help="the JSON file (default: experiments/results/...)"
            )
            subparser.add_argument("--published", metavar="FILE", help="default: experiments/published.yaml")
        if name == "nbval":
            subparser.add_argument(
                "--older-kernels",
                action="store_true",
                help=f"set NPY_DISABLE_CPU_FEATURES={OLDER_KERNELS!r} and show NumPy's runtime",
            )
    return main_parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; ``--`` and what follows go to pytest (test and nbval only)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    main_parser = parser()
    args = main_parser.parse_args(argv)
    if args.command is None:
        show_help()
        return 0
    if extra and args.command not in ("test", "test-fast", "nbval"):
        main_parser.error(f"only test, test-fast and nbval take arguments after --, not {args.command}")
    command = COMMANDS[args.command]
    if command.lock is not None:
        problem = python_problem(required_python(ROOT, command.lock), args.command)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    if command.problem is not None:
        problem = command.problem(ROOT)
        if problem:
            print(problem, file=sys.stderr)
            return 1
    args.pytest_args = extra
    try:
        if command.needs_venv:
            setup(args, command.lock)
        command.action(args)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
