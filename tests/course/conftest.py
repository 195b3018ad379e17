"""What the notebooks use, ``ndcg.course``: display, checks, cards, examples, tables, plots, views and
their assets. In ``make test-fast``."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark every test of this folder ``course`` (``-m course`` selects them; pyproject.toml lists the
    marks)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.course)
