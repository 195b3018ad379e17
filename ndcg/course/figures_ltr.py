"""Chapter 6's score playground: NDCG's staircase and the forces on the scores, kernel-free.

:func:`score_playground` shows one query (the short videos of chapter 6: grades 1, 3, 2, 0,
scores 2, 1, 0, -1) as a kernel-free view of the book, ``data-ndcg-view="score-playground"``.
Its HTML holds no CSS and no JavaScript:

* a skeleton that reads without JavaScript (and in a notebook, where no script of the book
  runs): the starting ranking as a table, with each video's score, its RankNet gradient and
  its LambdaRank lambda, and NDCG@k; the controls are ``hidden`` until the book's script
  activates them;
* a JSON island with the query, the axis, the settings and the messages, and the starting
  values computed here with :mod:`ndcg` (rounded where they are produced).

In the built book, ``ndcg/course/static/ndcg-ltr.js`` lets the reader drag one video's score
along an axis and redraws, with ``window.NDCGMetrics``, NDCG@k as a function of that score (a
staircase), RankNet's gradients and LambdaRank's lambdas as arrows.

>>> view = score_playground([1, 3, 2, 0], [2.0, 1.0, 0.0, -1.0], names="ABCD")
>>> view.data()["start"]["ndcg"]
0.736364
>>> 'data-ndcg-view="score-playground"' in view._repr_html_()
True
"""

from __future__ import annotations

import html
import itertools
import math

import numpy as np

from .. import batch_graded, ltr
from . import i18n, views_text
from .display import fmt, shown
from .islands import json_island
from .live import LiveFigure

__all__ = ["ScorePlayground", "playground_data", "score_playground"]

_COUNTER = itertools.count(1)

#: The decimals of a score (what the slider, the box and the drag snap to).
SCORE_DECIMALS = 2
#: The decimals of NDCG, a gradient or a lambda, as the view shows them.
VALUE_DECIMALS = 3
#: The decimals the JSON island keeps of a computed value (portable across machines).
DATA_DECIMALS = 6


#: The texts of :data:`ndcg.course.views_text.TEXTS` ``["playground"]`` the script uses.
_SCRIPT_KEYS = (
    "help", "picker", "handle", "slider", "box", "reset", "axis", "staircase", "ndcg", "order", "tie",
    "jump", "reset_done", "empty", "not_number", "out_of_range", "ranknet", "lambdarank", "up", "down",
    "none", "moving", "caption",
)  # fmt: skip


def noun_word(noun: str, language: str = "en") -> str:
    """What an item is called, in ``language`` (a noun of ``views_text``'s ``nouns``, else as given)."""
    if noun in views_text.TEXTS["nouns"]:
        return views_text.table("nouns", language)[noun]
    return noun


def messages(k: int | None, noun: str, language: str = "en") -> dict[str, str]:
    """The view's texts in ``language``; ``{name}``, ``{low}``, ``{high}``, ... are filled in by
    the script (``{noun}`` and ``{at}`` here)."""
    at = f"@{k}" if k else ""
    words = views_text.table("playground", language)
    found = {key: views_text.fill(words[key], noun=noun_word(noun, language), at=at) for key in _SCRIPT_KEYS}
    if k:
        found["lambdarank"] = views_text.fill(words["lambdarank_k"], k=k)
    return found


def _messages_both(k: int | None, noun: str) -> dict:
    """:func:`messages` for the JSON island: each text by language in the book's build."""
    by_language = i18n.each(lambda language: messages(k, noun, language))
    return {
        key: i18n.pick({code: said[key] for code, said in by_language.items()})
        for key in by_language[i18n.SOURCE]
    }


def _values(grades, scores, k, sigma, gain):
    grades = np.asarray(grades, dtype=float)
    scores = np.asarray(scores, dtype=float)
    ndcg_value = batch_graded.ndcg_score([grades], [scores], k=k, gain=gain, ignore_ties=True)
    _, ranknet = ltr.ranknet_loss(grades, scores, sigma=sigma)
    lambdas = ltr.lambdarank_gradients(grades, scores, k, sigma=sigma, gain=gain)
    order = np.argsort(-scores, kind="stable")  # ties keep their input order
    return ndcg_value, ranknet, lambdas, order


def _steps(grades, scores, moving, k, sigma, gain, low, high):
    """NDCG@k when ``moving``'s score runs over the axis: one level between two other scores."""
    others = sorted({float(s) for i, s in enumerate(scores) if i != moving and low < s < high})
    edges = [low, *others, high]
    levels = []
    for left, right in itertools.pairwise(edges):
        probe = list(map(float, scores))
        probe[moving] = (left + right) / 2
        levels.append(
            {
                "from": left,
                "to": right,
                "ndcg": shown(_values(grades, probe, k, sigma, gain)[0], DATA_DECIMALS),
            }
        )
    return levels


