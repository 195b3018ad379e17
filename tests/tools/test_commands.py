"""What each command of ``tools/run.py`` does: the modules ``tools/commands_course.py`` (check,
lab, the participant's pack), ``tools/commands_book.py`` (pdf and its browser, serve, clean),
``tools/commands_sources.py`` (notebooks, and the book's cell timeout the steps read), ``tools/commands_tests.py``
(test, test-fast, nbval and their workers), ``tools/commands_lint.py`` (ruff, the Chinese
typography, Biome) and ``tools/commands_experiments.py`` (ltr-real).

As in test_run.py, nothing heavy runs (the check's own script excepted): ``subprocess.run`` is
replaced by a recorder and the repository is a small fake one in ``tmp_path``.
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
from _pytest.mark.expression import Expression

import ndcg
from ndcg_book.generate import execution_cache, make_student, notebooks, notebooks_translated
from tests.tools.helpers import CONFIG, REPO, age, commands, run
from tests.tools_loader import load_script
from tools import chromium, commands_course, commands_lint, commands_tests

#: The commands as a learner's own user runs them (the ``not_root`` fixture, tests/tools/conftest.py).
pytestmark = pytest.mark.usefixtures("not_root")

# tools/commands_course.py: check, lab, participant-pack -------------------------------------------


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


def test_participant_pack_passes_the_wheelhouse_its_systems_and_pythons_on(repo, calls):
    argv = ["participant-pack", "--wheelhouse", "--target", "windows-x86_64", "--target", "macos-arm64"]
    assert run.main([*argv, "--python", "3.11", "--python", "3.12"]) == 0
    assert commands(calls)[-1][1:] == [
        "-m",
        "ndcg_book",
        "downloads",
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


# tools/commands_book.py: pdf, serve, clean --------------------------------------------------------


def test_pdf_prints_the_built_book_and_builds_it_first_when_there_is_none(repo, calls, monkeypatch):
    bin_dir = str(repo / ".venv" / "bin")
    printing = [f"{bin_dir}/python", "-m", "ndcg_book", "print", "pdf"]
    browser = ["--chromium", "/opt/chromium"]  # found by tools/chromium.py, handed to the print
    monkeypatch.setattr(chromium, "find_chromium", lambda: "/opt/chromium")
    # no book yet: build it (which prints it when it can); no PDF came out, so it fails
    with pytest.raises(SystemExit, match="No PDF"):
        run.main(["pdf"])
    assert commands(calls)[1][0] == f"{bin_dir}/jupyter-book"
    assert [*printing, "--optional", "--language", "en", *browser] in commands(calls)
    calls.clear()
    (repo / "_build" / "html").mkdir(parents=True)
    (repo / "_build" / "html" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    # without --optional: no browser fails the command; only the editions built are printed
    assert commands(calls) == [[*printing, "--language", "en", *browser]]
    calls.clear()
    (repo / "_build" / "html" / "zh").mkdir()
    (repo / "_build" / "html" / "zh" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    assert commands(calls) == [[*printing, "--language", lang, *browser] for lang in ("en", "zh")]


def test_without_a_browser_the_print_is_given_none_and_says_why(repo, calls, monkeypatch, capsys):
    # tools/chromium.py finds none: the print runs all the same (it removes the old PDFs), without
    # --chromium, and says that it makes none; `book` goes on (--optional), `pdf` fails (the print's
    # exit code, here a recorder's 0). A CHROMIUM that names no browser says so.
    monkeypatch.setattr(chromium, "find_chromium", lambda: None)
    (repo / "_build" / "html").mkdir(parents=True)
    (repo / "_build" / "html" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert run.main(["pdf"]) == 0
    assert commands(calls) == [
        [str(repo / ".venv" / "bin" / "python"), "-m", "ndcg_book", "print", "pdf", "--language", "en"]
    ]
    assert "No PDF of the book in this build: no Chromium-family browser found" in capsys.readouterr().err

    def bad_setting():
        raise chromium.BadChromiumSetting("CHROMIUM='nowhere' is not an executable browser")

    monkeypatch.setattr(chromium, "find_chromium", bad_setting)
    calls.clear()
    assert run.main(["pdf"]) == 0
    assert "--chromium" not in commands(calls)[0]
    assert "No PDF: CHROMIUM='nowhere' is not an executable browser" in capsys.readouterr().err


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


# tools/commands_sources.py: notebooks, and the book's cell timeout the steps read --------------


def test_notebooks_are_generated_from_the_text_sources(repo, calls):
    # The step `notebooks` (ndcg_book/generate/notebooks.py) converts chapters/*.md and
    # learners/flashcards.md (jupytext) and executes them into notebooks/ (nbclient, no timings, no
    # widget state): see tests/book/test_notebooks.py; then the step `translated` writes every other
    # language's play notebooks and executes them the same way. Each reads the cell timeout of
    # _config.yml itself (below).
    assert run.main(["notebooks"]) == 0
    python = str(repo / ".venv" / "bin" / "python")
    assert commands(calls) == [
        [python, "-m", "ndcg_book", "notebooks"],
        [python, "-m", "ndcg_book", "translated", "--only", "play", "--execute"],
    ]
    assert calls[0]["cwd"] == repo


def test_config_timeout_is_read_from_the_execute_block():
    assert notebooks.config_timeout(CONFIG) == 123
    with pytest.raises(ValueError, match="execute: timeout:"):
        notebooks.config_timeout(CONFIG.replace("  timeout: 123   # seconds\n", ""))


def test_config_timeout_of_the_real_config_is_every_step_s():
    # the book build, `make notebooks` and `make exercises` share one value, read in one place
    value = notebooks.config_timeout()
    text = (REPO / "_config.yml").read_text(encoding="utf-8")
    block = re.search(r"^execute:\n((?:[ #].*\n)*)", text, re.MULTILINE).group(1)
    assert re.search(rf"^\s+timeout:\s*{value}\b", block, re.MULTILINE)
    assert make_student.config_timeout() == value, "make_student.py's default --timeout is the book's"
    assert execution_cache.config_timeout(REPO) == value, "the execution cache's is the book's"
    assert notebooks_translated.notebooks is notebooks, "notebooks_translated.py reads it from notebooks.py"


# tools/commands_tests.py: test, test-fast, nbval and their workers --------------------------------


#: What `make test-fast` collects: the metric library, learning to rank and the course's tests,
#: and the package's doctests (tests/book, tests/browser, tests/tools, tests/experiments: `make test`).
FAST_LAYERS = {"tests/core", "tests/ltr", "tests/course", "ndcg"}


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


def test_nbval_without_older_kernels_leaves_numpy_s_kernels_alone(repo, calls, monkeypatch):
    monkeypatch.delenv("NPY_DISABLE_CPU_FEATURES", raising=False)
    monkeypatch.setenv("KEPT_VARIABLE", "yes")
    run.main(["nbval"])
    assert len(calls) == 1
    assert "NPY_DISABLE_CPU_FEATURES" not in calls[0]["env"] and calls[0]["env"]["KEPT_VARIABLE"] == "yes"


@pytest.mark.parametrize("command", [["test"], ["nbval"], ["nbval", "--older-kernels"]])
def test_the_suite_writes_bytecode_whatever_the_caller_says(repo, calls, monkeypatch, command):
    # PYTHONDONTWRITEBYTECODE (set in many containers) would have each of the suite's Pythons compile
    # the course again, and each pytest worker rewrite every test module's asserts again
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("KEPT_VARIABLE", "yes")
    run.main(command)
    for call in calls:
        assert "PYTHONDONTWRITEBYTECODE" not in call["env"] and call["env"]["KEPT_VARIABLE"] == "yes"
    assert os.environ["PYTHONDONTWRITEBYTECODE"] == "1"


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


# tools/commands_lint.py: ruff, the Chinese typography, Biome --------------------------------------


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
    typography = [str(repo / ".venv" / "bin" / "python"), "-m", "ndcg_book", "typography"]
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


def test_lint_without_node_says_how_to_get_it_and_fails_on_ci(repo, calls, monkeypatch, capsys):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    assert run.main(["lint"]) == 0  # the Python and the Chinese still linted, and Biome's absence said
    assert len(calls) == 3 and "sudo apt install nodejs npm" in capsys.readouterr().err
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit, match="needs Node.js and npm"):
        run.main(["lint"])


# tools/commands_experiments.py: ltr-real ----------------------------------------------------------


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
