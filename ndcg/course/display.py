"""Numbers as a page shows them: rounded where they are produced.

A chapter of the course is stored executed, and ``nbval`` re-runs it on the
reader's machine and compares the fresh outputs with the stored ones. A float
such as ``2.9229594277916364`` is not the same on every processor: NumPy's SIMD
kernels (AVX2, AVX-512, NEON) and the BLAS library may differ in the last bits.
So every number a page shows (glued into the prose, printed, or in a computed
table) goes through this module and is rounded to the precision the page
displays *before* it is stored. The stored record then holds exactly the
digits a reader sees, which are the same on every machine.

Rounding alone is not enough in two corner cases, and both raise here instead
of printing a digit that depends on the machine:

* a value that sits (within machine noise) on a rounding boundary, such as
  ``0.125`` shown with two decimals: its last shown digit flips with the last
  bit of the value;
* a value that is itself machine noise, such as the ``1e-17`` left over when
  lambdas that cancel exactly are summed: show it with :func:`bound` ("below
  1e-12") instead.

Negative zero (``-0.000``) is shown as ``0.000``.

Examples
--------
>>> shown(2.9229594277916364, 3)
2.923
>>> fmt(2.9229594277916364, ".3f")
'2.923'
>>> fmt(-0.00001, "+.3f")
'+0.000'
>>> fmt(0.81234, ".1%")
'81.2%'
>>> bound(1.4e-17)
'below 1e-12'
"""

from __future__ import annotations

import math
import numbers
import re

__all__ = ["NOISE", "bound", "decimals_of_spec", "fmt", "keep", "shown"]

#: Below this size a difference is floating-point noise (a few ulps of a
#: number of order 1 to 1,000): it is shown with :func:`bound`, never as digits.
NOISE = 1e-12

#: How close (relative to the value, in units of its last shown digit) a value
#: may come to a rounding boundary before its last digit is machine noise.
_BOUNDARY = 1e-9

_SPEC = re.compile(r"^(?P<sign>[+ -]?)(?P<width>\d*)(?P<comma>,?)(?:\.(?P<digits>\d+))?(?P<kind>[f%d])$")


def decimals_of_spec(spec: str) -> int:
    """The decimals of a value that a format spec shows.

    ``".3f"`` shows 3 decimals of the value, ``".1%"`` shows 3 (it multiplies
    by 100), ``"d"`` and ``".0f"`` none.

    >>> [decimals_of_spec(s) for s in (".3f", "+.2f", ".1%", ".0%", "d", ",d", ".0f", "9.3f")]
    [3, 2, 3, 2, 0, 0, 0, 3]
    """
    match = _SPEC.match(spec)
    if not match:
        raise ValueError(
            f"spec must be a fixed-point format such as '.3f', '+.2f', '.1%' or 'd'; got {spec!r}."
        )
    if match["kind"] in "f%" and match["digits"] is None:
        raise ValueError(f"spec must give its decimals ('.3f', not 'f': Python would show 6); got {spec!r}.")
    digits = int(match["digits"] or 0)
    if match["kind"] == "%":
        return digits + 2
    if match["kind"] == "d" and match["digits"] is not None:
        raise ValueError(f"spec 'd' takes no precision; got {spec!r}.")
    return digits


def _real(value, name: str = "value") -> float | int:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        # numpy scalars are numbers.Real; 0-d arrays are not, so unwrap them.
        if hasattr(value, "ndim") and value.ndim == 0 and hasattr(value, "item"):
            return _real(value.item(), name)
        raise TypeError(f"{name} must be a real number; got {type(value).__name__} {value!r}.")
    if isinstance(value, numbers.Integral):
        return int(value)
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite to be shown; got {value!r}.")
    return value


def _check_digits(digits) -> int:
    if isinstance(digits, bool) or not isinstance(digits, numbers.Integral) or not 0 <= digits <= 12:
        raise ValueError(f"digits must be a whole number from 0 to 12; got {digits!r}.")
    return int(digits)


