"""The theme's icons in the built book (``ndcg_book/icons.py``): no page loads Font Awesome's
1.5 MB script and the book does not ship it; each edition's Font Awesome fonts hold exactly the
icons its pages and scripts name and its stylesheets draw (every one of them, and nothing else), so they are a
few kilobytes; every
icon element is hidden from screen readers. That the icons are drawn is checked in Chromium, on
every page at a phone's width (``tests/browser/test_phone.py``).

These tests skip until ``make book``.
"""

from __future__ import annotations

import re

import pytest

from ndcg_book import icons
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)
EDITIONS = {"en": BOOK, "zh": ZH}
#: The most a cut font may weigh (the solid icons' woff2 was 156 kB whole).
MOST_BYTES = 12_000


def pages(edition: str) -> list:
    return icons.built_pages(EDITIONS[edition])


def codepoints(font_path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(font_path).getBestCmap()) - {0x20}


def problems(edition: str) -> list[str]:
    folder = EDITIONS[edition]
    texts = {p: p.read_text(encoding="utf-8") for p in pages(edition)}
    out = [f"{p.relative_to(folder)} loads {icons.SCRIPT}" for p, t in texts.items() if "fontawesome.js" in t]
    if (folder / "_static" / icons.SCRIPT).exists():
        out.append(f"the built book ships _static/{icons.SCRIPT}")
    bare = [p.relative_to(folder).as_posix() for p, t in texts.items() if icons.hide_icons(t) != t]
    if bare:
        out.append(f"icons read by screen readers on {len(bare)} pages, e.g. {bare[:3]}")
    chars = icons.characters((icons.theme_static() / icons.STYLESHEET).read_text(encoding="utf-8"))
    scripts = [p.read_text(encoding="utf-8") for p in (folder / "_static" / "scripts").glob("*.js")]
    named = {name for name in icons.icons_used([*texts.values(), *scripts]) if name in chars}
    used = {chars[name] for name in named}
    kept = icons.characters((folder / "_static" / icons.STYLESHEET).read_text(encoding="utf-8"))
    if unruled := sorted(named - set(kept)):
        out.append(f"icons named without their rule in the built stylesheet: {unruled}")
    if len(kept) > 3 * len(named):
        out.append(f"the built stylesheet draws {len(kept)} icon names for {len(named)} named")
    for sheet in (folder / "_static").rglob("*.css"):  # the admonitions' icons, a toggle's chevron
        used |= icons.stylesheet_characters(sheet.read_text(encoding="utf-8"))
    fonts = folder / "_static" / icons.WEBFONTS
    held = {font.name: codepoints(font) for font in sorted(fonts.glob("*.woff2"))}
    if missing := sorted(f"{c:x}" for c in used - set().union(*held.values())):
        out.append(f"icons in none of the fonts: {missing}")
    for name, chars_held in held.items():
        if extra := sorted(f"{c:x}" for c in chars_held - used):
            out.append(
                f"{name} holds {len(extra)} icons that no page or script names nor stylesheet draws: {extra}"
            )
    for font in sorted(fonts.iterdir()):
        if font.stat().st_size > MOST_BYTES:
            out.append(f"{font.name} weighs {font.stat().st_size} bytes (at most {MOST_BYTES})")
    return out


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_icons_are_the_pages_own_cut_from_the_theme_s_font_without_its_script(edition):
    found = problems(edition)
    assert not found, "\n".join(found)


def test_the_theme_s_stylesheet_draws_every_icon_the_theme_writes():
    # The map from an icon's class to its character is read from the theme's stylesheet: if an
    # upgrade of the theme drew its icons otherwise, the map would be empty and no icon found.
    chars = icons.characters((icons.theme_static() / icons.STYLESHEET).read_text(encoding="utf-8"))
    assert len(chars) > 1_000 and chars["magnifying-glass"] == 0xF002 and chars["bars"] == 0xF0C9
    assert re.search(
        r"fa-solid-900\.woff2", (icons.theme_static() / icons.STYLESHEET).read_text(encoding="utf-8")
    )


def test_a_font_cut_to_some_icons_holds_those_and_only_those(tmp_path):
    chars = icons.characters((icons.theme_static() / icons.STYLESHEET).read_text(encoding="utf-8"))
    wanted = {chars["bars"], chars["sun"]}
    sizes = icons.subset_fonts(icons.theme_static() / icons.WEBFONTS, tmp_path, wanted)
    assert codepoints(tmp_path / "fa-solid-900.woff2") == wanted
    before, after = sizes["fa-solid-900.woff2"]
    assert after < before / 20, sizes


def test_a_cut_font_is_the_same_bytes_in_every_build(tmp_path, monkeypatch):
    # fontTools stamps a saved font with the time of saving unless told not to: two builds of the
    # same book then shipped different fonts (and different zips for a USB stick)
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables import _h_e_a_d

    chars = icons.characters((icons.theme_static() / icons.STYLESHEET).read_text(encoding="utf-8"))
    source = icons.theme_static() / icons.WEBFONTS
    cuts = []
    for when, folder in ((1, tmp_path / "first"), (2_000_000_000, tmp_path / "second")):
        folder.mkdir()
        monkeypatch.setattr(_h_e_a_d, "timestampNow", lambda when=when: when)
        icons.subset_fonts(source, folder, {chars["bars"]})
        cuts.append((folder / "fa-solid-900.woff2").read_bytes())
    assert cuts[0] == cuts[1]
    cut = TTFont(tmp_path / "first" / "fa-solid-900.woff2")
    assert cut["head"].modified == TTFont(source / "fa-solid-900.woff2")["head"].modified
