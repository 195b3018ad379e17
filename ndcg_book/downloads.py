"""The course as files to hand out: the course zip, the ``ndcg`` wheel, the participant pack.

Four things are made here, each deterministic (the same sources give the same bytes):

the course zip, ``ndcg-course-<version>.zip``
    Every tracked source of the course except the solutions (:data:`EXCLUDED`), in a
    folder ``ndcg-course-<version>/``. The file list is ``git ls-files`` when the course is
    a git checkout, and otherwise the committed manifest :data:`MANIFEST`, which
    ``python tools/run.py manifest`` regenerates (a test keeps it equal to ``git ls-files``
    minus the solutions). The manifest is what lets an unzipped course, which has no
    ``.git``, build its own book and its own zip.
the wheel, ``ndcg-<version>-py3-none-any.whl``
    ``pip wheel --no-deps --no-build-isolation --no-index`` of a copy of the package's
    tracked files: offline, with the setuptools already installed.
the participant pack, ``ndcg-participant-pack-<version>/`` and its zip
    The student exercise notebooks, the play notebooks, the wheel, the participant
    requirements when the course has them, and a README; no solution. Optionally a
    ``wheelhouse/`` so that a room installs with no network.
the solutions zip, ``ndcg-solutions-<version>.zip``
    The executed solution notebooks and their text sources, for self-study learners and
    for the debrief of a workshop.

The book build (*In the book*, below) puts the first two into the book;
``tools/run.py`` runs the others through :func:`main` (``python -m ndcg_book.downloads``).
One function writes every zip: :func:`write_zip`.

Examples
--------
>>> is_excluded("exercises/solutions/01_cg.md"), is_excluded("exercises/01_cg.ipynb")
(True, False)

In the book
-----------
The book carries the course, and says how to get it.

Registered by :func:`ndcg_book.setup`. When the HTML builder
starts, it writes into the built book's ``_downloads/course/`` folder (made afresh on every
build, so an old version never lingers):

* the course zip, ``ndcg-course-<version>.zip``: every tracked source without the solutions;
* the wheel of the ``ndcg`` package, ``ndcg-<version>-py3-none-any.whl``, built offline;

and into ``_downloads/solutions/`` the solutions zip, ``ndcg-solutions-<version>.zip``, for a
self-study learner (a course without its solutions, such as an unzipped course zip, builds a
book without it);

both made by the functions above from the course at ``ndcg_course_root`` (a Sphinx
setting; default: the book's own folder, which is the course). Building them here, and not
in ``tools/run.py``, means any ``jupyter-book build`` of the course carries them, and the
box below always names the files that are really there.

The directive ``get-the-course`` (no argument, no content) puts a "Get the course" box on a
page: the download links (relative to the page, so they work from ``file://``, offline, in
every folder of the book), the files' sizes, the setup command with a link to the page
labelled ``setup``, the ``pip install`` of the wheel with its ``widgets`` extra, and the
solutions zip, labelled as such. Every chapter's Practise section has the box, under its
exercise notebook. The
directive leaves a placeholder node; the box is made when the page is written
(``doctree-resolved``), from the files just built.

Each edition also writes its Anki deck into ``_downloads/anki/``: every flashcard and quiz
question in the edition's language (:mod:`ndcg.course.anki`, as ``make anki`` writes them), named
``ndcg-course-<version>.apkg`` (``ndcg-course-zh-<version>.apkg`` in the Chinese edition), with
the edition's date as its notes' time and zipped by :func:`write_zip`, so that one edition gives
one deck, byte for byte (:func:`anki_deck`). The directive ``anki-deck`` (no argument, no content)
offers it: the link, its size and what it holds, and how to import it into Anki.

The directive ``book-pdf`` (argument ``book``, ``participant`` or ``cheatsheet``) says where a
printed PDF of the book, of the participant's edition (the core chapters and the cheat sheet), or
of the cheat sheet, is. The PDFs are printed from the built pages after Sphinx
(``tools/print_book.py``, run by ``make book`` when Chromium is found, and by ``make pdf``), so
the directive writes what is true without them, between two HTML comments; the printing step
puts the link to the file it has just written in their place. A build without Chromium keeps
the text and has no link that could break.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ndcg.course import manifest
from ndcg.course.i18n import language_of
from ndcg_book.words import words

from .edition import build_date

#: The folders that never leave with the course zip or the participant pack: every solution.
EXCLUDED = ("solutions/", "exercises/solutions/", "notebooks/solutions/")
#: The committed list of the course's files, for copies of the course without ``.git``.
MANIFEST = "tools/course-files.txt"
#: The participant requirements (the light set), when the course has them.
PARTICIPANT_REQUIREMENTS = "requirements-participant.txt"
#: What the wheel is built from: the package and the files its metadata names.
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE")
#: Where the solutions' text sources live (before and after they moved to the top level).
SOLUTION_SOURCES = ("solutions", "exercises/solutions")


def zip_time(environ=None) -> tuple[int, int, int, int, int, int]:
    """The time stamp of every zip entry: midnight (UTC) of the edition's date, the build date
    of :func:`ndcg_book.edition.build_date` (``SOURCE_DATE_EPOCH`` when set, else today).

    An unzipped notebook then shows the edition's age in JupyterLab, not 1980's; two builds
    of one edition (one day, or one ``SOURCE_DATE_EPOCH``) give the same bytes.

    >>> zip_time({"SOURCE_DATE_EPOCH": "1700000000"})
    (2023, 11, 14, 0, 0, 0)
    """
    date = build_date(environ)
    return (date.year, date.month, date.day, 0, 0, 0)


def source_date_epoch(environ=None) -> str:
    """The same moment for tools that read ``SOURCE_DATE_EPOCH`` (the wheel's entries).

    >>> source_date_epoch({"SOURCE_DATE_EPOCH": "1700000000"})
    '1699920000'
    """
    return str(int(datetime.datetime(*zip_time(environ), tzinfo=datetime.UTC).timestamp()))


_MANIFEST_HEADER = (
    "# Every file of the downloadable course (tracked by git, without the solutions), one a line.\n"
    "# Generated by `python tools/run.py manifest`; used to build the course zip where there is no .git.\n"
)


class CourseFilesError(RuntimeError):
    """The course's file list cannot be made (no git and no manifest, or a listed file is missing)."""


def is_excluded(path: str) -> bool:
    """Whether a course path (POSIX, relative) is a solution, which never leaves with the course."""
    return any(path.startswith(folder) for folder in EXCLUDED)


def version(root: Path) -> str:
    """The version of the ``ndcg`` package in the course at ``root`` (``ndcg/__init__.py``).

    >>> import ndcg
    >>> version(Path(ndcg.__file__).parent.parent) == ndcg.__version__
    True
    """
    init = Path(root, "ndcg", "__init__.py")
    try:
        text = init.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CourseFilesError(f"{root} is not the course: it has no ndcg/__init__.py") from None
    match = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if match is None:
        raise CourseFilesError(f"{init} does not set __version__")
    return match.group(1)


def git_files(root: Path) -> list[str] | None:
    """``git ls-files`` of the course, or None when it is not a git checkout (no ``.git``) or
    the machine has no ``git`` program: the manifest stands in then."""
    if not Path(root, ".git").exists():
        return None
    if shutil.which("git") is None:
        return None
    result = subprocess.run(
        ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=False, text=True, encoding="utf-8"
    )
    if result.returncode != 0:
        raise CourseFilesError(f"`git ls-files` failed in {root}: {result.stderr.strip()}")
    return sorted(name for name in result.stdout.split("\0") if name)


def manifest_files(root: Path) -> list[str]:
    """The files the committed manifest lists (comments and blank lines left out)."""
    path = Path(root, MANIFEST)
    if not path.is_file():
        raise CourseFilesError(
            f"{root} is neither a git checkout (no .git, or no git program) nor has it the manifest "
            f"{MANIFEST}: the course's file list is unknown. Clone the repository, or unzip the "
            f"course zip, which carries the manifest."
        )
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def expected_manifest(root: Path) -> list[str]:
    """What the manifest should list: ``git ls-files`` minus the solutions, the manifest included."""
    tracked = git_files(root)
    if tracked is None:
        raise CourseFilesError(f"{root} is not a git checkout: the manifest is made from `git ls-files`.")
    return sorted({name for name in tracked if not is_excluded(name)} | {MANIFEST})


def write_manifest(root: Path) -> Path:
    """(Re)write the manifest from ``git ls-files``; returns its path."""
    path = Path(root, MANIFEST)
    text = _MANIFEST_HEADER + "".join(f"{name}\n" for name in expected_manifest(root))
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8", newline="\n")
    return path


def course_files(root: Path) -> list[str]:
    """The course's files, sorted: tracked (or listed in the manifest), present, and no solution."""
    listed = git_files(root)
    source = "git ls-files"
    if listed is None:
        listed, source = manifest_files(root), MANIFEST
    files = sorted(name for name in set(listed) if not is_excluded(name))
    missing = [name for name in files if not Path(root, name).is_file()]
    if missing and source == MANIFEST:
        raise CourseFilesError(
            f"{MANIFEST} lists {len(missing)} file(s) this copy of the course lacks, e.g. {missing[0]}"
        )
    return [name for name in files if name not in missing]  # git: a tracked file deleted in the tree


def _is_executable(path: Path) -> bool:
    return bool(path.stat().st_mode & stat.S_IXUSR)


def write_zip(target: Path, entries: Iterable[tuple[str, Path | bytes]]) -> Path:
    """Write a deterministic zip: entries sorted by name, every time stamp :func:`zip_time`,
    permissions 644 (755 for an executable file), deflated at level 9.

    ``entries`` are ``(name in the zip, file or bytes)``. The zip is written beside ``target``
    and moved there, so a reader never sees half a zip; the same entries give the same bytes.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     a = write_zip(Path(folder, "a.zip"), [("b.txt", b"2"), ("a.txt", b"1")])
    ...     b = write_zip(Path(folder, "b.zip"), [("a.txt", b"1"), ("b.txt", b"2")])
    ...     same, names = a.read_bytes() == b.read_bytes(), zipfile.ZipFile(a).namelist()
    >>> same, names
    (True, ['a.txt', 'b.txt'])
    """
    entries = sorted(entries, key=lambda entry: entry[0])
    names = [name for name, _ in entries]
    if len(set(names)) != len(names):
        raise ValueError(f"a zip entry is named twice in {target.name}")
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    when = zip_time()
    with zipfile.ZipFile(partial, "w") as archive:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=when)
            info.create_system = 3  # Unix, on every system: the permissions below are kept
            info.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o644
            if isinstance(content, Path):
                mode = 0o755 if _is_executable(content) else 0o644
                content = content.read_bytes()
            info.external_attr = (stat.S_IFREG | mode) << 16
            archive.writestr(info, content, compresslevel=9)
    os.replace(partial, target)
    return target


