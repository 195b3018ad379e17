"""The contributor tools, ``tools/`` (``run.py`` and its subcommands, the installs, the benchmarks'
scripts) and the repository's shape; the build steps they run (``python -m ndcg_book …``) are
tested in ``tests/book``. Not in ``make test-fast``.

Every test here is marked ``tools`` (tests/conftest.py marks each test with its folder).
"""

import subprocess
from pathlib import Path

import pytest

from tests.tools.helpers import CONFIG, LOCK, age
from tools import base, commands_course, install


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A fake repository whose POSIX and Windows venvs are both set up (fresh stamps)."""
    for name in (
        "requirements.txt",
        "requirements-participant.txt",
        "requirements-spark.txt",
        "pyproject.toml",
    ):
        (tmp_path / name).write_text(LOCK if name.startswith("requirements") else "")
        age(tmp_path / name, 60)
    (tmp_path / "_config.yml").write_text(CONFIG)
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "00_why.ipynb").write_text("{}")
    (tmp_path / "notebooks" / "solutions").mkdir(parents=True)
    (tmp_path / "notebooks" / "solutions" / "00_why.ipynb").write_text("{}")
    (tmp_path / "chapters").mkdir()
    for name in ("01_cg.md", "00_why.md"):
        (tmp_path / "chapters" / name).write_text("")
    (tmp_path / "learners").mkdir()
    (tmp_path / "learners" / "flashcards.md").write_text("")
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "00_why.md").write_text("")
    for windows in (False, True):
        python = base.venv_python(tmp_path, windows)
        python.parent.mkdir(parents=True)
        python.write_text("")
    (tmp_path / install.STAMP).write_text("")
    (tmp_path / install.PARTICIPANT.stamp).write_text("")
    (tmp_path / install.SPARK.stamp).write_text("")  # written last: no older than the full set's
    monkeypatch.setattr(base, "ROOT", tmp_path)
    monkeypatch.setattr(base, "WINDOWS", False)
    monkeypatch.setenv("NDCG_TEST_WORKERS", "0")  # the commands below, without xdist's options
    return tmp_path


@pytest.fixture
def calls(monkeypatch):
    """Every command that ``subprocess.run`` is asked to run, or ``subprocess.Popen`` to start, with
    its cwd and env; each succeeds."""
    recorded = []

    def fake_run(command, cwd=None, env=None, **options):
        recorded.append({"command": command, "cwd": Path(cwd), "env": env})
        return subprocess.CompletedProcess(command, 0)

    class FakePopen:
        """A command started beside the next ones (``tools.base.start``): recorded when started."""

        def __init__(self, command, cwd=None, env=None, **options):
            recorded.append({"command": command, "cwd": Path(cwd), "env": env})

        def wait(self):
            return 0

    monkeypatch.setattr(subprocess, "run", fake_run)
    monkeypatch.setattr(subprocess, "Popen", FakePopen)
    return recorded


@pytest.fixture
def not_root(monkeypatch):
    """The commands as a learner's own user runs them (CI runs as root): ``lab`` as root stops.
    Every test of test_run.py and test_commands.py uses it (their ``pytestmark``)."""
    monkeypatch.setattr(commands_course, "is_root", lambda: False)