def shown(value, digits: int) -> float | int:
    """``value`` rounded to ``digits`` decimals, as a plain Python number.

    Parameters
    ----------
    value : int or float (Python or NumPy scalar)
        A finite number. Integers are returned unchanged, as ``int``.
    digits : int
        The decimals the page shows, from 0 to 12. With 0 a float is returned
        as an ``int``.

    Returns
    -------
    float or int
        The rounded value (never ``-0.0``).

    Raises
    ------
    ValueError
        If ``value`` is not finite, or lies within machine noise of a rounding
        boundary at ``digits`` decimals (its last shown digit would then
        depend on the processor): show it with another number of decimals.
    TypeError
        If ``value`` is not a real number (``bool`` included).

    Examples
    --------
    >>> shown(1.0000000000000002, 3)
    1.0
    >>> shown(5.9075251672281235, 3), shown(5.907525167228124, 3)
    (5.908, 5.908)
    >>> shown(62.4, 0)
    62
    >>> shown(0.125, 2)
    Traceback (most recent call last):
        ...
    ValueError: 0.125 lies on a rounding boundary at 2 decimals, so its last shown digit depends on the machine: show it with more (or fewer) decimals.
    """
    value = _real(value)
    digits = _check_digits(digits)
    if isinstance(value, int):
        return value
    scaled = value * 10.0**digits
    fraction = scaled - math.floor(scaled)
    if abs(fraction - 0.5) <= _BOUNDARY * max(1.0, abs(scaled)):
        raise ValueError(
            f"{value!r} lies on a rounding boundary at {digits} decimals, so its last shown digit "
            "depends on the machine: show it with more (or fewer) decimals."
        )
    rounded = round(value, digits) + 0.0  # + 0.0 turns -0.0 into 0.0
    return int(rounded) if digits == 0 else rounded


def fmt(value, spec: str = ".3f") -> str:
    """``value`` as text, rounded by :func:`shown`, in a fixed-point format.

    Use it wherever a chapter prints a number: ``print(f"DCG = {fmt(x, '.3f')}")``.

    Parameters
    ----------
    value : int or float
    spec : str
        A fixed-point format: ``".3f"``, ``"+.4f"``, ``".1%"``, ``"d"``, ``",d"``,
        with an optional width (``"9.3f"``).

    Examples
    --------
    >>> fmt(4.7618595071429155, ".3f"), fmt(-0.4070314417980622, "+.4f"), fmt(12345, ",d")
    ('4.762', '-0.4070', '12,345')
    """
    digits = decimals_of_spec(spec)
    if spec.endswith("d"):
        value = _real(value)
        if not float(value).is_integer():
            raise ValueError(f"spec {spec!r} is for whole numbers; got {value!r}.")
    return format(shown(value, digits), spec)


def bound(value, limit: float = NOISE) -> str:
    """A noise-level quantity as a bound: ``"below 1e-12"``.

    Differences that are zero in exact arithmetic (two ways of computing the
    same number, lambdas that cancel) come out as ``0.0``, ``2.2e-16`` or
    ``1.4e-17`` depending on the processor. Show them as a bound, never as
    digits.

    Parameters
    ----------
    value : float
        The difference (its absolute value is compared).
    limit : float
        The bound, ``1e-12`` by default.

    Raises
    ------
    ValueError
        If ``abs(value)`` is not below ``limit``: then it is not noise, and
        the page has found a real difference.

    Examples
    --------
    >>> bound(0.0), bound(-4.4e-16), bound(3e-10, limit=1e-9)
    ('below 1e-12', 'below 1e-12', 'below 1e-09')
    """
    value = float(_real(value))
    limit = float(_real(limit, "limit"))
    if not limit > 0:
        raise ValueError(f"limit must be positive; got {limit!r}.")
    if not abs(value) < limit:
        raise ValueError(f"{value!r} is not below {limit:.0e}: a real difference, not rounding noise.")
    return f"below {limit:.0e}"


def keep(name: str, value, digits: int | None = None) -> None:
    """Glue ``value`` for the prose, rounded to the decimals the prose shows.

    A chapter computes a number in a code cell and shows it in the text with
    ``{glue:text}`name:.3f```; ``keep(name, value, 3)`` stores it rounded
    to 3 decimals (the largest number of decimals the text shows it with), so
    the notebook's stored record holds only digits a reader sees.

    Parameters
    ----------
    name : str
        The glue key.
    value : int, float, str or a displayable object
        Numbers are rounded by :func:`shown`; anything else (text, Markdown)
        is glued as it is.
    digits : int, optional
        Decimals shown in the prose; needed for a float, not for an integer.

    Raises
    ------
    ValueError
        If a float is given without ``digits`` (see also :func:`shown`).
    """
    from myst_nb import glue  # the book's tooling, loaded only where it is used

    if not isinstance(name, str) or not name:
        raise ValueError(f"name must be a non-empty string; got {name!r}.")
    if isinstance(value, numbers.Number) or (hasattr(value, "ndim") and value.ndim == 0):
        number = _real(value)
        if isinstance(number, float):
            if digits is None:
                raise ValueError(
                    f"keep({name!r}, {number!r}) needs digits: the decimals the text shows it with."
                )
            number = shown(number, digits)
        glue(name, number, display=False)
    else:
        glue(name, value, display=False)
