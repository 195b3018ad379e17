"""The metric library ``ndcg`` (NumPy only): one list and many, graded and yes/no, gains, validation,
statistics. In ``make test-fast``."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark every test of this folder ``core`` (``-m core`` selects them; pyproject.toml lists the
    marks)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.core)
