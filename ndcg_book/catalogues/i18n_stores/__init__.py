"""The stores of words outside the book's pages, one module each, for ``ndcg_book/catalogues/i18n.py``.

Each module gives ``messages(root) -> {domain: [(context, English), ...]}``: the English texts of
its store, by catalogue (``ndcg/course/locales/zh_CN/LC_MESSAGES/<domain>.po``). ``context`` tells
apart two uses of the same English that may need different Chinese (None when there is one use).
"""
