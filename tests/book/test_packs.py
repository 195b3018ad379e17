"""The participant pack and its wheelhouses (``ndcg_book.packs``): the student and play notebooks,
the ``ndcg`` wheel, a README and no solution; the Chinese pack; a wheelhouse for each system a room
runs.

The slow test carries the ``book`` mark, so ``make test-fast`` leaves it out: the one that builds
a pack with a wheelhouse (several pip runs). The tests that download a real wheelhouse carry the
``install`` mark.
"""

from __future__ import annotations

import concurrent.futures
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ndcg
from ndcg_book import course_files, packs
from tests.book.helpers import ROOT, fake_course, files_in, names
from tools import install

# -- the participant pack ------------------------------------------------------------------------


def tiny_package(folder: Path, name: str, version: str, extra: list[str] | None = None) -> Path:
    """A tiny pure-Python project (``<name>/__init__.py``, pyproject.toml) in ``folder``."""
    (folder / name).mkdir(parents=True)
    (folder / name / "__init__.py").write_text(f'__version__ = "{version}"\n')
    extras = f"\n[project.optional-dependencies]\nwidgets = {json.dumps(extra)}\n" if extra else ""
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n'
        f'[project]\nname = "{name}"\nversion = "{version}"\n{extras}'
    )
    return folder


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    """The participant pack of the course, built once."""
    return packs.participant_pack(ROOT, tmp_path_factory.mktemp("pack"))


def test_the_participant_pack_has_the_exercises_the_wheel_and_a_readme(pack):
    folder, archive = pack
    version = ndcg.__version__
    assert folder.name == f"ndcg-participant-pack-{version}" and archive.name == f"{folder.name}.zip"
    inside = files_in(folder)
    assert names(archive) == [f"{folder.name}/{name}" for name in inside]
    students = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "exercises").glob("*.ipynb"))
    play = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "exercises").glob("play/*.ipynb"))
    wheel = f"ndcg-{version}-py3-none-any.whl"
    assert students and set(students + play + [wheel, "README.md"]) <= set(inside)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert wheel in readme and "[widgets]" in readme and "python3 -m venv .venv" in readme
    assert ("requirements-participant.txt" in inside) == (ROOT / "requirements-participant.txt").is_file()


def test_the_participant_pack_holds_no_solution(pack):
    folder, archive = pack
    inside = [path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()]
    assert not [name for name in inside if "solution" in name]
    code = packs.solution_code(ROOT)
    assert len(code) > 20, "the solution notebooks' solution cells are the yardstick"
    texts = {
        name: (folder / name).read_text(encoding="utf-8") for name in inside if not name.endswith(".whl")
    }
    leaked = [(name, snippet[:60]) for name, text in texts.items() for snippet in code if snippet in text]
    assert not leaked, f"solution code in the participant pack: {leaked[:3]}"
    with zipfile.ZipFile(archive) as opened:
        packed = {info.filename for info in opened.infolist()}
    assert not [name for name in packed if "solutions/" in name]


def test_the_chinese_participant_pack_holds_the_chinese_notebooks_in_their_english_places(tmp_path):
    course = tiny_package(tmp_path / "course", "ndcg", "9.8.7")
    files = {
        "exercises/01_cg.ipynb": '{"en": 1}',
        "exercises/play/01_cg.ipynb": '{"en": 2}',
        "exercises/play/data/films.csv": "film,grade\n",
        "exercises/zh/01_cg.ipynb": '{"zh": 1}',
        "exercises/zh/play/01_cg.ipynb": '{"zh": 2}',
        "exercises/solutions/01_cg.md": "answer = 42",
    }
    fake_course(course, files, manifest=[*sorted(files), "ndcg/__init__.py", "pyproject.toml"])
    english, _ = packs.participant_pack(course, tmp_path / "en")
    folder, archive = packs.participant_pack(course, tmp_path / "zh", language="zh")
    assert folder.name == "ndcg-participant-pack-zh-9.8.7" and archive.name == f"{folder.name}.zip"
    inside = files_in(folder)
    assert inside == [
        "README.md",
        "exercises/01_cg.ipynb",
        "exercises/play/01_cg.ipynb",
        "exercises/play/data/films.csv",
        "ndcg-9.8.7-py3-none-any.whl",
    ]
    assert (folder / "exercises/01_cg.ipynb").read_text() == '{"zh": 1}'
    assert (folder / "exercises/play/01_cg.ipynb").read_text() == '{"zh": 2}'
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# NDCG 课程：学员包 9.8.7（中文）") and "jupyter lab exercises" in readme
    # its words from the catalogue (ndcg_book.words, "pack-*"), its edition line too; its commands as they are
    english_readme = (english / "README.md").read_text(encoding="utf-8")
    prose = [
        line
        for line in english_readme.splitlines()
        if line and not line.startswith(("python", "source", "```", "jupyter"))
    ]
    assert not [line for line in prose if line in readme], "an English line left in the Chinese README"
    assert "构建于" in readme and "python3 -m venv .venv" in readme
    # the English pack is as it was: no Chinese notebook in it
    assert not [path for path in english.rglob("*") if "zh" in path.relative_to(english).parts]
    assert (english / "exercises/01_cg.ipynb").read_text() == '{"en": 1}'


