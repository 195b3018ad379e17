"""How long a chapter takes to load, and what it loads, against an older build of the book.

Opens chapters 2, 4 and 6 of two builds of the English edition from ``file://`` in headless
Chromium (``tools/chromium.py`` finds it), one fresh browser context per load, the two builds
alternating (before, after, after, before, ...) so that a busy machine slows both alike, and
prints for each chapter the median time to its ``load`` event (``PerformanceNavigationTiming``'s
``loadEventStart``), before and after, and their ratio; then what each page requested by the time
its fonts were ready, by kind (JavaScript, CSS, fonts: the files' sizes on disk). Issue 34 asks
for a ratio of at most 0.5 against the build from before it (MathJax, Font Awesome's SVG+JS).

The older build is not in a clone: make one from a commit before issue 34, e.g.::

    git worktree add ../ndcg-before a5bf693^     # the commit before KaTeX (issue 34)
    cd ../ndcg-before && python3 tools/run.py book --edition en
    cd - && .venv/bin/python benchmarks/bench_page_load.py ../ndcg-before/_build/html

Usage::

    .venv/bin/python benchmarks/bench_page_load.py BEFORE_HTML [--after _build/html] [--rounds 7]

A benchmark, not a test: ``make test`` does not run it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ndcg_book.pdf.browser import launch  # noqa: E402
from tools import chromium  # noqa: E402

#: The chapters timed, relative to a build's ``html`` folder.
PAGES = ("chapters/02_dcg.html", "chapters/04_ndcg.html", "chapters/06_ltr.html")
KINDS = {".js": "js", ".css": "css", ".woff2": "fonts", ".woff": "fonts", ".ttf": "fonts", ".otf": "fonts"}


def load(browser, page_path: Path) -> tuple[float, dict[str, int]]:
    """One load of ``page_path`` in a fresh context: milliseconds to its ``load`` event, and the
    bytes it requested by kind once its fonts were ready."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(page_path.resolve().as_uri(), wait_until="load", timeout=60_000)
    ms = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventStart")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_timeout(300)
    weight = {"js": 0, "css": 0, "fonts": 0}
    for url in set(requested):
        parts = urlsplit(url)
        path = Path(unquote(parts.path))
        kind = KINDS.get(path.suffix.lower())
        if parts.scheme == "file" and kind and path.is_file():
            weight[kind] += path.stat().st_size
    context.close()
    return ms, weight


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the older build's html folder (see this script's help)")
    parser.add_argument("--after", type=Path, default=ROOT / "_build" / "html", help="default: _build/html")
    parser.add_argument("--rounds", type=int, default=7, help="loads of each page in each build (default 7)")
    args = parser.parse_args(argv)
    for build in (args.before, args.after):
        missing = [page for page in PAGES if not (build / page).is_file()]
        if missing:
            parser.error(f"{build} has no {', '.join(missing)}: is it a built book's html folder?")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    executable = chromium.find_chromium()
    if executable is None:
        parser.error(chromium.missing_message())
    from playwright.sync_api import sync_playwright

    times = {(page, side): [] for page in PAGES for side in ("before", "after")}
    weights = {}
    with sync_playwright() as playwright:
        browser = launch(playwright, executable)
        for page in PAGES:  # one load each, not timed: the files into the system's cache
            load(browser, args.before / page), load(browser, args.after / page)
        for round_ in range(args.rounds):
            order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
            for page in PAGES:
                for side in order:
                    ms, weight = load(browser, (args.before if side == "before" else args.after) / page)
                    times[(page, side)].append(ms)
                    weights[(page, side)] = weight
        browser.close()
    print(f"load event from file://, headless Chromium, median of {args.rounds} alternating loads")
    print(f"before: {args.before}\nafter:  {args.after}\n")
    print(f"{'page':24} {'before ms':>10} {'after ms':>10} {'ratio':>6}")
    for page in PAGES:
        before, after = statistics.median(times[(page, "before")]), statistics.median(times[(page, "after")])
        print(f"{page:24} {before:10.0f} {after:10.0f} {after / before:6.2f}")
    print(
        f"\nrequested by the load, kB (1 kB = 1000 bytes)\n{'page':24} {'':6} {'JS':>6} {'CSS':>6} {'fonts':>6} {'total':>6}"
    )
    for page in PAGES:
        for side in ("before", "after"):
            w = weights[(page, side)]
            print(
                f"{page if side == 'before' else '':24} {side:6} {w['js'] / 1000:6.0f} {w['css'] / 1000:6.0f} "
                f"{w['fonts'] / 1000:6.0f} {sum(w.values()) / 1000:6.0f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
