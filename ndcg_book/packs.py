"""The participant pack, ``ndcg-participant-pack-<version>/`` and its zip, and its wheelhouses.

In the pack: the student exercise notebooks, the play notebooks, the ``ndcg`` wheel
(:func:`ndcg_book.course_files.build_wheel`), the participant requirements when the course has
them, and a README; no solution. Optionally a ``wheelhouse/`` so that a room installs with no
network: for each system the room's laptops run (:data:`WHEELHOUSE_TARGETS`), the wheels of the
participant lock that uv chooses for that system, checked to install from that folder alone.
``language="zh"`` makes the Chinese pack, with the Chinese notebooks of ``exercises/zh/`` in the
English ones' places (:func:`pack_name`).

``python tools/run.py participant-pack`` builds it through :func:`ndcg_book.downloads.main`
(``python -m ndcg_book.downloads participant-pack``); the Chinese edition of the book offers the
Chinese pack's zip. Like every zip of the course, its zip is written by
:func:`ndcg_book.course_files.write_zip`: the same sources give the same bytes.

Examples
--------
>>> in_pack("exercises/01_cg.ipynb"), in_pack("exercises/solutions/01_cg.md")
(True, False)
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ndcg.course import manifest
from ndcg.course.i18n import SOURCE, language_of
from ndcg_book.words import words

from .course_files import CourseFilesError, build_wheel, course_files, is_excluded, write_zip
from .course_files import version as course_version
from .edition import build_date

#: The participant requirements (the light set), when the course has them.
PARTICIPANT_REQUIREMENTS = "requirements-participant.txt"


def in_pack(path: str) -> bool:
    """Whether a course file goes into the participant pack: a student notebook
    (``exercises/*.ipynb``), or anything the play notebooks and the exercises read, under
    ``exercises/play/`` or ``exercises/data/`` (a script there is tooling, and stays out).

    >>> [in_pack(p) for p in ("exercises/01_cg.ipynb", "exercises/play/data/films.csv", "exercises/make_student.py")]
    [True, True, False]
    """
    if is_excluded(path) or path.endswith(".py") or path.startswith(_translated_folders()):
        return False
    return bool(re.fullmatch(r"exercises/[^/]+\.ipynb", path)) or path.startswith(
        ("exercises/play/", "exercises/data/")
    )


#: The languages of the participant pack: English (the default), and each other language of the
#: manifest, whose notebooks are ``exercises/<folder>/`` (``ndcg_book/generate/notebooks_translated.py``)
#: and whose pack is ``ndcg-participant-pack-<code>-<version>``.
PACK_LANGUAGES = manifest.language_codes()  # ndcg/course/course.toml


def exercises_folder(language: str) -> str:
    """Where the notebooks of ``language`` are in the course: ``exercises/``, and for a translation
    ``exercises/<folder>/`` (its folder in the manifest).

    >>> exercises_folder("en"), exercises_folder("zh")
    ('exercises/', 'exercises/zh/')
    """
    folder = manifest.language(language).folder
    return f"exercises/{folder}/" if folder else "exercises/"


def _translated_folders() -> tuple[str, ...]:
    """The folders of every translation's notebooks (``exercises/zh/``)."""
    return tuple(exercises_folder(language) for language in manifest.language_codes()[1:])


def pack_name(path: str, language: str = "en") -> str | None:
    """Where a course file goes in the participant pack of ``language``, or None if it stays out.

    The English pack takes what :func:`in_pack` says; a translation's (the Chinese one's) its own
    notebooks in their English places (``exercises/zh/play/01_cg.ipynb`` ->
    ``exercises/play/01_cg.ipynb``) and the English pack's other files (the data the notebooks
    read), never an English notebook nor another translation's.

    >>> pack_name("exercises/zh/play/01_cg.ipynb", "zh"), pack_name("exercises/01_cg.ipynb", "zh")
    ('exercises/play/01_cg.ipynb', None)
    >>> pack_name("exercises/zh/01_cg.ipynb"), pack_name("exercises/play/data/films.csv", "zh")
    (None, 'exercises/play/data/films.csv')
    """
    if language not in manifest.language_codes():
        raise ValueError(f"language must be one of {manifest.language_codes()}; got {language!r}")
    own = exercises_folder(language)
    if own == exercises_folder(SOURCE):
        return path if in_pack(path) else None  # (in_pack leaves out every translation's folder)
    if path.startswith(own):
        english = exercises_folder(SOURCE) + path.removeprefix(own)
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
    version_ = course_version(root)
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
                f"no {language} twin in {exercises_folder(language)} for {', '.join(missing)} "
                "(python -m ndcg_book translated writes them once their text is translated)"
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
