"""The book build: the exercise notebook's exercises, answered in the chapter's page.

The directive ``practice`` (one argument, the chapter: ``01_cg``) in a chapter's Practise section
puts there a collapsed block, "Answer the notebook's exercises here", with every exercise of the
chapter's exercise notebook (``exercises/01_cg.ipynb``): its statement, and, when its check is a
:class:`~ndcg.course.checks.NumberCheck`, an answer box that grades the answer in the page, with
the notebook's own ladder (hint, closer look, explanation) and the same words. An exercise whose
check is a :class:`~ndcg.course.checks.FunctionCheck` says it is answered in the notebook, with a
link to it.

One source of truth: the build runs the exercise notebook's code cells (not its widgets), as the
kernel would, and reads each check's data off the check itself (:func:`checks`): the expected
value ``ndcg`` computed, the tolerances, the name, the hint, the second hint and the explanation.
:func:`page_data` turns them, with the checker's words (:data:`ndcg.course.checks.WORDS`), into
the JSON island of the block, in the edition's language (the Chinese from the same catalogues
the Chinese notebooks use). ``ndcg_book/static/ndcg-practice.js`` is a port of
:meth:`NumberCheck.check <ndcg.course.checks.NumberCheck.check>` (the verdicts, the ladder, the
list marks, the reading of typed numbers); ``tests/browser/test_practice.py`` holds its verdicts
equal to the Python checker's on every exercise, right and wrong answers, in both languages.

The statements are the notebook's markdown cells (``exercises/zh/`` in the Chinese edition),
parsed as the page's own Markdown, so their maths is typeset at build time like the page's; they
are marked untranslatable, so the chapters' catalogues do not collect them a second time.
The script and its stylesheet (``ndcg_book/static/``, not the package's front-end) are copied into
``_static/practice/`` and linked from the pages that have a block only.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import shutil
from functools import cache
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from ndcg.course import manifest
from ndcg.course.i18n import language_of

ROOT = Path(__file__).resolve().parent.parent
#: The exercise notebooks: the English ones, and each other language's in its folder under them
#: (``exercises/zh/``: the manifest's ``folder``).
EXERCISES = ROOT / "exercises"
#: The book's own script and stylesheet for the block, and where the built book keeps them.
STATIC = Path(__file__).resolve().parent / "static"
FILES = ("ndcg-practice.js", "ndcg-practice.css")
FOLDER = "practice"
#: The class of the block (the page context links the script on the pages that have one).
CSS_CLASS = "ndcg-practice"
#: The directive's line in a chapter's text source: ```` ```{practice} 01_cg ````.
_DIRECTIVE = re.compile(r"^```\{practice\}[ \t]+(\S+)[ \t]*$", re.M)
#: The checker's words the port needs (:data:`ndcg.course.checks.WORDS`), and the answer box's.
CHECK_WORDS = (
    "not yet",
    "hint",
    "hint default",
    "closer",
    "explanation",
    "after one miss",
    "after misses",
    "list closer",
    "entry",
    "entries",
    "list separator",
    "parts separator",
    "the answer is",
    "correct number",
    "list first",
    "list first which",
    "list later",
    "nan",
    "too high",
    "too low",
    "scalar closer",
    "swapped",
    "wrong order",
    "off",
    "marks",
    "unreadable number",
    "unreadable list",
    "list length",
    "box list placeholder",
    "box number placeholder",
    "box answer prompt",
    "box button",
    "box button title",
    "box attempts",
    "box empty answer",
)
#: An exercise's statement cell (``ex3``) and its check's definition (``ex3-check-def``).
_EXERCISE = re.compile(r"ex(\d+)")


def anchor(chapter: str) -> str:
    """The id of ``chapter``'s block, the same in both editions (a "your turn" slide links it).

    >>> anchor("01_cg")
    'practice-01_cg'
    """
    return f"{CSS_CLASS.removeprefix('ndcg-')}-{chapter}"


def in_page(source: str, chapter: str) -> bool:
    """Whether the text source of a page, ``source``, holds ``chapter``'s block.

    >>> in_page("## Practise\\n\\n```{practice} 01_cg\\n```\\n", "01_cg"), in_page("# No block\\n", "01_cg")
    (True, False)
    """
    return chapter in _DIRECTIVE.findall(source)


def _cells(notebook: dict):
    for cell in notebook["cells"]:
        source = cell.get("source", "")
        yield cell, "".join(source) if isinstance(source, list) else source


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def checks(chapter: str) -> dict[str, object]:
    """Every check of a chapter's exercise notebook, by the id of its exercise (``"ex1"``).

    The notebook's code cells run (not the widget ones, quietly) in a fresh namespace, as a
    kernel runs them top to bottom; each exercise's ``exN-check-def`` cell must define exactly
    one check.
    """
    from ndcg.course.checks import FunctionCheck, NumberCheck

    namespace = {"__name__": "__main__"}
    found = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell, source in _cells(_read(EXERCISES / f"{chapter}.ipynb")):
            if cell["cell_type"] != "code" or "widget" in cell.get("metadata", {}).get("tags", []):
                continue
            before = {k: v for k, v in namespace.items() if isinstance(v, (NumberCheck, FunctionCheck))}
            exec(compile(source, f"<{chapter}:{cell['id']}>", "exec"), namespace)
            if cell["id"].endswith("-check-def"):
                new = [
                    v
                    for k, v in namespace.items()
                    if isinstance(v, (NumberCheck, FunctionCheck)) and before.get(k) is not v
                ]
                if len(new) != 1:
                    raise ValueError(
                        f"exercises/{chapter}.ipynb: cell {cell['id']} defines {len(new)} checks, not one"
                    )
                found[cell["id"].removesuffix("-check-def")] = new[0]
    return found


def statements(chapter: str, language: str = "en") -> dict[str, tuple[str, str]]:
    """Each exercise's ``(title, statement)`` as the exercise notebook writes them (Markdown),
    by exercise id; the Chinese notebook's in the Chinese edition."""
    path = EXERCISES / manifest.language(language).folder / f"{chapter}.ipynb"  # (English: exercises/ itself)
    found = {}
    for cell, source in _cells(_read(path)):
        if cell["cell_type"] == "markdown" and _EXERCISE.fullmatch(cell["id"]):
            title, _, body = source.strip().partition("\n")
            if not title.startswith("## "):
                raise ValueError(f"{path.name}: exercise cell {cell['id']} does not start with a '## ' title")
            found[cell["id"]] = (title[3:].strip(), body.strip())
    return found


