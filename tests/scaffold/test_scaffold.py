"""A new chapter is content, not engineering (issue 35): in a copy of the course, a contributor
writes five things by hand and the course's own steps do the rest.

By hand (the files under ``tests/scaffold/chapter/``, and the translations):

1. the chapter's page, ``chapters/07_scaffold.md``;
2. its exercises, ``solutions/07_scaffold.md``;
3. its flashcards and quiz, ``ndcg/course/content/07_scaffold.yaml``;
4. its entry in the manifest, ``ndcg/course/course.toml`` (its stem, part, short title);
5. the translations of the messages that ``translations update`` lists for it (here a
   pseudo-translation, as a translator's stand-in: ``tests/course/pseudo_locale.py``).

Generated, by the commands CONTRIBUTING names (``python -m ndcg_book <step>``): the table of
contents (``toc``), the solution and student notebooks and the checks' answers (``student``), the
chapter's and play notebooks (``notebooks``), the catalogues' new entries (``translations
update``) and the Chinese notebooks (``translated``). Then both editions build as ``make book``
builds them (Jupyter Book strict, then ``translations build``), any warning failing, on the
notebooks' outputs that ``make book`` left in the execution cache (so only the new chapter runs).

No code of the course changes: the test fails if one had to. The instructor notes and the slides of
a chapter come later, by the instructor guide's rules (``tests/course/test_manifest.py`` asks every
chapter of the course for them); the build does not need them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.course.pseudo_locale import pseudo

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "chapter"
STEM = "07_scaffold"
#: What the contributor writes, and where in the course it goes.
WRITTEN = {
    "page.md": f"chapters/{STEM}.md",
    "solutions.md": f"solutions/{STEM}.md",
    "cards.yaml": f"ndcg/course/content/{STEM}.yaml",
}
MANIFEST = "ndcg/course/course.toml"
#: The catalogues' folders, the book's pages' and the package's.
CATALOGUES = ("locales", "ndcg/course/locales")


def course_files() -> list[str]:
    """The course's files as a clone has them (tracked, or new and not ignored), that exist."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True, text=True, encoding="utf-8",
    ).stdout.split("\0")  # fmt: skip
    return [name for name in listed if name and (ROOT / name).is_file()]


def translate(course: Path) -> list[str]:
    """Give every message left to translate (new, or fuzzy) in every catalogue of ``course`` its
    pseudo-translation; return the catalogues changed."""
    from babel.messages.pofile import read_po, write_po

    changed = []
    for folder in CATALOGUES:
        for path in sorted((course / folder).rglob("*.po")):
            with path.open("rb") as handle:
                catalogue = read_po(handle)
            left = [m for m in catalogue if m.id and (m.fuzzy or not m.string)]
            for message in left:
                message.string = pseudo(message.id)
                message.flags.discard("fuzzy")
            if left:
                with path.open("wb") as handle:
                    write_po(handle, catalogue, width=0)
                changed.append(path.relative_to(course).as_posix())
    return changed


def run(course: Path, *command: str) -> str:
    """Run ``command`` in ``course`` on its own package (``PYTHONPATH``: the copy first), as ``make
    book`` runs its steps; fail with its output when it fails."""
    env = {
        **os.environ,
        "PYTHONPATH": str(course),
        "NDCG_COURSE_LANGUAGE": "both",
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
    }
    env.pop("NDCG_BOOK_HTML", None)
    done = subprocess.run(command, cwd=course, env=env, capture_output=True, text=True, encoding="utf-8")
    said = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{said[-6000:]}"
    return said


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    """The copy of the course with the chapter added and both editions built; what each step said."""
    cache = ROOT / "_build" / ".jupyter_cache"
    if not cache.is_dir():
        pytest.skip("no execution cache: run `make book` first (the copy builds on its notebooks' outputs)")
    course = tmp_path_factory.mktemp("course")
    for name in course_files():
        (course / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, course / name)
    shutil.copytree(cache, course / "_build" / ".jupyter_cache")
    for source, target in WRITTEN.items():
        shutil.copy2(HERE / source, course / target)
    manifest = (course / MANIFEST).read_text(encoding="utf-8")
    entry = (HERE / "manifest.toml").read_text(encoding="utf-8")
    at = manifest.index("\n[[agendas]]")
    at = manifest.rindex("\n# ", 0, at)  # the agendas' comment
    (course / MANIFEST).write_text(manifest[:at] + "\n" + entry + manifest[at:], encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=course, check=True)
    python = sys.executable
    said = {"toc": run(course, python, "-m", "ndcg_book", "toc")}
    said["student"] = run(course, python, "-m", "ndcg_book", "student", STEM, "--solutions", "--execute")
    said["notebooks"] = run(course, python, "-m", "ndcg_book", "notebooks", f"chapters/{STEM}.md")
    said["update"] = run(course, python, "-m", "ndcg_book", "translations", "update")
    translated = translate(course)
    said["translated"] = run(course, python, "-m", "ndcg_book", "translated", STEM, "--execute")
    subprocess.run(["git", "add", "-A"], cwd=course, check=True)  # the contributor's files, as committed
    jupyter_book = shutil.which("jupyter-book", path=str(Path(python).parent)) or "jupyter-book"
    said["english"] = run(course, jupyter_book, "build", "--warningiserror", "--nitpick", "--keep-going", ".")
    said["chinese"] = run(course, python, "-m", "ndcg_book", "translations", "build")
    return {"root": course, "said": said, "catalogues": translated}


