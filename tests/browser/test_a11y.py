"""Accessibility of the course's components in the built book, checked by axe-core.

axe-core is vendored, at a pinned version, in ``tests/browser/vendor/axe-core/`` (``axe.min.js`` and
its licence, MPL-2.0; see ``tests/browser/vendor/axe-core/README.md`` for where it came from): the
tests inject it into the page from that file, so nothing comes from the network.

On every page of the built book that shows something of the course, in light and in dark
mode, once the views are active and KaTeX has typeset their maths (one load of the page for
both modes: it opens in light mode, and the theme's own switch turns it dark). Every axe rule
runs in light mode; in dark mode, the rules that read colours (:data:`COLOUR_RULES`), since the
switch changes colours and nothing else: a check on every page holds that the same elements show
in both modes, so a page that shows something in one mode only gets every rule in both. axe's
contrast rule, its costliest, judges each look of text once per mode (a chapter shows about 3,000
texts in about 200 looks: same colour, size, weight and backgrounds, :data:`SAME_LOOK`), and the
rest of a look whenever axe cannot judge its first text; every other rule sees every element.

* axe runs on the course's own components (``.ndcg-kf``, ``.ndcg-widget``,
  ``table.ndcg-steps``, ``.ndcg-compare``, the printable page ``.ndcg-print``, every
  ``[data-ndcg-view]``): any serious or critical violation fails;
* axe runs on the whole page too, and every serious or critical violation outside the
  components (the theme's) is reported, and fails unless ``tests/browser/axe-allowlist.yaml`` lists
  it, by rule id and selector, with a reason.

On a chapter page the same visit first opens the "Answer the notebook's exercises here" block from
the keyboard and answers an exercise wrong twice, then right (``tests/browser/practice_box.py``):
each feedback must be the Python checker's, word for word; axe then audits the open block; on
chapter 1 a reload brings the answer, its feedback and the count of attempts back (a write that no
reload ever finds, a browser's loss seen twice in CI, is answered again once:
``pages.reload_once_stored``).

On every other page of the book (every page of ``_toc.yml`` without course components: the
setup page, the instructor's guide, the glossary, the bibliography...), in light and in dark mode,
axe runs on the main content (``main``, the page's text: the theme's navigation around it is
audited on the pages above): any serious or critical violation fails, and none may be
allowlisted. These pages are short, so the pass over all of them in both modes takes seconds
(one browser page, loaded once per page of the book and switched from light to dark).

A first visit (nothing stored, the system in light or in dark mode) is drawn in the system's
colours from the first paint: the theme is resolved before the body is parsed.

Also here, with no browser: the course's front end (``ndcg/course/static/*.js`` and
``*.css``, every component's) stays under a size budget.
"""

from __future__ import annotations

import fnmatch
import json
from contextlib import contextmanager
from pathlib import Path

import pytest

import ndcg
from tests.browser import practice_box
from tests.browser.pages import (
    PROMISE_TIMEOUT_MS,
    Visit,
    book_uri,
    course_pages,
    other_pages,
    reload_once_stored,
    switch_mode,
)
from tools import chromium as browser_setup

HERE = Path(__file__).resolve().parent
AXE = HERE / "vendor" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.11.1"
ALLOWLIST = HERE / "axe-allowlist.yaml"
STATIC = Path(ndcg.__file__).resolve().parent / "course" / "static"
BOOK = browser_setup.book_html()

#: The course's components, as axe's context (those present on a page).
COMPONENTS = (
    ".ndcg-kf",
    ".ndcg-widget",
    "table.ndcg-steps",
    ".ndcg-compare",
    ".ndcg-print",
    "[data-ndcg-view]",
    ".ndcg-get",
    ".ndcg-quiz-answers",  # the instructor notes' answer keys
    ".ndcg-practice",  # a chapter's exercises answered in the page (opened and answered first)
    "picture.ndcg-figure",  # a figure in the page's language, with its phone copy (figure_languages)
)
BAD_IMPACTS = ("serious", "critical")
#: The front end's size budget, before compression (every component's files together).
BUDGET_BYTES = 150_000


PAGES = course_pages()
OTHER_PAGES = other_pages()
book = pytest.mark.skipif(
    not BOOK.is_dir(),
    reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
)


# -- the allowlist ------------------------------------------------------------------------------


