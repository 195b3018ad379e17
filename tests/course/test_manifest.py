"""The course as data (``ndcg/course/course.toml``, read by ``ndcg.course.manifest``) against the
repository: the same chapters and companion pages as ``_toc.yml``, in the same order; every chapter
with its files; every language with its catalogues; the lists the package and the book build use
are the manifest's; and no other code spells the chapters' list again."""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
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


def test_each_language_says_how_its_text_is_set_and_keeps_its_own_anki_ids():
    languages = manifest.languages()
    for language in languages:
        assert isinstance(language.spaced, bool) and language.full_stop.strip() == language.full_stop != ""
        opening, closing = language.parentheses
        assert opening.strip() and closing.strip() and opening.lstrip() == opening.strip()
        assert (opening[0] == " ") == language.spaced  # a space before an aside only where words have them
    english = manifest.language("en")
    assert (english.spaced, english.full_stop, english.parentheses, english.anki_offset) == (
        True,
        ".",
        (" (", ")"),
        0,
    )
    # each language's Anki ids are its own: a language's 999 chapter decks never reach the next one's
    offsets = sorted(language.anki_offset for language in languages)
    assert offsets[0] == 0 and all(later - earlier >= 1000 for earlier, later in itertools.pairwise(offsets))


def test_a_language_the_manifest_does_not_know_is_refused():
    listed = ", ".join(manifest.language_codes())
    with pytest.raises(ValueError, match=re.escape(f"language must be one of {listed}; got 'xx'")):
        manifest.language("xx")
    from ndcg.course.cards.markup import named_sources

    with pytest.raises(ValueError, match="language must be one of en"):
        named_sources("004", "fr")


def test_the_package_and_the_book_build_use_the_manifests_lists():
    assert manifest.language_codes() == i18n.LANGUAGES
    assert cards.chapters() == answers.chapters() == manifest.chapter_stems()
    assert timing.chapter_names(ROOT) == manifest.chapter_stems()  # what the timings read from the files
    assert timing.companion_names(ROOT) == manifest.companion_pages()


def test_every_agenda_teaches_the_manifests_chapters_in_known_steps():
    stems = set(manifest.chapter_stems())
    keys = [agenda.key for agenda in manifest.agendas()]
    assert keys and len(set(keys)) == len(keys) and list(timing.PLANS) == keys
    for agenda in manifest.agendas():
        assert set(agenda.before) <= stems, agenda.key
        for kind, *rest in agenda.steps:
            known = {
                "teach": len(rest) == 1 and rest[0] in stems,
                "exercises": len(rest) == 2 and rest[0] in stems and isinstance(rest[1], int) and rest[1] > 0,
                "break": not rest,
                "lunch": not rest,
            }
            assert known.get(kind), f"agenda {agenda.key}: step {[kind, *rest]}"


def test_a_chapter_the_manifest_does_not_know_is_refused():
    with pytest.raises(ValueError, match="stem must be one of 00_why"):
        manifest.companion_pages("07_magic")


def test_the_table_of_contents_is_what_the_manifest_writes():
    """``_toc.yml`` is written from the manifest's parts and chapters (``python3 tools/run.py toc``):
    a chapter or a companion page added to the manifest reaches the book's contents without an
    edit there."""
    from ndcg_book import toc

    assert (ROOT / "_toc.yml").read_text(encoding="utf-8") == toc.written(ROOT), (
        "run `python3 tools/run.py toc`"
    )
    captions = [part.caption for part in manifest.parts()]
    assert {chapter.part for chapter in manifest.chapters()} <= set(captions)
    assert [caption for caption, _ in toc.parts(ROOT)[1:]] == captions


def test_a_new_chapter_reaches_the_table_of_contents_in_its_part(monkeypatch, tmp_path):
    from ndcg_book import toc

    chapters = manifest.chapters()
    added = manifest.Chapter("07_fresh", ("07-deeper",), "Fresh", chapters[-1].part)
    monkeypatch.setattr(manifest, "chapters", lambda: (*chapters, added))
    (tmp_path / "instructors").mkdir()
    (tmp_path / "instructors" / "07_fresh.md").write_text("# Notes\n", encoding="utf-8")
    (tmp_path / "_toc.yml").write_text(toc.written(tmp_path), encoding="utf-8")
    pages = [page for _, names in toc.parts(tmp_path) for page in names]
    assert pages.index("chapters/07_fresh") == pages.index(f"chapters/{chapters[-1].stem}") + 1 + len(
        chapters[-1].companions
    )
    assert pages[pages.index("chapters/07_fresh") + 1] == "chapters/further/07-deeper"
    assert [page for page in pages if page.startswith("instructors/0")] == ["instructors/07_fresh"]


