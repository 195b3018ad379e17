"""Learning to rank, ``ndcg.ltr``: losses, models, training, LambdaMART, LETOR data, the races. In ``make
test-fast``."""

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items):
    """Mark every test of this folder ``ltr`` (``-m ltr`` selects them; pyproject.toml lists the
    marks)."""
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.ltr)