def test_a_third_language_of_the_manifest_packs_its_own_notebooks_only(tmp_path):
    # (the pseudo-locale of tests/course/pseudo_locale.py, added to the manifest: no code changes)
    from tests.course import pseudo_locale

    with pseudo_locale.added(tmp_path) as language:
        code = language.code
        assert packs.exercises_folder(code) == f"exercises/{language.folder}/"
        assert (
            packs.pack_name(f"exercises/{language.folder}/play/01_cg.ipynb", code)
            == "exercises/play/01_cg.ipynb"
        )
        assert packs.pack_name("exercises/zh/play/01_cg.ipynb", code) is None  # another translation's
        assert (
            packs.pack_name(f"exercises/{language.folder}/play/01_cg.ipynb") is None
        )  # not in the English pack
        assert packs.pack_name("exercises/play/data/films.csv", code) == "exercises/play/data/films.csv"


def test_a_chinese_pack_needs_the_chinese_twin_of_every_notebook(tmp_path):
    course = tiny_package(tmp_path / "course", "ndcg", "9.8.7")
    files = {
        "exercises/01_cg.ipynb": "{}",
        "exercises/02_dcg.ipynb": "{}",
        "exercises/zh/01_cg.ipynb": "{}",
    }
    fake_course(course, files, manifest=[*sorted(files), "ndcg/__init__.py", "pyproject.toml"])
    with pytest.raises(
        course_files.CourseFilesError, match="no zh twin in exercises/zh/ for exercises/02_dcg.ipynb"
    ):
        packs.participant_pack(course, tmp_path / "zh", language="zh")


@pytest.mark.book  # slow (several pip and uv runs): make test-fast leaves it out
def test_a_participant_pack_takes_the_play_notebooks_and_the_requirements_and_a_wheelhouse(tmp_path):
    # A fake course whose ndcg wheel needs one tiny package for its widgets extra,
    # found (like the room's wheelhouse) in a local folder: no network.
    index = tmp_path / "index"
    dep = tiny_package(tmp_path / "tinydep", "tinydep", "1.0")
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
    subprocess.run([*pip, "--wheel-dir", str(index), str(dep)], check=True)
    course = tiny_package(tmp_path / "course", "ndcg", "9.8.7", extra=["tinydep==1.0"])
    (course / "ndcg" / "__init__.py").write_text('__version__ = "9.8.7"\n')
    files = {
        "exercises/01_cg.ipynb": "{}",
        "exercises/play/01_cg.ipynb": "{}",
        "exercises/play/data/films.csv": "film,grade\n",
        "exercises/make_student.py": "print()",
        "exercises/solutions/01_cg.md": "answer = 42",
        "requirements-participant.txt": "tinydep==1.0\n",
    }
    fake_course(course, files, manifest=[*sorted(files), "ndcg/__init__.py", "pyproject.toml"])
    local = ["--no-index", "--find-links", str(index)]
    folder, archive = packs.participant_pack(
        course,
        tmp_path / "out",
        wheelhouse=True,
        targets=["windows-x86_64", "linux-x86_64"],
        index_args=local,
    )
    inside = files_in(folder)
    assert inside == [
        "README.md",
        "exercises/01_cg.ipynb",
        "exercises/play/01_cg.ipynb",
        "exercises/play/data/films.csv",
        "ndcg-9.8.7-py3-none-any.whl",
        "requirements-participant.txt",
        "wheelhouse/linux-x86_64/ndcg-9.8.7-py3-none-any.whl",
        "wheelhouse/linux-x86_64/tinydep-1.0-py3-none-any.whl",
        "wheelhouse/windows-x86_64/ndcg-9.8.7-py3-none-any.whl",
        "wheelhouse/windows-x86_64/tinydep-1.0-py3-none-any.whl",
    ]
    assert names(archive) == [f"{folder.name}/{name}" for name in inside]
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "exercises/play/" in readme and "`windows-x86_64`, `linux-x86_64`" in readme
    # The README's offline command installs everything from the wheelhouse alone (here, on Linux).
    (offline,) = [line for line in readme.splitlines() if "--no-index --find-links wheelhouse/" in line]
    words = offline.replace('"', "").replace("wheelhouse/windows-x86_64", "wheelhouse/linux-x86_64").split()
    assert words[:4] == ["python", "-m", "pip", "install"]
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", *words[4:]],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "ndcg-9.8.7" in result.stdout and "tinydep-1.0" in result.stdout
    with pytest.raises(course_files.CourseFilesError, match="no wheelhouse target"):
        packs.participant_pack(course, tmp_path / "x", wheelhouse=True, targets=["plan9"], index_args=local)


