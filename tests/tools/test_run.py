"""Tests of ``tools/run.py``, the entry point that needs only Python.

Nothing heavy runs: ``subprocess.run`` is replaced by a recorder, the
repository is a small fake one in ``tmp_path``, and the platform (POSIX or
Windows venv layout) is a parameter or a patched module constant.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _pytest.mark.expression import Expression

import ndcg
from tests.tools.helpers import CONFIG, LOCK, REPO, age, commands, run
from tests.tools_loader import load_script
from tools import base, commands_course, commands_lint, commands_sources, commands_tests, install, pythons

#: What `make test-fast` collects: the metric library, learning to rank and the course's tests,
#: and the package's doctests (tests/book, tests/browser, tests/tools, tests/experiments: `make test`).
FAST_LAYERS = {"tests/core", "tests/ltr", "tests/course", "ndcg"}


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
#: venv), the script, module or folder it works on (which must exist), and the options it cannot
#: do without (the order, and options beside these, are free).
SUBCOMMANDS = {
    "book": [
        ("python", {"-m", "tools.execution_cache"}),  # every notebook into the cache, a few at a time
        ("jupyter-book", {"build", ".", "--warningiserror", "--nitpick", "--keep-going"}),
        # the English PDF, started beside the Chinese edition's build (from the same execution cache)
        ("python", {"tools/print_book.py", "pdf", "--optional", "--language", "en"}),
        ("python", {"-m", "tools.i18n", "build"}),
        ("python", {"tools/print_book.py", "pdf", "--optional", "--language", "zh"}),
        ("python", {"tools/print_book.py", "zip"}),
    ],
    "translations": [
        ("python", {"-m", "tools.i18n", "update"}),
        ("python", {"-m", "tools.i18n", "check"}),
    ],
    "test": [("python", {"pytest", "--nbval"})],
    "nbval": [("python", {"pytest", "--nbval", "notebooks", "exercises"})],
    "check": [("python", {"tools/check_setup.py"})],  # one process: the imports, then nbval
    "lab": [("jupyter", {"lab"})],
    "exercises": [
        ("python", {"tools/make_student.py", "--solutions", "--execute", "--timeout", "123"}),
        ("python", {"tools/notebooks_zh.py", "--only", "student", "--execute", "--timeout", "123"}),
    ],
    "notebooks": [
        ("python", {"tools/notebooks.py", "--timeout", "123"}),
        ("python", {"tools/notebooks_zh.py", "--only", "play", "--execute", "--timeout", "123"}),
    ],
    "sync-check": [("python", {"-m", "tools.notebooks_sync"})],
    "sentences": [
        (
            "python",
            {
                "tools/sentences.py",
                "chapters/00_why.md",
                "chapters/01_cg.md",
                "learners/flashcards.md",
                "solutions/00_why.md",
            },
        )
    ],
    "anki": [("python", {"_build/ndcg-course.apkg"})],
    "benchmark": [("python", {"benchmarks/bench_ndcg_score.py"})],
    "participant-pack": [("python", {"participant-pack"})],
    "solutions": [("python", {"solutions"})],
    "manifest": [("python", {"manifest"})],
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


@pytest.fixture(autouse=True)
def not_root(monkeypatch):
    """The commands as a learner's own user runs them (CI runs as root): ``lab`` as root stops."""
    monkeypatch.setattr(commands_course, "is_root", lambda: False)


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_each_subcommand_runs_what_exists_from_the_venv_with_its_options(name, repo, calls):
    """Each subcommand runs venv programs from the repository root, in order; the script or module
    each one runs exists in the real repository (a moved script fails here, not in a learner's
    terminal), inline code runs, and the options the command needs are there."""
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


def test_check_s_script_runs_nothing_when_imported(capsys):
    # pytest's doctest collection (--doctest-modules over tools/) imports every module: the script
    # must wait for __main__, or the collection itself would start a pytest inside pytest
    module = load_script(REPO / commands_course.CHECK_SCRIPT, "check_setup")
    assert module.NOTEBOOK == "exercises/00_why.ipynb" and callable(module.main)
    assert capsys.readouterr().out == ""


