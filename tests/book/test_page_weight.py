"""What a chapter page weighs: the JavaScript, CSS and fonts it requests when it loads, at most
:data:`BUDGET` on every chapter page (``chapters/*.html``, ``chapters/further/*.html``) of both
editions. Issue 34 measured 3.7 MB a page (Font Awesome's SVG+JS build, MathJax, the theme's whole
CSS); the book now typesets its maths at build time, subsets its icons, cuts the stylesheets to
the rules it uses (``ndcg_book/stylesheets.py``) and loads KaTeX's runtime only when a view first
has TeX to typeset (``ndcg_book/maths.py``).

The weight is read from the built HTML, with no browser (:func:`page_weight`): every script the
page names (``<script src>``), every stylesheet it links and the ones they ``@import``, every file
it preloads, and the fonts of the ``@font-face`` rules whose family a rule of those stylesheets
names and that rule can match the page (its classes, or a word of its scripts, which may add
one). Every face of such a family is counted (a browser loads a face only when text needs it):
an upper bound of what Chromium requests, which ``benchmarks/bench_page_load.py`` measures. A
script a page loads later, on a reader's action (KaTeX's runtime), is not part of its load.

These tests skip until ``make book``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from ndcg_book import stylesheets
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
#: The most a chapter page may request when it loads: JavaScript + CSS + fonts, in bytes.
BUDGET = 800_000
#: What kind each requested file is, by its suffix.
KINDS = {".js": "js", ".css": "css", ".woff2": "fonts", ".woff": "fonts", ".ttf": "fonts", ".otf": "fonts"}

_SCRIPT = re.compile(r"<script\b[^>]*?\ssrc=[\"']([^\"']+)[\"']", re.I)
_LINK = re.compile(r"<link\b[^>]*>", re.I)
_INLINE_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.I | re.S)


def chapter_pages(book: Path = BOOK) -> list[Path]:
    """Every chapter page of both editions: ``chapters/*.html`` and ``chapters/further/*.html``."""
    return sorted(
        path
        for edition in (book, book / "zh")
        for pattern in ("chapters/*.html", "chapters/further/*.html")
        for path in edition.glob(pattern)
    )


def _local(page: Path, reference: str) -> Path | None:
    """The file a page's ``reference`` names, or None when it is not a file of the book."""
    parts = urlsplit(reference)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return (page.parent / unquote(parts.path)).resolve()


def _attribute(tag: str, name: str) -> str | None:
    match = re.search(rf"\s{name}=[\"']([^\"']*)[\"']", tag, re.I)
    return match.group(1) if match else None


@cache
def _sheet(path: Path) -> tuple[list[Path], list[tuple[str, str, str, Path]], list[tuple[list[str], str]]]:
    """What a stylesheet holds for the weight of a page: the stylesheets it ``@import``s, its font
    faces ``(family, style, weight, first file)`` (the first file of a ``src``: the WOFF2 a
    browser takes), and its rules that set a font, ``(selectors, declarations)``, those inside
    ``@media`` and the like too."""
    import tinycss2

    imports, faces, rules = [], [], []

    def walk(nodes):
        for node in nodes:
            if node.type == "qualified-rule":
                text = tinycss2.serialize(node.content)
                if re.search(r"font|--", text):
                    rules.append((stylesheets._split_selectors(tinycss2.serialize(node.prelude)), text))
            elif node.type == "at-rule" and node.lower_at_keyword == "import":
                target = re.search(r"""(?:url\(\s*)?["']?([^"')\s;]+)""", tinycss2.serialize(node.prelude))
                if target:
                    imports.append((path.parent / target.group(1).split("?")[0]).resolve())
            elif node.type == "at-rule" and node.content is not None:
                if node.lower_at_keyword == "font-face":
                    values = {
                        d.lower_name: tinycss2.serialize(d.value).strip()
                        for d in tinycss2.parse_declaration_list(node.content)
                        if d.type == "declaration"
                    }
                    first = re.search(r"""url\(\s*["']?([^"')]+)""", values.get("src", ""))
                    if first:
                        family = values.get("font-family", "").strip("\"' ")
                        style = values.get("font-style", "normal")
                        faces.append(
                            (
                                family,
                                style,
                                _weight(values.get("font-weight", "400")),
                                (path.parent / first.group(1).split("?")[0]).resolve(),
                            )
                        )
                elif node.lower_at_keyword in ("media", "supports", "layer", "container"):
                    walk(tinycss2.parse_blocks_contents(node.content, skip_comments=True))

    walk(tinycss2.parse_stylesheet(path.read_text(encoding="utf-8"), skip_comments=True))
    return imports, faces, rules


def _weight(value: str) -> str:
    """A font weight as a number: ``bold`` is 700, ``normal`` 400."""
    return {"bold": "700", "normal": "400"}.get(value.strip().lower(), value.strip())


def _stylesheets(path: Path, seen: set[Path]) -> list[Path]:
    """``path`` and every stylesheet it ``@import``s, depth first."""
    if path in seen:
        return []
    seen.add(path)
    return [path] + [s for imported in _sheet(path)[0] for s in _stylesheets(imported, seen)]


def _asks_for(declarations: str, family: str, style: str, weight: str) -> bool:
    """Whether a rule's ``declarations`` can ask for the face ``family`` ``style`` ``weight``: they
    name the family (in ``font-family``, ``font`` or a custom property) and set no other style or
    weight (one they do not set is inherited: any)."""
    if not re.search(rf"(?<![\w-]){re.escape(family)}(?![\w-])", declarations, re.I):
        return False
    shorthand = re.search(r"(?:^|;)\s*font\s*:([^;]*)", declarations, re.I)
    if shorthand:  # font: [style] [weight] size family: what it leaves out is normal
        words = shorthand.group(1).lower().split()
        said_style = "italic" if "italic" in words else "oblique" if "oblique" in words else "normal"
        said_weight = next(
            (_weight(w) for w in words if w in ("bold", "bolder") or re.fullmatch(r"[1-9]00", w)), "400"
        )
        said_weight = "700" if said_weight == "bolder" else said_weight
    else:
        said = re.search(r"font-style\s*:\s*([a-z]+)", declarations, re.I)
        said_style = said.group(1).lower() if said else None
        said = re.search(r"font-weight\s*:\s*([a-z0-9]+)", declarations, re.I)
        said_weight = _weight(said.group(1)) if said else None
    return (said_style in (None, style)) and (said_weight in (None, weight))


def _fonts(sheets: list[Path], used: set[str]) -> set[Path]:
    """The font files of ``sheets``' ``@font-face`` rules that a rule of theirs can ask for on a
    page with the classes ``used``: it names the face's family (with its style and weight, or
    none) and one of its selectors :func:`stylesheets.can_match`."""
    faces = [face for sheet in sheets for face in _sheet(sheet)[1]]
    if not faces:
        return set()
    families = re.compile("|".join(re.escape(f[0]) for f in faces), re.I)
    out = set()
    for sheet in sheets:
        for selectors, declarations in _sheet(sheet)[2]:
            if not families.search(declarations) or not any(
                stylesheets.can_match(s, used) for s in selectors
            ):
                continue
            out |= {
                path
                for family, style, weight, path in faces
                if _asks_for(declarations, family, style, weight)
            }
    return out


@cache
def _script_words(path: Path) -> frozenset[str]:
    """The words of a script that could be classes it adds (:func:`stylesheets.classes_used`)."""
    return frozenset(stylesheets.classes_used([], [path.read_text(encoding="utf-8")]))


def page_weight(page: Path) -> dict[str, dict[Path, int]]:
    """The files ``page`` requests when it loads, by kind (``js``, ``css``, ``fonts``), with their
    sizes in bytes. A file it names that is missing is an error."""
    html = page.read_text(encoding="utf-8")
    scripts, sheets, other = [], [], []
    for reference in _SCRIPT.findall(html):
        scripts.append(_local(page, reference))
    for tag in _LINK.findall(html):
        rel, href = (_attribute(tag, "rel") or "").lower().split(), _attribute(tag, "href")
        if href and "stylesheet" in rel:
            sheets.append(_local(page, href))
        elif href and "preload" in rel:
            other.append(_local(page, href))
    missing = [str(p) for p in [*scripts, *sheets, *other] if p is not None and not p.is_file()]
    if missing:
        raise FileNotFoundError(f"{page} names files the book does not have: {missing}")
    seen: set[Path] = set()
    all_sheets = [s for sheet in sheets if sheet is not None for s in _stylesheets(sheet, seen)]
    used = stylesheets.classes_used([html], _INLINE_SCRIPT.findall(html))
    for script in scripts:
        if script is not None:
            used |= _script_words(script)
    files = {p for p in [*scripts, *all_sheets, *other] if p is not None} | _fonts(all_sheets, used)
    out: dict[str, dict[Path, int]] = {"js": {}, "css": {}, "fonts": {}}
    for path in files:
        kind = KINDS.get(path.suffix.lower())
        if kind:
            out[kind][path] = path.stat().st_size
    return out


def total(weight: dict[str, dict[Path, int]]) -> int:
    return sum(sum(files.values()) for files in weight.values())


def test_page_weight_counts_scripts_stylesheets_imports_and_the_fonts_a_page_uses(tmp_path):
    static = tmp_path / "_static"
    (static / "fonts").mkdir(parents=True)
    (tmp_path / "chapters").mkdir()
    (static / "app.js").write_text("x".ljust(1000))
    (static / "lazy.js").write_text("y".ljust(5000))  # loaded by a script, later: not counted
    (static / "theme.css").write_text('@import "base.css";\n.used { font-family: Used, serif }')
    (static / "base.css").write_text(
        "@font-face { font-family: Used; src: url(fonts/used.woff2) format('woff2'), url(fonts/used.ttf) }\n"
        "@font-face { font-family: 'Unused'; src: url(fonts/unused.woff2) }\n"
        "@media print { .absent { font: 12px Unused } }\n"
    )
    (static / "fonts" / "used.woff2").write_bytes(b"\0" * 300)
    (static / "fonts" / "used.ttf").write_bytes(b"\0" * 700)
    (static / "fonts" / "unused.woff2").write_bytes(b"\0" * 900)
    page = tmp_path / "chapters" / "01.html"
    page.write_text(
        '<link rel="stylesheet" href="../_static/theme.css?v=1"><script src="../_static/app.js?v=2"></script>'
        '<p class="used">text</p>'
    )
    weight = page_weight(page)
    sizes = {kind: {p.name: n for p, n in files.items()} for kind, files in weight.items()}
    assert sizes == {
        "js": {"app.js": 1000},
        "css": {
            "theme.css": (static / "theme.css").stat().st_size,
            "base.css": (static / "base.css").stat().st_size,
        },
        "fonts": {"used.woff2": 300},
    }
    page.write_text(page.read_text() + '<script src="../_static/gone.js"></script>')
    with pytest.raises(FileNotFoundError, match="gone.js"):
        page_weight(page)


def test_every_chapter_page_of_both_editions_loads_at_most_800_kb_of_scripts_styles_and_fonts():
    pages = chapter_pages()
    if not (BOOK / "zh" / "chapters").is_dir():
        pytest.skip(f"no built book with its Chinese edition at {BOOK}: run `make book` first")
    assert len([p for p in pages if "/zh/" not in p.as_posix()]) == len(
        [p for p in pages if "/zh/" in p.as_posix()]
    )
    heavy = {}
    for page in pages:
        weight = page_weight(page)
        if total(weight) > BUDGET:
            kinds = ", ".join(f"{kind} {sum(files.values()) / 1000:.0f} kB" for kind, files in weight.items())
            biggest = sorted(
                ((n, p.relative_to(BOOK).as_posix()) for f in weight.values() for p, n in f.items())
            )
            heavy[page.relative_to(BOOK).as_posix()] = (
                f"{total(weight) / 1000:.0f} kB ({kinds}); biggest: {biggest[-3:]}"
            )
    assert not heavy, f"chapter pages over {BUDGET / 1000:.0f} kB of JavaScript, CSS and fonts: {heavy}"