def course_zip(root: Path, outdir: Path) -> Path:
    """The course zip of the course at ``root``, written into ``outdir``."""
    base = f"ndcg-course-{version(root)}"
    entries = [(f"{base}/{name}", Path(root, name)) for name in course_files(root)]
    return write_zip(Path(outdir, f"{base}.zip"), entries)


def build_wheel(root: Path, outdir: Path, python: str | None = None) -> Path:
    """The ``ndcg`` wheel, built offline from a copy of the package's course files.

    ``pip wheel --no-deps --no-build-isolation --no-index``, run by ``python`` (default: this
    Python, which must have pip and the setuptools of ``pyproject.toml``), with
    ``SOURCE_DATE_EPOCH`` fixed so the wheel's entries carry no build time. Building from a
    copy keeps ``build/`` and ``*.egg-info`` out of the course.
    """
    files = [name for name in course_files(root) if name.startswith("ndcg/") or name in WHEEL_SOURCES]
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ndcg-wheel-") as scratch:
        source = Path(scratch, "src")
        for name in files:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(root, name), source / name)
        built = Path(scratch, "wheel")
        command = [python or sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
        command += ["--no-build-isolation", "--no-index", "--wheel-dir", str(built), str(source)]
        env = {**os.environ, "SOURCE_DATE_EPOCH": source_date_epoch(), "PIP_NO_INPUT": "1"}
        result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        if result.returncode != 0:
            raise CourseFilesError(f"building the ndcg wheel failed:\n{result.stdout}{result.stderr}")
        (wheel,) = built.glob("ndcg-*.whl")
        target = outdir / wheel.name
        shutil.copyfile(wheel, target)
    return target


def solutions_zip(root: Path, outdir: Path) -> Path:
    """The solutions, for a self-study learner: the executed solution notebooks
    (``notebooks/solutions/``) and their text sources, in ``ndcg-solutions-<version>.zip``.

    Its paths are the course's own (no top folder): unzipped in the course's folder, the
    solutions land where the full course keeps them.
    """
    folders = ("notebooks/solutions", *SOLUTION_SOURCES)
    files = sorted(
        path
        for folder in folders
        for path in Path(root, folder).glob("*")
        if path.suffix in (".ipynb", ".md")
    )
    if not files:
        raise CourseFilesError(
            f"this copy of the course has no solutions (no {', '.join(f + '/' for f in folders)}): the "
            "downloadable course and the participant pack leave them out. The book offers them for "
            "self-study: every chapter's Practise section has ndcg-solutions-<version>.zip beside the "
            "exercises (at a workshop, your instructor shares them after the session)."
        )
    entries = [(path.relative_to(root).as_posix(), path) for path in files]
    return write_zip(Path(outdir, f"ndcg-solutions-{version(root)}.zip"), entries)


def in_pack(path: str) -> bool:
    """Whether a course file goes into the participant pack: a student notebook
    (``exercises/*.ipynb``), or anything the play notebooks and the exercises read, under
    ``exercises/play/`` or ``exercises/data/`` (a script there is tooling, and stays out).

    >>> [in_pack(p) for p in ("exercises/01_cg.ipynb", "exercises/play/data/films.csv", "exercises/make_student.py")]
    [True, True, False]
    """
    if is_excluded(path) or path.endswith(".py") or path.startswith(ZH_EXERCISES):
        return False
    return bool(re.fullmatch(r"exercises/[^/]+\.ipynb", path)) or path.startswith(
        ("exercises/play/", "exercises/data/")
    )


#: The languages of the participant pack: English (the default), and Chinese, whose notebooks are
#: ``exercises/zh/`` (``tools/notebooks_zh.py``) and whose pack is ``ndcg-participant-pack-zh-<version>``.
PACK_LANGUAGES = manifest.language_codes()  # ndcg/course/course.toml
#: Where the Chinese notebooks are, in the course.
ZH_EXERCISES = "exercises/zh/"


def pack_name(path: str, language: str = "en") -> str | None:
    """Where a course file goes in the participant pack of ``language``, or None if it stays out.

    The English pack takes what :func:`in_pack` says; the Chinese one the Chinese notebooks in their
    English places (``exercises/zh/play/01_cg.ipynb`` -> ``exercises/play/01_cg.ipynb``) and the
    English pack's other files (the data the notebooks read), never an English notebook.

    >>> pack_name("exercises/zh/play/01_cg.ipynb", "zh"), pack_name("exercises/01_cg.ipynb", "zh")
    ('exercises/play/01_cg.ipynb', None)
    >>> pack_name("exercises/zh/01_cg.ipynb"), pack_name("exercises/play/data/films.csv", "zh")
    (None, 'exercises/play/data/films.csv')
    """
    if language not in PACK_LANGUAGES:
        raise ValueError(f"language must be one of {PACK_LANGUAGES}; got {language!r}")
    chinese = path.startswith(ZH_EXERCISES)
    if language == "en":
        return path if in_pack(path) and not chinese else None
    if chinese:
        english = "exercises/" + path.removeprefix(ZH_EXERCISES)
        return english if path.endswith(".ipynb") and in_pack(english) else None
    return path if in_pack(path) and not path.endswith(".ipynb") else None


class Target(NamedTuple):
    """A system a room's laptops run, as uv and pip name it (``macos``: the oldest macOS release)."""

    uv_platform: str
    pip_platform: str
    macos: str | None = None

    def pip_platforms(self) -> list[str]:
        """pip's ``--platform`` tags for it. pip widens a macOS tag to the older releases itself,
        not a manylinux one: every glibc from 2.28 down is named, and the legacy aliases.

        >>> WHEELHOUSE_TARGETS["linux-aarch64"].pip_platforms()[:2], WHEELHOUSE_TARGETS["macos-arm64"].pip_platforms()
        (['manylinux_2_28_aarch64', 'manylinux_2_27_aarch64'], ['macosx_12_0_arm64'])
        """
        if not self.pip_platform.startswith("manylinux_2_28_"):
            return [self.pip_platform]
        arch = self.pip_platform.removeprefix("manylinux_2_28_")
        legacy = ["manylinux2014", "manylinux2010", "manylinux1"] if arch == "x86_64" else ["manylinux2014"]
        return [f"manylinux_2_{glibc}_{arch}" for glibc in range(28, 4, -1)] + [
            f"{tag}_{arch}" for tag in legacy
        ]


#: The systems a wheelhouse can be made for: uv's ``--python-platform`` and pip's ``--platform``.
WHEELHOUSE_TARGETS = {
    "windows-x86_64": Target("x86_64-pc-windows-msvc", "win_amd64"),
    "macos-arm64": Target("aarch64-apple-darwin", "macosx_12_0_arm64", "12.0"),
    "macos-x86_64": Target("x86_64-apple-darwin", "macosx_12_0_x86_64", "12.0"),
    "linux-x86_64": Target("x86_64-manylinux_2_28", "manylinux_2_28_x86_64"),
    "linux-aarch64": Target("aarch64-manylinux_2_28", "manylinux_2_28_aarch64"),
}


def this_target() -> str:
    """The wheelhouse target of this machine (``windows-x86_64``, ``macos-arm64``, ...)."""
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "x86_64": "x86_64", "arm64": "arm64", "aarch64": "aarch64"}.get(
        machine, machine
    )
    if sys.platform == "win32":
        return f"windows-{arch}"
    if sys.platform == "darwin":
        return "macos-arm64" if arch in ("arm64", "aarch64") else "macos-x86_64"
    return f"linux-{arch}"


