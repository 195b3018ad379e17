"""The translated editions (简体中文, and any language the course's manifest adds): the translation
catalogues, their checks, and their builds. The Chinese catalogues are the examples below; every
command takes ``--language CODE`` (default: every language of the manifest but English, the source).

The English pages are the one source. Sphinx's gettext builder cuts every page into its messages
(a paragraph, a heading, a list item, a table cell ...), and ``locales/zh_CN/LC_MESSAGES/<page>.po``
holds each message's Chinese, next to the English it translates (``msgid``). The Chinese edition is
the same Sphinx build with ``language = zh_CN``: it runs the same notebooks (their outputs come from
the execution cache both editions share, filled by ``ndcg_book/generate/execution_cache.py``) and puts each
message's translation in its place.

Commands (``python -m ndcg_book translations <command>``, run by ``tools/run.py translations`` and
``book``):

``update``   extract the messages of every page and merge them into the catalogues: a new message
             comes in empty, a changed one is marked *fuzzy* with its old English kept beside it
             (``#| msgid``), a removed one is dropped. One changed English sentence is one visible
             translation job.
``check``    list every problem of the catalogues (:func:`problems`): an empty or fuzzy message, a
             role, glue name, link, inline code or maths that differs between the editions, a number
             that differs, a key term not rendered by its one Chinese term (the glossary's); the
             checks of one message are ``i18n_checks.py``.
``build``    compile the catalogues and build the edition into ``_build/html/<folder>`` (``zh``).

Two more commands check the catalogues on their own: ``python -m ndcg_book typography`` lists every
Chinese translation whose typography autocorrect-py or the house rules would change (``make lint``
runs it; ``--fix`` writes the corrections back), and ``python -m ndcg_book termbase`` lists every
phrase of the termbase (``locales/zh_CN/termbase.yaml``) translated otherwise, and every English
message translated two ways.

Standard library and babel (Sphinx's own dependency) only.
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from ndcg.course import manifest
from ndcg_book import toc
from ndcg_book.folders import BOOK, ROOT

from .i18n_checks import Term, glossary_terms, has_words, mend_emphasis, problems_in

#: The Chinese edition's language, as Sphinx names it, and the folder it is built into (under the
#: English edition's ``_build/html``): what the Chinese-only tools (the termbase, the typography)
#: read; every other function takes the locale it works on.
LANGUAGE = manifest.language("zh").locale
EDITION = manifest.language("zh").folder
#: Where the catalogues live, in the layout Sphinx (and sphinx-intl) read.
LOCALES = Path("locales")
#: The build's scratch folders: the extracted templates, the compiled catalogues.
GETTEXT = Path("_build", "gettext")
COMPILED = Path("_build", "locales")


#: The catalogues of the course package's own stores of words (cards, views, checks, figures ...),
#: shipped in the wheel: a learner's notebooks read them (``ndcg.course.i18n``).
PACKAGE_LOCALES = Path("ndcg", "course", "locales", LANGUAGE, "LC_MESSAGES")


def translated() -> tuple[manifest.Language, ...]:
    """Every language the course is translated into: the manifest's, but English (the source)."""
    return manifest.languages()[1:]


def package_dir(root: Path, locale: str = LANGUAGE) -> Path:
    """The folder of the package's catalogues, one ``.po`` per store (``views.po``, ``cards/01_cg.po``)."""
    return root / PACKAGE_LOCALES.parents[1] / locale / "LC_MESSAGES"


