"""The ``{{ expr }}`` / ``{{ expr :spec }}`` templates of the content files.

A template is replaced, when a file is loaded, by the value of the Python
expression ``expr`` formatted with the format ``spec`` (the text after the last
colon that follows a space). The expression sees the public functions of
:mod:`ndcg` and :mod:`ndcg.list_binary`, the examples of
:mod:`ndcg.course.examples` (``MOVIES``, ...), ``math`` and ``np``. Without a
spec, an integer is shown as it is and any other number with three decimals,
rounded through :func:`ndcg.course.display.fmt`.
"""

from __future__ import annotations

import builtins
import math
import re

import numpy as np

from ..display import decimals_of_spec, fmt

_TEMPLATE = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)


def namespace() -> dict:
    """The names a template sees: ndcg's and ndcg.list_binary's functions, the examples, math, np."""
    import ndcg
    from ndcg import list_binary
    from ndcg.course import examples

    names = {"math": math, "np": np}
    names.update({name: getattr(ndcg, name) for name in ndcg.__all__})
    names.update(
        {
            name: getattr(list_binary, name)
            for name in dir(list_binary)
            if not name.startswith("_")
            and callable(getattr(list_binary, name))
            and getattr(getattr(list_binary, name), "__module__", "") == list_binary.__name__
        }
    )
    names.update({name: getattr(examples, name) for name in dir(examples) if name.isupper()})
    names["Ranking"] = examples.Ranking
    return names


def _split_spec(body: str) -> tuple[str, str | None]:
    """Split ``"expr :spec"`` into expression and format spec (None if none)."""
    match = re.search(r"\s:([^:]*)$", body)
    if match:
        expression = body[: match.start()].strip()
        try:
            compile(expression, "<template>", "eval")
        except SyntaxError:
            pass
        else:
            return expression, match.group(1).strip()
    return body.strip(), None


def _format(value, spec: str | None) -> str:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value) if spec is None else format(value, spec)
    if spec is None:
        return str(value) if isinstance(value, int) else fmt(value, ".3f")
    try:
        decimals_of_spec(spec)
    except ValueError:  # not a fixed-point spec ("g", "s", "e"): formatted as asked
        return format(value, spec)
    return fmt(value, spec)


def render_template(text: str, names: dict | None = None) -> str:
    """Replace every ``{{ expr }}`` / ``{{ expr :spec }}`` in ``text`` by its value.

    Parameters
    ----------
    text : str
        Text with templates.
    names : dict, optional
        The namespace the expressions see; by default the public functions
        of ``ndcg`` and ``ndcg.list_binary``, the examples, ``math`` and ``np``.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If an expression fails; the message quotes it.

    Examples
    --------
    >>> render_template("NDCG@3 = {{ ndcg(MOVIES.grades, 3) :.3f }}")
    'NDCG@3 = 0.905'
    >>> render_template("rank 2 keeps {{ discounts(2)[1] :.0% }}, CG = {{ cg([3, 2, 1]) }}")
    'rank 2 keeps 63%, CG = 6.000'
    >>> render_template("{{ int(cg([3, 2, 1])) }} points")
    '6 points'
    >>> render_template("{{ nonsense(1) }}")
    Traceback (most recent call last):
    ...
    ValueError: template {{ nonsense(1) }} failed: NameError: name 'nonsense' is not defined
    """
    if not isinstance(text, str):
        raise ValueError(f"text must be a str; got {type(text).__name__}.")
    names = namespace() if names is None else names

    def replace(match: re.Match) -> str:
        expression, spec = _split_spec(match.group(1))
        try:
            # the names are globals, so that comprehensions see them too
            value = eval(expression, {"__builtins__": builtins, **names})
            return _format(value, spec)
        except Exception as error:  # any failure names the template
            raise ValueError(
                f"template {{{{{match.group(1)}}}}} failed: {type(error).__name__}: {error}"
            ) from None

    return _TEMPLATE.sub(replace, text)