def _uv(python: str, target: Target, version: str, index_args: Sequence[str]) -> tuple[list[str], dict]:
    """uv (``python -m uv``, the uv the participant lock pins) resolving for ``target`` and ``version``.

    ``--python`` names the running interpreter: without it uv looks for a Python ``version`` on
    the machine first (seconds per call, and none is needed: the pins are wheels)."""
    env = dict(os.environ)
    if target.macos:
        env["MACOSX_DEPLOYMENT_TARGET"] = target.macos
    options = ["--python", python, "--python-platform", target.uv_platform, "--python-version", version]
    options += index_args
    return [python, "-m", "uv", "pip"], {"env": env, "options": options}


def target_pins(lock: Path, target: Target, version: str, python: str, index_args: Sequence[str] = ()) -> str:
    """The pins of the universal ``lock`` that ``target`` installs with Python ``version``: one
    ``name==version`` a line, its markers judged for that system by uv (pip judges them by the
    machine it runs on, pypa/pip#4304, and would leave out another system's colorama or appnope).
    Wheels only (``--only-binary :all:``): a pin with no wheel for that system and Python (a room
    cannot build one offline) is named in the error, before anything is downloaded."""
    uv, how = _uv(python, target, version, index_args)
    command = [*uv, "compile", "--quiet", "--no-header", "--no-annotate", "--only-binary", ":all:"]
    command += [*how["options"], str(lock)]
    result = subprocess.run(command, capture_output=True, text=True, env=how["env"], check=False)
    if result.returncode != 0:
        raise CourseFilesError(f"uv could not list {lock.name} for {target.uv_platform}:\n{result.stderr}")
    return result.stdout