def store_messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    """Every store of words outside the book's pages, by domain: ``{domain: [(context, English)]}``.

    Each module of ``i18n_stores/`` is one kind of store (the flashcards and quizzes, the
    views' labels ...) and gives its domains with ``messages(root)``."""
    import importlib
    import pkgutil

    from . import i18n_stores

    found: dict[str, list[tuple[str | None, str]]] = {}
    for info in sorted(pkgutil.iter_modules(i18n_stores.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{i18n_stores.__name__}.{info.name}")
        for domain, messages in module.messages(root).items():
            if domain in found:
                raise ValueError(f"two stores give the domain {domain!r}")
            found[domain] = list(dict.fromkeys(messages))
    return found


def catalogue_dir(root: Path, locale: str = LANGUAGE) -> Path:
    """The folder of a language's catalogues, one ``.po`` per page (``chapters/01_cg.po``)."""
    return root / LOCALES / locale / "LC_MESSAGES"


# -- the Sphinx builds ------------------------------------------------------------------------------

#: The settings both the extraction and the Chinese build add to ``_config.yml``: one catalogue per
#: page, no build-dependent lines in them.
CATALOGUE_SETTINGS = {
    "gettext_compact": False,
    "gettext_uuid": False,
    "gettext_location": False,
    "gettext_auto_build": False,
    "latex_individualpages": False,
}


def sphinx(root: Path, builder: str, out: Path, doctrees: Path, overrides: dict, strict: bool) -> int:
    """Build the book with Jupyter Book's own configuration (``_config.yml``, ``_toc.yml``) plus
    ``overrides``, as ``jupyter-book build`` does; strict: any warning fails, as in ``make book``."""
    from jupyter_book.sphinx import build_sphinx

    settings = {**CATALOGUE_SETTINGS, **overrides}
    if strict:
        settings["nitpicky"] = True
    result = build_sphinx(
        str(root),
        str(out),
        noconfig=True,
        path_config=str(root / "_config.yml"),
        confoverrides=settings,
        doctreedir=str(doctrees),
        builder=builder,
        warningiserror=strict,
        keep_going=strict,
        quiet=not strict,
        really_quiet=not strict,
    )
    return 0 if result in (0, None) else 1


def extract(root: Path) -> Path:
    """Every page's messages, as ``.pot`` templates in ``_build/gettext`` (no notebook is run: code
    cells and their outputs are not translated)."""
    out = root / GETTEXT
    doctrees = root / "_build" / ".doctrees-gettext"
    for folder in (out, doctrees):  # every page read afresh: no message from an older read
        if folder.exists():
            shutil.rmtree(folder)
    if sphinx(root, "gettext", out, doctrees, {"nb_execution_mode": "off"}, False) != 0 or not templates(out):
        # a failed read extracts some pages or none: merging it would take every other page's
        # catalogue for a page that is gone, and remove it with all its translations
        raise SystemExit(
            "The English pages could not be read for their messages (Sphinx's gettext build failed; "
            "`python tools/run.py book` shows why): no catalogue was changed."
        )
    return out


def templates(folder: Path) -> dict[str, Path]:
    """The extracted templates by page (``chapters/01_cg``), without Sphinx's own (``_static/``)."""
    return {
        p.relative_to(folder).with_suffix("").as_posix(): p
        for p in sorted(folder.rglob("*.pot"))
        if not p.relative_to(folder).parts[0].startswith("_")
    }


# -- reading and writing catalogues ------------------------------------------------------------------


def read(path: Path, locale: str = LANGUAGE):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=locale, abort_invalid=True)


def _language_of(locale: str) -> manifest.Language:
    for language in manifest.languages():
        if language.locale == str(locale):
            return language
    known = ", ".join(language.locale for language in translated())
    raise ValueError(f"locale must be one of {known}; got {locale!r}.")


def write(path: Path, catalogue) -> None:
    """Write a catalogue with one line per message (no wrapping: a changed sentence is a one-line
    diff), its header fixed (no dates: an unchanged catalogue is an unchanged file)."""
    from babel.messages.pofile import write_po

    catalogue.project = "ndcg-course"
    catalogue.version = ""
    catalogue.msgid_bugs_address = ""
    catalogue.last_translator = "The NDCG course authors"
    language = _language_of(catalogue.locale_identifier)
    catalogue.language_team = f"{language.name} <{language.locale}>"
    catalogue.fuzzy = False
    path.parent.mkdir(parents=True, exist_ok=True)
    import io

    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=0, omit_header=False, include_previous=True, sort_output=False)
    text = buffer.getvalue().decode("utf-8")
    # babel writes the creation and revision dates into the header: drop them.
    text = re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text, flags=re.M)
    text = re.sub(r"^# (Translations template|FIRST AUTHOR|SOME DESCRIPTIVE).*\n", "", text, flags=re.M)
    path.write_text(text, encoding="utf-8")


