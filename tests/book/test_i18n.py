"""``ndcg_book/catalogues/i18n.py``: the Chinese catalogues' merge, writing and compilation, on small catalogues.

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