def download_wheelhouse(
    folder: Path,
    lock: Path,
    target: Target,
    versions: Sequence[str],
    python: str = sys.executable,
    index_args: Sequence[str] = (),
) -> None:
    """Fetch the wheels ``target`` installs from ``lock`` with each Python of ``versions`` into
    ``folder``: the target's own list (:func:`target_pins`), each wheel fetched alone for its
    platform tag and Python (``pip download --no-deps --only-binary=:all:``). uv is in the lock,
    so its wheel for the target rides along."""
    folder.mkdir(parents=True, exist_ok=True)
    for version in versions:
        pins = target_pins(lock, target, version, python, index_args)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as listing:
            listing.write(pins)
        abi = "cp" + version.replace(".", "")
        command = [python, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps"]
        command += ["--only-binary=:all:", "--python-version", version]
        command += [word for tag in target.pip_platforms() for word in ("--platform", tag)]
        command += ["--implementation", "cp", "--abi", abi, "--abi", "abi3", "--abi", "none"]
        command += ["--dest", str(folder), *index_args, "-r", listing.name]
        try:
            result = subprocess.run(command, capture_output=True, text=True, check=False)
        finally:
            os.unlink(listing.name)
        if result.returncode != 0:
            raise CourseFilesError(
                f"`pip download` for {target.pip_platform}, Python {version} failed:\n{result.stdout}{result.stderr}"
            )


def check_wheelhouse(
    folder: Path,
    requirements: Sequence[str],
    target: Target,
    version: str,
    python: str = sys.executable,
) -> subprocess.CompletedProcess:
    """Whether ``requirements`` (``-r lock`` and the wheel) install on ``target`` from ``folder``
    alone: uv's dry run for that system and Python, with no index. pip's own dry run judges the
    markers by this machine, so it cannot tell."""
    uv, how = _uv(python, target, version, ["--no-index", "--find-links", str(folder)])
    with tempfile.TemporaryDirectory(prefix="ndcg-wheelhouse-") as scratch:
        command = [*uv, "install", "--dry-run", *how["options"], "--target", scratch, *requirements]
        return subprocess.run(command, capture_output=True, text=True, env=how["env"], check=False)


def _pack_commands(wheel: str, requirements: bool, targets: Sequence[str]) -> tuple[str, str]:
    """The participant pack's install command, and the same from its wheelhouse (the first
    system's folder), as both READMEs show them."""
    install = f'python -m pip install "{wheel}[widgets]" jupyterlab'
    if requirements:
        install = f'python -m pip install -r {PARTICIPANT_REQUIREMENTS} "{wheel}[widgets]"'
    offline = ""
    if targets:
        offline = install.replace(
            "python -m pip install", f"python -m pip install --no-index --find-links wheelhouse/{targets[0]}"
        )
    return install, offline


def _pack_readme(
    version_: str,
    wheel: str,
    requirements: bool,
    targets: Sequence[str],
    versions: Sequence[str],
    play: bool,
    language: str = "en",
) -> str:
    """The participant pack's README, in its notebooks' ``language``: what is in it, and how to
    install and start (its words: :mod:`ndcg_book.words`, ``pack-*``; the commands are the same)."""
    text, chinese = words(language), language_of(language) == "zh"
    install, offline_install = _pack_commands(wheel, requirements, targets)
    listed, between = ("、", "") if chinese else (", ", " ")  # a list's commas, and between sentences
    offline = ""
    if targets:
        systems = listed.join(f"`{name}`" for name in targets)
        offline = (
            f"\n{text('pack-offline', systems=systems, versions=listed.join(versions))}\n\n"
            f"```bash\n{offline_install}\n```\n"
        )
    contents = [
        text("pack-exercises"),
        *([text("pack-play")] if play else []),
        text("pack-wheel", wheel=f"`{wheel}`"),
        *([text("pack-requirements", requirements=f"`{PARTICIPANT_REQUIREMENTS}`")] if requirements else []),
    ]
    return (
        f"{text('pack-title', version=version_)}\n\n"
        f"{text('pack-edition', edition=text('edition-text', version=version_, date=build_date().isoformat()))}\n\n"
        f"{text('pack-what')}{between}{text('pack-language')}\n\n"
        + "".join(f"{line}\n" for line in contents)
        + f"\n{text('pack-solutions')}\n\n"
        f"{text('pack-install')}\n\n"
        f"{text('pack-venv')}\n\n"
        "```bash\n"
        "python3 -m venv .venv            # Windows: py -m venv .venv\n"
        "source .venv/bin/activate        # Windows: .venv\\Scripts\\activate\n"
        f"{install}\n"
        "```\n"
        f"{offline}\n"
        f"{text('pack-start')}\n\n"
        "```bash\n"
        "jupyter lab exercises\n"
        "```\n\n"
        f"{text('pack-how')}\n"
    )


def participant_pack(
    root: Path,
    outdir: Path,
    *,
    wheelhouse: bool = False,
    requirements: Path | None = None,
    targets: Sequence[str] = (),
    pythons: Sequence[str] = (),
    index_args: Sequence[str] = (),
    python: str = sys.executable,
    language: str = "en",
) -> tuple[Path, Path]:
    """Build the participant pack into ``outdir``: its folder and its zip.

    In it: ``exercises/*.ipynb`` (the student notebooks), ``exercises/play/`` (the play
    notebooks, when the course has them) and ``exercises/data/`` (see :func:`in_pack`), the
    ``ndcg`` wheel, :data:`PARTICIPANT_REQUIREMENTS` (when the course has it, or
    ``requirements``) and a README; never a solution. ``wheelhouse`` adds
    ``wheelhouse/<target>/`` for each of ``targets`` (names of :data:`WHEELHOUSE_TARGETS`;
    default this machine's) and each Python of ``pythons`` (default this one's): the lock's
    wheels for that system (:func:`download_wheelhouse`) and the ``ndcg`` wheel, each folder
    checked with uv's dry run for its system (:func:`check_wheelhouse`). ``index_args`` go to
    pip and uv (another index, or a folder of wheels).

    ``language="zh"`` makes the Chinese pack, ``ndcg-participant-pack-zh-<version>``: the same
    with the Chinese notebooks of ``exercises/zh/`` in the English ones' places (:func:`pack_name`)
    and a Chinese README; every student and play notebook must have its Chinese twin.
    """
    root, outdir = Path(root), Path(outdir)
    version_ = version(root)
    base = (
        f"ndcg-participant-pack-{version_}"
        if language == "en"
        else f"ndcg-participant-pack-{language}-{version_}"
    )
    folder = outdir / base
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    tracked = set(course_files(root))
    placed = {pack_name(name, language): name for name in sorted(tracked) if pack_name(name, language)}
    notebooks = sorted(placed)
    if not any(name.count("/") == 1 for name in notebooks):
        raise CourseFilesError(f"{root} has no student notebooks (exercises/*.ipynb) to pack")
    if language != "en":
        english = {name for name in tracked if pack_name(name) and name.endswith(".ipynb")}
        missing = sorted(english - set(placed))
        if missing:
            raise CourseFilesError(
                f"no {language} twin in {ZH_EXERCISES} for {', '.join(missing)} "
                "(python tools/notebooks_zh.py writes them once their text is translated)"
            )
    for name in notebooks:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / placed[name], folder / name)
    wheel = build_wheel(root, folder)
    if requirements is None and PARTICIPANT_REQUIREMENTS in tracked:
        requirements = root / PARTICIPANT_REQUIREMENTS
    if requirements is not None:
        shutil.copyfile(requirements, folder / PARTICIPANT_REQUIREMENTS)
    targets = list(targets or [this_target()]) if wheelhouse else []
    pythons = list(pythons or [f"{sys.version_info[0]}.{sys.version_info[1]}"])
    unknown = [name for name in targets if name not in WHEELHOUSE_TARGETS]
    if unknown:
        raise CourseFilesError(f"no wheelhouse target {unknown}: choose from {', '.join(WHEELHOUSE_TARGETS)}")
    if targets and requirements is None:
        raise CourseFilesError(f"a wheelhouse is made from the participant lock, {PARTICIPANT_REQUIREMENTS}")
    for name in targets:
        house = folder / "wheelhouse" / name
        download_wheelhouse(house, requirements, WHEELHOUSE_TARGETS[name], pythons, python, index_args)
        shutil.copyfile(wheel, house / wheel.name)
        for python_version in pythons:
            wanted = ["-r", str(requirements), f"{house / wheel.name}[widgets]"]
            result = check_wheelhouse(house, wanted, WHEELHOUSE_TARGETS[name], python_version, python)
            if result.returncode != 0:
                raise CourseFilesError(f"wheelhouse/{name} does not install offline:\n{result.stderr}")
    play = any(name.startswith("exercises/play/") and name.endswith(".ipynb") for name in notebooks)
    readme = _pack_readme(version_, wheel.name, requirements is not None, targets, pythons, play, language)
    (folder / "README.md").write_text(readme, encoding="utf-8", newline="\n")
    entries = [
        (f"{base}/{path.relative_to(folder).as_posix()}", path)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    ]
    return folder, write_zip(outdir / f"{base}.zip", entries)