def update(root: Path, locale: str = LANGUAGE, found: dict[str, Path] | None = None) -> list[str]:
    """Merge freshly extracted messages (or the templates ``found``) into a language's catalogues;
    return what changed, page by page."""
    from babel.messages.catalog import Catalog

    found = templates(extract(root)) if found is None else found
    folder = catalogue_dir(root, locale)
    report = []
    for page, pot in found.items():
        template = read(pot, locale)
        path = folder / f"{page}.po"
        if path.exists():
            catalogue = read(path, locale)
            before = {m.id: (m.string, m.fuzzy) for m in catalogue if m.id}
            catalogue.update(template, no_fuzzy_matching=False, update_header_comment=False)
            catalogue.obsolete.clear()
        else:
            catalogue = Catalog(locale=locale)
            for message in template:
                if message.id:
                    catalogue.add(message.id, "")
            before = {}
        for message in catalogue:
            if message.id and not has_words(message.id) and (not message.string or message.fuzzy):
                message.string = message.id  # a number, a formula, code, a link: nothing to translate
                message.flags.discard("fuzzy")
                message.previous_id = []
        after = {m.id: (m.string, m.fuzzy) for m in catalogue if m.id}
        if after != before:
            new = sum(1 for k in after if k not in before)
            fuzzy = sum(1 for k, (_, f) in after.items() if f and not before.get(k, ("", False))[1])
            gone = sum(1 for k in before if k not in after)
            report.append(f"{page}: {new} new ({fuzzy} of them fuzzy: their English changed), {gone} gone")
        write(path, catalogue)
    for path in sorted(folder.rglob("*.po")):
        page = path.relative_to(folder).with_suffix("").as_posix()
        if page not in found:
            path.unlink()
            report.append(f"{page}: no such page any more, its catalogue removed")
    return report + update_stores(root, locale)


def merge(path: Path, messages: list[tuple[str | None, str]], locale: str = LANGUAGE) -> tuple[int, int, int]:
    """Merge ``messages`` (context, English) into the catalogue at ``path``, as ``update`` does
    for a page; return how many are new, newly fuzzy and gone."""
    from babel.messages.catalog import Catalog

    template = Catalog(locale=locale)
    for context, english in messages:
        template.add(english, context=context)
    if path.exists():
        catalogue = read(path, locale)
        before = {(m.context, m.id): (m.string, m.fuzzy) for m in catalogue if m.id}
        catalogue.update(template, no_fuzzy_matching=False, update_header_comment=False)
        catalogue.obsolete.clear()
    else:
        catalogue = Catalog(locale=locale)
        for context, english in messages:
            catalogue.add(english, "", context=context)
        before = {}
    after = {(m.context, m.id): (m.string, m.fuzzy) for m in catalogue if m.id}
    write(path, catalogue)
    new = sum(1 for k in after if k not in before)
    fuzzy = sum(1 for k, (_, f) in after.items() if f and not before.get(k, ("", False))[1])
    return new, fuzzy, sum(1 for k in before if k not in after)


def update_stores(root: Path, locale: str = LANGUAGE) -> list[str]:
    """Merge every store's English into its catalogue under ``ndcg/course/locales``."""
    folder = package_dir(root, locale)
    found = store_messages(root)
    report = []
    for domain, messages in found.items():
        new, fuzzy, gone = merge(folder / f"{domain}.po", messages, locale)
        if new or gone:
            report.append(f"{domain}: {new} new ({fuzzy} of them fuzzy: their English changed), {gone} gone")
    for path in sorted(folder.rglob("*.po")) if folder.exists() else []:
        domain = path.relative_to(folder).with_suffix("").as_posix()
        if domain not in found:
            path.unlink()
            report.append(f"{domain}: no such store any more, its catalogue removed")
    return report


# -- every catalogue checked and mended (one message's checks: i18n_checks.py) ----------------------


def mend_catalogues(root: Path) -> list[str]:
    """Mend the emphasis of every catalogue's translations (:func:`mend_emphasis`), pages and
    stores; return one line per message changed."""
    changed = []
    for folder in (catalogue_dir(root), package_dir(root)):
        for path in sorted(folder.rglob("*.po")):
            catalogue = read(path)
            touched = False
            for message in catalogue:
                if not message.id or not message.string or message.fuzzy:
                    continue
                mended = mend_emphasis(message.id, message.string)
                if mended != message.string:
                    changed.append(
                        f"{path.relative_to(root).as_posix()}: {message.string[:60]!r} -> {mended[:60]!r}"
                    )
                    message.string = mended
                    touched = True
            if touched:
                write(path, catalogue)
    return changed


