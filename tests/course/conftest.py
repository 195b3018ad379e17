"""What the notebooks use, ``ndcg.course``: display, checks, cards, examples, tables, plots, views and
their assets. In ``make test-fast``.

Every test here is marked ``course`` (tests/conftest.py marks each test with its folder).
"""