def solution_code(root: Path) -> list[str]:
    """The code of every solution cell (tagged ``solution``) of the executed solution notebooks,
    stripped: text that must not appear in anything handed to a participant."""
    found = []
    for path in sorted(Path(root, "notebooks", "solutions").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"]).strip()
            if cell["cell_type"] == "code" and "solution" in cell["metadata"].get("tags", []) and source:
                found.append(source)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ndcg_book.downloads <what>``: run by ``tools/run.py`` (see its help)."""
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book.downloads", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the course (default: this folder)")
    commands = parser.add_subparsers(dest="what", required=True)
    manifest = commands.add_parser("manifest", help=f"rewrite {MANIFEST} from git ls-files")
    manifest.add_argument("--check", action="store_true", help="only say whether it is up to date")
    for name in ("course-zip", "wheel", "solutions"):
        commands.add_parser(name).add_argument("--out", type=Path, default=Path("_build", "downloads"))
    pack = commands.add_parser("participant-pack", help="the participant pack, folder and zip")
    pack.add_argument("--out", type=Path, default=Path("_build", "participant-pack"))
    pack.add_argument("--wheelhouse", action="store_true", help="add a wheelhouse/ for an offline room")
    pack.add_argument(
        "--language",
        choices=PACK_LANGUAGES,
        default="en",
        help="the notebooks' language (zh: the Chinese ones, exercises/zh/)",
    )
    pack.add_argument(
        "--target",
        action="append",
        default=[],
        choices=sorted(WHEELHOUSE_TARGETS),
        help="a system to make the wheelhouse for (repeatable; default: this machine's)",
    )
    pack.add_argument(
        "--python",
        action="append",
        default=[],
        metavar="X.Y",
        help="a Python (repeatable; default: this one)",
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    out = None if args.what == "manifest" else (root / args.out)
    try:
        if args.what == "manifest" and args.check:
            listed = manifest_files(root)
            expected = expected_manifest(root)
            if listed != expected:
                extra, missing = sorted(set(listed) - set(expected)), sorted(set(expected) - set(listed))
                print(f"{MANIFEST} is out of date (not tracked: {extra}; not listed: {missing}).")
                print("Run `python tools/run.py manifest` and commit it.")
                return 1
            print(f"{MANIFEST} is up to date ({len(listed)} files).")
        elif args.what == "manifest":
            print(f"wrote {write_manifest(root).relative_to(root).as_posix()}")
        elif args.what == "course-zip":
            print(f"wrote {course_zip(root, out)}")
        elif args.what == "wheel":
            print(f"wrote {build_wheel(root, out)}")
        elif args.what == "solutions":
            print(f"wrote {solutions_zip(root, out)}")
            print("Unzip it in the course's folder: the executed solutions land in notebooks/solutions/.")
        else:
            folder, archive = participant_pack(
                root,
                out,
                wheelhouse=args.wheelhouse,
                targets=args.target,
                pythons=args.python,
                language=args.language,
            )
            print(f"wrote {folder}/ and {archive}")
    except CourseFilesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())


# -------------------- the Sphinx side

logger = logging.getLogger(__name__)

#: Where the downloads live in the built book.
FOLDER = "_downloads/course"
#: Where the solutions zip lives in the built book: apart from the course, which leaves it out.
SOLUTIONS_FOLDER = "_downloads/solutions"
#: Where the edition's Anki deck lives in the built book.
ANKI_FOLDER = "_downloads/anki"
#: The label of the setup page the box links to.
SETUP_LABEL = "setup"


class get_the_course(nodes.General, nodes.Element):
    """Where a "Get the course" box goes; replaced when the page is written."""


class GetTheCourse(SphinxDirective):
    """``get-the-course``: the box with the course's downloads and how to install them."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        return [get_the_course()]


#: The PDFs the ``book-pdf`` directive may name: what it says when the build has none.
PDF_KINDS = {
    "book": "This build has no PDF of the book: ",
    "cheatsheet": "This build has no PDF of the cheat sheet: ",
    "participant": "This build has no participant's PDF: ",
}
#: The marks around the text that ``tools/print_book.py`` replaces with the link.
PDF_START, PDF_END = "<!--ndcg-pdf-->", "<!--/ndcg-pdf-->"


class BookPdf(SphinxDirective):
    """``book-pdf``: where the printed PDF of the book (``book``), the participant's edition
    (``participant``) or the cheat sheet is."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in PDF_KINDS:
            raise self.error(f"book-pdf takes one of {', '.join(PDF_KINDS)}, not {kind!r}")
        words_ = words(self.env.config.language)
        text = words_(f"pdf-none-{kind}") + words_(
            "pdf-how", make="<code>make pdf</code>", command="<code>python tools/run.py pdf</code>"
        )
        html = f'<p class="ndcg-pdf" data-ndcg-pdf="{kind}">{PDF_START}{text}{PDF_END}</p>'
        return [nodes.raw("", html, format="html")]


class anki_deck_box(nodes.General, nodes.Element):
    """Where the Anki deck's link goes; replaced when the page is written."""


class AnkiDeck(SphinxDirective):
    """``anki-deck``: the edition's Anki deck, its size and contents, and how to import it."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        return [anki_deck_box()]


def deck_name(version_: str, language: str = "en") -> str:
    """The file name of an edition's Anki deck in the book.

    >>> deck_name("0.1.0"), deck_name("0.1.0", "zh")
    ('ndcg-course-0.1.0.apkg', 'ndcg-course-zh-0.1.0.apkg')
    """
    return f"ndcg-course-{version_}.apkg" if language == "en" else f"ndcg-course-{language}-{version_}.apkg"


def anki_deck(root: Path, outdir: Path, language: str = "en") -> Path:
    """The Anki deck of ``language`` (:func:`ndcg.course.anki.write_apkg`), written into ``outdir``
    as :func:`deck_name`: its notes' time the edition's date (:func:`source_date_epoch`) and its
    zip :func:`write_zip`'s, so the same cards on the same edition give the same bytes (the
    cards are the installed ``ndcg`` package's, which is the course at ``root`` in its venv)."""
    from ndcg.course import anki

    with tempfile.TemporaryDirectory(prefix="ndcg-anki-") as scratch:
        made = anki.write_apkg(Path(scratch, "deck.apkg"), language, timestamp=float(source_date_epoch()))
        with zipfile.ZipFile(made) as archive:
            entries = [(name, archive.read(name)) for name in archive.namelist()]
    return write_zip(Path(outdir, deck_name(version(root), language)), entries)


def size_text(size: int) -> str:
    """A file size as the box shows it.

    >>> size_text(211_647), size_text(1_712_867), size_text(900)  # with a no-break space
    ('212\xa0kB', '1.7\xa0MB', '1\xa0kB')
    """
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f}\u00a0MB"
    return f"{max(1, round(size / 1000))}\u00a0kB"


