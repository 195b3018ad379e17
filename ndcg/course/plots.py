"""The course's figures, drawn with matplotlib.

Every chapter draws its pictures with these functions, so the same idea
always looks the same: gains in a light colour, what is left of them after
the discount in a strong one, the ideal ranking in grey.

This module imports matplotlib; ``import ndcg`` does not load it. Each
function draws on ``ax`` when given (so figures can be combined), otherwise on
a new figure, and returns the Axes it drew on.
"""

from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
import numpy as np

from .._validation import check_gain, check_grades, check_k
from ..gains import _gain, cutoff, discounts, discounts_jarvelin
from ..list_graded import dcg, ndcg
from .display import fmt

#: Colours used throughout the book (colour-blind safe, Okabe-Ito).
COLORS = {
    "gain": "#9ecae1",
    "contribution": "#0072B2",
    "ideal": "#999999",
    "accent": "#D55E00",
    "second": "#009E73",
    "third": "#CC79A7",
    "fourth": "#E69F00",
}
SERIES = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]


def _axes(ax, size=(6.4, 3.6)):
    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def _finish_unit_plot(ax, ticks):
    """Common finish of the line plots whose values lie in [0, 1]."""
    ax.set_xticks(ticks)
    ax.set_ylim(0, 1.05)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False)
    return ax


def discount_curves(n: int = 10, *, jarvelin_bases=(), reciprocal: bool = True, ax=None):
    """Discount by rank: ``1/log2(i+1)``, and for comparison ``1/i`` and J&K's form.

    Parameters
    ----------
    n : int
        How many ranks to draw.
    jarvelin_bases : sequence of float
        Also draw Järvelin & Kekäläinen's discount with these log bases.
    reciprocal : bool
        Also draw ``1/i``, the weight MRR gives its first hit: far steeper.
    """
    n = check_k(n)
    ax = _axes(ax)
    ranks = np.arange(1, n + 1)
    ax.plot(ranks, discounts(n), "o-", color=COLORS["contribution"], lw=2, label=r"DCG: $1/\log_2(i+1)$")
    for colour, base in zip(SERIES[2:], jarvelin_bases):
        ax.plot(
            ranks,
            discounts_jarvelin(n, base),
            "s--",
            color=colour,
            lw=1.5,
            label=f"Järvelin & Kekäläinen, base {base:g}",
        )
    if reciprocal:
        ax.plot(ranks, 1 / ranks, "^:", color=COLORS["accent"], lw=1.5, label=r"$1/i$ (reciprocal rank)")
    ax.set_xlabel("rank $i$")
    ax.set_ylabel("discount (weight kept)")
    return _finish_unit_plot(ax, ranks)


def contributions(rels, k=None, *, gain="linear", items=None, title=None, ax=None):
    """Bars of each rank's gain, and of what the discount leaves of it.

    The light bar is the gain; the strong bar inside it is the contribution
    to DCG (gain x discount). The title gives DCG@k.
    """
    gain = check_gain(gain)
    grades = check_grades(rels, gain=gain)
    n = cutoff(grades.size, k)
    ax = _axes(ax)
    ranks = np.arange(1, n + 1)
    gains = _gain(grades[:n], gain)
    parts = gains * discounts(n)
    ax.bar(ranks, gains, width=0.75, color=COLORS["gain"], label="gain")
    ax.bar(ranks, parts, width=0.45, color=COLORS["contribution"], label="contribution = gain × discount")
    for rank, part in zip(ranks, parts):
        ax.annotate(
            fmt(part, ".2f"), (rank, part), textcoords="offset points", xytext=(0, 3), ha="center", fontsize=8
        )
    if items is None:
        labels = [str(r) for r in ranks]
    else:  # long item names wrap onto short lines under the rank
        labels = [f"{r}\n" + "\n".join(textwrap.wrap(str(items[r - 1]), 11)) for r in ranks]
    ax.set_xticks(ranks, labels, fontsize=8 if items is not None else None)
    ax.set_ylim(0, max(1.0, float(gains.max(initial=0))) * 1.45)  # room for labels and legend
    ax.set_xlabel("rank")
    ax.set_ylabel(f"{gain} gain")
    ax.set_title(title or f"DCG@{n} = {fmt(dcg(grades, n, gain=gain), '.3f')}")
    ax.legend(frameon=False, fontsize=8, loc="upper center", ncol=2)
    ax.grid(axis="y", alpha=0.3)
    return ax