@contextlib.contextmanager
def speaking(language: str):
    """The checks' words in ``language`` (``"en"`` or ``"zh"``) inside the block, as after
    ``ndcg.course.set_language`` in a notebook (without its figures' side effect), then back to
    what they were."""
    from ndcg.course import i18n

    with i18n.chosen(language):
        yield


def exercise_data(check, language: str = "en") -> dict:
    """One check's data for the page, in ``language``: a FunctionCheck's kind only; a
    NumberCheck's expected value, tolerances, name and help texts (``None`` when it has none),
    and the expected value as the checker prints it (``shown``) and, for a list, each entry to
    the tolerance's decimals (``entries``), so the page formats them as Python does."""
    from ndcg.course.check_words import _help, _name
    from ndcg.course.checks import FunctionCheck
    from ndcg.course.typed_numbers import _format_number, _to_tolerance

    if isinstance(check, FunctionCheck):
        return {"kind": "function"}
    is_list = check._is_list
    with speaking(language):
        data = {
            "kind": "number",
            "list": is_list,
            "expected": [float(x) for x in check.expected] if is_list else float(check.expected),
            "rel_tol": check.rel_tol,
            "abs_tol": check.abs_tol,
            "name": _name(check.name),
            "hint": _help(check.hint) if check.hint else None,
            "hint2": _help(check.hint2) if check.hint2 else None,
            "explanation": _help(check.explanation) if check.explanation else None,
            "shown": _format_number(check.expected),
        }
        if is_list:
            data["entries"] = [_to_tolerance(float(x), check.abs_tol) for x in check.expected]
    return data


def words(language: str = "en") -> dict[str, str]:
    """The checker's words the page needs, in ``language``, their ``{placeholders}`` unfilled."""
    from ndcg.course import i18n
    from ndcg.course.checks import WORDS

    return {key: i18n.translator("checks", key, language)(WORDS[key]) for key in CHECK_WORDS}


def page_data(chapter: str, language: str = "en") -> dict:
    """The JSON island of a chapter's block: the language, the words, whether the checker drops a
    space between two Chinese characters of its words (``check_words.say`` does in Chinese: a
    Chinese name filled into "不是 {name}"; the page asks this, never the language), and every
    exercise's data."""
    from ndcg.course.check_words import _drops_spaces

    with speaking(language):
        drops = _drops_spaces()
    return {
        "chapter": chapter,
        "lang": language,
        "words": words(language),
        "drop_cjk_spaces": drops,
        "exercises": {key: exercise_data(check, language) for key, check in checks(chapter).items()},
    }


