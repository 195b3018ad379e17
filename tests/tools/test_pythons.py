"""Old Pythons, and Pythons without venv, on each system: ``tools/pythons.py``'s messages and
``tools/run.py``'s guard. Its Windows and macOS branches (venv paths, the ``py`` hints, the messages
for an old Python or a Python without venv) run here with the platform mocked: only the Linux
branch also runs for real, in CI.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

import pytest

from tests.tools.helpers import REPO, run
from tools import base, pythons

# Old Pythons, and Pythons without venv, on each system (the platform mocked) ----------------


@pytest.mark.parametrize(
    "platform, expected",
    [
        (
            "linux",
            ["sudo apt install python3 python3-venv", "python3 tools/run.py check", "PYTHON=python3.11"],
        ),
        (
            "darwin",
            ["python.org/downloads/macos/", "brew install python@3.11", "python3.11 tools/run.py check"],
        ),
        (
            "win32",
            ["python.org/downloads/windows/", "py tools\\run.py check", "py -0", "py -3.11 tools\\run.py"],
        ),
    ],
)
def test_an_old_python_is_told_which_python_to_get_on_each_system(platform, expected):
    problem = pythons.python_problem((3, 11), "check", (3, 10, 12), "/usr/bin/python3", platform)
    assert problem.startswith("Python 3.11 or newer is needed (found: Python 3.10.12, /usr/bin/python3).\n")
    for words in expected:
        assert words in problem, (platform, words)
    assert "Traceback" not in problem
    assert pythons.python_problem((3, 11), "check", (3, 11, 0), "python", platform) is None


def test_run_py_reads_as_python_3_8_so_an_old_python_gets_the_message_not_a_syntax_error():
    # Syntax only (ast's feature_version is best effort); the guard's own path also avoids the
    # str methods of 3.9 (removeprefix, removesuffix), which this checks by name.
    import ast

    tools = REPO / "tools"
    # run.py and every module of tools/ that it imports before the guard runs.
    bootstrap = ["run", "__init__", "base", "pythons", "install"] + [
        p.stem for p in tools.glob("commands_*.py")
    ]
    for name in bootstrap:
        ast.parse((tools / f"{name}.py").read_text(encoding="utf-8"), feature_version=(3, 8))
    source = (tools / "pythons.py").read_text(encoding="utf-8")
    guard = source[source.index("def parse_version") : source.index("def venv_problem")]
    assert ".removesuffix(" not in guard and ".removeprefix(" not in guard


def test_a_micro_release_bound_is_held_too():
    problem = pythons.python_problem((3, 11, 5), "book", (3, 11, 2), "/usr/bin/python3.11", "linux")
    assert problem.startswith("Python 3.11.5 or newer is needed (found: Python 3.11.2")
    assert "an older release of Python 3.11: a newer Python series works too" in problem
    assert "make book PYTHON=python3.11" in problem
    assert pythons.python_problem((3, 11, 5), "book", (3, 11, 5), "x", "linux") is None


def test_main_prints_the_windows_hint_and_runs_nothing(repo, calls, monkeypatch, capsys):
    monkeypatch.setattr(base, "WINDOWS", True)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "version_info", (3, 10, 11, "final", 0))
    assert run.main(["check"]) == 1
    assert calls == []
    err = capsys.readouterr().err
    assert "found: Python 3.10.11" in err and "py tools\\run.py check" in err


@pytest.mark.parametrize(
    "platform, expected",
    [
        ("linux", "sudo apt install python3.11-venv"),
        ("darwin", "brew install python@3.11"),
        ("win32", "python.org/downloads/windows/"),
    ],
)
def test_a_python_without_venv_says_what_to_install(repo, calls, monkeypatch, platform, expected):
    import shutil

    shutil.rmtree(repo / ".venv")
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "version_info", (3, 11, 2, "final", 0))
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "ensurepip" else real_find_spec(name)
    )
    with pytest.raises(SystemExit) as exit_info:
        run.main(["check"])
    message = str(exit_info.value.code)
    assert "cannot create a virtual environment" in message and expected in message
    assert calls == [] and not (repo / ".venv").exists()


def test_a_failed_venv_is_removed_and_explained(repo, monkeypatch):
    import shutil

    shutil.rmtree(repo / ".venv")
    monkeypatch.setattr(sys, "platform", "linux")

    def half_venv(command, cwd=None, env=None):
        (repo / ".venv" / "bin").mkdir(parents=True)
        (repo / ".venv" / "bin" / "python").write_text("")
        return subprocess.CompletedProcess(command, 1)

    monkeypatch.setattr(subprocess, "run", half_venv)
    with pytest.raises(SystemExit, match=r"python3\.\d+-venv"):
        run.main(["check"])
    assert not (repo / ".venv").exists(), "a venv without pip would fool the next run"


@pytest.mark.parametrize(
    "version, ok",
    [
        ((3, 9, 18, "final", 0), False),
        ((3, 10, 0, "final", 0), False),
        ((3, 11, 0, "final", 0), True),
        ((3, 13, 1, "final", 0), True),
    ],
)
def test_python_version_guard(version, ok, monkeypatch):
    monkeypatch.setattr(sys, "version_info", version)
    monkeypatch.setattr(sys, "platform", "win32")
    problem = pythons.python_problem((3, 11), "check")
    if ok:
        assert problem is None
    else:
        found = ".".join(map(str, version[:3]))
        assert f"Python 3.11 or newer is needed (found: Python {found}" in problem
        assert "python.org" in problem and "py -3.11" in problem


def test_old_python_runs_nothing(repo, calls, monkeypatch, capsys):
    shutil.rmtree(repo / ".venv")
    monkeypatch.setattr(sys, "version_info", (3, 9, 18, "final", 0))
    assert run.main(["book"]) == 1
    assert calls == []
    assert "found: Python 3.9.18" in capsys.readouterr().err
