"""Code comments in another language: the words after each ``#`` of a code cell, and nothing else.

The Chinese edition shows the book's code cells with their comments in Chinese
(:func:`ndcg_book.editions.translate_code_comments`), and the Chinese notebooks do the same
(``ndcg_book/generate/notebooks_translated.py``); both from the catalogue ``comments`` (the store
``ndcg_book/catalogues/i18n_stores/comments.py``). The code itself stays the English one, character for
character: one computation for both editions.

Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: A comment with words: a word of two Latin letters or more, one of them lower-case, that is no
#: part of a name (not ``# [CG@3, CG@5]``, nor ``# [C_CA, lambda_CA]``).
_COMMENT_WORDS = re.compile(r"\b(?=[A-Za-z]{2,}\b)[A-Za-z]*[a-z][A-Za-z]*\b")


def comment_places(code: str, every: bool = False) -> list[tuple[int, int, str]]:
    """``(line, column, text)`` of each comment with words (``every``: each comment) in a code
    cell's source; none when the cell does not read as Python."""
    import io
    import tokenize

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    return [
        (*token.start, token.string)
        for token in tokens
        if token.type == tokenize.COMMENT and (every or _COMMENT_WORDS.search(token.string))
    ]


def without_comments(code: str) -> str:
    r"""``code`` with every comment emptied to ``#``: what the two editions' code cells share.

    >>> without_comments("x = 1  # one\n# 二\n")
    'x = 1  #\n#\n'
    """
    lines = code.splitlines(keepends=True)
    for row, column, text in reversed(comment_places(code, every=True)):
        lines[row - 1] = lines[row - 1][:column] + "#" + lines[row - 1][column + len(text) :]
    return "".join(lines)


def comment_words(code: str) -> list[str]:
    r"""The words of each comment with words in a code cell's source, as the catalogue holds them.

    >>> comment_words("answer = ...  # [CG@3, CG@5]\n# your code here\nx = '# not a comment'  # [C_CA, lambda_CA]")
    ['your code here']
    """
    return [text[1:].strip() for _, _, text in comment_places(code)]


def translate_comments(code: str, translate: Callable[[str], str]) -> str:
    r"""``code`` with each comment with words replaced by ``translate(words)``; the code itself, and
    every other character, as it was.

    >>> translate_comments("x = 1  # one\n# two\n", lambda words: words.upper())
    'x = 1  # ONE\n# TWO\n'
    """
    lines = code.splitlines(keepends=True)
    for row, column, text in reversed(comment_places(code)):
        line = lines[row - 1]
        lines[row - 1] = line[:column] + "# " + translate(text[1:].strip()) + line[column + len(text) :]
    return "".join(lines)
