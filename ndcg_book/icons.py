"""The book's icons: the theme's Font Awesome font cut down to the icons the pages use.

pydata-sphinx-theme loads ``_static/scripts/fontawesome.js`` on every page: Font Awesome's SVG+JS
build, 1.5 MB with every one of its icons, which replaces each ``<i class="fa-solid fa-…">`` by an
inline SVG once the page has loaded. The book's pages use about twenty icons (the menu, search,
colour mode, download, full screen, the arrows). The theme's stylesheet also draws every icon from
Font Awesome's font (``.fa-download:before { content: "\\f019" }``, ``@font-face`` on
``_static/vendor/fontawesome/webfonts/``), so this part of the build

* leaves the script out of every page (``templates/layout.html``) and out of the built book;
* when the build has finished, reads which icons the built pages and the theme's scripts name
  (:func:`icons_used`) and which the stylesheets draw by themselves (:func:`stylesheet_characters`:
  the admonitions' icons, a toggle's chevron), and writes each of the theme's three fonts again with those icons only
  (:func:`subset_fonts`, with fontTools, from the theme's own files, so an incremental build that
  adds an icon gets it): 156 kB of solid icons become about 3 kB;
* leaves the other icons' rules out of the theme's stylesheet (:func:`keep_rules`);
* marks each icon element ``aria-hidden="true"`` (the SVG build did that; a screen reader should
  not read a private-use character) (:func:`hide_icons`).

An icon a page names that the theme's stylesheet does not draw is a build warning.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

#: The theme's script that draws the icons, which no page of the book loads.
SCRIPT = "scripts/fontawesome.js"
#: The theme's Font Awesome fonts, under a built book's ``_static/``.
WEBFONTS = "vendor/fontawesome/webfonts"
#: The theme's stylesheet, which maps each icon's class to its character.
STYLESHEET = "styles/pydata-sphinx-theme.css"
#: A rule of that stylesheet: ``.fa-magnifying-glass:before,.fa-search:before{content:"\\f002"}``.
_RULE = re.compile(r'((?:\.fa-[a-z0-9-]+:before,?)+)\{content:"\\([0-9a-f]+)"\}')
#: An icon's class in a page or a script.
_CLASS = re.compile(r"\bfa-([a-z0-9]+(?:-[a-z0-9]+)*)")
#: An icon element of a built page without ``aria-hidden`` (the theme writes ``<i>`` and ``<span>``).
_ICON = re.compile(
    r'<(i|span) class="([^"]*\bfa-(?:solid|regular|brands)\b[^"]*|fas? [^"]*|fa[rb] [^"]*)"(?![^>]*aria-hidden)'
)


def characters(css: str) -> dict[str, int]:
    """Each icon's name in the theme's stylesheet ``css`` and its character.

    >>> characters('.fa-magnifying-glass:before,.fa-search:before{content:"\\\\f002"}.fa-lg{font-size:1.25em}')
    {'magnifying-glass': 61442, 'search': 61442}
    """
    out = {}
    for match in _RULE.finditer(css):
        for name in re.findall(r"\.fa-([a-z0-9-]+):before", match.group(1)):
            out[name] = int(match.group(2), 16)
    return out


def icons_used(texts) -> set[str]:
    """The ``fa-`` names in ``texts`` (pages, scripts): icons and modifiers alike.

    >>> sorted(icons_used(['<i class="fa-solid fa-magnifying-glass fa-lg">', "x.classList.add('fa-sun')"]))
    ['lg', 'magnifying-glass', 'solid', 'sun']
    """
    found = set()
    for text in texts:
        found.update(_CLASS.findall(text))
    return found


#: The Unicode private-use area, where Font Awesome puts its icons.
PRIVATE_USE = (0xE000, 0xF8FF)
#: An icon's character written in a stylesheet: as itself (a private-use character) or escaped.
_WRITTEN = re.compile(r"[\ue000-\uf8ff]|\\([ef][0-9a-f]{3})\b")


def stylesheet_characters(css: str) -> set[int]:
    r"""The icon characters a stylesheet draws by itself, outside the icon classes' rules: the
    theme's admonition and link icons (``--pst-icon-lightbulb: "\uf0eb"``), a toggle's chevron
    (``content: "\f107"``).

    >>> sorted(hex(c) for c in stylesheet_characters(
    ...     '.fa-bars:before{content:"\\f0c9"}:root{--pst-icon-bell:"\uf0f3"}.x:after{content:"\\f107"}'
    ...     '.y:after{content:"\\fe0f"}'))
    ['0xf0f3', '0xf107']
    """
    found = set()
    for match in _WRITTEN.finditer(_RULE.sub("", css)):
        found.add(int(match.group(1), 16) if match.group(1) else ord(match.group(0)))
    return {c for c in found if PRIVATE_USE[0] <= c <= PRIVATE_USE[1]}  # not "\fe0f", an emoji's


def keep_rules(css: str, names: set[str]) -> str:
    r"""The theme's stylesheet ``css`` without the rules of the icons none of ``names`` names
    (about 1,900 rules, 86 kB).

    >>> keep_rules('.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}.fa-sun:before{content:"\\f185"}p{}', {"bars"})
    '.fa-bars:before,.fa-navicon:before{content:"\\f0c9"}p{}'
    """

    def rule(match: re.Match) -> str:
        named = re.findall(r"\.fa-([a-z0-9-]+):before", match.group(1))
        return match.group(0) if names.intersection(named) else ""

    return _RULE.sub(rule, css)


def hide_icons(html: str) -> str:
    """``html`` with every icon element marked ``aria-hidden="true"``.

    >>> hide_icons('<i class="fa-solid fa-bars"></i><span class="fa-solid fa-list"></span><i class="fas fa-file">')
    '<i aria-hidden="true" class="fa-solid fa-bars"></i><span aria-hidden="true" class="fa-solid fa-list"></span><i aria-hidden="true" class="fas fa-file">'
    >>> hide_icons('<i aria-hidden="true" class="fa-solid fa-bars">')
    '<i aria-hidden="true" class="fa-solid fa-bars">'
    """
    return _ICON.sub(lambda m: f'<{m.group(1)} aria-hidden="true" class="{m.group(2)}"', html)


def subset_fonts(source: Path, target: Path, codepoints: set[int]) -> dict[str, tuple[int, int]]:
    """Write each font of ``source`` (the theme's webfonts folder) into ``target`` with only the
    glyphs of ``codepoints``; return each file's size before and after."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    sizes = {}
    for path in sorted(source.iterdir()):
        if path.suffix not in (".woff2", ".ttf"):
            continue
        font = TTFont(path, recalcTimestamp=False)  # the source's date: the same bytes in every build
        options = subset.Options()
        options.flavor = "woff2" if path.suffix == ".woff2" else None
        options.layout_features = []
        options.name_IDs = ["*"]  # the font's names and its licence notice stay
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codepoints & set(font.getBestCmap() or {})))
        subsetter.subset(font)
        out = target / path.name
        font.flavor = options.flavor
        font.save(out)
        sizes[path.name] = (path.stat().st_size, out.stat().st_size)
    return sizes


