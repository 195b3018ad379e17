"""The book: its sources (chapters, pages, slides), its build (``ndcg_book``) and the built book in
``_build/html`` (those tests skip until ``make book``). Not in ``make test-fast``.

Every test here is marked ``book`` (tests/conftest.py marks each test with its folder).
"""