def unmerged(root: Path, extracted: Path, locale: str = LANGUAGE) -> list[str]:
    """The English sentences a language's catalogues do not hold yet (changed or new since the last
    ``update``), and the ones they hold that the pages no longer say, from a fresh extraction."""
    found = []
    folder = catalogue_dir(root, locale)
    for page, pot in templates(extracted).items():
        english = {m.id for m in read(pot, locale) if m.id}
        path = folder / f"{page}.po"
        held = {m.id for m in read(path, locale) if m.id} if path.exists() else set()
        found += [
            f"{page}: {m[:70]!r}: new or changed English, not in its catalogue yet" for m in english - held
        ]
        found += [
            f"{page}: {m[:70]!r}: no longer on the page (its English changed or went)" for m in held - english
        ]
    if found:
        found.append("run `python tools/run.py translations` to merge them (changed ones come back fuzzy)")
    return found


def problems(root: Path, only: Iterable[str] = (), locale: str = LANGUAGE) -> list[str]:
    """Every problem of a language's catalogues (or of the pages ``only``), and every page without
    one; the glossary's terms checked where the language has a termbase (``locales/<locale>/``)."""
    folder = catalogue_dir(root, locale)
    terms = glossary_terms(root) if (root / LOCALES / locale / "termbase.yaml").is_file() else []
    found = []
    pages = toc.pages(root)
    if only:
        pages = [p for p in pages if p in set(only)]
    for page in pages:
        path = folder / f"{page}.po"
        if not path.exists():
            found.append(f"{page}: no catalogue ({path.relative_to(root).as_posix()})")
            continue
        found.extend(problems_in(page, read(path, locale), terms))
    if not only:
        found.extend(store_problems(root, terms, locale))
    return found


def store_problems(root: Path, terms: Iterable[Term] = (), locale: str = LANGUAGE) -> list[str]:
    """Every problem of the stores' catalogues, with what their stores say now: a message the
    catalogue lacks (new or changed English not merged yet) or holds in vain, and the checks of
    :func:`problems_in`."""
    folder = package_dir(root, locale)
    found = []
    for domain, messages in store_messages(root).items():
        path = folder / f"{domain}.po"
        if not path.exists():
            found.append(
                f"{domain}: no catalogue ({path.relative_to(root).as_posix()}): run `python tools/run.py translations`"
            )
            continue
        catalogue = read(path, locale)
        held = {(m.context, m.id) for m in catalogue if m.id}
        wanted = set(messages)
        found += [
            f"{domain}: {e[:70]!r}: new or changed English, not in its catalogue yet"
            for _, e in wanted - held
        ]
        found += [
            f"{domain}: {e[:70]!r}: no longer said (its English changed or went)" for _, e in held - wanted
        ]
        found.extend(problems_in(domain, catalogue, terms, reparsed=False))
    return found


# -- compiling and building ------------------------------------------------------------------------

#: A glue role naming a key of its own page: ``{glue:text}`key:.3f``` (no ``page::``).
_SAME_PAGE_GLUE = re.compile(r"\{(glue(?::\w+)?)\}`(?![^`]*::)([^`]+)`")


def resolvable(text: str, page: str) -> str:
    """A translation with its same-page glue roles written as cross-page ones.

    A translated paragraph is parsed again on its own, without its page's glue data, so a
    same-page ``{glue:text}`key``` would render empty; ``{glue:text}`/page.md::key``` is looked
    up after the page is read, and renders the same value."""

    def cross_page(m: re.Match) -> str:
        role, content = m.group(1), m.group(2)
        if role == "glue:text" and ":" not in content:
            # myst-nb reads ``page::key`` as ``page:`` with the format ``key``: say the format.
            content += ":s"
        return f"{{{role}}}`/{page}.md::{content}`"

    return _SAME_PAGE_GLUE.sub(cross_page, text)


def compile_catalogues(root: Path, locale: str = LANGUAGE) -> Path:
    """Compile every catalogue to ``_build/locales`` (the fuzzy and empty messages left out, so
    Sphinx shows the English there: the checks fail on them first), glue made resolvable.

    Each ``.mo`` goes next to a copy of its ``.po``: Sphinx finds a page's catalogue by its ``.po``
    and re-reads the page when the ``.mo`` is newer, so a file is rewritten only when it changed."""
    import io

    from babel.messages.mofile import write_mo

    out = root / COMPILED / locale / "LC_MESSAGES"
    folder = catalogue_dir(root, locale)
    written = set()
    for path in sorted(folder.rglob("*.po")):
        page = path.relative_to(folder).with_suffix("").as_posix()
        catalogue = read(path, locale)
        for message in catalogue:
            if message.id and message.string and not message.fuzzy:
                message.string = resolvable(message.string, page)
        buffer = io.BytesIO()
        write_mo(buffer, catalogue)
        for target, data in (
            (out / f"{page}.mo", buffer.getvalue()),
            (out / f"{page}.po", path.read_bytes()),
        ):
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != data:
                target.write_bytes(data)
            written.add(target)
    for stale in [p for p in out.rglob("*") if p.is_file() and p not in written] if out.exists() else []:
        stale.unlink()
    return root / COMPILED