# -- a wheelhouse of the real participant lock, for other systems ------------------------------------

#: The wheelhouses the next tests make (one download each, shared): Windows and a Mac, Python 3.11.
#: Their marker-only wheels are the ones a wheelhouse made with pip alone on Linux lacks (pypa/pip#4304).
FOREIGN = {"windows-x86_64": {"colorama", "pywinpty"}, "macos-arm64": {"appnope"}}
LOCK = ROOT / "requirements-participant.txt"


@pytest.fixture(scope="module")
def wheelhouses(tmp_path_factory):
    from concurrent.futures import ThreadPoolExecutor

    folder = tmp_path_factory.mktemp("wheelhouses")
    made = {name: folder / name for name in FOREIGN}
    # (side by side: each is mostly waiting for the package index)
    with ThreadPoolExecutor(len(made)) as pool:
        done = [
            pool.submit(packs.download_wheelhouse, made[name], LOCK, packs.WHEELHOUSE_TARGETS[name], ["3.11"])
            for name in made
        ]
        for future in done:
            future.result()
    return made


def wheel_names(folder: Path) -> set[str]:
    return {re.sub(r"[-_.]+", "-", path.name.split("-")[0]).lower() for path in folder.glob("*.whl")}


@pytest.mark.install  # downloads about 100 MB per system (pip's cache makes a rerun quicker)
@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_a_wheelhouse_for_another_system_holds_its_marker_only_wheels_and_uv(wheelhouses, name):
    held = wheel_names(wheelhouses[name])
    assert FOREIGN[name] <= held, "the target's own pins, judged by uv for that system"
    assert "uv" in held, "the target's uv rides along"
    assert not ({"colorama", "pywinpty", "appnope"} - FOREIGN[name]) & held, "no other system's pins"
    target = packs.WHEELHOUSE_TARGETS[name]
    platform_tag = target.pip_platform.split("_")[0]
    assert any(platform_tag in path.name for path in wheelhouses[name].glob("numpy-*.whl"))


@pytest.mark.install
@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_a_wheelhouse_installs_offline_on_its_system_and_not_without_a_marker_only_wheel(
    wheelhouses, name, tmp_path
):
    target = packs.WHEELHOUSE_TARGETS[name]
    result = packs.check_wheelhouse(wheelhouses[name], ["-r", str(LOCK)], target, "3.11")
    assert result.returncode == 0, result.stderr
    for missing in sorted(FOREIGN[name]):
        partial = tmp_path / missing
        shutil.copytree(wheelhouses[name], partial, ignore=shutil.ignore_patterns(f"{missing}-*.whl"))
        result = packs.check_wheelhouse(partial, ["-r", str(LOCK)], target, "3.11")
        assert result.returncode != 0 and missing in result.stderr, (missing, result.stderr)


#: The Pythons a room may bring: the lowest the locks accept (their requires-python line) and the
#: newer series out today. Wheels are per Python, so each is checked on each system.
PYTHONS = ("3.11", "3.12", "3.13", "3.14")


@pytest.mark.install  # asks the package index for each system's wheels (metadata only, seconds)
@pytest.mark.parametrize("name", sorted(packs.WHEELHOUSE_TARGETS))
def test_every_pin_of_the_participant_lock_has_a_wheel_for_every_system_and_python(name):
    # A wheelhouse can be made for each system a room names only if every pin it installs there
    # has a wheel for it: a room cannot build one offline. (argon2-cffi-bindings 26.2.0 had no
    # wheel for Intel Macs; requirements.in pins 25.1.0.)
    target = packs.WHEELHOUSE_TARGETS[name]
    assert sys.version_info[:2] >= (3, 11)
    assert install.required_python(ROOT, install.PARTICIPANT)[:2] == (3, 11), "update PYTHONS with the lock"
    # the four asks at once: each waits on the index, not on this machine
    with concurrent.futures.ThreadPoolExecutor(len(PYTHONS)) as pool:
        listed = pool.map(lambda version: packs.target_pins(LOCK, target, version, sys.executable), PYTHONS)
        for version, pins in zip(PYTHONS, listed):
            assert "numpy==" in pins and "jupyterlab==" in pins, (version, pins)


@pytest.mark.install
def test_a_pin_without_a_wheel_for_a_system_is_named_before_anything_is_downloaded(tmp_path):
    lock = tmp_path / "requirements.txt"
    lock.write_text("argon2-cffi-bindings==26.2.0\n", encoding="utf-8")  # no macOS x86-64 wheel
    target = packs.WHEELHOUSE_TARGETS["macos-x86_64"]
    with pytest.raises(course_files.CourseFilesError, match="argon2-cffi-bindings"):
        packs.download_wheelhouse(tmp_path / "wheelhouse", lock, target, ["3.11"])
    assert not list((tmp_path / "wheelhouse").glob("*.whl"))
    packs.target_pins(lock, packs.WHEELHOUSE_TARGETS["macos-arm64"], "3.11", sys.executable)
