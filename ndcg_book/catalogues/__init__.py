"""The Chinese edition's catalogues: extracted, merged, checked and compiled, and the edition
built from them (``python -m ndcg_book translations``, run by ``make translations`` and
``make book``). None of these modules is a part of the Sphinx extension: they register nothing.

``i18n``        the command: ``update`` (merge the English into the catalogues), ``check``,
                ``emphasis`` and ``build`` (the Chinese edition into ``_build/html/zh``)
``i18n_checks`` what a translation must keep of its English, and the checks of one catalogue
``i18n_stores`` the stores of words outside the book's pages (cards, views, checks, figures,
                slides ...), one module each
``termbase``    each recurring term and phrase with its one Chinese form
                (``locales/zh_CN/termbase.yaml``; ``python -m ndcg_book termbase``)
``typography``  the Chinese translations' typography: autocorrect-py and the house rules
                (``python -m ndcg_book typography``, run by ``make lint``)
"""
