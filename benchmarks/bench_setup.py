#!/usr/bin/env python3
"""How long the participant's set-up takes: pip against uv, cold and warm, measured in one run.

Each of the four runs makes a fresh venv (``python -m venv``, which seeds pip) in a temporary
folder and installs ``requirements-participant.txt`` into it, as ``tools/run.py check`` does:

pip
    ``pip install --upgrade pip==<pin>``, then ``pip install -r requirements-participant.txt``
    (the fallback where uv cannot be had).
uv
    ``pip install uv==<pin>``, then ``uv pip sync requirements-participant.txt`` (the default).

*Cold* starts from empty caches (a fresh ``PIP_CACHE_DIR`` and ``UV_CACHE_DIR`` in the
temporary folder: everything is downloaded); *warm* runs again with the caches the cold run
filled. The machine's own pip and uv settings are left out (``PIP_CONFIG_FILE`` is the null
device, every ``PIP_*`` and ``UV_*`` variable is dropped), so the numbers are those of a plain
machine on this network. Standard library only::

    python3 benchmarks/bench_setup.py             # all four, about five minutes
    python3 benchmarks/bench_setup.py --only uv   # the uv runs only
    python3 benchmarks/bench_setup.py --check     # `check` itself, the old way and the new

It prints one line per run and the system it ran on; ``learners/setup-details.md`` quotes a run, with its date.

``--check`` times ``python tools/run.py check``'s own work, in the course's ``.venv`` (set up
first), after the install: the way it ran until issue 34 (two Pythons, ``-c "import ndcg, ..."``
then ``pytest --nbval exercises/00_why.ipynb`` with every installed plugin) against the way it
runs now (``tools/check_setup.py``, one process), alternating, five runs
each, and prints the median wall and CPU time (the children's, kernel included) and their ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements-participant.txt"


def pin(name: str) -> str:
    """The version the participant lock pins for ``name``."""
    match = re.search(rf"^{name}==(\S+)", LOCK.read_text(encoding="utf-8"), re.MULTILINE)
    if match is None:
        raise SystemExit(f"{LOCK.name} pins no {name}")
    return match.group(1)


def plain_env(caches: Path) -> dict[str, str]:
    """This environment without the machine's pip and uv settings, with caches under ``caches``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PIP_", "UV_"))}
    env.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_CACHE_DIR=str(caches / "pip"),
        UV_CACHE_DIR=str(caches / "uv"),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    return env


def venv_python(venv: Path) -> str:
    windows = venv / "Scripts" / "python.exe"
    return str(windows if windows.exists() else venv / "bin" / "python")


def set_up(installer: str, folder: Path, env: dict[str, str]) -> dict[str, float]:
    """Seconds to make a venv in ``folder`` and install the participant lock into it with
    ``installer``: ``venv``, then the installer's first step (pip itself, or uv), then the pins."""
    venv = folder / "venv"
    steps = {}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    steps["venv"] = time.perf_counter() - start
    python = venv_python(venv)
    pip = [python, "-m", "pip", "install", "--quiet"]
    if installer == "pip":
        first = [*pip, "--upgrade", f"pip=={pin('pip')}"]
        then = [*pip, "-r", str(LOCK)]
    else:
        first = [*pip, f"uv=={pin('uv')}"]
        uv = Path(python).parent / ("uv.exe" if os.name == "nt" else "uv")
        then = [str(uv), "pip", "sync", "--quiet", "--python", python, str(LOCK)]
    for name, command in (("installer", first), ("pins", then)):
        began = time.perf_counter()
        subprocess.run(command, check=True, env=env)
        steps[name] = time.perf_counter() - began
    steps["total"] = time.perf_counter() - start
    shutil.rmtree(venv)
    return steps


def time_check(runs: int = 5) -> None:
    """Time ``check``'s work the old way and the new, alternating (see the module's docstring)."""
    import resource
    import statistics

    sys.path.insert(0, str(ROOT))  # the benchmark runs from the repository, as a script
    from tools.commands_course import CHECK_SCRIPT, check_environment

    python = venv_python(ROOT / ".venv")
    old_import = "import ndcg, ndcg.course.widgets, ndcg.course.cards"
    old_nbval = [python, "-m", "pytest", "--nbval", "exercises/00_why.ipynb", "-q", "-p", "no:cacheprovider"]
    ways = {
        "old": [([python, "-c", old_import], None), (old_nbval, None)],
        "new": [([python, str(ROOT / CHECK_SCRIPT)], check_environment())],
    }
    times = {way: {"wall": [], "cpu": []} for way in ways}
    for _ in range(runs):
        for way, commands in ways.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            for command, env in commands:
                subprocess.run(command, check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
            times[way]["wall"].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times[way]["cpu"].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    median = {
        way: {kind: statistics.median(values) for kind, values in kinds.items()}
        for way, kinds in times.items()
    }
    for way in ways:
        print(
            f"  check, {way}: {median[way]['wall']:5.1f} s wall, {median[way]['cpu']:5.1f} s CPU (median of {runs})"
        )
    for kind in ("wall", "cpu"):
        print(
            f"  {kind}: the new check takes {median['new'][kind] / median['old'][kind]:.2f} of the old one's time"
        )


def system() -> str:
    name = (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    try:
        return f"{platform.freedesktop_os_release()['PRETTY_NAME']}, {name}"
    except (OSError, AttributeError, KeyError):
        return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("pip", "uv"), help="time one installer only")
    parser.add_argument("--check", action="store_true", help="time check's own work, old and new")
    args = parser.parse_args(argv)
    if args.check:
        print(f"tools/run.py check after the install, in {ROOT / '.venv'}, on {system()}")
        time_check()
        if hasattr(os, "getloadavg"):
            print(f"  load average over the last 5 minutes: {os.getloadavg()[1]:.1f} ({os.cpu_count()} CPUs)")
        return 0
    installers = [args.only] if args.only else ["pip", "uv"]
    print(f"participant set-up ({LOCK.name}, {pin('uv')=}, {pin('pip')=}) on {system()}")
    results = {}
    for installer in installers:
        with tempfile.TemporaryDirectory(prefix=f"bench-setup-{installer}-") as scratch:
            env = plain_env(Path(scratch, "caches"))
            for state in ("cold", "warm"):
                steps = set_up(installer, Path(scratch), env)
                results[installer, state] = steps["total"]
                parts = ", ".join(f"{name} {steps[name]:.1f} s" for name in ("venv", "installer", "pins"))
                print(f"  {installer:<3} {state}: {steps['total']:6.1f} s  ({parts})", flush=True)
    if hasattr(os, "getloadavg"):  # a busy machine slows every run: say how busy it was
        print(f"  load average over the last 5 minutes: {os.getloadavg()[1]:.1f} ({os.cpu_count()} CPUs)")
    if len(installers) == 2:
        for state in ("cold", "warm"):
            ratio = results["pip", state] / results["uv", state]
            print(f"  {state}: uv is {ratio:.1f} times as fast as pip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
