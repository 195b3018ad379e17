"""Plain-loop reference implementations, written to be obviously right.

They follow the textbook definitions one position at a time, with no NumPy
tricks, so that the vectorised package can be checked against them.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import ClassVar

import numpy as np


def gain_of(grade: float, gain: str) -> float:
    """``2**grade - 1``; below grade 1 as ``expm1(grade * ln 2)``, which keeps tiny gains."""
    if gain != "exponential":
        return float(grade)
    return math.expm1(grade * math.log(2.0)) if grade < 1 else 2.0**grade - 1.0


def dcg(rels, k=None, gain="linear") -> float:
    total = 0.0
    for position, grade in enumerate(rels, start=1):
        if k is not None and position > k:
            break
        total += gain_of(grade, gain) / math.log2(position + 1)
    return total


def ndcg(rels, k=None, gain="linear", ideal=None) -> float:
    best = dcg(sorted(rels if ideal is None else ideal, reverse=True), k, gain)
    return 0.0 if best == 0 else dcg(rels, k, gain) / best


def tie_averaged_dcg(grades, scores, k=None, gain="linear") -> float:
    """Expected DCG over every order of the tied items (McSherry & Najork).

    Computed literally: average the DCG of all permutations within each tie
    group. Only for tiny inputs.
    """
    items = sorted(zip(scores, grades), key=lambda pair: -pair[0])
    groups = [list(group) for _, group in itertools.groupby(items, key=lambda pair: pair[0])]
    orders = itertools.product(*(itertools.permutations(group) for group in groups))
    values = [dcg([grade for group in order for _, grade in group], k, gain) for order in orders]
    return sum(values) / len(values)


def group_mean_dcg(grades, scores, k=None, gain="linear") -> float:
    """Expected DCG over every order of the tied items, by McSherry & Najork's closed form.

    Every place of a tie group holds the group's mean gain (its gains summed
    with ``math.fsum``). Agrees with :func:`tie_averaged_dcg`, which
    enumerates the orders, and works on lists too long for that.
    """
    items = sorted(zip(scores, grades), key=lambda pair: -pair[0])
    total, position = 0.0, 0
    for _, group in itertools.groupby(items, key=lambda pair: pair[0]):
        gains = [gain_of(grade, gain) for _, grade in group]
        mean = math.fsum(gains) / len(gains)
        for _ in gains:
            position += 1
            if k is not None and position > k:
                return total
            total += mean / math.log2(position + 1)
    return total


# Source 001's snippet, repaired: np.asfarray (removed in NumPy 2.0) replaced
# by np.asarray(r, dtype=float), and numpy imported. Otherwise as published.
def blog_dcg_at_k(r, k):
    r = np.asarray(r, dtype=float)[:k]
    return np.sum(r / np.log2(np.arange(2, r.size + 2)))


def blog_ndcg_at_k(r, k):
    dcg_max = blog_dcg_at_k(sorted(r, reverse=True), k)
    if not dcg_max:
        return 0.0
    return blog_dcg_at_k(r, k) / dcg_max


class Leitner:
    """A deterministic Leitner schedule: five boxes, lower boxes come back sooner.

    Every card starts in box 1. Answering "got it" moves the shown card up one
    box (at most box 5), "again" sends it back to box 1. The schedule counts
    *steps* (one per card shown): a card in box ``b`` is due again
    ``INTERVALS[b]`` = 1, 2, 4, 8 or 16 steps after it was last shown. The
    next card is the one with the earliest due step, ties going to the lower
    box, then to the card seen longest ago, then to the deck order (which
    :meth:`shuffle` changes). The card just shown is never shown twice in a
    row. The test oracle of the flashcards' rule, which the course runs once, in
    JavaScript (``ndcg/course/static/ndcg-course.js``): tests/browser/test_views.py clicks
    the book's flashcards through 40 steps and compares every card and box with it.

    Parameters
    ----------
    card_ids : sequence of str
        The cards, in deck order (the first one is shown first).
    seed : int, optional
        Seed of the random generator that :meth:`shuffle` uses.

    Examples
    --------
    >>> deck = Leitner(["a", "b", "c"])
    >>> deck.current
    'a'
    >>> deck.got_it()          # a goes to box 2; next card
    'b'
    >>> deck.again()           # b stays in box 1
    'c'
    >>> deck.got_it()
    'b'
    >>> deck.box("a"), deck.box("b"), deck.box("c")
    (2, 1, 2)
    >>> deck.counts()
    {1: 1, 2: 2, 3: 0, 4: 0, 5: 0}
    >>> deck.previous()        # back to the card shown before
    'c'
    """

    #: Steps until a card of each box is due again.
    INTERVALS: ClassVar[dict[int, int]] = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}

    def __init__(self, card_ids, seed=0):
        ids = list(card_ids)
        if not ids:
            raise ValueError("card_ids must hold at least one card id.")
        if len(set(ids)) != len(ids):
            raise ValueError("card_ids must be unique; got duplicates.")
        self.ids = tuple(ids)
        self._rank = {card: n for n, card in enumerate(ids)}
        self._box = dict.fromkeys(ids, 1)
        self._due = dict.fromkeys(ids, 0)
        self._last = dict.fromkeys(ids, -1)
        self._rng = random.Random(seed)
        self._history: list[str] = []
        self.step = 0
        self.current = ids[0]

    def box(self, card_id) -> int:
        """The box (1 to 5) a card is in."""
        if card_id not in self._box:
            raise ValueError(f"card_id {card_id!r} is not in this deck.")
        return self._box[card_id]

    def counts(self) -> dict:
        """How many cards each box holds, ``{1: n1, ..., 5: n5}``."""
        return {b: sum(box == b for box in self._box.values()) for b in self.INTERVALS}

    def _key(self, card):
        return (self._due[card], self._box[card], self._last[card], self._rank[card])

    def _advance(self) -> str:
        card = self.current
        self._last[card] = self.step
        self._due[card] = self.step + self.INTERVALS[self._box[card]]
        self._history.append(card)
        self.step += 1
        candidates = [c for c in self.ids if c != card] or [card]
        self.current = min(candidates, key=self._key)
        return self.current

    def got_it(self) -> str:
        """The shown card goes up one box; return the next card's id."""
        self._box[self.current] = min(self._box[self.current] + 1, max(self.INTERVALS))
        return self._advance()

    def again(self) -> str:
        """The shown card goes back to box 1; return the next card's id."""
        self._box[self.current] = 1
        return self._advance()

    def next(self) -> str:
        """Skip to the next card without changing boxes; return its id."""
        return self._advance()

    def previous(self) -> str:
        """Go back to the card shown before (boxes unchanged); return its id."""
        if self._history:
            self.current = self._history.pop()
        return self.current

    def shuffle(self) -> str:
        """Shuffle the deck order (the last tie-break) and show the first card due."""
        order = list(self.ids)
        self._rng.shuffle(order)
        self._rank = {card: n for n, card in enumerate(order)}
        self.current = min(self.ids, key=self._key)
        return self.current