def course_root(app) -> Path:
    """The course whose downloads the book carries: ``ndcg_course_root`` or the book's folder."""
    return Path(app.config.ndcg_course_root or app.srcdir).resolve()


def build_downloads(app) -> None:
    """``builder-inited``: write the course zip and the wheel into ``_downloads/course/``."""
    if app.builder.format != "html":
        return
    target, solutions = Path(app.outdir, FOLDER), Path(app.outdir, SOLUTIONS_FOLDER)
    decks = Path(app.outdir, ANKI_FOLDER)
    for folder in (target, solutions, decks):
        if folder.exists():
            shutil.rmtree(folder)
    target.mkdir(parents=True)
    root = course_root(app)
    try:
        app.ndcg_course_downloads = {
            "zip": course_zip(root, target),
            "wheel": build_wheel(root, target),
            # The edition's own deck: its cards in its language.
            "anki": anki_deck(root, decks, _edition(app)),
        }
    except CourseFilesError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the course's downloads: {error}") from error
    try:
        app.ndcg_course_downloads["solutions"] = solutions_zip(root, solutions)
    except CourseFilesError:
        logger.info("the course has no solutions (a course zip): the book offers none")
    if _edition(app) == "zh":
        # The Chinese edition also offers the Chinese participant pack (its zip only): the
        # Chinese student and play notebooks, the wheel, a Chinese README.
        try:
            with tempfile.TemporaryDirectory() as scratch:
                _, archive = participant_pack(root, Path(scratch), language="zh")
                app.ndcg_course_downloads["pack_zh"] = Path(shutil.copy(archive, target / archive.name))
        except CourseFilesError as error:
            logger.info(f"no Chinese participant pack: {error}")
    logger.info(
        "the course's downloads: "
        + ", ".join(path.relative_to(app.outdir).as_posix() for path in app.ndcg_course_downloads.values())
    )


