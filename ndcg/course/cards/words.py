"""The words of the flashcards, quiz, progress and printable views, of the instructors' answer keys
and of the Anki deck: the buttons, labels, feedback marks and counts around the content.

Written once here, in English; their Chinese is the catalogue of the domain :data:`DOMAIN`
(``ndcg/course/locales/zh_CN/LC_MESSAGES/cards-ui.po``, declared by
``ndcg_book/catalogues/i18n_stores/cards_ui.py``), each message's context its key. A message with values has
``{name}`` placeholders, filled after it is translated (by Python here, by ``ndcg-course.js``
and ``ndcg-study.js`` for the messages they are handed in a view's data, :func:`data`).

Examples
--------
>>> word("got", "en"), word("got", "zh") != ""
('Got it', True)
>>> word("card-of", "en", n=2, total=7)
'Card 2 of 7'
"""

from __future__ import annotations

import html

from .. import i18n, manifest

#: The catalogue of these words.
DOMAIN = "cards-ui"

#: Every word, by key. HTML in a message is HTML (the views insert it as it is); a ``{name}`` is a
#: value filled in after translation.
WORDS: dict[str, str] = {
    # the flashcards view
    "flashcards-head": "Flashcards: {title} ({n} cards)",
    "question": "Question",
    "question-click": "Question (click to flip)",
    "question-and-answer": "Question and answer",
    "previous": "Previous",
    "flip": "Flip",
    "hide-answer": "Hide answer",
    "next": "Next",
    "shuffle": "Shuffle",
    "again": "Again",
    "got": "Got it",
    "card-of": "Card {n} of {total}",
    "card-status": "Card {n} of {total} · in box {box} · boxes 1–5: {counts}",
    "leitner-note": (
        "\N{WHITE HEAVY CHECK MARK} Got it moves a card up a box, "
        "\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} Again sends it back to box 1, "
        "and lower boxes come back sooner."
    ),
    "saved-note": (
        "Your progress is saved in this browser, for this version of the book: "
        "come back later and it is still here."
    ),
    "cards-cleared": "Progress cleared: every card is back in box 1.",
    "cards-welcome": "Welcome back: your boxes are as you left them (boxes 1–5: {counts}). ",
    "cards-noscript": (
        "These flashcards need JavaScript; the printable flashcards page lists every card with its answer."
    ),
    "source": "Source: {source}",
    "live": "Running this notebook? Try the live widget: {code}",
    # the reset bar
    "reset": "Reset {what}",
    "clear-what": "Clear {what}? ",
    "yes-clear": "Yes, clear it",
    "cancel": "Cancel",
    "what-boxes": "this deck's boxes",
    "what-answers": "your answers",
    "what-all": "all your progress",
    # the quiz view
    "quiz-head": "Quiz: {title} ({n} questions). Pick an answer: every option has its own feedback.",
    "true": "True",
    "false": "False",
    "true-or-false": "True or false",
    "kind-true-false": "True or false? ",
    "kind-multi-select": "Several answers: ",
    "tick-how": "Tick every right option (one or more), then check your answer.",
    "check-answer": "Check my answer to Q{n}",
    "answered-of": "Answered {answered} of {total}",
    "quiz-score": "Answered {answered} of {total} · right at the first try: {right}",
    "quiz-perfect": " · perfect score! \N{PARTY POPPER}",
    "quiz-done": " · well done!",
    # (under 70 % right at the first try: the summary does not praise, it points to the feedback)
    "quiz-review": " · worth a second look: read the feedback on the ones you missed.",
    "quiz-cleared": "Your answers are cleared. ",
    "quiz-welcome": "Welcome back: your answers are as you left them. ",
    "quiz-noscript": "This quiz needs JavaScript to give feedback; printing the page adds the answers at the end.",
    "correct": "Correct. ",
    "incorrect": "Incorrect. ",
    "right-choice": "Right choice. ",
    "wrong-choice": "Wrong choice. ",
    "try-another": "Try another option.",
    "change-ticks": "Change your ticks and check again.",
    # (a multi-select's first wrong check says how many options are wrong, not which)
    "show-verdicts": "Show each option's verdict",
    "ticked": "{letter} (ticked): ",
    "not-ticked": "{letter} (not ticked): ",
    "exactly-right": "Exactly the right options.",
    "wrong-one": "{n} option is not as they should be.",
    "wrong-many": "{n} options are not as they should be.",
    "answers-head": "Answers: {title}",
    "answer-item": "Q{n}: {answer}.",
    # the progress view
    "progress-head": "Your progress, chapter by chapter",
    "progress-intro": (
        "Each chapter ends with flashcards and a quiz. "
        "\N{WHITE HEAVY CHECK MARK} <em>Got it</em> moves a card up one box (box 5 is the top), "
        "<em>Again</em> sends it back to box 1, and lower boxes come back sooner. "
        "Your boxes, your quiz answers and the exercises you solve in a chapter's page are kept in "
        "this browser, for this version of the book, and counted here."
    ),
    "progress-caption": (
        "Flashcards per Leitner box, quiz questions answered and right at the first try, and "
        "exercises solved in the chapter's page"
    ),
    "chapter": "Chapter",
    "cards-in-box": "Cards in box",
    "box": "Box ",
    "quiz-answered": "Quiz answered",
    "right-first-try": "Right first try",
    "practice-solved": "Exercises solved in the page",
    "n-of-total": "{n} of {total}",
    "moved-one": "{moved} of {cards} card is above box 1; ",
    "moved-many": "{moved} of {cards} cards are above box 1; ",
    "answered-one": "{answered} quiz question answered.",
    "answered-many": "{answered} quiz questions answered.",
    "solved-one": " {solved} exercise solved in a chapter's page.",
    "solved-many": " {solved} exercises solved in a chapter's page.",
    "nothing-stored": "Nothing stored yet in this browser: every card starts in box 1.",
    "all-cleared": "All progress cleared. ",
    "progress-noscript": "Your progress is counted by JavaScript, from this browser's storage.",
    # the printable page
    "front": "Front",
    "back": "Back",
    "quiz-title": "Quiz: {title}",
    "kind-tick-every": "Tick every right option: ",
    # the instructors' answer key (MyST Markdown)
    "key-true-false": "*True or false?* ",
    "key-tick-every": "*Tick every right option:* ",
    "key-right": "**Right: {label}.**",
    "key-wrong": "**Wrong: {label}.**",
    "key-why-right": "*Why it is right:* {text}",
    "key-why-pick": "*Why people pick it:* {text}",
    "key-what-to-say": "*What to say:* {text}",
    # the Anki deck
    "anki-deck": "NDCG course",
    "anki-model": "NDCG course card",
    "anki-quiz": "Quiz: {how}",
    "anki-single": "Pick one answer.",
    "anki-true-false": "True or false?",
    "anki-multi-select": "Pick every right answer (one or more).",
    "anki-answer": "Answer: {answer}",
    "anki-right": "\N{WHITE HEAVY CHECK MARK} right",
    "anki-wrong": "\N{CROSS MARK} wrong",
    "anki-feedback": "{name}, {mark}: {text}",
    # Each chapter's Anki sub-deck, ``anki-<stem>``: its number and its short title, which are the
    # chapter's, written in the course's manifest (``ndcg/course/course.toml``).
    **{
        f"anki-{chapter.stem}": f"{chapter.stem.split('_', 1)[0]} {chapter.short_title}"
        for chapter in manifest.chapters()
    },
}

