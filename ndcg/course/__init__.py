"""ndcg.course: the course machinery, apart from the metric library.

Everything here exists to teach: the book's chapters, the exercise notebooks
and the instructor's kit import it; the metric library (``ndcg`` and its
modules) and learning to rank (``ndcg.ltr``) never do, and a test keeps it so.
The book build (the Sphinx extension, the slides, the timings, the downloads)
is not here: it is ``ndcg_book/``, beside the package, outside the wheel.

Modules
-------
``manifest``     the course as data, ``course.toml``: its languages, its chapters with their
                 short titles and companion pages, and its workshop agendas (stdlib only)
``display``      numbers as a page shows them: rounded where they are produced
                 (keep, fmt, bound), so stored outputs match on every processor
``examples``     the source documents' worked examples, as data
``tables``       the step-by-step DCG table every chapter shows, the table of
                 library conventions, and chapter 6's race tables
``plots``        the course's figures (imports matplotlib)
``i18n``         the course's words in English and in Chinese: the language cells show
                 (both at once in the book's build), the package's catalogues (stdlib only)
``labels``       the figures' and tables' words in Chinese (the ``figures`` catalogue)
``figure_languages``  a matplotlib figure shown in English and in Chinese (a CJK font)
``tex_text``     a formula's TeX as plain text: the search excerpts and the figures' alternative
                 texts (stdlib only)
``figures``      the book's interactive figures (discount and gain sliders, NDCG@k,
                 same RR), kernel-free views with a JSON island
``figures_ltr``  chapter 6's score playground, a kernel-free view
``published``    figures quoted from papers: the checked reader of
                 ``experiments/published.yaml`` (chapter 6; imports yaml)
``compare``      how often two metrics disagree on random rankings
``scale``        NDCG over blocks of queries (Dask, Spark): a block's exact sum and
                 count, the mean put together bit for bit, and Spark MLlib's ndcgAt
                 transcribed (chapter 4's page "NDCG beyond one machine"; NumPy only)
``dropin``       ``ndcg.ndcg_score`` and scikit-learn's given the same inputs
                 (chapter 4; imports scikit-learn)
``checks``       answer checks for the exercise notebooks: a ladder of help (hint,
                 a closer look, then the explanation), per-entry marks of lists; where
                 the notebooks import them from (the parts are the five modules below)
``check_ladder`` what every check shares: its Feedback, counting, the ladder of help
``number_checks``  NumberCheck: a number or a list of numbers, typed or computed
``function_checks``  FunctionCheck: a learner's function against a reference, and its test
                 cases (ranking_cases, case_order)
``check_words``  every word the checks say, in English (WORDS) and, through the catalogue
                 ``checks``, in Chinese (say)
``typed_numbers``  numbers as learners type them (full-width forms too), and as the checks
                 print and compare them (the book's answer box ports these)
``answers``      the checks' hints and explanations, package data generated from
                 the solutions (``content/answers/``), so no student notebook holds them
``cards``        (a package) flashcards and quizzes from ``content/*.yaml``, and
                 their kernel-free views for the book (imports yaml, markdown-it)
``widgets``      (a package) live views (anywidget): explorer, games, deck, quiz, checker
``live``         LiveFigure: a figure or card view live in a notebook, the same HTML in the book
``islands``      a view's data in its HTML, the JSON island: written, and rewritten (stdlib only)
``anki``         the flashcards as an Anki deck (imports genanki)
``views_text``   every word of the games, explorers and interactive figures, once in English
                 (the Chinese: the catalogue ``views``); what the views' JSON islands hand the JS
``assets``       the front-end files in ``static/`` (CSS, JS), read as package data

A notebook in Chinese starts with ``set_language("zh")`` (below).

Package data: ``content/`` (the cards' YAML, the answers' JSON), ``static/`` and ``locales/``
(the Chinese catalogues of the package's stores of words).
Importing ``ndcg.course`` itself loads none of them.
"""

import os as _os

# The book's build (NDCG_COURSE_LANGUAGE=both, see ndcg.course.i18n): every matplotlib figure is
# shown in both languages (figure_languages). Otherwise importing ndcg.course loads no module.
if _os.environ.get("NDCG_COURSE_LANGUAGE", "en") in ("both", "zh"):
    from . import figure_languages as _figure_languages

    _figure_languages.install()


def set_language(code: str) -> None:
    """Show the course's words in ``code`` (``"en"`` or ``"zh"``) in this notebook from now on:
    the checks and their hints, the views, the tables (:func:`ndcg.course.i18n.choose_language`),
    and, in Chinese, every matplotlib figure of the session, its words in Chinese
    (:func:`ndcg.course.figure_languages.install`).

    Raises
    ------
    ValueError
        If ``code`` is not a language of the course.
    """
    from . import i18n

    i18n.choose_language(code)
    if code != "en":
        from . import figure_languages

        figure_languages.install()
