"""The built book and the views in headless Chromium, through Playwright (``chromium.py`` finds the
browser; ``pages.py`` opens a page). Not in ``make test-fast``.

Every test here is marked ``browser`` (tests/conftest.py marks each test with its folder).
"""