def build(root: Path, code: str = "zh") -> int:
    """The edition of the language ``code``, into ``_build/html/<folder>`` (``_build/html/zh``): the
    English build's settings and its execution cache, Sphinx's ``language`` its locale
    (``zh_CN``), every warning an error. It is built in ``_build/<folder>/html`` first, then moved:
    myst-nb writes its executed notebooks beside the output folder (``<out>/../jupyter_execute``),
    which must not be inside the English edition."""
    language = manifest.language(code)
    compiled = compile_catalogues(root, language.locale)
    scratch = root / "_build" / language.folder / "html"
    final = root / BOOK / language.folder
    if final.is_dir() and not scratch.exists():  # the last build, back to where Sphinx left it
        scratch.parent.mkdir(parents=True, exist_ok=True)
        final.rename(scratch)
    result = sphinx(
        root,
        "html",
        scratch,
        root / "_build" / language.folder / ".doctrees",
        {
            "language": language.locale,
            "locale_dirs": [str(compiled)],
            # The English build's cache (its default place, beside _build/html), not one beside
            # _build/html/zh: every notebook's outputs come from the one run both editions share.
            "nb_execution_cache_path": str(root / "_build" / ".jupyter_cache"),
        },
        True,
    )
    if result == 0:
        if final.exists():
            shutil.rmtree(final)
        final.parent.mkdir(parents=True, exist_ok=True)
        scratch.rename(final)
    return result


def catalogue_check(prog: str, doc: str, fix, find, words: tuple[str, str, str], argv=None) -> int:
    """The command line of a check on the Chinese catalogues that can also mend what it finds
    (``python -m ndcg_book typography``, ``python -m ndcg_book termbase``): with ``--fix``, ``fix(root)``
    first (the number it mends); then ``find(root)``, each finding on a line, and a last line from
    ``words`` (mended, found, clean). Exit code 1 when something is found."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0])
    parser.add_argument("--fix", action="store_true", help="mend what can be mended mechanically first")
    args = parser.parse_args(argv)
    mended, found_words, clean = words
    if args.fix:
        print(f"{fix(ROOT)} {mended}")
    found = list(find(ROOT))
    print("\n".join(str(f) for f in found))
    print(f"{len(found)} {found_words}" if found else clean)
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    codes = [language.code for language in translated()]
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book translations", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("command", choices=["update", "check", "build", "emphasis"])
    parser.add_argument("pages", nargs="*", help="check: only these pages (chapters/01_cg ...)")
    parser.add_argument(
        "--language",
        choices=codes,
        action="append",
        help="only this language (again for several; default: every language but English)",
    )
    parser.add_argument(
        "--fix",
        action="store_true",
        help="emphasis: mend what can be mended mechanically",
    )
    parser.add_argument(
        "--fresh", action="store_true", help="check: also against a fresh extraction of the English pages"
    )
    args = parser.parse_args(argv)
    root = ROOT
    languages = [manifest.language(code) for code in (args.language or codes)]
    if args.command == "update":
        found = templates(extract(root))
        report = [line for language in languages for line in update(root, language.locale, found)]
        print("\n".join(report) or "every catalogue is up to date")
        return 0
    if args.command == "emphasis":
        if args.fix:
            print("\n".join(mend_catalogues(root)) or "no emphasis to mend")
        found = [line for line in problems(root, args.pages) if "its emphasis does not render" in line]
        print("\n".join(found) or "every translation's emphasis renders as its English's")
        return 1 if found else 0
    if args.command == "check":
        found = []
        extracted = extract(root) if args.fresh else None
        for language in languages:
            said = problems(root, args.pages, language.locale)
            if extracted is not None:
                said = unmerged(root, extracted, language.locale) + said
            found += [f"{language.code}: {line}" if len(languages) > 1 else line for line in said]
        for line in found:
            print(line)
        print(
            f"{len(found)} problem(s)"
            if found
            else "every page is translated, and every translation is current"
        )
        return 1 if found else 0
    for language in languages:
        if build(root, language.code) != 0:
            return 1
    return 0