def load_allowlist() -> list[dict]:
    """The theme's violations that are accepted: ``rule``, ``selector`` (a glob over axe's
    target, e.g. ``.bd-sidebar *``), ``reason``; optional ``modes`` (light / dark)."""
    import yaml

    entries = yaml.safe_load(ALLOWLIST.read_text(encoding="utf-8")) or []
    if not isinstance(entries, list):
        raise ValueError(f"{ALLOWLIST.name}: expected a list of entries")
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or set(entry) - {"rule", "selector", "reason", "modes"}:
            raise ValueError(f"{ALLOWLIST.name}: entry {number}: keys are rule, selector, reason, modes")
        for key in ("rule", "selector", "reason"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ValueError(f"{ALLOWLIST.name}: entry {number}: {key!r} must be non-empty text")
    return entries


def allowed(rule: str, target: str, mode: str, entries: list[dict]) -> bool:
    return any(
        entry["rule"] == rule
        and fnmatch.fnmatchcase(target, entry["selector"])
        and mode in entry.get("modes", ("light", "dark"))
        for entry in entries
    )


def test_the_allowlist_is_well_formed():
    entries = load_allowlist()
    for entry in entries:
        assert len(entry["reason"].split()) >= 4, f"say why: {entry}"
    assert allowed(
        "color-contrast", ".x .y", "dark", [{"rule": "color-contrast", "selector": ".x *", "reason": "r"}]
    )
    assert not allowed(
        "color-contrast", ".z", "dark", [{"rule": "color-contrast", "selector": ".x *", "reason": "r"}]
    )


def test_axe_is_vendored_at_its_pinned_version():
    head = AXE.read_text(encoding="utf-8")[:200]
    assert f"axe v{AXE_VERSION}" in head
    assert (AXE.parent / "LICENSE").read_text(encoding="utf-8").startswith("Mozilla Public License")
    assert AXE_VERSION in (AXE.parent / "README.md").read_text(encoding="utf-8")


# -- the size budget -----------------------------------------------------------------------------


def test_the_front_end_stays_small():
    files = sorted(p for p in STATIC.iterdir() if p.suffix in (".js", ".css"))
    assert any(p.name == "ndcg-course.js" for p in files)
    sizes = {p.name: p.stat().st_size for p in files}
    total = sum(sizes.values())
    assert total < BUDGET_BYTES, f"the course's JS + CSS weigh {total} bytes (budget {BUDGET_BYTES}): {sizes}"


# -- axe on every page with course components ------------------------------------------------------


#: What axe leaves out of every run: KaTeX's drawing of a formula (``.katex-html``, hidden from
#: assistive technology with aria-hidden: the formula's accessible form is its MathML,
#: ``.katex-mathml``, which axe audits). Its thousands of spans are glyphs in the colour of the
#: text around them; walking them would be most of an audit of a chapter.
SKIPPED = [[".katex-html"]]


#: The axe rules whose outcome depends on the colours of the page, the only thing the theme's
#: light/dark switch changes (axe 4.11's rules tagged ``cat.color``: text contrast, and links told
#: from the text around them by colour alone). ``color-contrast-enhanced`` (AAA) is off by default.
COLOUR_RULES = ("color-contrast", "link-in-text-block")

#: What the page shows: the number of elements the browser renders visible. The same in both
#: modes, or the dark mode shows something the light one hides and needs every rule again.
SHOWN = """() => [...document.querySelectorAll('body *')]
  .filter(el => el.checkVisibility({opacityProperty: true, visibilityProperty: true})).length"""


#: Each look of text on a page, judged once by axe's contrast rule (its costliest: it finds what is
#: painted behind each text, element by element; a chapter holds about 3,000 texts in about 200
#: looks). Before each run, every text element gets ``data-ndcg-look``: the index of its look, which
#: is whether it is the course's or the theme's, its colour, size, weight and shadow, its own
#: pseudo-elements' backgrounds, and every ancestor's opacity and background up to the first opaque
#: one. The second and later texts of a look get ``data-ndcg-same-look`` and the contrast rule skips
#: them (its selector, set by :data:`AXE_SETUP`); every other rule sees every element. A text that
#: this cannot vouch for is always judged: one under a positioned (absolute, fixed, sticky),
#: clipped, filtered or blended ancestor, or too small to be seen. Where axe cannot judge the
#: first text of a look (its "incomplete"), the rest of that look is judged after it.
SAME_LOOK = """(selectors) => {
  document.querySelectorAll('[data-ndcg-look]').forEach(el => {
    el.removeAttribute('data-ndcg-look'); el.removeAttribute('data-ndcg-same-look'); });
  const looks = new Map();
  for (const el of document.querySelectorAll('body *')) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const own = getComputedStyle(el);
    let parts = [selectors.some(s => el.closest(s)) ? 'ours' : 'theme', own.color, own.fontSize,
      own.fontWeight, own.textShadow, own.webkitTextStrokeWidth];
    for (const pseudo of ['::before', '::after']) {
      const p = getComputedStyle(el, pseudo); parts.push(p.content, p.backgroundColor, p.backgroundImage); }
    let opaque = false;
    for (let e = el; e; e = e.parentElement) {
      const c = getComputedStyle(e);
      if (!['static', 'relative'].includes(c.position) || c.clip !== 'auto' || c.clipPath !== 'none'
          || c.filter !== 'none' || c.mixBlendMode !== 'normal') { parts = null; break; }
      parts.push(c.opacity);
      if (!opaque) {
        parts.push(c.backgroundColor, c.backgroundImage);
        opaque = c.backgroundImage === 'none' && /^rgb\\(/.test(c.backgroundColor);
      }
    }
    if (!parts) continue;
    const key = parts.join('|');
    if (!looks.has(key)) looks.set(key, looks.size);
    else el.setAttribute('data-ndcg-same-look', '');
    el.setAttribute('data-ndcg-look', String(looks.get(key)));
  }
  return document.querySelectorAll('[data-ndcg-same-look]').length;
}"""

#: Run once in a page after axe is injected: its contrast rule skips the texts marked by :data:`SAME_LOOK`.
AXE_SETUP = "() => axe.configure({rules: [{id: 'color-contrast', selector: ':not([data-ndcg-same-look])'}]})"

#: axe in ``context`` with ``options``, within the page's promise timeout; then, for each look whose
#: first text axe could not judge by contrast, the rest of that look, judged by the contrast rule
#: alone. Returns the violations, each node with its impact, target, summary and HTML.
AXE_RUN = """async ([context, options, timeout]) => {
  const rows = result => result.violations.map(v => ({id: v.id, help: v.help, nodes: v.nodes.map(n => ({
    impact: n.impact, target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 160)}))}));
  const run = (ctx, opts) => Promise.race([new Promise((_, reject) => setTimeout(() =>
    reject(new Error('axe ran for over ' + timeout + ' ms')), timeout)), axe.run(ctx, opts)]);
  const first = await run(context, options);
  const unjudged = new Set(first.incomplete.filter(v => v.id === 'color-contrast').flatMap(v => v.nodes)
    .map(n => document.querySelector(n.target.join(' '))).filter(el => el && !el.hasAttribute('data-ndcg-same-look'))
    .map(el => el.getAttribute('data-ndcg-look')).filter(look => look !== null));
  const rest = [...document.querySelectorAll('[data-ndcg-same-look]')]
    .filter(el => unjudged.has(el.getAttribute('data-ndcg-look')));
  if (!rest.length) return [rows(first), 0];
  rest.forEach(el => el.removeAttribute('data-ndcg-same-look'));
  const again = await run({include: rest, exclude: context.exclude},
    {...options, runOnly: {type: 'rule', values: ['color-contrast']}});
  return [rows(first).concat(rows(again)), rest.length];
}"""


def violations(page, context, rules: tuple[str, ...] | None = None, present: list[str] = ()) -> list[dict]:
    """axe's serious and critical violations in ``context`` (None: the whole page), one row per
    element; never in :data:`SKIPPED`; only ``rules`` when given (else every rule axe runs by
    default). The contrast rule judges each look of text once (:data:`SAME_LOOK`; ``present``: the
    course's components on the page, whose texts are never one look with the theme's)."""
    context = {**(context or {}), "exclude": SKIPPED}
    options = {"resultTypes": ["violations"], "preload": False}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": list(rules)}
    page.evaluate(SAME_LOOK, list(present))
    result, _ = page.evaluate(AXE_RUN, [context, options, PROMISE_TIMEOUT_MS])
    return [
        {"rule": v["id"], "help": v["help"], **node}
        for v in result
        for node in v["nodes"]
        if node["impact"] in BAD_IMPACTS
    ]


#: The contrast of every visible text of the course's components with what is painted behind
#: it (the backgrounds of its ancestors, composed): a second check next to axe's, which leaves
#: a text over a translucent or layered background "incomplete" rather than failing it.
LOW_CONTRAST = """
([selectors, minimum]) => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const over = (top, base) => ({r: top.r * top.a + base.r * (1 - top.a), g: top.g * top.a + base.g * (1 - top.a),
    b: top.b * top.a + base.b * (1 - top.a)});
  const behind = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let base = {r: 255, g: 255, b: 255};
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    return base; };
  const low = [], seen = new Set();
  for (const root of document.querySelectorAll(selectors.join(','))) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (seen.has(el)) continue; seen.add(el);
      if (!el.checkVisibility || !el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
      if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      if (el.closest('mjx-container, .ndcg-sr, [aria-hidden=true], :disabled, [aria-disabled=true]')) continue;  // WCAG exempts inactive controls
      const style = getComputedStyle(el), back = behind(el);
      let opacity = 1; for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      const fg = parse(style.color); fg.a *= opacity;
      const text = over(fg, back), l1 = lum(text), l2 = lum(back);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      if (ratio < minimum) low.push({ratio: Math.round(ratio * 100) / 100, color: style.color,
        element: el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : ''),
        text: el.textContent.trim().slice(0, 50)});
    }
  }
  return low;
}
"""


MODES = ("light", "dark")


def open_page(browser, path: str) -> Visit:
    """``path`` opened from the book's folder (file://, the book on a USB stick) on a first visit
    (the theme's "auto" mode, light in a browser that prefers light) of a reader who has turned
    "Show the code" on (so the audit sees everything the page can show), its views ready and
    everything it loads by itself loaded. The visit's ``close()`` fails on a
    script error, a console error or warning, a failed load or a request that leaves the book:
    this visit is also the page's clean first load from file:// (tests/browser/test_views.py
    leaves the pages audited here to it)."""
    visit = Visit(browser, (BOOK.resolve() / path).as_uri(), book_uri(), views=False, code=True)
    visit.page.wait_for_function(f"() => document.documentElement.dataset.theme === '{MODES[0]}'")
    visit.page.wait_for_function(
        "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
    )
    visit.settle()
    return visit


#: The pages with course components, in two halves: each half is a class, so that ``make test``'s
#: workers (``--dist loadscope``) can take one each (axe's contrast rule makes this a slow suite).
HALVES = (PAGES[0::2], PAGES[1::2])


@book
@pytest.mark.book
@pytest.mark.parametrize("page_path", HALVES[0] or ["(none)"])
class TestAxeOnHalfTheCoursePages:
    """The audit of every other page of :data:`PAGES`, in light and then in dark mode."""

    def test_axe_finds_nothing_serious_in_the_course(self, browser, page_path):
        audit(browser, page_path)


@book
@pytest.mark.book
@pytest.mark.parametrize("page_path", HALVES[1] or ["(none)"])
class TestAxeOnTheOtherHalf:
    """The audit of the rest of :data:`PAGES` (see :class:`TestAxeOnHalfTheCoursePages`)."""

    def test_axe_finds_nothing_serious_in_the_course(self, browser, page_path):
        audit(browser, page_path)


def test_the_halves_are_every_course_page_once():
    assert sorted(HALVES[0] + HALVES[1]) == PAGES


#: Every formula of a page that KaTeX did not typeset, or typeset as an error: a ``.math``
#: element (Sphinx's formulas, typeset when the book was built) without its ``.katex``, or with
#: a ``.katex-error`` or red TeX (an undefined macro, a brace too many: KaTeX shows it in red), or a
#: ``.katex`` without its MathML (what a screen reader reads); and any TeX of a view's left
#: untypeset (``\(`` or ``\[`` in the text of a view, outside its JSON island).
UNTYPESET = """() => [...document.querySelectorAll('main .math')]
  .filter(el => !el.querySelector('.katex') || el.querySelector('.katex-error, .katex mstyle[mathcolor="#cc0000"]')
    || [...el.querySelectorAll('.katex')].some(k => !k.querySelector('.katex-mathml math')))
  .map(el => el.textContent.trim().slice(0, 80) || '(empty)')
  .concat([...document.querySelectorAll('main [data-ndcg-view]')].filter(view => {
    const copy = view.cloneNode(true);
    copy.querySelectorAll('script, .katex-mathml').forEach(s => s.remove());
    return /\\\\[(\\[]/.test(copy.textContent); }).map(view => 'a view: ' + view.textContent.trim().slice(0, 80)))"""


def untypeset(page) -> list[str]:
    """The formulas of the loaded ``page`` that show no typeset maths (:data:`UNTYPESET`)."""
    return page.evaluate(UNTYPESET)


def audit(browser, page_path: str) -> None:
    """Every serious or critical axe violation on ``page_path`` in light and in dark mode (one
    page load: the page is switched to dark mode by the theme's switch after the light audit):
    none in the course's components, none of the theme's outside the allowlist, and no text of
    ours below 4.5:1."""
    if not PAGES:
        pytest.skip("no page with course components in the build")
    entries = load_allowlist()
    visit = open_page(browser, page_path)
    page = visit.page
    page.add_script_tag(path=str(AXE))
    page.evaluate(AXE_SETUP)
    present = page.evaluate("selectors => selectors.filter(s => document.querySelector(s))", list(COMPONENTS))
    assert present, f"{page_path}: no course component found"
    # (the same visit: every formula typeset, in both editions' chapters)
    assert not (bad := untypeset(page)), f"{page_path}: formulas KaTeX did not typeset: {bad}"
    # (the same visit: a chapter's practice block opened, an exercise answered wrong twice then
    # right, each feedback the Python checker's; axe then audits the open block and its feedback)
    answered = practice_box.answer_wrong_then_right(page, page_path)
    found, shown = {}, {}
    for mode in MODES:
        switch_mode(page, mode)
        shown[mode] = page.evaluate(SHOWN)
        rules = None if mode == MODES[0] or shown[mode] != shown[MODES[0]] else COLOUR_RULES
        found[mode] = audit_mode(page, page_path, mode, present, entries, rules)
    if answered and page_path == practice_box.RELOADED:  # the progress survives a reload
        key = f"practice-{answered['chapter']}:practice"
        stored = "key => Object.keys(localStorage).some(k => k.endsWith(key))"
        redo = lambda: practice_box.answer_wrong_then_right(page, page_path)  # noqa: E731
        reload_once_stored(page, stored, key, redo=redo)
        practice_box.remembered(page, answered)
    visit.close()
    for mode, (low, ours, unlisted) in found.items():
        assert not low, f"{page_path} ({mode}): text below 4.5:1 in the course's components: {low}"
        assert not ours, f"{page_path} ({mode}): the course's components: {json.dumps(ours, indent=1)}"
        assert not unlisted, (
            f"{page_path} ({mode}): violations outside the course, not in {ALLOWLIST.name} "
            f"(fix them with CSS, or list them with a reason): {json.dumps(unlisted, indent=1)}"
        )


def audit_mode(page, page_path: str, mode: str, present: list[str], entries: list[dict], rules=None):
    """The page as it shows now, in ``mode``: its texts of ours below 4.5:1, the violations in
    the course's components (of ``rules`` only, when given), and the theme's that the allowlist
    does not list."""
    # One axe run over the whole page (the slowest step of the suite), then each violation is the
    # course's when its element sits inside one of the course's components, else the theme's.
    everything = violations(page, None, rules, present)
    inside = page.evaluate(
        "([rows, selectors]) => rows.map(t => { try { const el = document.querySelector(t);"
        " return !!(el && selectors.some(s => el.closest(s))); } catch (e) { return false; } })",
        [[row["target"] for row in everything], present],
    )
    ours = [row for row, is_ours in zip(everything, inside) if is_ours]
    theme = [row for row, is_ours in zip(everything, inside) if not is_ours]
    if theme:
        print(f"\n{page_path} ({mode}): the theme's serious/critical violations:")
        for row in theme:
            listed = "allowed" if allowed(row["rule"], row["target"], mode, entries) else "NOT LISTED"
            print(f"  [{listed}] {row['rule']} {row['target']}: {row['help']}")
    unlisted = [row for row in theme if not allowed(row["rule"], row["target"], mode, entries)]
    low = page.evaluate(LOW_CONTRAST, [present, 4.5])
    return low, ours, unlisted


@contextmanager
def blank_page(browser, main: str, axe: bool = False):
    """A page of its own (a fresh context, nothing loaded from anywhere) whose ``<main>`` holds
    the HTML ``main``; with ``axe``, axe loaded and set up as on the book's pages."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content(
        f'<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>{main}</main></body></html>'
    )
    if axe:
        page.add_script_tag(path=str(AXE))
        page.evaluate(AXE_SETUP)
    try:
        yield page
    finally:
        context.close()


def test_untypeset_finds_a_formula_left_as_text_or_typeset_as_an_error(browser):
    good = '<span class="katex"><span class="katex-mathml"><math><mi>k</mi></math></span><span class="katex-html">k</span></span>'
    main = (
        '<div class="math">\\[::\\]</div>'
        '<div class="math"><span class="katex-error" title="ParseError">\\frac{1}</span></div>'
        '<span class="math"><span class="katex"><span class="katex-mathml"><math><mstyle mathcolor="#cc0000">'
        "<mtext>\\badmacro</mtext></mstyle></math></span></span></span>"
        '<span class="math"><span class="katex"><span class="katex-html">j</span></span></span>'
        f'<span class="math">{good}</span>'
        f'<div data-ndcg-view="quiz"><p>{good} and \\(x\\)</p><script>var s = "\\\\(y\\\\)";</script></div>'
        f'<div data-ndcg-view="flashcards"><p>{good}</p></div>'
    )
    with blank_page(browser, main) as page:
        found = untypeset(page)
    assert found[:4] == ["\\[::\\]", "\\frac{1}", "\\badmacro", "j"]
    assert len(found) == 5 and found[4].startswith("a view: ") and "and \\(x\\)" in found[4]  # the quiz only


def test_axe_catches_what_it_should(browser):
    # The check itself: on a blank page, a component with an image without a text alternative
    # and a pale text is reported (and nothing is loaded from anywhere).
    main = (
        '<div class="ndcg-kf"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
        '<p style="color: #bbb; background: #fff">pale text</p></div>'
    )
    with blank_page(browser, main, axe=True) as page:
        rules = {row["rule"] for row in violations(page, {"include": [[".ndcg-kf"]]})}
        colour_only = {row["rule"] for row in violations(page, {"include": [[".ndcg-kf"]]}, COLOUR_RULES)}
        low = page.evaluate(LOW_CONTRAST, [[".ndcg-kf"], 4.5])
        # the rules the dark mode runs are every rule of axe's about colour that it runs by default
        tagged = page.evaluate("() => axe.getRules(['cat.color']).map(r => r.ruleId)")
        off = page.evaluate("() => axe._audit.rules.filter(r => !r.enabled).map(r => r.id)")
        shown = page.evaluate(SHOWN)
    assert {"image-alt", "color-contrast"} <= rules
    assert colour_only == {"color-contrast"}
    assert sorted(set(tagged) - set(off)) == sorted(COLOUR_RULES)
    assert shown == 4  # main, div, img and p: what the body shows
    assert [row["text"] for row in low] == ["pale text"]


def test_the_contrast_rule_judges_each_look_once_and_every_look(browser):
    # Three pale texts of one look: one is reported (the look is judged once, and fails). A pale
    # text of the same colour on another background is a look of its own. The first text of a
    # second look is hidden under a box, so axe cannot judge it: the rest of its look is judged.
    pale = '<p style="color: #bbb; background: #fff">pale {}</p>'
    main = (
        '<div class="ndcg-kf">'
        + "".join(pale.format(n) for n in (1, 2, 3))
        + '<div style="background: #eee"><p style="color: #bbb">pale on grey</p></div>'
        '<div style="position: relative"><p style="color: #aaa; background: #fff">covered</p>'
        '<div style="position: absolute; inset: 0; background: #fff"></div></div>'
        '<div style="position: relative"><p style="color: #aaa; background: #fff">same look, not covered</p></div>'
        "</div>"
    )
    with blank_page(browser, main, axe=True) as page:
        found = violations(page, {"include": [[".ndcg-kf"]]}, COLOUR_RULES, [".ndcg-kf"])
        marked = page.evaluate("() => document.querySelectorAll('[data-ndcg-same-look]').length")
    reported = sorted(
        row["html"].split(">")[1].split("<")[0] for row in found if row["rule"] == "color-contrast"
    )
    assert reported == ["pale 1", "pale on grey", "same look, not covered"], reported
    assert marked == 2, "pale 2 and 3 were skipped; the look of 'covered' was judged again whole"


# -- axe on the main content of every other page ------------------------------------------------


def audit_main(browser) -> tuple[list[dict], list[str], float]:
    """axe's serious and critical violations in ``main`` of every page of :data:`OTHER_PAGES`,
    in light and then in dark mode (the theme's switch, on the loaded page), what went wrong in
    loading each (:func:`open_page`: the pages' clean first load from file://), and the seconds
    it took."""
    import time

    start = time.monotonic()
    found, problems = [], []
    for path in OTHER_PAGES:
        visit = open_page(browser, path)
        page = visit.page
        page.add_script_tag(path=str(AXE))
        page.evaluate(AXE_SETUP)
        assert page.locator("main").count() == 1, f"{path}: no main element"
        found += [{"page": path, "rule": "maths not typeset", "target": tex} for tex in untypeset(page)]
        shown = {}
        for mode in MODES:
            switch_mode(page, mode)
            shown[mode] = page.evaluate(SHOWN)
            rules = None if mode == MODES[0] or shown[mode] != shown[MODES[0]] else COLOUR_RULES
            found += [
                {"page": path, "mode": mode, **row}
                for row in violations(page, {"include": [["main"]]}, rules)
            ]
        try:
            visit.close()
        except AssertionError as error:
            problems.append(str(error))
    return found, problems, time.monotonic() - start


@book
@pytest.mark.book
class TestAxeOnTheOtherPages:
    """The main content of the pages without course components, in both modes (a class of its
    own, so that ``make test``'s workers can share it out with the audits above)."""

    def test_axe_finds_nothing_serious_in_the_main_content(self, browser):
        assert "reference/references.html" in OTHER_PAGES and "instructors/index.html" in OTHER_PAGES
        found, problems, seconds = audit_main(browser)
        print(f"\n{len(OTHER_PAGES)} pages in {len(MODES)} modes: {seconds:.1f} s")
        assert not found, f"serious or critical violations in the main content: {json.dumps(found, indent=1)}"
        assert not problems, "\n".join(problems)


#: Run before the page's own scripts: the theme and the body's colours at the moment the body
#: element is parsed, before anything of the page can be drawn.
FIRST_COLOURS = """
new MutationObserver((_, observer) => {
  if (!document.body) { return; }
  observer.disconnect();
  const style = getComputedStyle(document.body);
  window.ndcgFirstColours = [document.documentElement.dataset.theme, style.backgroundColor, style.color];
}).observe(document, { childList: true, subtree: true });
"""


@pytest.mark.book
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_first_visit_is_drawn_in_the_systems_colours_from_the_start(browser, scheme):
    # A first visit (nothing stored) follows the system's setting from the first paint: the theme
    # is resolved in the head (ndcg_book/templates/layout.html), not only by the theme's script at
    # the end of the page, which left the page drawn with no colours until then.
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        page.add_init_script(FIRST_COLOURS)
        page.goto(f"{book_uri()}chapters/04_ndcg.html", wait_until="load")
        first = page.evaluate("window.ndcgFirstColours")
        last = page.evaluate(
            "() => { const s = getComputedStyle(document.body);"
            " return [document.documentElement.dataset.theme, s.backgroundColor, s.color]; }"
        )
    finally:
        context.close()
    assert last[0] == scheme, last
    assert first == last, f"drawn first in {first}, then in {last}"


@pytest.mark.book
def test_a_write_no_reload_finds_is_done_again_once_then_it_fails(browser):
    # reload_once_stored's second chance (the audit's reload of chapter 1's practice progress): a
    # "write" no reload can find (a variable of the page) passes once redone as a real write, and
    # fails without a redo. On the book's smallest page (the same file:// origin as a chapter's, a
    # tenth of its weight): the test reloads it up to eight times.
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{book_uri()}genindex.html", wait_until="load")
        stored = "() => window.ndcgWritten === 1 || localStorage.getItem('ndcg-test-redo') === '1'"
        page.evaluate("() => { window.ndcgWritten = 1; }")
        with pytest.raises(AssertionError, match="after 2 reloads"):
            reload_once_stored(page, stored, tries=2)
        page.evaluate("() => { window.ndcgWritten = 1; }")
        redone = []
        redo = lambda: redone.append(page.evaluate("() => localStorage.setItem('ndcg-test-redo', '1')"))  # noqa: E731
        reload_once_stored(page, stored, tries=4, redo=redo)
        assert len(redone) == 1
    finally:
        context.close()
