"""The games: reorder a list to NDCG = 1, fight the DCG monster, guess which of two lists is better.

A game speaks only of what its chapter has taught: chapter 1's reorder game (``cg=True``) says
"CG" and "what the discount keeps" (:data:`CG_REORDER_MESSAGES`), never DCG, IDCG or NDCG, and
chapter 0's two-systems game (``words="discount"``) asks which system keeps more of its grades
after the discount, not which has the higher DCG.

Each game is a view (:class:`~ndcg.course.widgets.base.View`): an HTML skeleton that reads
well without JavaScript (:meth:`snapshot_html`), and a JSON island with the example's data and
every message the game says. ``ndcg/course/static/ndcg-games.js`` plays it
(``data-ndcg-view="reorder"``, ``"monster"`` and ``"two-systems"``), in the built book and, as
an anywidget, in a notebook, and computes every number with ``NDCGMetrics``
(``ndcg-metrics.js``, equal to this package to 1e-12). Python keeps the data and the rules:
the starting state's messages are made here (:func:`reorder_status`, :func:`best_swap`,
:func:`guess_verdict`, :func:`monster_says`) from the templates handed to the page in the
island, and the browser tests hold the script's messages equal to them.

Every name below is importable from ``ndcg.course.widgets.games`` (chapter 3 imports
:func:`monster_health` and :func:`monster_hits` from here, chapter 6's slides
:func:`lambda_pairs`).

Modules
-------
``common``       what the games share: :func:`fill` (their templates' rule), their views' ids
``reorder``      :class:`ReorderGame` and its rules (:func:`reorder_status`, :func:`lambda_pairs`, ...)
``monster``      :class:`MonsterGame` and its rules (:func:`monster_health`, :func:`monster_hits`, ...)
``two_systems``  :class:`TwoSystemsGame` and its verdict (:func:`guess_verdict`)
"""

from .common import fill
from .monster import (
    HEALTH_TOLERANCE,
    MONSTER_MESSAGES,
    MONSTER_TITLE,
    MonsterGame,
    monster_health,
    monster_hits,
    monster_says,
)
from .reorder import (
    CG_REORDER_MESSAGES,
    CG_REORDER_TITLE,
    IDCG_REORDER_MESSAGES,
    REORDER_MESSAGES,
    REORDER_TITLE,
    ReorderGame,
    best_swap,
    implied_scores,
    lambda_pairs,
    reorder_messages,
    reorder_status,
)
from .two_systems import (
    TWO_SYSTEMS_MESSAGES,
    TWO_SYSTEMS_TITLE,
    TwoSystemsGame,
    guess_verdict,
    two_systems_messages,
)

__all__ = [
    "CG_REORDER_MESSAGES",
    "CG_REORDER_TITLE",
    "HEALTH_TOLERANCE",
    "IDCG_REORDER_MESSAGES",
    "MONSTER_MESSAGES",
    "MONSTER_TITLE",
    "REORDER_MESSAGES",
    "REORDER_TITLE",
    "TWO_SYSTEMS_MESSAGES",
    "TWO_SYSTEMS_TITLE",
    "MonsterGame",
    "ReorderGame",
    "TwoSystemsGame",
    "best_swap",
    "fill",
    "guess_verdict",
    "implied_scores",
    "lambda_pairs",
    "monster_health",
    "monster_hits",
    "monster_says",
    "reorder_messages",
    "reorder_status",
    "two_systems_messages",
]
