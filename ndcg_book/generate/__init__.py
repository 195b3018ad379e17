"""What the build generates from the text sources, and the checks that it still matches them.

Each module is a step of ``python -m ndcg_book`` (the step's name in brackets; ``tools/run.py``
runs them: ``make notebooks``, ``make exercises``, ``make sync-check``, ``make sentences``,
``make book``). None is a part of the Sphinx extension: they register nothing.

``notebooks``            the chapters' executed notebooks (``notebooks/``) and their play notebooks
                         (``exercises/play/``) from their text sources (``notebooks``); the book's
                         cell timeout, read from ``_config.yml``
``make_student``         the solution notebooks, the checks' answer texts and the student notebooks
                         (``exercises/``) from ``solutions/*.md`` (``student``)
``notebooks_translated`` every other language's play and student notebooks (``exercises/<folder>/``),
                         from the English ones and that language's catalogues (``translated``)
``notebooks_sync``       whether every generated notebook still matches its text source, executing
                         nothing (``sync``)
``execution_cache``      the book's notebooks run into Jupyter Book's execution cache, several at a
                         time, before ``jupyter-book build`` (``execution-cache``)
``sentences``            one sentence per line in the text sources: the splitter and its check
                         (``sentences``)
``glue_records``         the book's computed values, dumped from a build and compared between two
                         (``glue-records``)
"""