#: The words ``ndcg-course.js`` writes into the flashcards and quiz views, and ``ndcg-study.js``
#: into the progress view (handed over in each view's data, :func:`data`).
SCRIPT_WORDS = {
    "flashcards": (
        "question-click",
        "question-and-answer",
        "flip",
        "hide-answer",
        "card-status",
        "cards-cleared",
        "cards-welcome",
        "source",
    ),
    "quiz": (
        "quiz-score",
        "quiz-perfect",
        "quiz-done",
        "quiz-review",
        "quiz-cleared",
        "quiz-welcome",
        "correct",
        "incorrect",
        "right-choice",
        "wrong-choice",
        "try-another",
        "change-ticks",
        "show-verdicts",
        "ticked",
        "not-ticked",
        "exactly-right",
        "wrong-one",
        "wrong-many",
        "true-or-false",
    ),
    "progress": (
        "n-of-total",
        "moved-one",
        "moved-many",
        "answered-one",
        "answered-many",
        "solved-one",
        "solved-many",
        "nothing-stored",
        "all-cleared",
    ),
}


def word(key: str, language: str = "en", **values) -> str:
    """The word ``key`` in ``language``, its placeholders filled with ``values`` (a value may be
    a text by language, as :func:`ndcg.course.i18n.each` makes it: the one of ``language`` is
    used). A message not translated yet is its English.
    """
    english = WORDS[key]
    text = i18n.translator(DOMAIN, key, language)(english)
    if values:
        text = text.format(**{name: _of(value, language) for name, value in values.items()})
    return text


def _of(value, language: str):
    return value.get(language, value.get("en")) if isinstance(value, dict) else value


def both(key: str, **values) -> dict[str, str]:
    """The word ``key`` in every language of the course, by language."""
    return {language: word(key, language, **values) for language in i18n.LANGUAGES}


def html_word(key: str, tag: str = "span", **values) -> str:
    """HTML of the word ``key`` (its text escaped; its values are HTML already) in the language of
    the cells (:func:`ndcg.course.i18n.language`): both in the book, each in its element."""
    return i18n.html_texts(i18n.each(lambda language: html_text(key, language, **values)), tag, once=True)


def html_text(key: str, language: str, **values) -> str:
    """HTML of the word ``key`` in ``language``: the message is HTML as written (it may hold
    ``<em>``), each ``{value}`` is HTML already (escape text before passing it)."""
    return word(key, language, **values)


def text_html(texts: dict[str, str], tag: str = "span") -> str:
    """HTML of a text in every language (by language: :func:`ndcg.course.i18n.html_texts`), one
    copy when they agree."""
    return i18n.html_texts(texts, tag, once=True)


def escaped(value: dict | str) -> dict | str:
    """A value, or both languages of it, HTML-escaped."""
    if isinstance(value, dict):
        return {language: html.escape(text) for language, text in value.items()}
    return html.escape(value)


def data(view: str) -> dict:
    """The words a view's script writes, for its data: ``{key: text}`` in the cells' language, or
    ``{key: {"en": ..., "zh": ...}}`` in the book (the script picks the page's)."""
    return {key: i18n.pick(both(key)) for key in SCRIPT_WORDS[view]}


def languages() -> tuple[str, ...]:
    """The languages a cell shows: both in the book, else the one chosen."""
    now = i18n.language()
    return i18n.LANGUAGES if now == "both" else (now,)


def sentences(*parts: str) -> str:
    """Sentences one after the other: a space between them, none after a Chinese full stop.

    >>> sentences("One.", "Two."), sentences("一。", "二。")
    ('One. Two.', '一。二。')
    """
    text = parts[0]
    for part in parts[1:]:
        text += ("" if text.endswith(("。", "！", "？", "；", "：", "）")) else " ") + part
    return text
