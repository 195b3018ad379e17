"""``tools/i18n.py``: the Chinese catalogues' merge, checks and compilation, on small catalogues.

The real catalogues (every page of the book) are checked against a fresh extraction of the English
pages in ``tests/book/test_translations.py``.
"""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from tools import i18n


def catalogue(*pairs, fuzzy=()) -> Catalog:
    made = Catalog(locale=i18n.LANGUAGE)
    for english, chinese in pairs:
        made.add(english, chinese, flags=("fuzzy",) if english in fuzzy else ())
    return made


def found(made: Catalog, terms=()) -> list[str]:
    return list(i18n.problems_in("chapters/01_cg", made, terms))


def merged(old: Catalog, *english: str) -> Catalog:
    """``old`` updated from a template of the messages ``english``, as ``update`` does it."""
    template = Catalog(locale=i18n.LANGUAGE)
    for message in english:
        template.add(message)
    old.update(template, no_fuzzy_matching=False, update_header_comment=False)
    old.obsolete.clear()
    return old


def test_a_complete_current_catalogue_has_no_problem():
    made = catalogue(
        ("CG@2 = {glue:text}`cg_ex_cg2:.0f`", "CG@2 = {glue:text}`cg_ex_cg2:.0f`"),
        ("The definition", "定义"),
    )
    assert found(made) == []


def test_a_planted_missing_translation_is_found():
    made = catalogue(("The definition", "定义"), ("Learning goals", ""))
    assert found(made) == ["chapters/01_cg: 'Learning goals': not translated"]


def test_a_planted_changed_sentence_comes_back_stale_with_its_old_english():
    made = catalogue(("Add the grades up.", "把等级加起来。"), ("The definition", "定义"))
    made = merged(made, "Add all the grades up.", "The definition")
    (problem,) = found(made)
    assert "stale" in problem and "'Add all the grades up.'" in problem
    assert "was 'Add the grades up.'" in problem


def test_a_translation_sphinx_would_read_as_another_block_is_found():
    # "## 1. Get the course": a heading whose Chinese, parsed again by Sphinx, is a list; Sphinx
    # then shows the English heading. Escaped, it is text.
    made = catalogue(("1. Get the course", "1. 获取课程"), ("2. Run the check", "2\\. 运行检查"))
    (problem,) = found(made)
    assert problem.startswith(
        "chapters/01_cg: '1. Get the course': Sphinx reads the translation as ordered_list"
    )
    assert list(i18n.problems_in("slides/01_cg", made, reparsed=False)) == []


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


@pytest.mark.parametrize(
    ("english", "chinese", "what"),
    [
        ("It is {glue:text}`a:.3f`.", "它是 {glue:text}`a:.2f`。", "markup differs"),
        ("See {doc}`/chapters/02_dcg`.", "见下一章。", "markup differs"),
        ("Call `ndcg_score(y)` now.", "现在调用 `ndcg(y)`。", "markup differs"),
        ("So $k = 3$ here.", "所以这里 $k = 4$。", "markup differs"),
        ("Rank 3 keeps 0.5 of it.", "第 3 位保留它的 0.6。", "numbers differ"),
        ("Rank 3 keeps half.", "第 3 位保留一半，共 5 个。", "numbers differ"),
    ],
)
def test_a_translation_that_changes_markup_or_numbers_is_found(english, chinese, what):
    (problem,) = found(catalogue((english, chinese)))
    assert what in problem


def test_a_reference_s_own_words_and_glue_of_words_may_change():
    made = catalogue(
        ("See {ref}`the ideal <ideal-ranking>`.", "见{ref}`理想排序 <ideal-ranking>`。"),
        ("These seeds {glue:md}`verdict`.", "这些种子{glue:md}`verdict.zh`。"),
        ("The 7th result, in Chengdu 3-day trip", "第 7 个结果，在成都3天游"),
    )
    assert found(made) == []


def test_a_key_term_must_be_rendered_by_its_one_chinese_term():
    terms = [i18n.Term("query", "查询"), i18n.Term("ideal ranking", "理想排序")]
    made = catalogue(
        ("Two queries, one ideal ranking.", "两个查询，一个理想排序。"),
        ("One query.", "一个问题。"),
        ("`query` is a keyword here.", "这里的 `query` 是关键字。"),
    )
    assert found(made, terms) == [
        "chapters/01_cg: 'One query.': says 'query' but not '查询' (the glossary's term)"
    ]


def test_the_glossary_gives_the_terms_and_leaves_names_as_they_are():
    terms = {t.english: t.chinese for t in i18n.glossary_terms(i18n.base.ROOT)}
    assert terms["relevance grade"] == "相关性等级"
    assert terms["learning to rank"] == "排序学习"
    assert "qrels" not in terms and "CG" not in terms


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
