"""The built book and the views in headless Chromium, through Playwright (``chromium.py`` finds the
browser; ``pages.py`` opens a page). Not in ``make test-fast``."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark every test of this folder ``browser`` (``-m browser`` selects them; pyproject.toml lists the
    marks)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)
