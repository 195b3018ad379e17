"""Tests of ``tools/run.py``, the entry point that needs only Python.

Nothing heavy runs: ``subprocess.run`` is replaced by a recorder, the
repository is a small fake one in ``tmp_path``, and the platform (POSIX or
Windows venv layout) is a parameter or a patched module constant.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools_loader import load_script

REPO = Path(__file__).resolve().parent.parent


run = load_script(REPO / "tools" / "run.py", "run_tool")

CONFIG = """\
title: "A book"
timeout: 1
execute:
  execute_notebooks: force
# a comment in the block
  allow_errors: false

  timeout: 123   # seconds
  run_in_temp: false
parse:
  timeout: 2
"""


def age(path: Path, seconds: float) -> None:
    """Make a file's modification time ``seconds`` older than now."""
    when = path.stat().st_mtime - seconds
    os.utime(path, (when, when))


#: A lock as ``requirements`` writes it: the requires-python line, then the pins.
LOCK = (
    "# requires-python: >=3.11    (the lowest Python every pin below accepts)\n"
    "numpy==2.4.6\npip==26.3\nuv==0.13.9\n"
)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A fake repository whose POSIX and Windows venvs are both set up (fresh stamps)."""
    for name in ("requirements.txt", "requirements-participant.txt", "pyproject.toml"):
        (tmp_path / name).write_text(LOCK if name.startswith("requirements") else "")
        age(tmp_path / name, 60)
    (tmp_path / "_config.yml").write_text(CONFIG)
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "00_why.ipynb").write_text("{}")
    (tmp_path / "notebooks" / "solutions").mkdir(parents=True)
    (tmp_path / "notebooks" / "solutions" / "00_why.ipynb").write_text("{}")
    (tmp_path / "tools").mkdir()
    shutil.copy(REPO / "tools" / "make_student.py", tmp_path / "tools")
    shutil.copy(REPO / "tools" / "notebooks.py", tmp_path / "tools")  # make_student.py loads it
    (tmp_path / "chapters").mkdir()
    for name in ("01_cg.md", "00_why.md"):
        (tmp_path / "chapters" / name).write_text("")
    (tmp_path / "flashcards.md").write_text("")
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "00_why.md").write_text("")
    for windows in (False, True):
        python = run.venv_python(tmp_path, windows)
        python.parent.mkdir(parents=True)
        python.write_text("")
    (tmp_path / run.STAMP).write_text("")
    (tmp_path / run.PARTICIPANT.stamp).write_text("")
    monkeypatch.setattr(run, "ROOT", tmp_path)
    monkeypatch.setattr(run, "WINDOWS", False)
    monkeypatch.setenv("NDCG_TEST_WORKERS", "0")  # the commands below, without xdist's options
    return tmp_path


@pytest.fixture
def calls(monkeypatch):
    """Every command that ``subprocess.run`` is asked to run, with its cwd and env; each succeeds."""
    recorded = []

    def fake_run(command, cwd=None, env=None, **options):
        recorded.append({"command": command, "cwd": Path(cwd), "env": env})
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(run.subprocess, "run", fake_run)
    return recorded


def commands(recorded) -> list[list[str]]:
    return [call["command"] for call in recorded]


def test_venv_layouts():
    root = Path("/course")
    assert run.venv_python(root, windows=False) == root / ".venv" / "bin" / "python"
    assert run.venv_python(root, windows=True) == root / ".venv" / "Scripts" / "python.exe"
    assert run.venv_tool(root, "jupyter-book", windows=False) == root / ".venv" / "bin" / "jupyter-book"
    assert (
        run.venv_tool(root, "jupyter-book", windows=True) == root / ".venv" / "Scripts" / "jupyter-book.exe"
    )
    assert run.is_windows("nt") and not run.is_windows("posix")


def test_runs_from_any_directory(tmp_path):
    assert load_script(REPO / "tools" / "run.py", "run_again").ROOT == REPO
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "run.py"), "help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "  book " in result.stdout


SUBCOMMANDS = {
    "book": [
        ["{bin}/jupyter-book", "build", "--warningiserror", "--nitpick", "--keep-going", "."],
        ["{bin}/python", "tools/print_book.py", "pdf", "--optional"],
        ["{bin}/python", "tools/print_book.py", "zip"],
    ],
    "test": [["{bin}/python", "-m", "pytest", "--nbval", "--durations=15"]],
    "nbval": [
        [
            "{bin}/python",
            "-m",
            "pytest",
            "--nbval",
            "-p",
            "no:cacheprovider",
            "notebooks",
            "exercises",
        ]
    ],
    "check": [
        [
            "{bin}/python",
            "-c",
            'import ndcg, ndcg.course.widgets, ndcg.course.cards; print("ndcg", ndcg.__version__, "imports fine")',
        ],
        ["{bin}/python", "-m", "pytest", "--nbval", "exercises/00_why.ipynb", "-q", "-p", "no:cacheprovider"],
    ],
    "lab": [["{bin}/jupyter", "lab", "--notebook-dir=."]],
    "exercises": [["{bin}/python", "tools/make_student.py", "--solutions", "--execute", "--timeout", "123"]],
    "notebooks": [["{bin}/python", "tools/notebooks.py", "--timeout", "123"]],
    "sync-check": [["{bin}/python", "tools/notebooks.py", "--check"]],
    "sentences": [
        [
            "{bin}/python",
            "tools/sentences.py",
            "chapters/00_why.md",
            "chapters/01_cg.md",
            "flashcards.md",
            "solutions/00_why.md",
        ]
    ],
    "anki": [["{bin}/python", "-m", "ndcg.course.anki", "_build/ndcg-course.apkg"]],
    "benchmark": [["{bin}/python", "benchmarks/bench_ndcg_score.py"]],
    "participant-pack": [["{bin}/python", "-m", "ndcg_book.downloads", "participant-pack"]],
    "solutions": [["{bin}/python", "-m", "ndcg_book.downloads", "solutions"]],
    "manifest": [["{bin}/python", "-m", "ndcg_book.downloads", "manifest"]],
}


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_subcommand_runs_the_makefile_commands(name, repo, calls):
    assert run.main([name]) == 0
    bin_dir = str(repo / ".venv" / "bin")
    assert commands(calls) == [
        [word.format(bin=bin_dir) for word in command] for command in SUBCOMMANDS[name]
    ]
    assert all(call["cwd"] == repo for call in calls)


def test_pdf_prints_the_built_book_and_builds_it_first_when_there_is_none(repo, calls):
    bin_dir = str(repo / ".venv" / "bin")
    printing = [f"{bin_dir}/python", "tools/print_book.py", "pdf"]
    # no book yet: build it (which prints it when it can); no PDF came out, so it fails
    with pytest.raises(SystemExit, match="No PDF"):
        run.main(["pdf"])
    assert commands(calls)[0][0] == f"{bin_dir}/jupyter-book" and [*printing, "--optional"] in commands(calls)
    calls.clear()
    (repo / "_build" / "html").mkdir(parents=True)
    (repo / "_build" / "html" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    assert commands(calls) == [printing]  # without --optional: no browser fails the command


def test_windows_layout_is_used_on_windows(repo, calls, monkeypatch):
    monkeypatch.setattr(run, "WINDOWS", True)
    run.main(["book"])
    run.main(["test"])
    assert commands(calls)[0][0] == str(repo / ".venv" / "Scripts" / "jupyter-book.exe")
    assert commands(calls)[1][0] == str(repo / ".venv" / "Scripts" / "python.exe")


def test_notebooks_are_generated_from_the_text_sources_with_the_config_timeout(repo, calls):
    # tools/notebooks.py converts chapters/*.md and flashcards.md (jupytext) and executes them
    # into notebooks/ (nbclient, no timings, no widget state): see tests/test_notebooks.py.
    assert run.main(["notebooks"]) == 0
    assert commands(calls) == [
        [str(repo / ".venv" / "bin" / "python"), "tools/notebooks.py", "--timeout", "123"]
    ]
    assert calls[0]["cwd"] == repo


def test_arguments_after_double_dash_go_to_pytest(repo, calls):
    run.main(["test", "--", "-k", "dcg", "-x"])
    assert commands(calls) == [
        [
            str(repo / ".venv" / "bin" / "python"),
            "-m",
            "pytest",
            "--nbval",
            "--durations=15",
            "-k",
            "dcg",
            "-x",
        ]
    ]
    with pytest.raises(SystemExit) as exit_info:
        run.main(["book", "--", "-x"])
    assert exit_info.value.code == 2


def test_each_command_is_printed_and_a_failure_exits_with_its_code(repo, monkeypatch, capsys):
    seen = []

    def failing_run(command, cwd=None, env=None):
        seen.append(command)
        return subprocess.CompletedProcess(command, 3)

    monkeypatch.setattr(run.subprocess, "run", failing_run)
    with pytest.raises(SystemExit) as exit_info:
        run.main(["check"])
    assert exit_info.value.code == 3
    assert len(seen) == 1, "the second command must not run after the first failed"
    assert capsys.readouterr().out.startswith(".venv/bin/python -c 'import ndcg")


def test_a_missing_program_says_what_to_do(repo, monkeypatch):
    def missing(command, cwd=None, env=None):
        raise FileNotFoundError(command[0])

    monkeypatch.setattr(run.subprocess, "run", missing)
    with pytest.raises(SystemExit, match="^.venv/bin/jupyter-book not found: delete .venv and run"):
        run.main(["book"])


def test_fresh_stamp_skips_setup(repo, calls):
    assert run.stamp_is_fresh(repo, windows=False)
    run.setup()
    assert calls == []


def test_stamp_older_than_requirements_or_pyproject_is_stale(repo):
    for name in ("requirements.txt", "pyproject.toml"):
        (repo / name).touch()
        age(repo / run.STAMP, 120)
        assert not run.stamp_is_fresh(repo, windows=False)
        (repo / run.STAMP).touch()
        assert run.stamp_is_fresh(repo, windows=False)


def test_stamp_without_venv_python_is_stale(repo):
    run.venv_python(repo, windows=True).unlink()
    assert run.stamp_is_fresh(repo, windows=False)
    assert not run.stamp_is_fresh(repo, windows=True)
    (repo / run.STAMP).unlink()
    assert not run.stamp_is_fresh(repo, windows=False)


def test_setup_creates_the_venv_then_installs(repo, calls, monkeypatch):
    shutil.rmtree(repo / ".venv")
    record = run.subprocess.run

    def make_venv(command, cwd=None, env=None, **options):
        if command[1:3] == ["-m", "venv"]:
            run.venv_python(repo, windows=False).parent.mkdir(parents=True)
            run.venv_python(repo, windows=False).touch()
        return record(command, cwd=cwd, env=env)

    monkeypatch.setattr(run.subprocess, "run", make_venv)
    run.setup()
    python = str(repo / ".venv" / "bin" / "python")
    uv = str(repo / ".venv" / "bin" / "uv")
    assert commands(calls) == [
        [sys.executable, "-m", "venv", ".venv"],
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv==0.13.9"],
        [uv, "pip", "sync", "--python", python, "--quiet", "requirements.txt"],
        [uv, "pip", "install", "--python", python, "--quiet", "--no-deps", "--no-build-isolation", "-e", "."],
    ]
    assert run.stamp_is_fresh(repo, windows=False)
    config = json.loads((repo / ".venv" / "etc" / "jupyter" / "jupyter_config.json").read_text())
    assert config["KernelManager"] == config["MappingKernelManager"] == {"transport_encryption": "auto"}


def test_without_uv_pip_installs_the_same_pins_and_says_so_in_one_line(repo, monkeypatch, capsys):
    seen, envs = [], []
    monkeypatch.setenv("PYTHONWARNINGS", "error::ResourceWarning")

    def no_uv(command, cwd=None, env=None, **options):
        seen.append(command)
        envs.append(env)
        return subprocess.CompletedProcess(command, 1 if command[-1].startswith("uv==") else 0)

    monkeypatch.setattr(run.subprocess, "run", no_uv)
    (repo / run.PARTICIPANT.stamp).unlink()
    (repo / run.FULL.stamp).unlink()
    run.setup(None, run.PARTICIPANT)
    python = str(repo / ".venv" / "bin" / "python")
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    assert seen == [
        [*pip, "uv==0.13.9"],
        [*pip, "--upgrade", "pip==26.3"],
        [*pip, "-r", ".venv/requirements-participant.txt"],
        [*pip, "--no-deps", "-e", "."],
    ]
    # setuptools' boxed note on an editable install is filtered out of the build (pip 26 shows it).
    assert envs[-1]["PYTHONWARNINGS"] == "error::ResourceWarning,ignore:Editable installation"
    assert envs[:-1] == [None, None, None]
    # The lock, without the uv that could not be had: pip would fail on that pin.
    kept = (repo / ".venv" / "requirements-participant.txt").read_text()
    assert kept == LOCK.replace("uv==0.13.9\n", "")
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if "uv" in line and "pip" in line and "instead" in line] == [
        "uv could not be installed here: installing with pip instead (slower, same pins)."
    ]
    assert run.stamp_is_fresh(repo, False, run.PARTICIPANT)


def test_stale_stamp_reinstalls_into_the_existing_venv(repo, calls):
    (repo / "requirements.txt").touch()
    age(repo / run.STAMP, 120)
    run.main(["benchmark"])
    assert [command[1:3] for command in commands(calls)[:3]] == [
        ["-m", "pip"],
        ["pip", "sync"],
        ["pip", "install"],
    ]
    assert commands(calls)[1][-1] == "requirements.txt"
    assert commands(calls)[3][1] == "benchmarks/bench_ndcg_score.py"
    assert run.stamp_is_fresh(repo, windows=False)


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
    problem = run.python_problem((3, 11), "check")
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


def test_config_timeout_is_read_from_the_execute_block(repo):
    assert run.cell_timeout(repo) == 123
    (repo / "_config.yml").write_text(CONFIG.replace("  timeout: 123   # seconds\n", ""))
    with pytest.raises(ValueError, match="execute: timeout:"):
        run.cell_timeout(repo)


def test_config_timeout_of_the_real_config():
    value = run.cell_timeout(REPO)
    text = (REPO / "_config.yml").read_text(encoding="utf-8")
    block = re.search(r"^execute:\n((?:[ #].*\n)*)", text, re.MULTILINE).group(1)
    assert re.search(rf"^\s+timeout:\s*{value}\b", block, re.MULTILINE)
    make_student = load_script(REPO / "tools" / "make_student.py", "make_student")
    assert make_student.config_timeout() == value, "make_student.py's default --timeout is the book's"


def test_older_kernels_env_reaches_show_runtime_and_pytest(repo, calls, monkeypatch):
    monkeypatch.delenv("OPENBLAS_CORETYPE", raising=False)
    monkeypatch.setenv("KEPT_VARIABLE", "yes")
    run.main(["nbval", "--older-kernels"])
    assert commands(calls)[0][1:] == ["-c", "import numpy; numpy.show_runtime()"]
    assert commands(calls)[1][1:4] == ["-m", "pytest", "--nbval"]
    for call in calls:
        assert call["env"]["NPY_DISABLE_CPU_FEATURES"] == "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
        assert call["env"]["KEPT_VARIABLE"] == "yes"
        assert "OPENBLAS_CORETYPE" not in call["env"]
    assert "NPY_DISABLE_CPU_FEATURES" not in os.environ


@pytest.mark.parametrize(
    ("cpus", "setting", "expected"),
    [(1, "", 1), (2, "", 2), (None, "", 1), (64, "", run.MAX_WORKERS), (64, "0", 0), (1, " 3 ", 3)],
)
def test_workers_follow_the_cpus_or_the_setting(cpus, setting, expected):
    assert run.workers(cpus, {"NDCG_TEST_WORKERS": setting}) == expected


@pytest.mark.parametrize("setting", ["two", "-1", "1.5"])
def test_a_bad_workers_setting_says_what_it_expects(setting):
    with pytest.raises(SystemExit, match="NDCG_TEST_WORKERS must be a whole number"):
        run.workers(2, {"NDCG_TEST_WORKERS": setting})


def test_test_and_nbval_run_each_module_and_notebook_whole_on_one_worker(repo, calls, monkeypatch):
    monkeypatch.setenv("NDCG_TEST_WORKERS", "2")
    run.main(["test"])
    run.main(["nbval"])
    for command in commands(calls):
        at = command.index("-n")
        assert command[at : at + 4] == ["-n", "2", "--dist", "loadscope"]
    monkeypatch.setenv("NDCG_TEST_WORKERS", "1")  # one worker: plain pytest, no xdist at all
    calls.clear()
    run.main(["test"])
    assert "-n" not in commands(calls)[0]


def test_nbval_without_older_kernels_leaves_the_env_alone(repo, calls):
    run.main(["nbval"])
    assert len(calls) == 1 and calls[0]["env"] is None


def test_serve(repo, calls, capsys):
    with pytest.raises(SystemExit, match="No book yet"):
        run.main(["serve"])
    (repo / "_build" / "html").mkdir(parents=True)
    (repo / "_build" / "html" / "index.html").write_text("")
    run.main(["serve"])
    run.main(["serve", "--port", "8123"])
    expected = [
        sys.executable,
        "-m",
        "http.server",
        "8000",
        "--bind",
        "127.0.0.1",
        "--directory",
        str(Path("_build", "html")),
    ]
    assert commands(calls) == [expected, [*expected[:3], "8123", *expected[4:]]]
    assert "http://localhost:8123" in capsys.readouterr().out


def test_clean_keeps_the_venv(repo, calls):
    for folder in (
        "_build/html",
        ".hypothesis",
        ".pytest_cache",
        "ndcg/__pycache__",
        "tests/__pycache__",
        ".venv/lib/site/__pycache__",
    ):
        (repo / folder).mkdir(parents=True)
    run.main(["clean"])
    assert calls == []
    assert not any(
        (repo / name).exists()
        for name in ("_build", ".hypothesis", ".pytest_cache", "ndcg/__pycache__", "tests/__pycache__")
    )
    assert (repo / ".venv/lib/site/__pycache__").is_dir() and (repo / "ndcg").is_dir()


def test_help_lists_every_subcommand(capsys):
    run.main(["help"])
    lines = capsys.readouterr().out.splitlines()
    listed = {line.split()[0]: line.split(None, 1)[1] for line in lines if line.startswith("  ")}
    assert listed == {name: command.summary for name, command in run.COMMANDS.items()}
    expected = {
        "setup",
        "check",
        "book",
        "pdf",
        "test",
        "serve",
        "lab",
        "notebooks",
        "exercises",
        "anki",
        "benchmark",
        "ltr-real",
        "races",
        "requirements",
        "clean",
        "help",
        "nbval",
        "sync-check",
        "sentences",
        "test-fast",
        "lint",
        "participant-pack",
        "solutions",
        "manifest",
    }
    assert set(listed) == expected


def makefile_recipes() -> dict[str, list[str]]:
    """Each Makefile target and its recipe lines."""
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (REPO / "Makefile").read_text().splitlines():
        if line.startswith("\t") and target:
            recipes[target].append(line.strip())
        elif match := re.match(r"^([\w-]+):", line):
            target = match.group(1)
            recipes[target] = []
    return recipes


def test_every_makefile_target_calls_its_run_py_subcommand():
    recipes = makefile_recipes()
    phony = re.search(r"^\.PHONY:(.*)$", (REPO / "Makefile").read_text(), re.MULTILINE).group(1).split()
    assert sorted(phony) == sorted(recipes)
    assert set(run.COMMANDS) <= set(recipes), "every subcommand has a make target"
    for target, recipe in recipes.items():
        assert len(recipe) == 1, f"make {target}: one line, no logic"
        words = recipe[0].lstrip("@").split()
        assert words[:2] == ["$(RUN)", words[1]] and words[1] in run.COMMANDS
        expected = {
            "nbval-older": ["nbval", "--older-kernels"],
            "participant-pack-wheelhouse": ["participant-pack", "--wheelhouse"],
            "ltr-real": ["ltr-real", "--data=$(DATA)", "--dataset=$(DATASET)", "$(ARGS)"],
        }.get(target, [target])
        expected += ["--port", "$(PORT)"] if target == "serve" else []
        assert words[1:] == expected
    assert "RUN    := $(PYTHON) tools/run.py" in (REPO / "Makefile").read_text()


def test_participant_pack_passes_the_wheelhouse_its_systems_and_pythons_on(repo, calls):
    argv = ["participant-pack", "--wheelhouse", "--target", "windows-x86_64", "--target", "macos-arm64"]
    assert run.main([*argv, "--python", "3.11", "--python", "3.12"]) == 0
    assert commands(calls)[-1][1:] == [
        "-m",
        "ndcg_book.downloads",
        "participant-pack",
        "--wheelhouse",
        "--target",
        "windows-x86_64",
        "--target",
        "macos-arm64",
        "--python",
        "3.11",
        "--python",
        "3.12",
    ]


def test_lint_and_test_fast_run_what_they_say(repo, calls):
    ruff = str(repo / ".venv" / "bin" / "ruff")
    python = str(repo / ".venv" / "bin" / "python")
    assert run.main(["lint"]) == 0
    assert commands(calls) == [[ruff, "check", "."], [ruff, "format", "--check", "."]]
    calls.clear()
    assert run.main(["lint", "--check-only"]) == 0
    assert commands(calls) == [[ruff, "check", "."]]
    calls.clear()
    assert run.main(["lint", "--format-only"]) == 0
    assert commands(calls) == [[ruff, "format", "--check", "."]]
    calls.clear()
    assert run.main(["test-fast", "--", "-x"]) == 0
    assert commands(calls) == [
        [
            python,
            "-m",
            "pytest",
            "-q",
            "-m",
            "not book and not install",
            "tests",
            "ndcg",
            "ndcg_book",
            "experiments",
            "-x",
        ]
    ]


def test_ltr_real_forwards_its_options_to_the_module_which_holds_the_defaults(repo, calls):
    python = str(repo / ".venv" / "bin" / "python")
    assert run.main(["ltr-real", "--data", "~/MSLR-WEB10K", "--dataset", "mslr-web10k"]) == 0
    assert commands(calls) == [
        [python, "experiments/realdata.py", "--data=~/MSLR-WEB10K", "--dataset=mslr-web10k"]
    ]
    calls.clear()
    argv = [
        "ltr-real",
        "--data=D",
        "--dataset=istella",
        "--folds",
        "full",
        "--learners",
        "ranknet",
        "lightgbm",
    ]
    argv += ["--epochs", "3", "--rounds", "50", "--out", "r.json", "--published", "p.yaml"]
    assert run.main(argv) == 0
    assert commands(calls)[0][2:] == [
        "--data=D",
        "--dataset=istella",
        "--epochs=3",
        "--rounds=50",
        "--out=r.json",
        "--published=p.yaml",
        "--folds",
        "full",
        "--learners",
        "ranknet",
        "lightgbm",
    ]


def test_ltr_real_needs_its_data_and_dataset(repo, calls, capsys):
    with pytest.raises(SystemExit):
        run.main(["ltr-real", "--dataset", "mslr-web10k"])
    assert "--data" in capsys.readouterr().err and calls == []
