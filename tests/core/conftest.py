"""The metric library ``ndcg`` (NumPy only): one list and many, graded and yes/no, gains, validation,
statistics. In ``make test-fast``.

Every test here is marked ``core`` (tests/conftest.py marks each test with its folder).
"""