def playground_data(
    grades,
    scores,
    *,
    names,
    moving: int = 1,
    k: int | None = 4,
    gain: str = "exponential",
    sigma: float = 1.0,
    axis: tuple[float, float] = (-3.0, 4.0),
    noun: str = "video",
) -> dict:
    """What the JSON island holds: the query, the settings, the messages, the starting values.

    ``grades`` and ``scores`` are one query's, ``names`` one short name per item, ``moving``
    the index of the item whose score the reader moves first, ``axis`` the range of scores
    the axis shows. The starting values (NDCG@k, RankNet's gradients, the lambdas, NDCG@k
    on every step of ``moving``'s staircase) are computed with :mod:`ndcg` and rounded to
    :data:`DATA_DECIMALS` decimals.
    """
    grades = [float(g) for g in grades]
    scores = [float(s) for s in scores]
    names = [str(name) for name in names]
    if not (len(grades) == len(scores) == len(names)) or not grades:
        raise ValueError(
            f"grades, scores and names must have one entry per item; got {len(grades)}, "
            f"{len(scores)} and {len(names)}."
        )
    if not 0 <= moving < len(grades):
        raise ValueError(f"moving must be the index of an item, 0 to {len(grades) - 1}; got {moving}.")
    low, high = (float(a) for a in axis)
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(f"axis must be two finite numbers, low < high; got {axis!r}.")
    outside = [s for s in scores if not low <= s <= high]
    if outside:
        raise ValueError(f"every score must lie on the axis {low:g} to {high:g}; got {outside}.")
    ndcg_value, ranknet, lambdas, order = _values(grades, scores, k, sigma, gain)
    return {
        "names": names,
        "noun": noun,
        "grades": [int(g) if g.is_integer() else g for g in grades],
        "scores": [shown(s, SCORE_DECIMALS) for s in scores],
        "moving": moving,
        "k": k,
        "gain": gain,
        "sigma": float(sigma),
        "axis": [low, high],
        "decimals": {"score": SCORE_DECIMALS, "value": VALUE_DECIMALS},
        "messages": _messages_both(k, noun),
        "start": {
            "order": [int(i) for i in order],
            "ndcg": shown(ndcg_value, DATA_DECIMALS),
            "ranknet": [shown(v, DATA_DECIMALS) for v in ranknet],
            "lambdas": [shown(v, DATA_DECIMALS) for v in lambdas],
            "steps": _steps(grades, scores, moving, k, sigma, gain, low, high),
        },
    }


def _arrow(value: float) -> str:
    """The direction of a force as text: a negative value pushes the score up."""
    if shown(value, VALUE_DECIMALS) == 0:
        return "\N{EM DASH}"
    return "\N{UPWARDS ARROW}" if value < 0 else "\N{DOWNWARDS ARROW}"


