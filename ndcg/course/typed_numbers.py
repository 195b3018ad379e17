"""Numbers as learners type them, and as the exercise checks print and compare them.

An answer box or a notebook cell may give an answer as text: :func:`typed` makes what a Chinese
keyboard types ASCII (the full-width comma, digits, ideographic space), :func:`list_items`
splits a typed list, and ``_parse_number`` reads ``"0.9"``, ``"0,9"``, ``"1/3"`` or ``"90%"``.
The checks print numbers with ``_format_number`` (and a list's entries to the tolerance's
decimals, ``_to_tolerance``) and compare them with ``_close``.

``ndcg_book/static/ndcg-practice.js``, the answer box of the book's pages, ports these pieces
one by one, and ``tests/browser/test_practice.py`` holds the port equal to them: change one,
change the other.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np

#: What a Chinese (or Japanese) keyboard types for the ASCII characters of a number or a list:
#: the full-width comma, enumeration comma, semicolon, full stop, digits, brackets and the
#: ideographic space, and the minus sign U+2212.
_TYPED = str.maketrans(
    {
        "\uff0c": ",",
        "\u3001": ",",
        "\uff1b": ";",
        "\uff0e": ".",
        "\u3000": " ",
        "\u2212": "-",
        "\uff08": "(",
        "\uff09": ")",
        "\uff3b": "[",
        "\uff3d": "]",
        "\uff05": "%",
        "\uff0f": "/",
        **{chr(0xFF10 + d): str(d) for d in range(10)},
    }
)


def typed(text) -> str:
    """Text as a person typed it, with full-width punctuation and digits made ASCII.

    >>> typed("３，２、１；０．５　−１％")
    '3,2,1;0.5 -1%'
    """
    return str(text).translate(_TYPED)


def list_items(text: str) -> list[str]:
    """The pieces of a typed list: split at commas, semicolons and spaces, brackets dropped.

    Every place that reads a list a person typed (answer checks, the widgets' grade boxes)
    uses this one function, so they accept the same input, full-width forms included.

    >>> list_items("[3, 2;1  0]")
    ['3', '2', '1', '0']
    >>> list_items("3，2，1、0")
    ['3', '2', '1', '0']
    >>> list_items("  ")
    []
    """
    return [piece for piece in re.split(r"[\s,;]+", typed(text).strip().strip("[]()")) if piece]


def _parse_number(text: str):
    """``"0.9"``, ``"0,9"``, ``"1/3"``, ``"90%"`` (full-width forms too) -> float; else None."""
    text = typed(text).strip()
    scale = 1.0
    if text.endswith("%"):
        text, scale = text[:-1].strip(), 0.01
    if re.fullmatch(r"[+-]?\d+,\d+", text):  # a decimal comma
        text = text.replace(",", ".")
    try:
        return float(text) * scale
    except ValueError:
        pass
    try:
        return float(Fraction(text.replace(" ", ""))) * scale
    except (ValueError, ZeroDivisionError):
        return None


def _format_number(value) -> str:
    array = np.asarray(value, dtype=float)
    if array.ndim == 0:
        number = float(array)
        return f"{int(number)}" if number.is_integer() and abs(number) < 1e15 else f"{number:.6g}"
    return "[" + ", ".join(_format_number(x) for x in array.ravel()) + "]"


def _to_tolerance(value: float, abs_tol: float) -> str:
    """A value with as many decimals as ``abs_tol`` asks for (``5e-3``: three), or 6 significant digits."""
    if float(value).is_integer():
        return str(int(value))
    if abs_tol > 0:
        decimals = min(6, max(0, math.ceil(-math.log10(abs_tol))))
        return f"{value:.{decimals}f}"
    return f"{value:.6g}"


def _close(got, expected, rel_tol: float, abs_tol: float) -> bool:
    """Element-wise :func:`math.isclose` of two numbers or arrays of numbers."""
    try:
        g = np.asarray(got, dtype=float)
        e = np.asarray(expected, dtype=float)
    except (TypeError, ValueError, OverflowError):
        return False
    if g.shape != e.shape:
        return False
    with np.errstate(invalid="ignore", over="ignore"):
        tolerance = np.maximum(rel_tol * np.maximum(np.abs(g), np.abs(e)), abs_tol)
        finite = np.isfinite(g) & np.isfinite(e)
        ok = (g == e) | (finite & (np.abs(g - e) <= tolerance)) | (np.isnan(g) & np.isnan(e))
    return bool(np.all(ok))
