"""Where the course finds a Chromium-family browser: for printing the book (``tools/run.py book``
and ``pdf`` hand its path to ``python -m ndcg_book print pdf --chromium PATH``) and for the browser
tests; and how a browser test sets up its pages (the theme's mode, the code shown, every section laid
out). Standard library only: it runs before the venv exists.

The printing and every browser test (``tests/browser/test_views.py`` and any later one) drive a
Chromium-family browser that is already installed on the machine, started headless through
Playwright's ``executable_path`` (``ndcg_book/pdf/browser.py``: ``launch``): Playwright never
downloads a browser of its own (no ``playwright install``). The fixtures that use this module
(``browser`` and ``server``) are in ``tests/conftest.py``.

The browser is, in this order:

1. the one named by the environment variable ``CHROMIUM`` (a path, or a name looked up on
   ``PATH``); if it is set but names no executable, that is an error, not a skip;
2. for the browser tests, the first of :data:`HEADLESS_SHELLS` found on ``PATH``; then the
   first of :data:`NAMES` found there (``shutil.which``);
3. the first of the usual install paths of the platform (:func:`install_paths`).

When there is none, the browser tests are skipped with :func:`missing_message`, which says
how to get one.
"""

from __future__ import annotations

import ntpath
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "CHROMIUM"
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "msedge")
#: Chromium's old headless mode as a program of its own (Debian's ``chromium-headless-shell``,
#: Google's ``chrome-headless-shell``): the same Blink, V8 and Skia as the browser, without its
#: browser shell. It is what Playwright itself runs for a headless test, and the browser tests prefer
#: it where the machine has it: their Chromium CPU time about halves (measured on two browser
#: modules: 32 CPU-s with ``chromium``, 18 with the shell). The printed book keeps the full
#: browser, whose PDFs the print tests hold (their text layer differs in the shell).
HEADLESS_SHELLS = ("chromium-headless-shell", "chrome-headless-shell")
ROOT = Path(__file__).resolve().parents[1]


class BadChromiumSetting(RuntimeError):
    """``CHROMIUM`` is set but does not name an executable browser."""


def book_html(environ: Mapping[str, str] | None = None) -> Path:
    """The built book under test: ``NDCG_BOOK_HTML`` (relative to the repo), or ``_build/html``."""
    environ = os.environ if environ is None else environ
    book = Path(environ.get("NDCG_BOOK_HTML", "_build/html"))
    return book if book.is_absolute() else ROOT / book


def _platform(platform: str | None) -> str:
    platform = sys.platform if platform is None else platform
    if platform.startswith(("win", "cygwin", "msys")):
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


def install_paths(platform: str | None = None, environ: Mapping[str, str] | None = None) -> list[str]:
    """The usual install locations of Chromium, Chrome and Edge on ``platform``
    (a ``sys.platform`` value; default: this machine's)."""
    environ = os.environ if environ is None else environ
    kind = _platform(platform)
    if kind == "windows":
        program_files = environ.get("PROGRAMFILES") or r"C:\Program Files"
        program_files_x86 = environ.get("PROGRAMFILES(X86)") or r"C:\Program Files (x86)"
        local = environ.get("LOCALAPPDATA") or ntpath.join(
            environ.get("USERPROFILE") or r"C:\Users\Default", "AppData", "Local"
        )
        chrome = ntpath.join("Google", "Chrome", "Application", "chrome.exe")
        edge = ntpath.join("Microsoft", "Edge", "Application", "msedge.exe")
        chromium = ntpath.join("Chromium", "Application", "chrome.exe")
        return (
            [ntpath.join(base, chrome) for base in (program_files, program_files_x86, local)]
            + [ntpath.join(local, chromium)]
            + [ntpath.join(base, edge) for base in (program_files, program_files_x86)]
        )
    if kind == "macos":
        home = environ.get("HOME") or str(Path.home())
        apps = (
            "Google Chrome.app/Contents/MacOS/Google Chrome",
            "Chromium.app/Contents/MacOS/Chromium",
            "Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
        )
        return [f"/Applications/{app}" for app in apps] + [f"{home}/Applications/{app}" for app in apps]
    return [
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/snap/bin/chromium",
        "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable",
        "/opt/google/chrome/chrome",
        "/usr/bin/microsoft-edge",
        "/opt/microsoft/msedge/msedge",
    ]


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_chromium(
    environ: Mapping[str, str] | None = None, platform: str | None = None, *, headless_shell: bool = False
) -> str | None:
    """The path of the browser to print or test with, or None when the machine has none.

    With ``headless_shell`` (the browser tests), a headless shell (:data:`HEADLESS_SHELLS`) on
    ``PATH`` comes before the browsers, unless ``CHROMIUM`` names one.

    Raises :class:`BadChromiumSetting` when ``CHROMIUM`` is set to something that is not an
    executable (a typo there should fail loudly, not skip the browser tests quietly).
    """
    environ = os.environ if environ is None else environ
    search_path = environ.get("PATH", "")
    explicit = environ.get(ENV_VAR, "").strip()
    if explicit:
        expanded = os.path.expanduser(explicit)
        if _is_executable(expanded):
            return os.path.abspath(expanded)
        found = None if os.path.dirname(explicit) else shutil.which(explicit, path=search_path)
        if found:
            return found
        raise BadChromiumSetting(
            f"{ENV_VAR}={explicit!r} is not an executable browser: point it at Chromium, "
            f"Chrome or Edge, or unset it to let the tests look for one"
        )
    for name in (HEADLESS_SHELLS if headless_shell else ()) + NAMES:
        found = shutil.which(name, path=search_path)
        if found:
            return found
    for candidate in install_paths(platform, environ):
        if _is_executable(candidate):
            return candidate
    return None


