"""The course as files to hand out (``ndcg_book.downloads``): the course zip, the manifest,
the ``ndcg`` wheel, the solutions zip and the participant pack.

The slow tests carry the ``book`` mark, so ``make test-fast`` leaves them out: the one that
installs the wheel into a fresh virtual environment and runs a student notebook there, alone
in a folder, and the one that builds a pack with a wheelhouse (several pip runs).
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ndcg
from ndcg_book import downloads
from tools import install

ROOT = Path(__file__).resolve().parents[2]
HAS_GIT = (ROOT / ".git").exists() and shutil.which("git") is not None


def names(archive: Path) -> list[str]:
    with zipfile.ZipFile(archive) as opened:
        return opened.namelist()


# -- the file list and the manifest --------------------------------------------------------------


@pytest.mark.skipif(not HAS_GIT, reason="the course is not a git checkout (or git is missing)")
def test_the_manifest_is_git_ls_files_without_the_solutions():
    listed = downloads.manifest_files(ROOT)
    expected = downloads.expected_manifest(ROOT)
    extra, missing = sorted(set(listed) - set(expected)), sorted(set(expected) - set(listed))
    assert listed == expected, (
        f"{downloads.MANIFEST} is out of date (no longer tracked: {extra}; not listed: {missing}): "
        "run `python tools/run.py manifest` and commit it"
    )
    assert not any(downloads.is_excluded(name) for name in listed)


def fake_course(root: Path, files: dict[str, str], manifest: list[str] | None = None) -> Path:
    """A course without .git: ``files`` (path: text), ``ndcg/__init__.py`` and a manifest."""
    files = {"ndcg/__init__.py": '__version__ = "9.8.7"\n', **files}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    listed = [*sorted(files), downloads.MANIFEST] if manifest is None else manifest
    (root / downloads.MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (root / downloads.MANIFEST).write_text("# comment\n\n" + "\n".join(listed) + "\n", encoding="utf-8")
    return root


def test_without_git_the_manifest_lists_the_course_and_solutions_stay_out(tmp_path):
    root = fake_course(
        tmp_path / "course",
        {
            "README.md": "hello",
            "exercises/01_cg.ipynb": "{}",
            "exercises/solutions/01_cg.md": "the answer",
            "solutions/01_cg.md": "the answer",
            "notebooks/solutions/01_cg.ipynb": "{}",
            "untracked.txt": "not listed",
        },
    )
    (root / downloads.MANIFEST).write_text(
        "\n".join(name for name in downloads.manifest_files(root) if name != "untracked.txt"),
        encoding="utf-8",
    )
    archive = downloads.course_zip(root, tmp_path / "out")
    assert archive.name == "ndcg-course-9.8.7.zip"
    assert names(archive) == [
        "ndcg-course-9.8.7/README.md",
        "ndcg-course-9.8.7/exercises/01_cg.ipynb",
        "ndcg-course-9.8.7/ndcg/__init__.py",
        f"ndcg-course-9.8.7/{downloads.MANIFEST}",
    ]


def test_without_git_a_stale_or_missing_manifest_is_a_clear_error(tmp_path):
    root = fake_course(tmp_path / "a", {"README.md": "x"}, manifest=["README.md", "gone.py"])
    with pytest.raises(
        downloads.CourseFilesError, match=r"lists 1 file\(s\) this copy of the course lacks, e.g. gone.py"
    ):
        downloads.course_files(root)
    bare = tmp_path / "b"
    (bare / "ndcg").mkdir(parents=True)
    (bare / "ndcg" / "__init__.py").write_text('__version__ = "1"\n')
    with pytest.raises(downloads.CourseFilesError, match="neither a git checkout .* nor has it the manifest"):
        downloads.course_files(bare)
    with pytest.raises(downloads.CourseFilesError, match="is not the course"):
        downloads.version(tmp_path / "nowhere")


# -- the zips ----------------------------------------------------------------------------------


def test_write_zip_is_deterministic_and_refuses_a_name_twice(tmp_path, monkeypatch):
    script = tmp_path / "run"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    entries = [("b/run", script), ("a.txt", b"1")]
    first = downloads.write_zip(tmp_path / "1.zip", entries)
    os.utime(script, (0, 0))  # a file's own time stamp never reaches the zip
    second = downloads.write_zip(tmp_path / "2.zip", reversed(entries))
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as opened:
        infos = opened.infolist()
    assert [info.filename for info in infos] == ["a.txt", "b/run"]
    # Dated the edition (SOURCE_DATE_EPOCH, else today), not 1980: JupyterLab shows that age.
    assert {info.date_time for info in infos} == {downloads.zip_time()}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    dated = downloads.write_zip(tmp_path / "4.zip", entries)
    with zipfile.ZipFile(dated) as opened:
        assert {info.date_time for info in opened.infolist()} == {(2023, 11, 14, 0, 0, 0)}
    assert [(info.external_attr >> 16) & 0o777 for info in infos] == [0o644, 0o755]
    with pytest.raises(ValueError, match="named twice"):
        downloads.write_zip(tmp_path / "3.zip", [("a", b"1"), ("a", b"2")])
    assert not (tmp_path / "3.zip").exists()


def test_the_course_zip_is_the_course_without_solutions_and_the_same_every_time(tmp_path):
    first = downloads.course_zip(ROOT, tmp_path / "1")
    second = downloads.course_zip(ROOT, tmp_path / "2")
    assert first.name == f"ndcg-course-{ndcg.__version__}.zip"
    assert first.read_bytes() == second.read_bytes()
    listed = names(first)
    base = f"ndcg-course-{ndcg.__version__}/"
    assert all(name.startswith(base) for name in listed) and listed == sorted(listed)
    inside = [name.removeprefix(base) for name in listed]
    assert not [name for name in inside if "solutions/" in name]
    for needed in ("tools/run.py", "pyproject.toml", "exercises/01_cg.ipynb", downloads.MANIFEST):
        assert needed in inside
    assert inside == downloads.course_files(ROOT)


def test_the_solutions_zip_holds_the_solutions_and_a_copy_without_them_says_so(tmp_path):
    archive = downloads.solutions_zip(ROOT, tmp_path)
    inside = names(archive)
    solved = sorted(path.name for path in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
    assert solved and all(f"notebooks/solutions/{n}" in inside for n in solved)
    root = fake_course(tmp_path / "course", {"README.md": "x"})
    with pytest.raises(downloads.CourseFilesError, match="has no solutions"):
        downloads.solutions_zip(root, tmp_path / "out")


# -- the wheel and the participant pack -----------------------------------------------------------


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
    return downloads.participant_pack(ROOT, tmp_path_factory.mktemp("pack"))


def test_the_participant_pack_has_the_exercises_the_wheel_and_a_readme(pack):
    folder, archive = pack
    version = ndcg.__version__
    assert folder.name == f"ndcg-participant-pack-{version}" and archive.name == f"{folder.name}.zip"
    inside = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())
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
    code = downloads.solution_code(ROOT)
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
    english, _ = downloads.participant_pack(course, tmp_path / "en")
    folder, archive = downloads.participant_pack(course, tmp_path / "zh", language="zh")
    assert folder.name == "ndcg-participant-pack-zh-9.8.7" and archive.name == f"{folder.name}.zip"
    inside = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())
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


def test_a_chinese_pack_needs_the_chinese_twin_of_every_notebook(tmp_path):
    course = tiny_package(tmp_path / "course", "ndcg", "9.8.7")
    files = {
        "exercises/01_cg.ipynb": "{}",
        "exercises/02_dcg.ipynb": "{}",
        "exercises/zh/01_cg.ipynb": "{}",
    }
    fake_course(course, files, manifest=[*sorted(files), "ndcg/__init__.py", "pyproject.toml"])
    with pytest.raises(
        downloads.CourseFilesError, match="no zh twin in exercises/zh/ for exercises/02_dcg.ipynb"
    ):
        downloads.participant_pack(course, tmp_path / "zh", language="zh")


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
    folder, archive = downloads.participant_pack(
        course,
        tmp_path / "out",
        wheelhouse=True,
        targets=["windows-x86_64", "linux-x86_64"],
        index_args=local,
    )
    inside = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())
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
    with pytest.raises(downloads.CourseFilesError, match="no wheelhouse target"):
        downloads.participant_pack(
            course, tmp_path / "x", wheelhouse=True, targets=["plan9"], index_args=local
        )


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
            pool.submit(
                downloads.download_wheelhouse, made[name], LOCK, downloads.WHEELHOUSE_TARGETS[name], ["3.11"]
            )
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
    target = downloads.WHEELHOUSE_TARGETS[name]
    platform_tag = target.pip_platform.split("_")[0]
    assert any(platform_tag in path.name for path in wheelhouses[name].glob("numpy-*.whl"))


@pytest.mark.install
@pytest.mark.parametrize("name", sorted(FOREIGN))
def test_a_wheelhouse_installs_offline_on_its_system_and_not_without_a_marker_only_wheel(
    wheelhouses, name, tmp_path
):
    target = downloads.WHEELHOUSE_TARGETS[name]
    result = downloads.check_wheelhouse(wheelhouses[name], ["-r", str(LOCK)], target, "3.11")
    assert result.returncode == 0, result.stderr
    for missing in sorted(FOREIGN[name]):
        partial = tmp_path / missing
        shutil.copytree(wheelhouses[name], partial, ignore=shutil.ignore_patterns(f"{missing}-*.whl"))
        result = downloads.check_wheelhouse(partial, ["-r", str(LOCK)], target, "3.11")
        assert result.returncode != 0 and missing in result.stderr, (missing, result.stderr)


#: The Pythons a room may bring: the lowest the locks accept (their requires-python line) and the
#: newer series out today. Wheels are per Python, so each is checked on each system.
PYTHONS = ("3.11", "3.12", "3.13", "3.14")


@pytest.mark.install  # asks the package index for each system's wheels (metadata only, seconds)
@pytest.mark.parametrize("name", sorted(downloads.WHEELHOUSE_TARGETS))
def test_every_pin_of_the_participant_lock_has_a_wheel_for_every_system_and_python(name):
    # A wheelhouse can be made for each system a room names only if every pin it installs there
    # has a wheel for it: a room cannot build one offline. (argon2-cffi-bindings 26.2.0 had no
    # wheel for Intel Macs; requirements.in pins 25.1.0.)
    target = downloads.WHEELHOUSE_TARGETS[name]
    assert sys.version_info[:2] >= (3, 11)
    assert install.required_python(ROOT, install.PARTICIPANT)[:2] == (3, 11), "update PYTHONS with the lock"
    # the four asks at once: each waits on the index, not on this machine
    with concurrent.futures.ThreadPoolExecutor(len(PYTHONS)) as pool:
        listed = pool.map(
            lambda version: downloads.target_pins(LOCK, target, version, sys.executable), PYTHONS
        )
        for version, pins in zip(PYTHONS, listed):
            assert "numpy==" in pins and "jupyterlab==" in pins, (version, pins)


@pytest.mark.install
def test_a_pin_without_a_wheel_for_a_system_is_named_before_anything_is_downloaded(tmp_path):
    lock = tmp_path / "requirements.txt"
    lock.write_text("argon2-cffi-bindings==26.2.0\n", encoding="utf-8")  # no macOS x86-64 wheel
    target = downloads.WHEELHOUSE_TARGETS["macos-x86_64"]
    with pytest.raises(downloads.CourseFilesError, match="argon2-cffi-bindings"):
        downloads.download_wheelhouse(tmp_path / "wheelhouse", lock, target, ["3.11"])
    assert not list((tmp_path / "wheelhouse").glob("*.whl"))
    downloads.target_pins(lock, downloads.WHEELHOUSE_TARGETS["macos-arm64"], "3.11", sys.executable)


# -- the wheel, installed alone, runs a student notebook alone ----------------------------------------


def site_packages(python: Path) -> Path:
    out = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(out.stdout.strip())


def closure(requirements: list[str]) -> set[str]:
    """The installed distributions that ``requirements`` need, their dependencies included
    (markers evaluated for this Python), as canonical names."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    found: set[str] = set()
    todo = [Requirement(text) for text in requirements]
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        extras = requirement.extras
        if name in found and not extras:
            continue
        found.add(name)
        for text in metadata.distribution(name).requires or []:
            needed = Requirement(text)
            wanted = [{"extra": extra} for extra in extras] or [{"extra": ""}]
            if needed.marker is None or any(needed.marker.evaluate(env) for env in wanted):
                todo.append(needed)
    return found