class ScorePlayground(LiveFigure):
    """The score playground of one query (see :func:`score_playground`); ``ndcg-ltr.js`` plays it."""

    _MODULE = "ndcg-ltr.js"

    def __init__(self, data: dict):
        self._data = data
        self.dom_id = f"ndcg-score-playground-{next(_COUNTER)}"

    def __repr__(self) -> str:
        start = self._data["start"]
        at = f"@{self._data['k']}" if self._data["k"] else ""
        return f"<ScorePlayground: NDCG{at} = {fmt(start['ndcg'], '.3f')}>"

    def data(self) -> dict:
        """What the JSON island holds (:func:`playground_data`)."""
        return self._data

    def html(self) -> str:
        """The skeleton (the starting state as a table, controls hidden) and the JSON island."""
        data = self._data
        names, noun = data["names"], data["noun"]
        start, moving = data["start"], data["moving"]
        e = html.escape

        def say(key: str, **values) -> str:
            def make(language: str) -> str:
                msg = messages(data["k"], noun, language)
                words = views_text.table("playground", language)
                text = msg[key] if key in msg else words[key]
                return e(views_text.fill(text, **values))

            return views_text.each(make)

        def words(key: str, **values) -> str:
            # an attribute: one language, the notebook's (the book's English, which the script replaces)
            return e(views_text.fill(messages(data["k"], noun, views_text.one_language())[key], **values))

        pickers = "".join(
            f'<button type="button" data-doc="{i}" aria-pressed="{str(i == moving).lower()}" disabled>'
            f'{e(name)} <span class="ndcg-ltr-grade">{say("grade", grade=data["grades"][i])}</span></button>'
            for i, name in enumerate(names)
        )
        rows = "".join(
            f'<tr data-doc="{i}">'
            f'<td class="num" data-role="rank">{rank}</td>'
            f'<th scope="row" data-role="name">{e(names[i])} '
            f'<span class="ndcg-ltr-grade">{say("grade", grade=data["grades"][i])}</span></th>'
            f'<td class="num" data-role="score">{fmt(data["scores"][i], ".2f")}</td>'
            f'<td class="num ndcg-ltr-force" data-role="ranknet">'
            f'<span class="ndcg-ltr-dir">{_arrow(start["ranknet"][i])}</span> '
            f'<span class="ndcg-ltr-value">{fmt(start["ranknet"][i], ".3f")}</span></td>'
            f'<td class="num ndcg-ltr-force" data-role="lambda">'
            f'<span class="ndcg-ltr-dir">{_arrow(start["lambdas"][i])}</span> '
            f'<span class="ndcg-ltr-value">{fmt(start["lambdas"][i], ".3f")}</span></td>'
            "</tr>"
            for rank, i in enumerate(start["order"], start=1)
        )
        low, high = data["axis"]
        order = ", ".join(names[i] for i in start["order"])
        ndcg_label = messages(data["k"], noun)["ndcg"]
        return (
            f'<div class="ndcg-kf ndcg-ltr" id="{self.dom_id}" data-ndcg-view="score-playground"'
            f"{views_text.lang_attribute()}>"
            f'<div class="ndcg-head">{say("head", ndcg=ndcg_label)}</div>'
            f'<p class="ndcg-ltr-help" data-until-ready hidden>{say("help")}</p>'
            f'<div class="ndcg-ltr-picker" role="group" aria-label="{words("picker")}" data-until-ready hidden>'
            f"{pickers}</div>"
            '<div class="ndcg-ltr-inputs" data-until-ready hidden>'
            f'<label class="ndcg-ltr-slider"><span data-role="slider-label">{say("slider", name=names[moving])}</span> '
            f'<input type="range" data-role="slider" min="{low:g}" max="{high:g}" step="0.01" '
            f'value="{data["scores"][moving]:g}"></label> '
            f'<label class="ndcg-ltr-box">{say("box")} '
            f'<input type="text" data-role="box" inputmode="decimal" size="6" autocomplete="off" '
            f'spellcheck="false" value="{fmt(data["scores"][moving], ".2f")}"></label> '
            f'<button type="button" data-action="reset" disabled>{say("reset")}</button>'
            '<p class="ndcg-ltr-error" data-role="error" role="alert" hidden></p>'
            "</div>"
            '<div class="ndcg-ltr-figure" data-role="figure" data-until-ready hidden></div>'
            f'<p class="ndcg-ltr-now"><strong data-role="ndcg-label">{say("ndcg")}</strong> = '
            f'<strong data-role="ndcg">{fmt(start["ndcg"], ".3f")}</strong> '
            f'<span data-role="order">{say("order", order=order)}'
            "</span></p>"
            '<p class="ndcg-ltr-tie" data-role="tie" hidden></p>'
            '<div class="ndcg-ltr-table">'
            '<table class="ndcg-ltr-forces" data-role="forces">'
            f"<caption>{say('caption')}</caption>"
            "<thead><tr>"
            f'<th scope="col">{say("rank")}</th>'
            f'<th scope="col">{views_text.each(lambda language: e(noun_word(noun, language)))}</th>'
            f'<th scope="col">{say("score")}</th>'
            f'<th scope="col">{say("ranknet")}</th>'
            f'<th scope="col">{say("lambdarank")}</th>'
            "</tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
            '<p class="ndcg-ltr-live ndcg-sr" data-role="live" aria-live="polite"></p>'
            f"{json_island(data)}"
            "</div>"
        )


def score_playground(
    grades,
    scores,
    *,
    names,
    moving: int = 1,
    k: int | None = 4,
    gain: str = "exponential",
    sigma: float = 1.0,
    axis: tuple[float, float] = (-3.0, 4.0),
    noun: str = "video",
) -> ScorePlayground:
    """Chapter 6's playground: drag one score, watch NDCG@k, RankNet's gradients and the lambdas.

    Parameters
    ----------
    grades, scores : sequence of float
        One query: every item's grade and the model's score for it (on ``axis``).
    names : sequence of str
        A short name per item (``"ABCD"`` for the short videos).
    moving : int
        The item whose score the reader moves first (default: the second, video B).
    k : int or None
        The cut-off of NDCG and of the lambdas (default 4).
    gain : {"exponential", "linear"}
        The gain of NDCG and of the lambdas (default: exponential, as in LambdaRank).
    sigma : float
        The steepness of RankNet's logistic.
    axis : (float, float)
        The scores the axis shows.
    noun : str
        What an item is called (``"video"``).

    Returns
    -------
    ScorePlayground
        Displayed in a notebook or the book by its ``_repr_html_``.
    """
    return ScorePlayground(
        playground_data(
            grades,
            scores,
            names=names,
            moving=moving,
            k=k,
            gain=gain,
            sigma=sigma,
            axis=axis,
            noun=noun,
        )
    )