def test_check_runs_the_notebook_in_one_process_and_prints_nbval_s_messages(tmp_path):
    # tools/run.py check's own work (tools/check_setup.py), run for real in this environment on a copy
    # of the first exercise notebook whose first stored output was changed: the imports pass, the
    # notebook runs in a kernel, and nbval's own words say which output differs.
    notebook = json.loads((REPO / "exercises" / "00_why.ipynb").read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "code" and c["outputs"])
    stream = next(o for o in cell["outputs"] if o["output_type"] == "stream")
    stream["text"] = ["what the notebook no longer prints\n"]
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "00_why.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    env = {**commands_course.check_environment(), "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, str(REPO / commands_course.CHECK_SCRIPT)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 1, output[-3000:]
    assert output.startswith(f"ndcg {ndcg.__version__} imports fine\n"), output[:500]
    assert "mismatch 'stdout'" in output and "what the notebook no longer prints" in output, output[-3000:]
    assert re.search(r"\b1 failed, \d+ passed\b", output), output[-500:]


def test_lab_writes_the_course_s_jupyterlab_settings_into_its_venv_and_keeps_others(repo, calls):
    path = repo / ".venv" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True)
    mine = {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}
    path.write_text(json.dumps(mine), encoding="utf-8")
    assert run.main(["lab"]) == 0
    settings = json.loads(path.read_text(encoding="utf-8"))
    assert settings == {**mine, **commands_course.LAB_SETTINGS}  # no news prompt, and the theme kept
    assert run.main(["lab"]) == 0 and json.loads(path.read_text(encoding="utf-8")) == settings


def test_lab_as_root_says_how_to_start_jupyterlab_when_jupyter_refuses(repo, monkeypatch, capsys):
    # Jupyter's own refusal (exit 1) as root: the hint follows it; a root user whose Jupyter
    # config allows root (tests/tools/test_install.py) starts JupyterLab as anyone does.
    monkeypatch.setattr(subprocess, "run", lambda command, **options: subprocess.CompletedProcess(command, 1))
    for root in (True, False):
        monkeypatch.setattr(commands_course, "is_root", lambda root=root: root)
        with pytest.raises(SystemExit):
            run.main(["lab"])
        said = capsys.readouterr().err
        assert ("--allow-root" in said) is root, said
        if root:
            assert str(repo / ".venv" / "bin" / "jupyter") in said