def changed(course: Path) -> set[str]:
    """The copy's files that differ from the course's, or are new (the built book left out)."""
    found = set()
    for path in course.rglob("*"):
        name = path.relative_to(course).as_posix()
        if not path.is_file() or name.startswith(("_build/", ".git/")) or "__pycache__" in name:
            continue
        original = ROOT / name
        if not original.is_file() or original.read_bytes() != path.read_bytes():
            found.add(name)
    return found


def test_the_hand_written_files_are_the_page_exercises_cards_manifest_and_translations(course):
    root = course["root"]
    made = changed(root)
    by_hand = set(WRITTEN.values()) | {MANIFEST}
    assert by_hand <= made
    translations = {name for name in course["catalogues"]}
    assert translations and all(name.startswith(CATALOGUES) for name in translations)
    generated = made - by_hand - translations
    kinds = {
        "_toc.yml",
        f"ndcg/course/content/answers/{STEM}.json",
        f"notebooks/solutions/{STEM}.ipynb",
        f"notebooks/chapters/{STEM}.ipynb",
        f"exercises/{STEM}.ipynb",
        f"exercises/play/{STEM}.ipynb",
        f"exercises/zh/{STEM}.ipynb",
        f"exercises/zh/play/{STEM}.ipynb",
    }
    assert kinds <= generated
    # Nothing else: no code, no other page, no test; the catalogues the update step rewrote, at most.
    assert {name for name in generated - kinds if not name.startswith(CATALOGUES)} == set()


def test_the_chapter_is_in_the_table_of_contents_in_its_part(course):
    toc = (course["root"] / "_toc.yml").read_text(encoding="utf-8")
    part = toc[toc.index("caption: Optimising a ranking") : toc.index("caption: Teaching")]
    assert f"- file: chapters/{STEM}" in part


@pytest.mark.parametrize("edition", ["", "zh/"])
def test_both_editions_show_the_chapter_its_computed_number_cards_and_practice(course, edition):
    html = course["root"] / "_build" / "html" / edition / "chapters" / f"{STEM}.html"
    page = html.read_text(encoding="utf-8")
    assert "0.333" in page  # the glued reciprocal rank of [0, 0, 2, 1]
    assert 'id="ndcg-cards-' in page and 'id="ndcg-quiz-' in page  # the flashcards and the quiz
    assert 'class="ndcg-practice' in page  # the notebook's exercises, answered in the page
    if edition:
        # The Chinese edition's words come through the catalogue: here, the pseudo-translation.
        assert pseudo("Reciprocal rank, once more") in page


def test_the_course_zip_carries_the_chapters_notebooks(course):
    zips = sorted((course["root"] / "_build" / "html" / "_downloads").rglob("ndcg-course-*.zip"))
    assert zips, "no course zip in the built book"
    with zipfile.ZipFile(zips[0]) as archive:
        names = {re.sub(r"^[^/]+/", "", name) for name in archive.namelist()}
    assert {f"chapters/{STEM}.md", f"exercises/{STEM}.ipynb", f"exercises/play/{STEM}.ipynb"} <= names
    assert f"solutions/{STEM}.md" not in names  # the solutions stay out of the learners' zip
