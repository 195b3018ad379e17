"""What participants and self-study learners run: ``check``, ``lab``, ``participant-pack`` and
``solutions`` (the light participant set, ``requirements-participant.txt``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from tools import base
from tools.base import python, run, step, tool

#: What ``check`` runs in the course's Python, after installing: the imports, then the first
#: exercise notebook under nbval, in one process (see its docstring for why it is quick).
CHECK_SCRIPT = Path("tools", "check_setup.py")


def check_environment(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The environment ``check`` runs in: the caller's, with pytest's plugin autoloading off."""
    return {**environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def check(args: argparse.Namespace) -> None:
    """Import the package and run the first exercise notebook in a real kernel, in one process
    (:data:`CHECK_SCRIPT`; ``main`` has installed the participant set first)."""
    run([python(), CHECK_SCRIPT.as_posix()], env=check_environment())
    print("All set: your setup is ready for the workshop.")


#: JupyterLab's settings for the course's environment, in ``overrides.json`` of its
#: ``share/jupyter/lab/settings`` (read by every JupyterLab started from the course's venv, and by
#: no other; what a learner sets in JupyterLab still wins): no "get notified about official Jupyter
#: news?" prompt over the first notebook, no check for updates of a pinned JupyterLab.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}
}

#: What ``lab`` adds when JupyterLab stopped and this is root: Jupyter refuses to start as root
#: (a Docker container, some cloud machines) with its own message, and no way out.
ROOT_HINT = (
    "\nJupyterLab did not start, and you are running as root (in a container or on a cloud machine,\n"
    "often): Jupyter refuses to start as root unless told to. Where root is the only user, start it\n"
    "with:\n\n"
    "    {jupyter} lab --allow-root --notebook-dir=.\n\n"
    "(Everywhere else, run `make lab` as your own user instead.)"
)


def lab_settings(venv: Path) -> Path:
    """Write :data:`LAB_SETTINGS` into the environment ``venv`` (merged into an ``overrides.json``
    already there) and return the file."""
    path = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    settings = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for plugin, values in LAB_SETTINGS.items():
        settings[plugin] = {**settings.get(plugin, {}), **values}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
    return path


def is_root() -> bool:
    """Whether this process runs as root (never on Windows, which has no ``geteuid``)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab(args: argparse.Namespace) -> None:
    """JupyterLab, opened on the repository (``main`` has installed the participant set first),
    with the course's settings; when it stops with an error as root, how to start it as root."""
    lab_settings(base.ROOT / base.VENV)
    try:
        run([tool("jupyter"), "lab", "--notebook-dir=."])
    except SystemExit:
        if is_root():
            print(ROOT_HINT.format(jupyter=tool("jupyter")), file=sys.stderr, flush=True)
        raise


def participant_pack(args: argparse.Namespace) -> None:
    """Build the participant pack (student and play notebooks, the ndcg wheel, a README, no solution)
    into _build/participant-pack/, folder and zip; --wheelhouse adds what the room installs offline;
    --language zh makes the Chinese pack (the notebooks of exercises/zh/)."""
    command = step("downloads", "participant-pack")
    if args.make_wheelhouse:
        command.append("--wheelhouse")
    for name in args.target:
        command += ["--target", name]
    for version in args.python:
        command += ["--python", version]
    if getattr(args, "language", "en") != "en":
        command += ["--language", args.language]
    run(command)


def solutions(args: argparse.Namespace) -> None:
    """Zip the solutions (notebooks/solutions/ and their text sources) for a self-study learner."""
    run(step("downloads", "solutions"))


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