def missing_message(platform: str | None = None) -> str:
    """Why the browser tests are skipped, and how to get a browser for them."""
    kind = _platform(platform)
    get = {
        "linux": "on Debian/Ubuntu: `sudo apt-get install chromium chromium-headless-shell`",
        "macos": "on macOS: install Google Chrome or Chromium (e.g. `brew install --cask chromium`)",
        "windows": "on Windows: install Google Chrome or Chromium (Edge works too)",
    }[kind]
    return (
        f"no Chromium-family browser found ({ENV_VAR} unset, none of "
        f"{', '.join(NAMES)} on PATH, none in the usual install paths). To run the browser "
        f"tests, {get}; or set {ENV_VAR}=/path/to/chromium-or-chrome. "
        f"(Playwright never downloads a browser for these tests.)"
    )


def remember_mode(context, mode: str) -> None:
    """Open every later page of the browser ``context`` in the theme's ``mode`` ("light" or "dark").

    The choice is written by an init script of the context, so it is in localStorage before any
    script of a page runs: the theme's own start-up (which saves its current mode when it runs,
    possibly after a test's ``localStorage.setItem``) cannot overwrite it.
    """
    if mode not in ("light", "dark"):
        raise ValueError(f"mode must be 'light' or 'dark', not {mode!r}")
    context.add_init_script(
        f"try {{ localStorage.setItem('mode', '{mode}'); localStorage.setItem('theme', '{mode}'); }}"
        " catch (e) {}"
    )


#: Where ``_static/ndcg-code.js`` keeps the reader's "Show the code" choice (localStorage).
CODE_KEY = "ndcg-book:code"


def show_code(context) -> None:
    """Open every later page of the browser ``context`` with its code shown, as for a reader who
    turned "Show the code" on (a book page hides its code cells until then:
    ``ndcg_book/codeswitch.py``). A check of everything a page can show (the audit, the phone's
    layout, the first-screen rule) uses it; like :func:`remember_mode`, an init script writes it.
    """
    context.add_init_script(f"try {{ localStorage.setItem('{CODE_KEY}', 'shown'); }} catch (e) {{}}")


#: Lays out every section of a page at once: a chapter's sections below the first screen are
#: otherwise laid out only when the reader scrolls near them (``content-visibility: auto``,
#: ``_static/course.css``), so a check of the whole page's layout would see placeholders there.
RENDER_EVERY_SECTION = (
    "try { const sheet = new CSSStyleSheet();"
    " sheet.replaceSync('.bd-article section { content-visibility: visible !important; }');"
    " document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; } catch (e) {}"
)


def render_every_section(context) -> None:
    """Open every later page of the browser ``context`` with all its sections laid out, as they
    are once a reader has scrolled past them (:data:`RENDER_EVERY_SECTION`). A check of a whole
    page's layout or looks (the audit, the phone's layout, the first-screen rule, screenshots of
    a whole page) uses it; an init script adds the rule before the page's own styles apply."""
    context.add_init_script(RENDER_EVERY_SECTION)


def reload_in_mode(page, mode: str) -> None:
    """Reload ``page`` in the theme's ``mode`` ("light" or "dark", see :func:`remember_mode`) and
    wait until it shows it."""
    remember_mode(page.context, mode)
    page.reload()
    page.wait_for_function(f"() => document.documentElement.dataset.theme === '{mode}'")