def _untranslatable(node: nodes.Node) -> None:
    """Keep the chapter's catalogue from collecting what the block shows (the exercise
    notebooks' own catalogues translate it)."""
    for element in node.findall(nodes.TextElement):
        element["translatable"] = False


def _raw(text: str) -> nodes.raw:
    return nodes.raw("", text, format="html")


class Practice(SphinxDirective):
    """``practice``: a chapter's exercises, answered in the page (see the module's docstring)."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def _markdown(self, text: str) -> list[nodes.Node]:
        holder = nodes.container()
        self.state.nested_parse(StringList(text.splitlines()), self.content_offset, holder)
        return list(holder.children)

    def run(self) -> list[nodes.Node]:
        from ndcg.course.check_words import _CJK_SPACE

        from .words import words as book_words

        chapter = self.arguments[0]
        if not (EXERCISES / f"{chapter}.ipynb").is_file():
            raise self.error(f"practice: no exercise notebook exercises/{chapter}.ipynb")
        language = language_of(self.env.config.language)
        text = book_words(self.env.config.language)
        from ndcg.course import i18n

        # the page changes with the notebooks, the checks' answer texts and their catalogues
        for source in (
            *(EXERCISES / language.folder / f"{chapter}.ipynb" for language in manifest.languages()),
            ROOT / "ndcg" / "course" / "content" / "answers" / f"{chapter}.json",
            i18n.LOCALES / "answers" / f"{chapter}.po",
            i18n.LOCALES / "checks.po",
        ):
            self.env.note_dependency(str(source))
        data = page_data(chapter, language)
        said = data["words"]
        shown = statements(chapter, language)
        if shown.keys() != data["exercises"].keys():
            raise self.error(f"practice: the exercises of {chapter} and their checks differ")

        def fill(key: str, **values) -> str:
            filled = said[key].format(**values)
            return filled if manifest.language(language).spaced else _CJK_SPACE.sub("", filled)

        numbers = sum(1 for e in data["exercises"].values() if e["kind"] == "number")
        block = nodes.container(classes=[CSS_CLASS])
        block += _raw(
            f'<details class="{CSS_CLASS}-details" data-ndcg-practice="{chapter}" id="{anchor(chapter)}">'
            f"<summary>{html.escape(text('practice-title', count=numbers, total=len(shown)))}</summary>"
        )
        block += self._markdown(text("practice-intro"))
        notebook = f"../exercises/{chapter}.ipynb"
        for key, (title, statement) in shown.items():
            exercise = data["exercises"][key]
            ident = f"practice-{chapter}-{key}"
            part = nodes.container(classes=[f"{CSS_CLASS}-exercise"], ids=[ident])
            part["data-exercise"] = key
            part += self._markdown(f"**{title}**\n\n{statement}")
            if exercise["kind"] == "number":
                placeholder = said["box list placeholder" if exercise["list"] else "box number placeholder"]
                name = exercise["name"]
                part += _raw(
                    f'<form class="{CSS_CLASS}-box" data-exercise="{key}" novalidate>'
                    f'<label for="{ident}-answer">✏️ {html.escape(fill("box answer prompt", name=name))}</label> '
                    f'<span class="{CSS_CLASS}-row"><input type="text" id="{ident}-answer" name="answer" '
                    f'placeholder="{html.escape(placeholder)}" autocomplete="off" autocapitalize="off" '
                    f'spellcheck="false" enterkeyhint="done"> '
                    f'<button type="submit" title="{html.escape(fill("box button title", name=name))}" disabled>'
                    f"{html.escape(said['box button'])}</button></span>"
                    f'<div class="{CSS_CLASS}-feedback" role="status" aria-live="polite"></div>'
                    f'<p class="{CSS_CLASS}-attempts"></p></form>'
                )
            else:
                part += self._markdown(
                    text(
                        "practice-function", notebook=f"{{download}}`exercises/{chapter}.ipynb <{notebook}>`"
                    )
                )
            block += part
        island = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        block += _raw(f'<script type="application/json" class="{CSS_CLASS}-data">{island}</script></details>')
        _untranslatable(block)
        return [block]


def _builder_inited(app) -> None:
    if app.builder.format != "html":
        return
    target = Path(app.builder.outdir) / "_static" / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        shutil.copy2(STATIC / name, target / name)


def _page_context(app, pagename, templatename, context, doctree) -> None:
    if 'data-ndcg-practice="' in (context.get("body") or ""):
        app.add_css_file(f"{FOLDER}/{FILES[1]}")
        app.add_js_file(f"{FOLDER}/{FILES[0]}", defer="defer")


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_directive("practice", Practice)
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _page_context)
