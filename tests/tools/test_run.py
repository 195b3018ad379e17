"""Tests of ``tools/run.py``, the entry point that needs only Python, and of ``tools/base.py``, what
its commands share: the bootstrap, the dispatch to each subcommand (what it runs, from the venv),
``help``, the Makefile's targets, and how a command is printed, fails or runs beside others. What
each command does is tested in test_commands.py, the installs in test_install.py, the Python
guard in test_pythons.py.

Nothing heavy runs: ``subprocess.run`` is replaced by a recorder, the
repository is a small fake one in ``tmp_path``, and the platform (POSIX or
Windows venv layout) is a parameter or a patched module constant.
"""

from __future__ import annotations

import importlib
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools.helpers import REPO, commands, run
from tools import base

#: The commands as a learner's own user runs them (the ``not_root`` fixture, tests/tools/conftest.py).
pytestmark = pytest.mark.usefixtures("not_root")


def test_venv_layouts():
    root = Path("/course")
    assert base.venv_python(root, windows=False) == root / ".venv" / "bin" / "python"
    assert base.venv_python(root, windows=True) == root / ".venv" / "Scripts" / "python.exe"
    assert base.venv_tool(root, "jupyter-book", windows=False) == root / ".venv" / "bin" / "jupyter-book"
    assert (
        base.venv_tool(root, "jupyter-book", windows=True) == root / ".venv" / "Scripts" / "jupyter-book.exe"
    )
    assert base.is_windows("nt") and not base.is_windows("posix")


def test_runs_from_any_directory_with_the_standard_library_only(tmp_path):
    assert base.ROOT == REPO
    # -I: neither PYTHONPATH nor the user's site-packages nor the current folder; -S: no
    # site-packages at all. run.py finds its package, tools/, itself.
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(REPO / "tools" / "run.py"), "help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "  book " in result.stdout


