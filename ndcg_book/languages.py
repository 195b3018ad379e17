"""The book build: the course's languages handed to every page, for its scripts and its CSS.

Registered by :func:`ndcg_book.setup`. The head of every page of every edition gets two elements,
both made from the course's manifest (``ndcg/course/course.toml``), so that no script and no
stylesheet of the book names a language of its own:

* ``<script type="application/json" id="ndcg-languages">``: the course's languages, each its code
  and the BCP 47 tag of its pages, English first. The course's scripts map the page's
  ``<html lang>`` (``zh-CN``) to a language code with it and pick each text of a view in that
  language, else in English (``ndcgCourse.languageOf`` and ``textIn``, in
  ``ndcg/course/static/ndcg-course.js``).
* ``<style id="ndcg-edition-language">``: the one rule that hides every block given in several
  languages (``class="ndcg-lang"`` with its ``lang``: :func:`ndcg.course.i18n.html_texts`, a table's
  words, a figure's copies) that is not in the edition's language (:func:`hiding_rule`). The rule
  is ``ndcg_book/static/ndcg-languages.css``, which says why it is written per edition and not in
  ``_static/course.css``: CSS cannot compare a block's language with the page's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ndcg.course import manifest
from ndcg.course.i18n import language_of

#: The id of the JSON island of the course's languages (``ndcg-course.js`` reads it).
ISLAND_ID = "ndcg-languages"
#: The id of the style element of the edition's rule (``_static/offline-search.js`` reads it).
STYLE_ID = "ndcg-edition-language"
#: The edition's rule, and the word in it that the edition's tag replaces.
RULE = Path(__file__).resolve().parent / "static" / "ndcg-languages.css"
PLACEHOLDER = "EDITION-TAG"


def languages_json() -> str:
    """The course's languages as the pages get them: code and tag, English first.

    >>> languages_json()
    '[{"code": "en", "tag": "en"}, {"code": "zh", "tag": "zh-Hans"}]'
    """
    return json.dumps([{"code": one.code, "tag": one.tag} for one in manifest.languages()])


def edition_tag(locale: str | None) -> str:
    """The BCP 47 tag of the edition built with Sphinx's ``language`` ``locale``: its pages' blocks
    in its language carry it (``lang="zh-Hans"``).

    >>> edition_tag("zh_CN"), edition_tag("en"), edition_tag(None)
    ('zh-Hans', 'en', 'en')
    """
    code = language_of(locale)
    return next(one.tag for one in manifest.languages() if one.code == code)


def hiding_rule(tag: str) -> str:
    """The CSS of an edition whose language's tag is ``tag``: the rule of
    ``static/ndcg-languages.css``, its comment left out, that hides every block of a text given in
    several languages unless it is in that language.

    >>> rule = hiding_rule("zh-Hans")
    >>> rule.startswith(":root .ndcg-lang[lang]:not(:lang(zh-Hans)) {"), PLACEHOLDER in rule
    (True, False)
    """
    text = re.sub(r"/\*.*?\*/", "", RULE.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(text.replace(PLACEHOLDER, tag).split())


def head(locale: str | None) -> str:
    """The two elements of the head of every page of the edition built with ``locale``."""
    island = f'<script type="application/json" id="{ISLAND_ID}">{languages_json()}</script>'
    style = f'<style id="{STYLE_ID}">{hiding_rule(edition_tag(locale))}</style>'
    return f"\n{island}\n{style}"


def _page_context(app, pagename, templatename, context, doctree) -> None:
    context["metatags"] = context.get("metatags", "") + head(app.config.language)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("html-page-context", _page_context)