def ndcg_at_k(systems: dict, *, ideal=None, gain="linear", max_k=None, ax=None):
    """NDCG@k for k = 1, 2, ..., one line per ranked list.

    Parameters
    ----------
    systems : dict of name -> grades in ranked order
    ideal : sequence of float, optional
        Grades of all judged items, shared by every list (see :func:`ndcg.ndcg`).
    max_k : int, optional
        The largest k; by default the longest list's length.
    """
    if not isinstance(systems, dict) or not systems:
        raise ValueError("systems must be a non-empty dict of name -> grades in ranked order.")
    longest = max(len(check_grades(rels, f"systems[{name!r}]")) for name, rels in systems.items())
    max_k = check_k(max_k) or longest
    ax = _axes(ax)
    ks = np.arange(1, max_k + 1)
    for (name, rels), colour in zip(systems.items(), SERIES):
        values = [ndcg(rels, int(k), gain=gain, ideal=ideal) for k in ks]
        ax.plot(ks, values, "o-", color=colour, lw=2, label=name)
    ax.set_xlabel("cut-off $k$")
    ax.set_ylabel("NDCG@$k$")
    return _finish_unit_plot(ax, ks)


def side_by_side(systems: dict, k=None, *, gain="linear", items=None, show_dcg=True):
    """One contribution panel per ranked list, on a shared scale.

    ``items`` may be a dict of name -> item names. With ``show_dcg=False`` each
    panel's title is the list's name alone, without its DCG@k: for a figure shown
    before the reader guesses which list scores more (the text reveals the values
    after the guess). Returns the Figure.
    """
    if not isinstance(systems, dict) or not systems:
        raise ValueError("systems must be a non-empty dict of name -> grades in ranked order.")
    fig, axes = plt.subplots(
        1, len(systems), figsize=(4.2 * len(systems), 3.4), sharey=True, layout="constrained", squeeze=False
    )
    for ax, (name, rels) in zip(axes[0], systems.items()):
        n = cutoff(len(check_grades(rels, f"systems[{name!r}]")), k)
        names = None if items is None else items[name]
        contributions(
            rels,
            k,
            gain=gain,
            items=names,
            ax=ax,
            title=f"{name}: DCG@{n} = {fmt(dcg(rels, n, gain=gain), '.3f')}" if show_dcg else str(name),
        )
    return fig


def disagreement(agreements, *, ax=None):
    """Horizontal bars: for each pair of metrics, how often they disagree.

    ``agreements`` is what :func:`ndcg.course.compare.compare_metrics` returns. The
    strong bar is "they pick different winners"; the light bars are "only one
    of the two sees any difference".
    """
    ax = _axes(ax, size=(7.0, 0.45 * len(agreements) + 1.2))
    labels = [f"{a.first} vs {a.second}" for a in agreements]
    y = np.arange(len(agreements))
    opposite = [100 * a.disagree / a.pairs for a in agreements]
    first_only = [100 * a.only_first_sees_a_difference / a.pairs for a in agreements]
    second_only = [100 * a.only_second_sees_a_difference / a.pairs for a in agreements]
    ax.barh(y, opposite, color=COLORS["accent"], label="pick different winners")
    ax.barh(y, first_only, left=opposite, color=COLORS["gain"], label="only the first sees a difference")
    left = np.add(opposite, first_only)
    ax.barh(
        y,
        second_only,
        left=left,
        color=COLORS["second"],
        alpha=0.6,
        label="only the second sees a difference",
    )
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlabel(f"% of {agreements[0].pairs:,} random pairs of rankings")
    ax.legend(frameon=False, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3)
    ax.grid(axis="x", alpha=0.3)
    return ax