def _edition(app) -> str:
    """The edition being built: ``"zh"`` (``language = zh_CN``) or ``"en"``."""
    from .editions import edition as book_edition

    return book_edition(getattr(app.config, "language", None))


def _link(
    app, docname: str, path: Path, folder: str = FOLDER, kind: str = "ndcg-get-file"
) -> nodes.reference:
    uri = relative_uri(app.builder.get_target_uri(docname), f"{folder}/{path.name}")
    link = nodes.reference("", "", refuri=uri, classes=[kind])
    link += nodes.literal(path.name, path.name)
    return link


def _command(text: str) -> nodes.literal_block:
    block = nodes.literal_block(text, text, language="bash")
    block["classes"].append("ndcg-get-command")
    return block


def _setup_link(app, docname: str, text) -> nodes.Node:
    labels = app.env.domaindata["std"]["labels"]
    if SETUP_LABEL not in labels:
        logger.warning(
            f"the get-the-course box links to the setup page, labelled ({SETUP_LABEL})=, "
            "which this book lacks",
            location=docname,
        )
        return nodes.Text(text("get-setup"))
    target_doc, anchor, title = labels[SETUP_LABEL]
    uri = app.builder.get_relative_uri(docname, target_doc) + (f"#{anchor}" if anchor else "")
    return nodes.reference("", title or text("get-setup"), refuri=uri, internal=True)