def test_pdf_prints_the_built_book_and_builds_it_first_when_there_is_none(repo, calls):
    bin_dir = str(repo / ".venv" / "bin")
    printing = [f"{bin_dir}/python", "tools/print_book.py", "pdf"]
    # no book yet: build it (which prints it when it can); no PDF came out, so it fails
    with pytest.raises(SystemExit, match="No PDF"):
        run.main(["pdf"])
    assert commands(calls)[1][0] == f"{bin_dir}/jupyter-book"
    assert [*printing, "--optional", "--language", "en"] in commands(calls)
    calls.clear()
    (repo / "_build" / "html").mkdir(parents=True)
    (repo / "_build" / "html" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    # without --optional: no browser fails the command; only the editions built are printed
    assert commands(calls) == [[*printing, "--language", "en"]]
    calls.clear()
    (repo / "_build" / "html" / "zh").mkdir()
    (repo / "_build" / "html" / "zh" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    assert commands(calls) == [[*printing, "--language", "en"], [*printing, "--language", "zh"]]


def test_windows_layout_is_used_on_windows(repo, calls, monkeypatch):
    monkeypatch.setattr(base, "WINDOWS", True)
    run.main(["book"])
    run.main(["test"])
    assert commands(calls)[0][0] == str(repo / ".venv" / "Scripts" / "python.exe")
    assert commands(calls)[1][0] == str(repo / ".venv" / "Scripts" / "jupyter-book.exe")


def test_notebooks_are_generated_from_the_text_sources_with_the_config_timeout(repo, calls):
    # tools/notebooks.py converts chapters/*.md and learners/flashcards.md (jupytext) and executes them
    # into notebooks/ (nbclient, no timings, no widget state): see tests/book/test_notebooks.py;
    # then tools/notebooks_zh.py writes the Chinese play notebooks and executes them the same way.
    assert run.main(["notebooks"]) == 0
    assert commands(calls) == [
        [str(repo / ".venv" / "bin" / "python"), "tools/notebooks.py", "--timeout", "123"],
        [
            str(repo / ".venv" / "bin" / "python"),
            "tools/notebooks_zh.py",
            *("--only", "play", "--execute", "--timeout", "123"),
        ],
    ]
    assert calls[0]["cwd"] == repo


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


def test_fresh_stamp_skips_setup(repo, calls):
    assert install.stamp_is_fresh(repo, windows=False)
    install.setup()
    assert calls == []


def test_stamp_older_than_requirements_or_pyproject_is_stale(repo):
    for name in ("requirements.txt", "pyproject.toml"):
        (repo / name).touch()
        age(repo / install.STAMP, 120)
        assert not install.stamp_is_fresh(repo, windows=False)
        (repo / install.STAMP).touch()
        assert install.stamp_is_fresh(repo, windows=False)


def test_stamp_without_venv_python_is_stale(repo):
    base.venv_python(repo, windows=True).unlink()
    assert install.stamp_is_fresh(repo, windows=False)
    assert not install.stamp_is_fresh(repo, windows=True)
    (repo / install.STAMP).unlink()
    assert not install.stamp_is_fresh(repo, windows=False)


def test_setup_creates_the_venv_then_installs(repo, calls, monkeypatch):
    shutil.rmtree(repo / ".venv")
    record = subprocess.run

    def make_venv(command, cwd=None, env=None, **options):
        if command[1:3] == ["-m", "venv"]:
            base.venv_python(repo, windows=False).parent.mkdir(parents=True)
            base.venv_python(repo, windows=False).touch()
        return record(command, cwd=cwd, env=env)

    monkeypatch.setattr(subprocess, "run", make_venv)
    install.setup()
    python = str(repo / ".venv" / "bin" / "python")
    uv = str(repo / ".venv" / "bin" / "uv")
    assert commands(calls) == [
        [sys.executable, "-m", "venv", ".venv"],
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv==0.13.9"],
        [uv, "pip", "sync", "--python", python, "--quiet", "--compile-bytecode", "requirements.txt"],
        [uv, "pip", "install", "--python", python, "--quiet", "--no-deps", "--no-build-isolation", "-e", "."],
    ]
    assert install.stamp_is_fresh(repo, windows=False)
    config = json.loads((repo / ".venv" / "etc" / "jupyter" / "jupyter_config.json").read_text())
    assert config["KernelManager"] == config["MappingKernelManager"] == {"transport_encryption": "auto"}


def test_without_uv_pip_installs_the_same_pins_and_says_so_in_one_line(repo, monkeypatch, capsys):
    seen, envs = [], []
    monkeypatch.setenv("PYTHONWARNINGS", "error::ResourceWarning")

    def no_uv(command, cwd=None, env=None, **options):
        seen.append(command)
        envs.append(env)
        return subprocess.CompletedProcess(command, 1 if command[-1].startswith("uv==") else 0)

    monkeypatch.setattr(subprocess, "run", no_uv)
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    install.setup(None, install.PARTICIPANT)
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
    assert install.stamp_is_fresh(repo, False, install.PARTICIPANT)


def test_stale_stamp_reinstalls_into_the_existing_venv(repo, calls):
    (repo / "requirements.txt").touch()
    age(repo / install.STAMP, 120)
    run.main(["benchmark"])
    assert [command[1:3] for command in commands(calls)[:3]] == [
        ["-m", "pip"],
        ["pip", "sync"],
        ["pip", "install"],
    ]
    assert commands(calls)[1][-1] == "requirements.txt"
    assert commands(calls)[3][1] == "benchmarks/bench_ndcg_score.py"
    assert install.stamp_is_fresh(repo, windows=False)


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


def test_config_timeout_is_read_from_the_execute_block(repo):
    assert commands_sources.cell_timeout(repo) == 123
    (repo / "_config.yml").write_text(CONFIG.replace("  timeout: 123   # seconds\n", ""))
    with pytest.raises(ValueError, match="execute: timeout:"):
        commands_sources.cell_timeout(repo)


def test_config_timeout_of_the_real_config():
    value = commands_sources.cell_timeout(REPO)
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
    [
        (1, "", 1),
        (2, "", 3),
        (3, "", 4),
        (None, "", 1),
        (64, "", commands_tests.MAX_WORKERS),
        (64, "0", 0),
        (1, " 3 ", 3),
    ],
)
def test_workers_follow_the_cpus_or_the_setting(cpus, setting, expected):
    assert commands_tests.workers(cpus, {"NDCG_TEST_WORKERS": setting}) == expected


@pytest.mark.parametrize("setting", ["two", "-1", "1.5"])
def test_a_bad_workers_setting_says_what_it_expects(setting):
    with pytest.raises(SystemExit, match="NDCG_TEST_WORKERS must be a whole number"):
        commands_tests.workers(2, {"NDCG_TEST_WORKERS": setting})


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


@pytest.fixture
def node(repo, calls, monkeypatch):
    """Node.js and npm on the PATH, the npm lock, and an ``npm ci`` that installs Biome."""
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    for name in ("package.json", "package-lock.json"):
        (repo / name).write_text("{}")
        age(repo / name, 60)
    record = subprocess.run

    def installing(command, cwd=None, env=None, **options):
        if command[:2] == ["npm", "ci"]:
            (repo / commands_lint.BIOME).parent.mkdir(parents=True, exist_ok=True)
            (repo / commands_lint.BIOME).write_text("")
        return record(command, cwd=cwd, env=env, **options)

    monkeypatch.setattr(subprocess, "run", installing)


def test_lint_runs_ruff_the_chinese_typography_then_biome_installed_once_per_lock(repo, calls, node):
    ruff = str(repo / ".venv" / "bin" / "ruff")
    typography = [str(repo / ".venv" / "bin" / "python"), "-m", "tools.typography"]
    npm_ci = ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"]
    biome = ["node", "node_modules/@biomejs/biome/bin/biome", "lint", "--error-on-warnings", "."]
    assert run.main(["lint"]) == 0
    assert commands(calls) == [
        [ruff, "check", "."],
        [ruff, "format", "--check", "."],
        typography,
        npm_ci,
        biome,
    ]
    calls.clear()
    # Biome is installed and its lock unchanged: no second npm ci.
    assert run.main(["lint", "--check-only"]) == 0
    assert commands(calls) == [[ruff, "check", "."], typography, biome]
    calls.clear()
    assert run.main(["lint", "--format-only"]) == 0
    assert commands(calls) == [[ruff, "format", "--check", "."]]
    calls.clear()
    (repo / "package-lock.json").touch()  # a new lock: install again
    age(repo / commands_lint.NODE_STAMP, 120)
    assert run.main(["lint", "--check-only"]) == 0
    assert commands(calls) == [[ruff, "check", "."], typography, npm_ci, biome]


def test_test_fast_selects_the_library_layers_and_leaves_out_the_book_browser_and_installs(repo, calls):
    """What `make test-fast` selects, by effect: the folders it collects (which exist) and the tests
    its marker expression keeps; its arguments after ``--`` go to pytest."""
    assert run.main(["test-fast", "--", "-x"]) == 0
    (command,) = commands(calls)
    assert command[1:3] == ["-m", "pytest"] and command[-1] == "-x"
    assert {word for word in command[3:] if (REPO / word).is_dir()} == FAST_LAYERS
    expression = Expression.compile(command[command.index("-m", 3) + 1])
    for marks, kept in [((), True), (("book",), False), (("browser",), False), (("install",), False)]:
        assert expression.evaluate(lambda name, marks=marks: name in marks) is kept, marks


def test_lint_without_node_says_how_to_get_it_and_fails_on_ci(repo, calls, monkeypatch, capsys):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    assert run.main(["lint"]) == 0  # the Python and the Chinese still linted, and Biome's absence said
    assert len(calls) == 3 and "sudo apt install nodejs npm" in capsys.readouterr().err
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit, match="needs Node.js and npm"):
        run.main(["lint"])


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
