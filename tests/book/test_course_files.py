"""The course as files to hand out (``ndcg_book.course_files``): the manifest, the course zip,
the solutions zip and the ``ndcg`` wheel. The participant pack is ``test_packs.py``.

The slow test carries the ``book`` mark, so ``make test-fast`` leaves it out: the one that
installs the wheel into a fresh virtual environment and runs a student notebook there, alone
in a folder.
"""

from __future__ import annotations

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
from ndcg_book import course_files
from tests.book.helpers import fake_course, names

ROOT = Path(__file__).resolve().parents[2]
HAS_GIT = (ROOT / ".git").exists() and shutil.which("git") is not None


# -- the file list and the manifest --------------------------------------------------------------


@pytest.mark.skipif(not HAS_GIT, reason="the course is not a git checkout (or git is missing)")
def test_the_manifest_is_git_ls_files_without_the_solutions():
    listed = course_files.manifest_files(ROOT)
    expected = course_files.expected_manifest(ROOT)
    extra, missing = sorted(set(listed) - set(expected)), sorted(set(expected) - set(listed))
    assert listed == expected, (
        f"{course_files.MANIFEST} is out of date (no longer tracked: {extra}; not listed: {missing}): "
        "run `python tools/run.py manifest` and commit it"
    )
    assert not any(course_files.is_excluded(name) for name in listed)


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
    (root / course_files.MANIFEST).write_text(
        "\n".join(name for name in course_files.manifest_files(root) if name != "untracked.txt"),
        encoding="utf-8",
    )
    archive = course_files.course_zip(root, tmp_path / "out")
    assert archive.name == "ndcg-course-9.8.7.zip"
    assert names(archive) == [
        "ndcg-course-9.8.7/README.md",
        "ndcg-course-9.8.7/exercises/01_cg.ipynb",
        "ndcg-course-9.8.7/ndcg/__init__.py",
        f"ndcg-course-9.8.7/{course_files.MANIFEST}",
    ]


def test_without_git_a_stale_or_missing_manifest_is_a_clear_error(tmp_path):
    root = fake_course(tmp_path / "a", {"README.md": "x"}, manifest=["README.md", "gone.py"])
    with pytest.raises(
        course_files.CourseFilesError, match=r"lists 1 file\(s\) this copy of the course lacks, e.g. gone.py"
    ):
        course_files.course_files(root)
    bare = tmp_path / "b"
    (bare / "ndcg").mkdir(parents=True)
    (bare / "ndcg" / "__init__.py").write_text('__version__ = "1"\n')
    with pytest.raises(
        course_files.CourseFilesError, match="neither a git checkout .* nor has it the manifest"
    ):
        course_files.course_files(bare)
    with pytest.raises(course_files.CourseFilesError, match="is not the course"):
        course_files.version(tmp_path / "nowhere")


# -- the zips ----------------------------------------------------------------------------------


def test_write_zip_is_deterministic_and_refuses_a_name_twice(tmp_path, monkeypatch):
    script = tmp_path / "run"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    entries = [("b/run", script), ("a.txt", b"1")]
    first = course_files.write_zip(tmp_path / "1.zip", entries)
    os.utime(script, (0, 0))  # a file's own time stamp never reaches the zip
    second = course_files.write_zip(tmp_path / "2.zip", reversed(entries))
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as opened:
        infos = opened.infolist()
    assert [info.filename for info in infos] == ["a.txt", "b/run"]
    # Dated the edition (SOURCE_DATE_EPOCH, else today), not 1980: JupyterLab shows that age.
    assert {info.date_time for info in infos} == {course_files.zip_time()}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    dated = course_files.write_zip(tmp_path / "4.zip", entries)
    with zipfile.ZipFile(dated) as opened:
        assert {info.date_time for info in opened.infolist()} == {(2023, 11, 14, 0, 0, 0)}
    assert [(info.external_attr >> 16) & 0o777 for info in infos] == [0o644, 0o755]
    with pytest.raises(ValueError, match="named twice"):
        course_files.write_zip(tmp_path / "3.zip", [("a", b"1"), ("a", b"2")])
    assert not (tmp_path / "3.zip").exists()


def test_the_course_zip_is_the_course_without_solutions_and_the_same_every_time(tmp_path):
    first = course_files.course_zip(ROOT, tmp_path / "1")
    second = course_files.course_zip(ROOT, tmp_path / "2")
    assert first.name == f"ndcg-course-{ndcg.__version__}.zip"
    assert first.read_bytes() == second.read_bytes()
    listed = names(first)
    base = f"ndcg-course-{ndcg.__version__}/"
    assert all(name.startswith(base) for name in listed) and listed == sorted(listed)
    inside = [name.removeprefix(base) for name in listed]
    assert not [name for name in inside if "solutions/" in name]
    for needed in ("tools/run.py", "pyproject.toml", "exercises/01_cg.ipynb", course_files.MANIFEST):
        assert needed in inside
    assert inside == course_files.course_files(ROOT)


def test_the_solutions_zip_holds_the_solutions_and_a_copy_without_them_says_so(tmp_path):
    archive = course_files.solutions_zip(ROOT, tmp_path)
    inside = names(archive)
    solved = sorted(path.name for path in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
    assert solved and all(f"notebooks/solutions/{n}" in inside for n in solved)
    root = fake_course(tmp_path / "course", {"README.md": "x"})
    with pytest.raises(course_files.CourseFilesError, match="has no solutions"):
        course_files.solutions_zip(root, tmp_path / "out")


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
    wheel = course_files.build_wheel(ROOT, tmp_path / "wheel")
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