def make_box(app, docname: str) -> nodes.Element:
    """The "Get the course" box of one page, its links relative to that page, in the edition's
    language (:mod:`ndcg_book.words`)."""
    text = words(app.config.language)
    files = app.ndcg_course_downloads
    course, wheel = files["zip"], files["wheel"]
    box = nodes.admonition(classes=["tip", "ndcg-get"])
    box += nodes.title("", text("get-title"))

    whole = nodes.paragraph()
    whole += nodes.strong("", text("get-whole"))
    whole += _link(app, docname, course)
    whole += nodes.Text(text("get-whole-size", size=size_text(course.stat().st_size)))
    whole += nodes.literal("ndcg", "ndcg")
    whole += nodes.Text(text("get-whole-package"))
    whole += nodes.literal("py tools\\run.py check", "py tools\\run.py check")
    whole += nodes.Text(text("get-whole-see"))
    whole += _setup_link(app, docname, text)
    whole += nodes.Text(text("get-whole-then"))
    box += whole
    box += _command("python3 tools/run.py check\npython3 tools/run.py lab")

    alone = nodes.paragraph()
    alone += nodes.strong("", text("get-alone"))
    alone += _link(app, docname, wheel)
    alone += nodes.Text(text("get-alone-size", size=size_text(wheel.stat().st_size)))
    alone += nodes.literal("py -m pip", "py -m pip")
    alone += nodes.Text(text("get-alone-instead"))
    alone += nodes.literal("python3 -m pip", "python3 -m pip")
    alone += nodes.Text(text("get-alone-then"))
    box += alone
    box += _command(f'python3 -m pip install "{wheel.name}[widgets]" jupyterlab\njupyter lab')

    solved = files.get("solutions")
    if solved is not None:
        answers = nodes.paragraph(classes=["ndcg-get-solutions"])
        answers += nodes.strong("", text("get-solutions"))
        answers += _link(app, docname, solved, SOLUTIONS_FOLDER, "ndcg-get-solutions-file")
        answers += nodes.Text(text("get-solutions-size", size=size_text(solved.stat().st_size)))
        answers += nodes.literal("notebooks/solutions/", "notebooks/solutions/")
        answers += nodes.Text(text("get-solutions-end"))
        box += answers

    pack = files.get("pack_zh")
    if pack is not None:  # the Chinese edition only
        chinese = nodes.paragraph(classes=["ndcg-get-pack"])
        chinese += nodes.strong("", "中文学员包：")
        chinese += _link(app, docname, pack, FOLDER, "ndcg-get-pack-file")
        chinese += nodes.Text(
            f"（{size_text(pack.stat().st_size)}）：中文的练习笔记本和“玩一玩”笔记本（检查、提示和讲解都是中文的）、"
        )
        chinese += nodes.literal("ndcg", "ndcg")
        chinese += nodes.Text(" 包和一份中文说明，不含答案。解压后按说明安装，然后在它的文件夹里运行：")
        box += chinese
        box += _command("jupyter lab exercises")
    return box


def deck_paragraph(app, docname: str) -> nodes.Element:
    """The edition's Anki deck as a page offers it: the link (relative to the page), its size,
    how many flashcards and quiz questions it holds (counted from the course's cards), and how to
    import it, in the edition's language."""
    from ndcg.course import cards

    text = words(app.config.language)
    deck = app.ndcg_course_downloads["anki"]
    chapters = cards.load_all()
    offer = nodes.paragraph(classes=["ndcg-anki"])
    offer += nodes.strong("", text("anki-deck"))
    offer += _link(app, docname, deck, ANKI_FOLDER, "ndcg-anki-file")
    offer += nodes.Text(
        text(
            "anki-deck-size",
            size=size_text(deck.stat().st_size),
            cards=sum(len(chapter.flashcards) for chapter in chapters),
            questions=sum(len(chapter.quiz) for chapter in chapters),
        )
    )
    return offer


def fill_boxes(app, doctree, docname: str) -> None:
    """``doctree-resolved``: replace each placeholder with the box (or the deck), for this page."""
    for placeholder in list(doctree.findall(get_the_course)):
        if app.builder.format != "html":
            placeholder.parent.remove(placeholder)
            continue
        placeholder.replace_self(make_box(app, docname))
    for placeholder in list(doctree.findall(anki_deck_box)):
        if app.builder.format != "html":
            placeholder.parent.remove(placeholder)
            continue
        placeholder.replace_self(deck_paragraph(app, docname))


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_node(get_the_course)
    app.add_directive("get-the-course", GetTheCourse)
    app.add_directive("book-pdf", BookPdf)
    app.add_node(anki_deck_box)
    app.add_directive("anki-deck", AnkiDeck)
    app.connect("builder-inited", build_downloads)
    app.connect("doctree-resolved", fill_boxes)