def test_a_chapter_in_a_part_the_book_does_not_have_is_refused(monkeypatch):
    chapters = manifest.chapters()
    stray = manifest.Chapter("07_fresh", (), "Fresh", "Appendices")
    monkeypatch.setattr(manifest, "chapters", lambda: (*chapters, stray))
    manifest.parts.cache_clear()
    try:
        with pytest.raises(ValueError, match="chapter 07_fresh: part must be one of 'Start here'"):
            manifest.parts()
    finally:
        manifest.parts.cache_clear()


# -- the chapters' list is spelled in the manifest, and nowhere else ------------------------------
#
# The rule, on every tracked .py and .js file of the house (not the vendored code, not the
# manifest's reader), its docstrings and comments left out (an example is not a list):
#
# * nowhere (tests and benchmarks included) does one display (a list, tuple, set or dict, with the
#   displays nested in it) name every chapter: that is the list; nor does one string name every
#   chapter, or the first and the last (the list's span: "one of 00_why ... 06_ltr"), or spell a
#   pattern of the stems: two chapters' names as alternatives (``why|cg``) or the range of their
#   numbers (``0[0-6]_``);
# * the code that ships or builds the book (:data:`BUILDS`) and every script name at most one
#   chapter in all of a file's strings: one page as an example, never two.
#
# A test may name the pages it makes a claim about (the pages a search word finds, the chapter that
# defines a term): that is content, and it changes with the content, not with a new chapter.

#: The folders of the code that ships or builds the book.
BUILDS = ("ndcg/", "ndcg_book/", "tools/", "experiments/")
#: The manifest's reader, which may spell anything (it spells nothing but examples today).
READER = "ndcg/course/manifest.py"


def chapters_named(text: str) -> list[str]:
    """The chapters whose stem ``text`` names (a stem not glued to more digits or letters), in the
    course's order."""
    return [
        stem
        for stem in manifest.chapter_stems()
        if stem in text and re.search(rf"(?<![0-9]){stem}(?![a-z0-9])", text)
    ]


def spells_a_pattern(text: str) -> bool:
    """Whether ``text`` is a pattern that matches stems by spelling them: two chapters' names as
    alternatives (``why|cg``) or the range of the chapters' numbers (``0[0-6]_``)."""
    names = "|".join(stem.split("_", 1)[1] for stem in manifest.chapter_stems())
    last = int(manifest.chapter_stems()[-1].split("_", 1)[0]) % 10
    return bool(re.search(rf"(?<![a-z])(?:{names})\|(?:{names})(?![a-z])", text) or f"[0-{last}]_" in text)


def is_the_list(named: set[str], span: bool = False) -> bool:
    """Whether chapters ``named`` together are the list: every chapter; with ``span``, a string's,
    also the first and the last."""
    stems = manifest.chapter_stems()
    return named == set(stems) or (span and {stems[0], stems[-1]} <= named)


def python_strings(source: str) -> tuple[list[tuple[int, str]], list[tuple[int, set[str]]]]:
    """A Python module's strings outside its docstrings, each with its line, and its displays, each
    with its line and the chapters named by its strings and by the displays nested in it (only when
    the module's strings name every chapter: no display can otherwise)."""
    nodes = list(ast.walk(ast.parse(source)))
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    docstrings = {
        id(node.body[0].value)
        for node in nodes
        if isinstance(node, documented) and node.body and isinstance(node.body[0], ast.Expr)
    }
    strings = [
        (node.lineno, node.value)
        for node in nodes
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]
    if not is_the_list({stem for _, text in strings for stem in chapters_named(text)}):
        return strings, []
    kinds = (ast.List, ast.Tuple, ast.Set, ast.Dict)

    def named(display: ast.AST) -> set[str]:
        found: set[str] = set()
        for child in ast.iter_child_nodes(display):
            if isinstance(child, ast.Constant) and isinstance(child.value, str):
                found |= set(chapters_named(child.value))
            elif isinstance(child, (*kinds, ast.JoinedStr)):
                found |= named(child)
        return found

    return strings, [(node.lineno, named(node)) for node in nodes if isinstance(node, kinds)]


