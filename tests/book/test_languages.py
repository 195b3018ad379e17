"""The course's languages handed to every page (``ndcg_book/languages.py``), and the book's scripts
and stylesheets that name none: a text is picked in the page's language by one rule
(``ndcg-course.js``), and the other languages' copies are hidden by one rule per edition."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg.course import manifest
from ndcg_book import languages
from tests.book.helpers import BOOK, BUILT, ROOT

#: Every script and stylesheet of the book that the course writes: the package's views, the
#: build's own and the book's ``_static`` ones (the vendored libraries are not the course's).
FRONT_END = sorted(
    [
        *(ROOT / "ndcg" / "course" / "static").glob("*.js"),
        *(ROOT / "ndcg" / "course" / "static").glob("*.css"),
        *(ROOT / "ndcg_book" / "static").glob("*.js"),
        *(ROOT / "ndcg_book" / "static").glob("*.css"),
        *(ROOT / "_static").glob("*.js"),
        *(ROOT / "_static").glob("*.css"),
    ]
)
#: A comment of a script or a stylesheet (``//`` not after a colon: ``http://`` is a string's).
_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.S)


def code_of(text: str) -> str:
    """A script's or a stylesheet's text without its comments (which may name languages).

    >>> code_of('a = "x"; // the "zh" one\\n/* {"zh": 1} */ b = "http://w3.org";')
    'a = "x"; \\n b = "http://w3.org";'
    """
    return _COMMENT.sub("", text)


def names_a_language(text: str) -> list[str]:
    """The names of languages other than English (their codes, tags and locales, and those
    tags' first parts: ``zh``, ``zh-Hans``, ``zh_CN``) in the code of a script or a stylesheet.

    >>> names_a_language('return lang.indexOf("zh") === 0 ? "zh" : "en";')
    ['zh', 'zh']
    >>> names_a_language("html:lang(zh-Hans) .ndcg-lang { display: none; }")
    ['zh-Hans']
    >>> names_a_language('value[lang] ?? value["en"]; /* {"zh": ...} */')
    []
    """
    names = set()
    for language in manifest.languages()[1:]:
        names |= {language.code, language.tag, language.locale, language.tag.split("-")[0]}
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.findall(rf"(?<![\w-])(?:{pattern})(?![\w-])", code_of(text), flags=re.I)


def test_the_front_end_is_found():
    names = {path.name for path in FRONT_END}
    assert {"ndcg-course.js", "ndcg-metrics.js", "ndcg-practice.js", "course.css"} <= names
    assert {"offline-search.js", "ndcg-editions.js"} <= names


@pytest.mark.parametrize("path", FRONT_END, ids=lambda path: path.name)
def test_no_script_or_stylesheet_names_a_language(path: Path):
    # A text is picked by ndcg-course.js's one rule, from the languages the page is handed; the
    # other languages' copies are hidden by the rule the build writes per edition. A language
    # named here would be a rule for it alone, which a third language would not get.
    assert not names_a_language(path.read_text(encoding="utf-8")), path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("language", manifest.languages(), ids=lambda language: language.code)
def test_each_edition_gets_the_languages_and_its_own_rule(language):
    head = languages.head(language.locale)
    island = re.search(r'<script type="application/json" id="ndcg-languages">(.*?)</script>', head)
    assert json.loads(island[1]) == [{"code": one.code, "tag": one.tag} for one in manifest.languages()]
    style = re.search(r'<style id="ndcg-edition-language">(.*?)</style>', head)
    assert style[1] == f":root .ndcg-lang[lang]:not(:lang({language.tag})) {{ display: none; }}"


@BUILT
@pytest.mark.parametrize("language", manifest.languages(), ids=lambda language: language.code)
def test_the_built_pages_carry_them(language):
    page = (BOOK / language.folder / "index.html").read_text(encoding="utf-8")
    head = page.split("</head>")[0]
    assert languages.head(language.locale).strip() in head


#: ndcg-course.js's rule run by Node, on a page handed ``languages`` whose ``<html lang>`` is ``lang``
#: (a stub of the few things of a page it reads): each case's language code and texts.
RULE_IN_NODE = """
const [script, languages, cases] = JSON.parse(require("fs").readFileSync(0, "utf8"));
const island = languages === null ? null : { textContent: JSON.stringify(languages) };
const out = [];
for (const [lang, own, data] of cases) {
  globalThis.window = {};
  globalThis.document = { getElementById: () => island, documentElement: { lang: lang } };
  new Function(script)();
  const course = window.ndcgCourse, root = { getAttribute: () => own };
  const code = course.language(root);
  out.push([code, course.localize(data, code)]);
}
console.log(JSON.stringify(out));
"""


def run_rule(languages_handed, cases) -> list:
    import subprocess

    from ndcg.course import assets
    from ndcg_book.maths import node

    payload = json.dumps([assets.book_script("ndcg-course.js"), languages_handed, cases])
    done = subprocess.run(
        [node(), "-e", RULE_IN_NODE], input=payload, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_the_scripts_pick_a_text_in_the_pages_language_else_in_english():
    handed = json.loads(languages.languages_json())
    third = [*handed, {"code": "fr", "tag": "fr-FR"}]  # a third language is data: no script changes
    text = {"en": "Rank", "zh": "排名", "fr": "Rang"}
    data = {"title": text, "names": ["A", {"en": "B", "zh": "乙"}], "k": 3, "words": {"id": "x"}}
    cases = [
        ["en", None, data],
        ["zh-CN", None, data],  # Sphinx's lang of the Chinese edition: its first subtag is "zh"
        ["zh-Hans", None, {"title": {"en": "Rank"}}],  # no Chinese yet: the English
        ["en", "zh", {"title": text}],  # a view's own data-lang first
        ["fr-FR", None, {"title": text}],
        ["de", None, {"title": text}],  # not a language of the course: English
    ]
    assert run_rule(third, cases) == [
        ["en", {"title": "Rank", "names": ["A", "B"], "k": 3, "words": {"id": "x"}}],
        ["zh", {"title": "排名", "names": ["A", "乙"], "k": 3, "words": {"id": "x"}}],
        ["zh", {"title": "Rank"}],
        ["zh", {"title": "排名"}],
        ["fr", {"title": "Rang"}],
        ["en", {"title": "Rank"}],
    ]
    # A notebook hands no languages: its views' data-lang is a code, taken as it is.
    assert run_rule(None, [["en", "zh", {"title": text}], ["en", None, {"title": text}]]) == [
        ["zh", {"title": "排名"}],
        ["en", {"title": "Rank"}],
    ]
