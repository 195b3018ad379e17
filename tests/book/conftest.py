"""The book: its sources (chapters, pages, slides), its build (``ndcg_book``) and the built book in
``_build/html`` (those tests skip until ``make book``). Not in ``make test-fast``."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark every test of this folder ``book`` (``-m book`` selects them; pyproject.toml lists the
    marks)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.book)