def theme_static() -> Path:
    """The theme's own ``static/`` folder (the fonts are cut from its files, never from a build's)."""
    import pydata_sphinx_theme

    return Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"


def built_pages(out: Path) -> list[Path]:
    """The pages of the edition built into ``out``: not the other edition's (the English build's
    folder holds the Chinese one, ``zh/``, which its own build finishes), nor the theme's template
    files that Sphinx copies into ``_static/`` (``webpack-macros.html``)."""
    return sorted(p for p in out.rglob("*.html") if p.relative_to(out).parts[0] not in ("zh", "_static"))


def finish(app, exception) -> None:
    """``build-finished``: :func:`finish_edition` on the edition built into ``app.outdir``."""
    if exception is None and app.builder.format == "html":
        finish_edition(Path(app.outdir))


def finish_edition(out: Path) -> None:
    """In the edition built into ``out``: the script gone, the fonts cut to the icons used, the
    icons hidden from screen readers."""
    static = out / "_static"
    pages = built_pages(out)
    texts = []
    for page in pages:
        html = page.read_text(encoding="utf-8")
        hidden = hide_icons(html)
        if hidden != html:
            page.write_text(hidden, encoding="utf-8")
        texts.append(hidden)
    scripts = [
        p.read_text(encoding="utf-8")
        for p in sorted((static / "scripts").glob("*.js"))
        if p.name != "fontawesome.js"
    ]
    names = icons_used(texts + scripts)
    chars = characters((theme_static() / STYLESHEET).read_text(encoding="utf-8"))
    modifiers = {"solid", "regular", "brands", "lg", "fw", "xs", "sm", "xl", "2xl", "2xs", "1x", "2x"}
    unknown = sorted(n for n in names - modifiers - set(chars) if not n.startswith(("classic", "sharp")))
    for name in unknown:
        logger.warning(f"the icon fa-{name} is named in the built book but the theme's font has no such icon")
    (static / SCRIPT).unlink(missing_ok=True)
    whole = (theme_static() / STYLESHEET).read_text(encoding="utf-8")  # the theme's, as it ships
    (static / STYLESHEET).write_text(keep_rules(whole, names), encoding="utf-8")
    drawn = set()
    for sheet in static.rglob("*.css"):
        drawn |= stylesheet_characters(sheet.read_text(encoding="utf-8"))
    subset_fonts(
        theme_static() / WEBFONTS, static / WEBFONTS, {chars[n] for n in names if n in chars} | drawn
    )


def register(app) -> None:
    # before ndcg_book.assets drops the source maps (500), which then drops the stylesheet's too
    app.connect("build-finished", finish, priority=400)
