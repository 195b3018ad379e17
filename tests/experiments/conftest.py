"""Chapter 6's races runner and the real-data command, ``experiments/``. Not in ``make test-fast``.

Every test here is marked ``experiments`` (tests/conftest.py marks each test with its folder).
"""
