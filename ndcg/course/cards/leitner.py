"""The Leitner schedule of the flashcards (the book's ``ndcg-course.js`` runs the same rule)."""

from __future__ import annotations

import random
from typing import ClassVar


class Leitner:
    """A deterministic Leitner schedule: five boxes, lower boxes come back sooner.

    Every card starts in box 1. Answering "got it" moves the shown card up one
    box (at most box 5), "again" sends it back to box 1. The schedule counts
    *steps* (one per card shown): a card in box ``b`` is due again
    ``INTERVALS[b]`` = 1, 2, 4, 8 or 16 steps after it was last shown. The
    next card is the one with the earliest due step, ties going to the lower
    box, then to the card seen longest ago, then to the deck order (which
    :meth:`shuffle` changes). The card just shown is never shown twice in a
    row. The kernel-free flashcards of the book run the same rule in
    JavaScript (``ndcg/course/static/ndcg-course.js``).

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