def top_level_entries(names: set[str]) -> set[str]:
    """The entries of site-packages (packages, modules, .dist-info folders) of these distributions."""
    from importlib import metadata

    entries = set()
    for name in names:
        for file in metadata.distribution(name).files or []:
            first = Path(file).parts[0]
            if first not in ("..", "__pycache__") and not first.endswith(".pth"):
                entries.add(first)
    return entries


@pytest.mark.book  # slow (a fresh virtual environment, a real kernel): make test-fast leaves it out
@pytest.mark.skipif(sys.platform.startswith("win"), reason="links the course venv's packages with symlinks")
def test_the_wheel_with_its_widgets_extra_runs_a_student_notebook_alone(tmp_path):
    wheel = downloads.build_wheel(ROOT, tmp_path / "wheel")
    # A fresh venv (no pip of its own). Offline, its packages come from the course's venv,
    # and only those a learner gets: a folder of links to the distributions that the wheel's
    # widgets extra needs, and the kernel and the notebook runner that JupyterLab brings,
    # put on the new venv's path by a .pth file. `ndcg` itself can only come from the wheel,
    # and a notebook that needed anything more would fail here.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    with zipfile.ZipFile(wheel) as opened:
        (meta,) = [name for name in opened.namelist() if name.endswith(".dist-info/METADATA")]
        requires = [
            line.split(":", 1)[1].strip()
            for line in opened.read(meta).decode().splitlines()
            if line.startswith("Requires-Dist:")
        ]
    extra = [text.split(";")[0] for text in requires if 'extra == "widgets"' in text or ";" not in text]
    names = closure([*extra, "ipykernel", "nbclient", "nbformat"]) - {"ndcg"}
    assert {"numpy", "anywidget", "ipywidgets", "latex2mathml", "matplotlib"} <= names
    deps = tmp_path / "deps"
    deps.mkdir()
    here = site_packages(Path(sys.executable))
    for entry in sorted(top_level_entries(names)):
        if (here / entry).exists() and not re.match(r"(ndcg|__editable__)", entry):
            (deps / entry).symlink_to(here / entry)
    (site_packages(python) / "course-deps.pth").write_text(f"{deps}\n")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index"]
    result = subprocess.run([*install, f"{wheel}[widgets]"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr

    course_only = (
        "import importlib.util as u; print([m for m in ('sklearn', 'jupyter_book') if u.find_spec(m)])"
    )
    check = subprocess.run([str(python), "-c", course_only], capture_output=True, text=True, cwd=tmp_path)
    assert check.stdout.strip() == "[]", "the course's own tools must not be there, as for a learner"

    work = tmp_path / "downloads"
    work.mkdir()
    notebook = shutil.copy(ROOT / "exercises" / "01_cg.ipynb", work)
    script = (
        "import sys, nbformat, ndcg\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "NotebookClient(nb, timeout=300, kernel_name='python3', resources={'metadata': {'path': '.'}}).execute()\n"
        "nbformat.write(nb, sys.argv[1])\n"
        "print(ndcg.__file__)\n"
    )
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run(
        [str(python), "-c", script, notebook], cwd=work, capture_output=True, text=True, env=env
    )
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert Path(run.stdout.strip()).is_relative_to(venv), (
        f"ndcg came from {run.stdout.strip()}, not the wheel"
    )
    executed = json.loads(Path(notebook).read_text(encoding="utf-8"))
    outputs = [out for cell in executed["cells"] if cell["cell_type"] == "code" for out in cell["outputs"]]
    assert not [out for out in outputs if out["output_type"] == "error"]
    text = json.dumps(outputs)
    assert "not yet" in text.lower(), "every check of an untouched student notebook answers 'not yet'"
