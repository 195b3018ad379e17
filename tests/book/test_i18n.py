"""``ndcg_book/catalogues/i18n.py``: the catalogues' merge, writing and compilation (the Chinese, and a third language the manifest adds), on small catalogues.

The checks of one message are ``tests/book/test_i18n_checks.py``; the real catalogues (every page
of the book) are checked against a fresh extraction of the English pages in
``tests/book/test_translations.py``.
"""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from ndcg_book.catalogues import i18n
from tests.book.helpers import catalogue, found


def merged(old: Catalog, *english: str) -> Catalog:
    """``old`` updated from a template of the messages ``english``, as ``update`` does it."""
    template = Catalog(locale=i18n.LANGUAGE)
    for message in english:
        template.add(message)
    old.update(template, no_fuzzy_matching=False, update_header_comment=False)
    old.obsolete.clear()
    return old


def test_a_planted_changed_sentence_comes_back_stale_with_its_old_english():
    made = catalogue(("Add the grades up.", "把等级加起来。"), ("The definition", "定义"))
    made = merged(made, "Add all the grades up.", "The definition")
    (problem,) = found(made)
    assert "stale" in problem and "'Add all the grades up.'" in problem
    assert "was 'Add the grades up.'" in problem


@pytest.mark.parametrize("writes", [False, True], ids=["nothing read", "one page read"])
def test_a_failed_extraction_changes_no_catalogue(tmp_path, monkeypatch, writes):
    # Sphinx's gettext build fails (a broken page, a missing extension): before, `update` took
    # every page it had not read for a page that is gone and deleted its catalogue.
    folder = i18n.catalogue_dir(tmp_path)
    kept = {folder / "chapters" / "01_cg.po": "", folder / "index.po": ""}
    for path in kept:
        i18n.write(path, catalogue(("The definition", "定义")))
        kept[path] = path.read_text(encoding="utf-8")

    def failing(root, builder, out, doctrees, overrides, strict):
        if writes:  # it got as far as one page
            (out / "chapters").mkdir(parents=True)
            (out / "chapters" / "01_cg.pot").write_text(
                'msgid "The definition"\nmsgstr ""\n', encoding="utf-8"
            )
        return 1

    monkeypatch.setattr(i18n, "sphinx", failing)
    with pytest.raises(SystemExit, match="no catalogue was changed"):
        i18n.update(tmp_path)
    assert {path: path.read_text(encoding="utf-8") for path in kept} == kept


def test_a_new_sentence_comes_in_empty_and_a_removed_one_goes():
    made = merged(
        catalogue(("The definition", "定义")), "The definition", "A new sentence here, quite different."
    )
    assert [(m.id, m.string or "") for m in made if m.id] == [
        ("The definition", "定义"),
        ("A new sentence here, quite different.", ""),
    ]
    assert found(merged(made, "The definition")) == []


def test_same_page_glue_is_made_resolvable_and_cross_page_glue_is_kept():
    text = "{glue:text}`cg_ex_cg2:.0f` 与 {glue:md}`v.zh`，{glue:text}`/chapters/02_dcg.md::d:.3f`"
    assert i18n.resolvable(text, "chapters/01_cg") == (
        "{glue:text}`/chapters/01_cg.md::cg_ex_cg2:.0f` 与 {glue:md}`/chapters/01_cg.md::v.zh`，"
        "{glue:text}`/chapters/02_dcg.md::d:.3f`"
    )


def test_a_written_catalogue_reads_back_one_line_per_message_without_dates(tmp_path):
    path = tmp_path / "page.po"
    long = "A sentence long enough that a wrapping writer would cut it across lines, " * 3
    i18n.write(path, catalogue((long.strip(), "一句很长的话。"), ('Say "yes".', "说“是”。")))
    text = path.read_text(encoding="utf-8")
    assert f'msgid "{long.strip()}"' in text
    assert "Creation-Date" not in text and "Revision-Date" not in text
    assert [(m.id, m.string) for m in i18n.read(path) if m.id] == [
        (long.strip(), "一句很长的话。"),
        ('Say "yes".', "说“是”。"),
    ]


def test_a_language_the_manifest_adds_gets_its_own_catalogues_header_and_compiled_folder(
    tmp_path, monkeypatch
):
    """Every step of the catalogues takes the locale it works on: a third language of the manifest
    (the pseudo-locale of ``tests/course/pseudo_locale.py``) gets its pages' and its stores'
    catalogues in its own folders, its name in their header, and its compiled catalogues."""
    from ndcg.course import manifest
    from tests.course.pseudo_locale import LANGUAGE, pseudo

    languages = manifest.languages()
    monkeypatch.setattr(manifest, "languages", lambda: (*languages, LANGUAGE))
    assert [language.code for language in i18n.translated()] == ["zh", LANGUAGE.code]
    pot = tmp_path / "templates" / "chapters" / "01_cg.pot"
    pot.parent.mkdir(parents=True)
    pot.write_text('msgid "The definition"\nmsgstr ""\n\nmsgid "2.5"\nmsgstr ""\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "store_messages", lambda root: {"views": [(None, "Rank")]})
    report = i18n.update(tmp_path, LANGUAGE.locale, found={"chapters/01_cg": pot})
    assert report == [
        "chapters/01_cg: 2 new (0 of them fuzzy: their English changed), 0 gone",
        "views: 1 new (0 of them fuzzy: their English changed), 0 gone",
    ]
    page = i18n.catalogue_dir(tmp_path, LANGUAGE.locale) / "chapters" / "01_cg.po"
    assert page == tmp_path / "locales" / LANGUAGE.locale / "LC_MESSAGES" / "chapters" / "01_cg.po"
    assert f"Language-Team: {LANGUAGE.name} <{LANGUAGE.locale}>" in page.read_text(encoding="utf-8")
    made = i18n.read(page, LANGUAGE.locale)
    assert [(m.id, m.string) for m in made if m.id] == [("The definition", ""), ("2.5", "2.5")]
    assert (i18n.package_dir(tmp_path, LANGUAGE.locale) / "views.po").is_file()
    (tmp_path / "_toc.yml").write_text("root: index\nchapters:\n  - file: chapters/01_cg\n", encoding="utf-8")
    (problem,) = i18n.problems(tmp_path, ["chapters/01_cg"], LANGUAGE.locale)
    assert "'The definition'" in problem  # left to translate
    for message in made:
        if message.id and not message.string:
            message.string = pseudo(message.id)
    i18n.write(page, made)
    compiled = i18n.compile_catalogues(tmp_path, LANGUAGE.locale)
    assert (compiled / LANGUAGE.locale / "LC_MESSAGES" / "chapters" / "01_cg.mo").is_file()
    assert not (compiled / i18n.LANGUAGE).exists()  # the Chinese catalogues untouched
