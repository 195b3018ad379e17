"""Chapter 6's races runner and the real-data command, ``experiments/``. Not in ``make test-fast``.

Every test here is marked ``experiments`` (tests/conftest.py marks each test with its folder).
"""

import pytest


@pytest.fixture
def mslr(tmp_path):
    """Two folds in MSLR-WEB10K's layout, 136 features (for the tests of ``experiments.realdata*``)."""
    from tests.experiments.realdata_helpers import MSLR_LAYOUT, write_collection

    return write_collection(tmp_path / "MSLR-WEB10K", MSLR_LAYOUT, n_features=136)
