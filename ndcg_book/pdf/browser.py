"""How the print starts its browser: a Chromium-family browser already installed, headless,
through Playwright's ``executable_path`` (Playwright never downloads one: no ``playwright install``).

Which browser is not decided here: ``tools/chromium.py`` finds it with the standard library
(``CHROMIUM=``, then ``PATH``, then the usual install paths) and ``tools/run.py`` hands its path
over (``python -m ndcg_book print pdf --chromium PATH``). The browser tests start theirs the same
way (the ``browser`` fixture of ``tests/conftest.py``).
"""

from __future__ import annotations

#: The options every start of the browser takes: no sandbox (CI and containers run as root), no
#: GPU, and nothing it would fetch or show on its own.
LAUNCH_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def launch(playwright, executable: str):
    """Start ``executable`` headless with :data:`LAUNCH_ARGS` through a Playwright instance."""
    return playwright.chromium.launch(executable_path=executable, args=list(LAUNCH_ARGS), headless=True)