def script_strings(source: str) -> list[tuple[int, str]]:
    """A script's string literals (quoted, template or regular expression), each with its line,
    its comments left out. A slash starts a regular expression where a value may start (after an
    operator, an opening bracket, a comma, ``return`` ...), and a division elsewhere."""
    found, i, line, n = [], 0, 1, len(source)
    value_may_start = True
    while i < n:
        char = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i) if source.find("\n", i) >= 0 else n
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif char in "'\"`" or (char == "/" and value_may_start):
            start, i, in_class = i, i + 1, False
            while i < n and (source[i] != char or in_class):
                if source[i] == "\\":
                    i += 1
                elif char == "/" and source[i] in "[]":
                    in_class = source[i] == "["
                i += 1
            found.append((line, source[start + 1 : i]))
            line += source.count("\n", start, i)
            i += 1
            value_may_start = False
        else:
            if char == "\n":
                line += 1
            if not char.isspace():
                word = re.match(r"[A-Za-z_$][\w$]*", source[i:])
                if word:
                    value_may_start = word.group() in ("return", "typeof", "case", "in", "of", "yield")
                    i += len(word.group())
                    continue
                value_may_start = char not in ")]}" and not char.isalnum()
            i += 1
    return found


def house_files() -> list[str]:
    """Every tracked .py and .js file of the house: not the vendored code, not the manifest's reader."""
    listed = subprocess.run(
        ["git", "ls-files", "*.py", "*.js"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [path for path in listed if "vendor/" not in path and path != READER and (ROOT / path).is_file()]


def list_problems(path: str, source: str) -> list[str]:
    """Where file ``path``, its text ``source``, spells the chapters' list (the rule above)."""
    if len(chapters_named(source)) < 2 and not spells_a_pattern(source):
        return []  # no string of it can break a rule, whatever its comments and docstrings say
    if path.endswith(".py"):
        strings, displays = python_strings(source)
    else:
        strings, displays = script_strings(source), []
    problems = [
        f"{path}:{line}: {text!r} spells a pattern of the chapters' stems"
        for line, text in strings
        if spells_a_pattern(text)
    ]
    problems += [
        f"{path}:{line}: {sorted(named)}: the chapters' list, spelled again"
        for line, named, span in [(line, set(chapters_named(text)), True) for line, text in strings]
        + [(line, named, False) for line, named in displays]
        if is_the_list(named, span)
    ]
    named_in_file = {stem for _, text in strings for stem in chapters_named(text)}
    if (path.endswith(".js") or path.startswith(BUILDS)) and len(named_in_file) > 1:
        problems.append(f"{path}: names chapters {sorted(named_in_file)}; the code names one at most")
    return problems


def test_no_house_file_spells_the_chapters_list_again():
    problems = [
        problem
        for path in house_files()
        for problem in list_problems(path, (ROOT / path).read_text(encoding="utf-8"))
    ]
    assert not problems, "read the chapters from ndcg.course.manifest:\n" + "\n".join(problems)


def test_the_guard_finds_the_list_in_each_of_its_forms():
    first, second, *_, last = manifest.chapter_stems()
    every = ", ".join(f"'{stem}'" for stem in manifest.chapter_stems())
    names = "|".join(stem.split("_", 1)[1] for stem in (first, second))
    for path, source in (
        ("tests/x.py", f"CHAPTERS = [{every}]\n"),
        ("tests/x.py", f"PAGES = {{'a': ('{first}', [{every}])}}\n"),
        ("tests/x.py", f'MESSAGE = "one of {first} ... {last}"\n'),
        ("tests/x.py", f"STEM = r'0\\d_({names})'\n"),
        ("ndcg/x.py", f"A, B = '{first}.md', 'chapters/{second}'\n"),
        ("tools/x.js", f"// {first}\nconst a = /x/, b = '{first}', c = `{second}`;\n"),
    ):
        assert list_problems(path, source), source
    for path, source in (
        ("tests/x.py", f'"""{every}"""\nPAGES = ["{first}", "{second}", "{last}"]  # {every}\n'),
        ("ndcg/x.py", f'def f():\n    """{every}"""\n    return "chapters/{first}.md"\n'),
        ("tools/x.js", f"// {every}\n/* {last} */ const a = 1 / 2, b = '{first}'; // {second}\n"),
    ):
        assert not list_problems(path, source), source
