"""The course as data (``ndcg/course/course.toml``, read by ``ndcg.course.manifest``) against the
repository: the same chapters and companion pages as ``_toc.yml``, in the same order; every chapter
with its files; every language with its catalogues; and the lists the package and the book build
use are the manifest's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ndcg.course import answers, cards, i18n, manifest
from ndcg_book import timing

ROOT = Path(__file__).resolve().parents[2]


def toc_pages() -> list[str]:
    """The chapters' and their companion pages' paths under ``chapters/``, in ``_toc.yml``'s order."""
    return re.findall(
        r"^\s*-?\s*file:\s*chapters/(\S+)\s*$", (ROOT / "_toc.yml").read_text(encoding="utf-8"), re.M
    )


def test_the_manifest_lists_the_tables_of_contents_chapters_and_companions_in_its_order():
    listed = [
        page
        for chapter in manifest.chapters()
        for page in (chapter.stem, *manifest.companion_pages(chapter.stem))
    ]
    assert listed == toc_pages()
    assert manifest.companion_pages() == [page for page in listed if page.startswith("further/")]


@pytest.mark.parametrize("stem", manifest.chapter_stems())
def test_every_chapter_has_its_page_solutions_deck_answers_notes_and_slides(stem):
    for path in (
        f"chapters/{stem}.md",
        f"solutions/{stem}.md",
        f"ndcg/course/content/{stem}.yaml",
        f"ndcg/course/content/answers/{stem}.json",
        f"instructors/{stem}.md",
        f"instructors/slides/{stem}.md",
    ):
        assert (ROOT / path).is_file(), path
    for page in manifest.companion_pages(stem):
        assert (ROOT / "chapters" / f"{page}.md").is_file(), page
        assert page.removeprefix("further/")[:2] == stem[:2], f"{page}: not a page of {stem}"


def test_no_chapter_file_is_left_out_of_the_manifest():
    stems = set(manifest.chapter_stems())
    for folder, pattern in (
        ("chapters", "[0-9][0-9]_*.md"),
        ("solutions", "*.md"),
        ("ndcg/course/content", "*.yaml"),
    ):
        assert {path.stem for path in (ROOT / folder).glob(pattern)} == stems, folder
    assert set(manifest.companion_pages()) == {
        f"further/{p.stem}" for p in (ROOT / "chapters/further").glob("*.md")
    }


def test_every_language_has_its_catalogues_and_english_comes_first():
    languages = manifest.languages()
    assert languages[0].code == "en" and languages[0].folder == ""
    for language in languages[1:]:
        assert (ROOT / "locales" / language.locale / "LC_MESSAGES").is_dir(), language
        assert (ROOT / "ndcg" / "course" / "locales" / language.locale / "LC_MESSAGES").is_dir(), language
        assert language.folder and i18n.language_of(language.locale) == language.code


def test_the_package_and_the_book_build_use_the_manifests_lists():
    assert manifest.language_codes() == i18n.LANGUAGES
    assert cards.chapters() == answers.chapters() == manifest.chapter_stems()
    assert timing.chapter_names(ROOT) == manifest.chapter_stems()  # what the timings read from the files
    assert timing.companion_names(ROOT) == manifest.companion_pages()


def test_a_chapter_the_manifest_does_not_know_is_refused():
    with pytest.raises(ValueError, match="stem must be one of 00_why"):
        manifest.companion_pages("07_magic")
