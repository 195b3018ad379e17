"""A page of the built book in a fresh browser context, and where the book is (shared by the browser
tests)."""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path

from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
# Console messages that fail a page: errors (pageerror is caught separately), warnings and
# failed console.assert calls. The book's theme logs neither once it is configured right
# (_config.yml: no sphinx-thebe, html_context.default_mode), so none is tolerated.
BAD_CONSOLE_TYPES = ("error", "warning", "assert")
#: KaTeX's loader in the built book (ndcg_book.maths), on the pages with views only: it loads
#: KaTeX's runtime the first time a view has TeX to typeset.
KATEX_JS = "_static/katex/ndcg-katex.js"


def book_uri() -> str:
    """The file:// prefix of every file of the book (and of nothing else)."""
    return BOOK.resolve().as_uri().rstrip("/") + "/"


def reload_once_stored(page, stored: str, arg=None, tries: int = 20, redo=None) -> None:
    """Reload ``page`` until the reloaded page finds in its storage what the page had just written:
    the JS predicate ``stored`` (given ``arg``). A page's own localStorage answers from its
    renderer's cache and reaches the browser a moment later; a reload (from file:// above all)
    may start from the browser's copy before the write arrives, and show the state before it (seen
    in CI on a busy machine, even after another page of the origin saw the write). The write must
    arrive within ``tries`` reloads a quarter of a second apart, or the test fails.

    A write can also be lost for good: in CI, twice in some thirty runs, no reload of the page
    that wrote it ever found it. ``redo``, when given, does the page's part again on the reloaded
    page (what wrote it: answering, playing), once, and the reloads start over; the test still
    fails if that write does not come back either."""
    for attempt in range(2 if redo is not None else 1):
        if attempt:
            redo()
        page.wait_for_function(stored, arg=arg)
        # A reload at once may also end the page's renderer before its write has left it (seen in
        # CI: then no later reload finds it): the write is given half a second first.
        page.wait_for_timeout(500)
        for _ in range(tries if redo is None else tries // 2):
            page.reload()
            if page.evaluate(stored, arg):
                return
            time.sleep(0.25)
    raise AssertionError(f"after {tries} reloads, the page's storage still lacks what it wrote ({stored})")


def switch_mode(page, mode: str) -> None:
    """Switch the loaded ``page`` to the theme's ``mode`` as its light/dark switch does (the
    theme's own handler: the mode, the theme, the dropdown menus, localStorage), with no pointer
    or focus left on the switch, and bring every colour transition it starts to its end: the
    checks read the colours the mode ends on. (Awaiting the transitions instead hung now and then:
    a transition's ``finished`` waits on the page's animation clock, which a busy machine can hold.)"""
    for _ in range(3):  # the switch cycles through auto, dark and light
        if page.evaluate("() => document.documentElement.dataset.mode") == mode:
            break
        page.evaluate("() => document.querySelector('.theme-switch-button').click()")
    assert page.evaluate("() => document.documentElement.dataset.theme") == mode, mode
    left = page.evaluate(FINISH_TRANSITIONS)
    assert not left, f"colour transitions still running after the switch to {mode} mode: {left}"


#: Every CSS transition of the page brought to its end, until a fresh style pass starts none
#: (each pass: the new styles computed, document-wide, which is when transitions start); returns
#: those still running after ten passes (none: a transition that restarts itself is a bug).
FINISH_TRANSITIONS = """() => {
  const running = () => document.getAnimations().filter(a => a instanceof CSSTransition && a.playState !== 'finished');
  for (let pass = 0; pass < 10; pass++) {
    void document.body.offsetHeight;
    const now = running();
    if (!now.length) return [];
    now.forEach(a => a.finish());
  }
  return running().map(a => a.transitionProperty + ' on ' + a.effect.target.tagName);
}"""


#: How long a promise a check awaits in the page may take (a page's ``evaluate`` has no timeout of
#: its own: a promise that never settles would hold a test, and its worker, for ever).
PROMISE_TIMEOUT_MS = 60_000


def within(expression: str, what: str, ms: int = PROMISE_TIMEOUT_MS) -> str:
    """A page function awaiting the promise ``expression``, or failing with ``what`` it waited for
    after ``ms`` milliseconds.

    >>> within("x", "x to settle", 5)[:40]
    '() => Promise.race([Promise.resolve(x), '
    """
    return (
        f"() => Promise.race([Promise.resolve({expression}), new Promise((_, reject) => "
        f"setTimeout(() => reject(new Error({json.dumps(f'waited {ms} ms for {what}')})), {ms}))])"
    )


class Visit:
    """One page in a fresh browser context (empty localStorage, as for a first visitor; with
    ``code``, the reader's "Show the code" already on; every section laid out, as after a reader's
    scroll through the page, unless ``every_section`` is False: tests/conftest.py, ``browser``),
    with its JavaScript errors, bad console messages, failed loads and non-local requests."""

    def __init__(
        self,
        browser,
        url: str,
        local: str,
        views: bool = True,
        mode: str | None = None,
        code: bool = False,
        every_section: bool = True,
    ):
        self.context = browser.new_context(
            viewport={"width": 1100, "height": 900}, every_section=every_section
        )
        if mode is not None:  # the theme's mode, chosen before the page's first script runs
            browser_setup.remember_mode(self.context, mode)
        if code:
            browser_setup.show_code(self.context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.url = url
        self.errors: list[str] = []
        self.console: list[str] = []
        self.broken: list[str] = []
        self.local = local
        self.clock = time.monotonic
        self.pending: set[str] = set()
        self.requested: list[str] = []  # every URL the page asked for, in order
        self.last_activity = self.clock()
        self.page.on("request", self._started)
        self.page.on("requestfinished", self._ended)
        self.page.on("requestfailed", self._ended)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)
        self.page.on(
            "response",
            lambda r: self.broken.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None,
        )
        self.page.goto(url)
        if mode is not None:
            self.page.wait_for_function(f"() => document.documentElement.dataset.theme === '{mode}'")
        if views:
            self.page.wait_for_selector(".ndcg-kf[data-ready=true]", state="attached")
        # KaTeX's loader, on a page with views only (ndcg_book.maths): a view that shows TeX from
        # its data has it load KaTeX's runtime and typeset; every other formula, the views' HTML
        # in the page among them, was typeset when the book was built.
        self.has_katex = self.page.evaluate(f"() => !!document.querySelector('script[src*=\"{KATEX_JS}\"]')")
        if self.has_katex:
            self.page.wait_for_function("() => typeof window.ndcgKatex === 'object'")

    @property
    def foreign(self) -> list[str]:
        """Every request the page made that leaves the book (anything but ``local`` and data)."""
        return [url for url in self.requested if not url.startswith((self.local, "data:", "blob:", "about:"))]

    def _started(self, request):
        self.requested.append(request.url)
        self.pending.add(f"{id(request)} {request.url}")
        self.last_activity = self.clock()

    def _ended(self, request):
        self.pending.discard(f"{id(request)} {request.url}")
        self.last_activity = self.clock()

    def _failed(self, request):
        # A missing file fails as HTTP 404 (the server) or net::ERR_FILE_NOT_FOUND (file://).
        # net::ERR_ABORTED is a request the page itself gave up because it navigated or
        # reloaded (as reload_in_mode does) while, say, the favicon was still loading.
        if request.failure != "net::ERR_ABORTED":
            self.broken.append(f"{request.url} ({request.failure})")

    def _console(self, message):
        if message.type in BAD_CONSOLE_TYPES:
            where = message.location or {}
            self.console.append(
                f"{message.type}: {message.text} ({where.get('url', '?')}:{where.get('lineNumber', '?')})"
            )

    def settle(self, quiet_ms: int = 300, limit_ms: int = 15_000):
        """Wait until the page has loaded everything it loads by itself (fonts, KaTeX's
        fonts among them, deferred scripts), and then made no request for
        ``quiet_ms`` (Playwright's own "networkidle" never comes for some file:// pages). The
        fonts are awaited first, so the quiet only has to outlast the gap between
        one local load and the next (a few ms from a disk; 300 ms leaves a margin on a busy
        machine, and is paid on every visit of the suite)."""
        self.page.evaluate(within("document.fonts.ready.then(() => true)", "the page's fonts to load"))
        waited = 0
        while waited < limit_ms:
            if not self.pending and (self.clock() - self.last_activity) * 1000 >= quiet_ms:
                return
            self.page.wait_for_timeout(50)
            waited += 50
        raise AssertionError(f"{self.url}: still loading after {limit_ms} ms: {sorted(self.pending)}")

    def typeset(self, locator, text_with_math: bool):
        """Wait until KaTeX has typeset every \\( \\) / \\[ \\] inside ``locator``: in its
        text, not in the view's JSON island (a <script>, whose data holds the maths of every card
        as \\( \\) for later), nor in KaTeX's own MathML (whose annotation keeps the TeX)."""
        if not text_with_math:
            return
        assert self.has_katex, "the page has maths in its cards but does not load KaTeX"
        self.page.wait_for_function(
            "el => { const copy = el.cloneNode(true);"
            " copy.querySelectorAll('script, .katex-mathml').forEach(s => s.remove());"
            " return !/\\\\[(\\[]/.test(copy.textContent) && el.querySelector('.katex')"
            " && !el.querySelector('.katex-error, .katex mstyle[mathcolor=\"#cc0000\"]'); }",
            arg=locator.element_handle(),
        )

    def close(self):
        problems = {
            "JavaScript errors": self.errors,
            "console errors/warnings": self.console,
            "failed loads": self.broken,
            "requests that leave the book": self.foreign,
        }
        self.context.close()
        found = {kind: items for kind, items in problems.items() if items}
        assert not found, f"{self.url}: {found}"


@cache
def course_pages() -> list[str]:
    """Every page of the built book with course HTML (an element with an ``ndcg-`` class other
    than the time box's ``ndcg-timing``)."""
    if not BOOK.is_dir():
        return []
    import re

    # (the time box, ndcg-timing, is the book's text, not a component: a page with only it is
    # audited with the other pages)
    # (nor is ndcg-lang, a text given in both languages). The Chinese edition's components are the
    # same code with other words: its core chapters are audited too (zh/chapters/NN_x.html).
    course = re.compile(r"""class=(["'])(?:(?!\1).)*\bndcg-(?!timing\b|lang\b)""")

    def audited(relative: Path) -> bool:
        if relative.parts[0] == "zh":
            return len(relative.parts) == 3 and relative.parts[1] == "chapters"
        return not relative.parts[0].startswith("_")

    return sorted(
        path.relative_to(BOOK).as_posix()
        for path in BOOK.rglob("*.html")
        if audited(path.relative_to(BOOK))
        and course.search(path.read_text(encoding="utf-8", errors="replace"))
    )


@cache
def other_pages() -> list[str]:
    """Every page of ``_toc.yml`` that :func:`course_pages` leaves out, in the book's order."""
    from tests.book.helpers import toc_files

    if not BOOK.is_dir():
        return []
    files = toc_files(Path(__file__).resolve().parents[2])
    course = set(course_pages())
    return [f"{name}.html" for name in files if f"{name}.html" not in course]


def audited_pages() -> set[str]:
    """The pages tests/browser/test_a11y.py opens from file:// (every course page, both editions'
    core chapters, and every other page of ``_toc.yml``): their clean first load is checked there.
    (The page lists are read from the built book once per process: each call reads every page.)"""
    return set(course_pages()) | set(other_pages())


def wait_until_stored(context, key: str, value: str, timeout_ms: int = 15_000) -> None:
    """Wait until ``localStorage[key] == value`` is what a newly opened page of ``context`` reads, as a
    reader coming back later finds it: from file://, Chromium hands a page's write to its storage
    service after the page has gone, so a page opened within milliseconds (a reload) may read the
    old value. Asked from a file of the book that runs no script, so nothing else writes meanwhile,
    by a page opened afresh for each look: a page kept open may hold on to the value it read first
    (one CI run waited 30 s in vain in a single page)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        probe = context.new_page()
        try:
            probe.goto((BOOK.resolve() / "_static" / "ndcg-code.js").as_uri())
            found = probe.evaluate("key => localStorage.getItem(key)", key)
        finally:
            probe.close()
        if found == value:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"localStorage[{key!r}] is {found!r} after {timeout_ms} ms, not {value!r}")
        time.sleep(0.1)