def test_the_bootstrap_imports_only_the_standard_library(tmp_path):
    # Everything run.py imports runs before the venv exists: no module from outside the
    # standard library and the tools package may be loaded.
    code = (
        "import runpy, sys\n"
        f"runpy.run_path({str(REPO / 'tools' / 'run.py')!r})\n"
        "names = {name.split('.')[0] for name in sys.modules}\n"
        "print(sorted(names - set(sys.stdlib_module_names) - {'tools', '__main__'}))\n"
        "print(sorted(name for name in sys.modules if name.startswith('tools.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    outside, package = result.stdout.splitlines()
    assert outside == "[]"
    assert "'tools.install'" in package and "'tools.commands_lint'" in package


def test_run_py_stays_the_bootstrap_and_the_dispatch():
    # The commands live in the modules of tools/; run.py only finds them and dispatches.
    assert len((REPO / "tools" / "run.py").read_text(encoding="utf-8").splitlines()) <= 500


#: What each subcommand must run, by its effect rather than its exact words: the program (in the
#: venv), the script, module or build step it works on (which must exist), and the options it cannot
#: do without (the order, and options beside these, are free). A build step is ``python -m ndcg_book
#: <step>`` (``ndcg_book/__main__.py``): the set names ``ndcg_book`` and the step.
SUBCOMMANDS = {
    "book": [
        ("python", {"ndcg_book", "execution-cache"}),  # every notebook into the cache, a few at a time
        ("jupyter-book", {"build", ".", "--warningiserror", "--nitpick", "--keep-going"}),
        # the English PDF, started beside the Chinese edition's build (from the same execution cache)
        ("python", {"ndcg_book", "print", "pdf", "--optional", "--language", "en"}),
        ("python", {"ndcg_book", "translations", "build"}),
        ("python", {"ndcg_book", "print", "pdf", "--optional", "--language", "zh"}),
        ("python", {"ndcg_book", "print", "zip"}),
    ],
    "translations": [
        ("python", {"ndcg_book", "translations", "update"}),
        ("python", {"ndcg_book", "translations", "check"}),
    ],
    "test": [("python", {"pytest", "--nbval"})],
    "nbval": [("python", {"pytest", "--nbval", "notebooks", "exercises"})],
    "check": [("python", {"tools/check_setup.py"})],  # one process: the imports, then nbval
    "lab": [("jupyter", {"lab"})],
    "exercises": [
        ("python", {"ndcg_book", "student", "--solutions", "--execute"}),
        ("python", {"ndcg_book", "translated", "--only", "student", "--execute"}),
    ],
    "notebooks": [
        ("python", {"ndcg_book", "notebooks"}),
        ("python", {"ndcg_book", "translated", "--only", "play", "--execute"}),
    ],
    "sync-check": [("python", {"ndcg_book", "sync"})],
    "sentences": [
        (
            "python",
            {
                "ndcg_book",
                "sentences",
                "chapters/00_why.md",
                "chapters/01_cg.md",
                "learners/flashcards.md",
                "solutions/00_why.md",
            },
        )
    ],
    "anki": [("python", {"_build/ndcg-course.apkg"})],
    "benchmark": [("python", {"benchmarks/bench_ndcg_score.py"})],
    "participant-pack": [("python", {"ndcg_book", "downloads", "participant-pack"})],
    "solutions": [("python", {"ndcg_book", "downloads", "solutions"})],
    "manifest": [("python", {"ndcg_book", "downloads", "manifest"})],
    "spark": [("python", {"experiments/spark.py"})],
}


def what_it_runs(command: list[str]) -> str | None:
    """The script (a path) or module (``-m``) a venv command runs, or ``None`` for a program's own
    subcommand (``jupyter-book build``, ``jupyter lab``) or inline code (``-c``)."""
    if command[1:2] == ["-m"]:
        return command[2]
    if len(command) > 1 and command[1].endswith(".py"):
        return command[1]
    return None


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_each_subcommand_runs_what_exists_from_the_venv_with_its_options(name, repo, calls):
    """Each subcommand runs venv programs from the repository root, in order; the script, module or
    build step each one runs exists in the real repository (a moved script fails here, not in a
    learner's terminal), inline code runs, and the options the command needs are there."""
    assert run.main([name]) == 0
    assert len(calls) == len(SUBCOMMANDS[name])
    for call, (program, needed) in zip(calls, SUBCOMMANDS[name], strict=True):
        command = call["command"]
        assert call["cwd"] == repo
        assert command[0] == str(base.venv_tool(repo, program, windows=False))
        assert needed <= set(command), f"{name}: {command} lacks {needed - set(command)}"
        target = what_it_runs(command)
        if target is not None and target.endswith(".py"):
            assert (REPO / target).is_file(), f"{name} runs {target}, which is not in the repository"
        elif target is not None:
            assert importlib.util.find_spec(target) is not None, f"{name} runs -m {target}: no such module"
        if target == "ndcg_book":
            steps = importlib.import_module("ndcg_book.__main__").STEPS
            assert command[3] in steps, f"{name} runs the build step {command[3]}, which ndcg_book lacks"
            module = steps[command[3]].module
            assert importlib.util.find_spec(module) is not None, f"{name}: the step's {module} is not there"


def test_only_run_py_s_bootstrap_touches_the_import_path():
    # The tools are a package and the build steps are ndcg_book's, run as `python -m ndcg_book
    # <step>` from the repository: no module patches sys.path or loads another by its file's path,
    # but run.py, which puts the repository on the path once (what it imports is the layering test's,
    # tests/core/test_package.py).
    for path in sorted((REPO / "tools").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "spec_from_file_location" not in text and "run_path" not in text, path
        if path.name != "run.py":  # run.py's bootstrap puts the repository on the path, once
            assert "sys.path" not in text, path
    for path in sorted((REPO / "ndcg_book").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "sys.path" not in text and "spec_from_file_location" not in text, path


def test_windows_layout_is_used_on_windows(repo, calls, monkeypatch):
    monkeypatch.setattr(base, "WINDOWS", True)
    run.main(["book"])
    run.main(["test"])
    assert commands(calls)[0][0] == str(repo / ".venv" / "Scripts" / "python.exe")
    assert commands(calls)[1][0] == str(repo / ".venv" / "Scripts" / "jupyter-book.exe")


def test_arguments_after_double_dash_go_to_pytest(repo, calls):
    run.main(["test", "--", "-k", "dcg", "-x"])
    (command,) = commands(calls)
    assert command[1:3] == ["-m", "pytest"] and command[-3:] == ["-k", "dcg", "-x"]
    with pytest.raises(SystemExit) as exit_info:
        run.main(["book", "--", "-x"])
    assert exit_info.value.code == 2


def test_each_command_is_printed_and_a_failure_exits_with_its_code(repo, monkeypatch, capsys):
    seen = []

    def failing_run(command, cwd=None, env=None):
        seen.append(command)
        return subprocess.CompletedProcess(command, 3)

    monkeypatch.setattr(subprocess, "run", failing_run)
    with pytest.raises(SystemExit) as exit_info:
        run.main(["check"])
    assert exit_info.value.code == 3
    assert len(seen) == 1
    out = capsys.readouterr().out
    assert out.startswith(".venv/bin/python tools/check_setup.py") and "All set" not in out


def test_a_missing_program_says_what_to_do(repo, monkeypatch):
    def missing(command, cwd=None, env=None):
        raise FileNotFoundError(command[0])

    monkeypatch.setattr(subprocess, "run", missing)
    with pytest.raises(SystemExit, match="^.venv/bin/python not found: delete .venv and run"):
        run.main(["book"])


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
        "test-scaffold",
        "toc",
        "lint",
        "participant-pack",
        "solutions",
        "manifest",
        "spark",
        "translations",
    }
    assert set(listed) == expected


@pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")
def test_every_make_target_calls_its_run_py_command(tmp_path):
    def dry_run(*argv: str) -> list[str]:
        """What ``make -n`` would run, with the Python set to a fixed word."""
        result = subprocess.run(
            ["make", "-n", "-C", str(REPO), "PYTHON=py", *argv], capture_output=True, text=True, check=True
        )
        return [line for line in result.stdout.splitlines() if not line.startswith("make")]

    # notebooks/, exercises/ and solutions/ are folders: their targets still run the command.
    for name in set(run.COMMANDS) - {"serve", "ltr-real"}:  # those two pass arguments: below
        assert dry_run(name) == [f"py tools/run.py {name}"], name
    assert dry_run("serve") == ["py tools/run.py serve --port 8000"]
    assert dry_run() == ["py tools/run.py help"]
    assert dry_run("serve", "PORT=8123") == ["py tools/run.py serve --port 8123"]
    assert dry_run("nbval-older") == ["py tools/run.py nbval --older-kernels"]
    assert dry_run("participant-pack-wheelhouse") == ["py tools/run.py participant-pack --wheelhouse"]
    assert dry_run("ltr-real", "DATA=D", "DATASET=istella", "ARGS=--folds 1") == [
        "py tools/run.py ltr-real --data=D --dataset=istella --folds 1"
    ]


def test_a_command_started_beside_others_shows_its_output_at_its_end_and_fails_the_run(capsys):
    # (a real process: `make book` prints the English PDF this way while the Chinese edition builds)
    beside = base.start([sys.executable, "-c", "import sys; print('printed 47 pages'); sys.exit(3)"])
    assert "beside what follows" in capsys.readouterr().out
    print("the next command")
    with pytest.raises(SystemExit) as ended:
        beside.finish()
    assert ended.value.code == 3
    out = capsys.readouterr().out
    assert out.index("the next command") < out.index("printed 47 pages")
    done = base.start([sys.executable, "-c", "print('fine')"])
    done.finish()
    assert capsys.readouterr().out.endswith("fine\n")
