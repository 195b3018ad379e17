"""The worked examples of the course's source documents, as data.

The course was built from five Chinese documents (study notes, blog posts and
a tutoring conversation). Their examples are collected here once, so every
chapter, exercise and test uses the same grades. ``printed`` keeps what each
source *printed* for a measure, as it printed it, so that a chapter can set
it beside the value ``ndcg`` computes, and say so where they differ. Never
use a printed value as a result.

Sources: ``"000"`` "NDCG@k worked example"; ``"001"`` a blog article on NDCG
in recommendation; ``"002"`` the blog post "search evaluation metric: NDCG";
``"003"`` study notes "NDCG versus MRR"; ``"004"`` a tutoring conversation.

Examples
--------
>>> from ndcg.course.examples import MOVIES
>>> MOVIES.grades
(3, 2, 1, 0, 2)
>>> MOVIES.printed["NDCG@5"]
0.972
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field

from .._validation import _describe


@dataclass(frozen=True)
class Ranking:
    """One ranked list from a source: what was shown, and how it was graded.

    Attributes
    ----------
    name : str
        Short English name used in the book.
    source : str
        Which source document (``"000"`` ... ``"004"``) it comes from.
    query : str
        The query or scenario, in English, with the original Chinese.
    items : tuple of str
        The items in ranked order, position 1 first.
    grades : tuple of int
        Their relevance grades, in the same order.
    scale : str
        What the grades mean.
    judged : tuple of int
        Grades of judged items the system did *not* show (for the ideal).
    printed : dict
        Values the source printed, keyed by measure (``"DCG@5"``), as printed.
    """

    name: str
    source: str
    query: str
    items: tuple
    grades: tuple
    scale: str = ""
    judged: tuple = ()
    printed: dict = field(default_factory=dict)

    @property
    def all_judged(self) -> tuple:
        """Grades of every judged item: the shown ones, then the others."""
        return self.grades + self.judged


# -- 000: "NDCG@k worked example" --------------------------------------------

CG_EXAMPLE = Ranking(
    name="CG example",
    source="000",
    query="a list with grades 3, 2, 0, 1",
    items=("A", "B", "C", "D"),
    grades=(3, 2, 0, 1),
    scale="0-3",
    printed={"CG@2": 5, "CG@4": 6},
)

DISCOUNT_TABLE_PRINTED = {1: 1.000, 2: 0.631, 3: 0.500, 4: 0.431, 5: 0.387}
"""The discount table of source 000 (rank -> 1/log2(rank+1), as printed)."""

DCG_EXAMPLE = Ranking(
    name="DCG example",
    source="000",
    query="a list with grades 3, 2, 3, 0",
    items=("A", "B", "C", "D"),
    grades=(3, 2, 3, 0),
    scale="0-3",
    printed={"DCG@4": 5.762},
)

NDCG_EXAMPLE = Ranking(
    name="NDCG example",
    source="000",
    query="a list with grades 3, 2, 3, 0, 1",
    items=("A", "B", "C", "D", "E"),
    grades=(3, 2, 3, 0, 1),
    scale="0-3",
    printed={"DCG@5": 6.149, "IDCG@5": 6.324, "NDCG@5": 0.972},
)

MOVIES = Ranking(
    name="movie recommendations",
    source="000",
    query="five films recommended to one user (电影推荐系统)",
    items=("film A", "film B", "film C", "film D", "film E"),
    grades=(3, 2, 1, 0, 2),
    scale="0 = disliked (1-2 stars), 1 = so-so (3 stars), 2 = liked (4 stars), 3 = loved (5 stars)",
    printed={
        "DCG@5": 5.536,
        "IDCG@5": 5.693,
        "NDCG@5": 0.972,
        "DCG@3": 4.762,
        "IDCG@3": 5.262,
        "NDCG@3": 0.905,
    },
)

MOVIES_PREDICTED = (3, 2, 3, 1, 2)
"""Source 000's predicted scores of the five :data:`MOVIES`, "high", "mid", "high", "low", "mid",
as 3, 2, 3, 1, 2 (only their order matters): films A and C tie, and so do B and E."""

# -- 001: blog article -----------------------------------------------------------

BLOG_EXAMPLE = Ranking(
    name="blog example",
    source="001",
    query="five recommended items, grades 5 to 1",
    items=("A", "B", "C", "D", "E"),
    grades=(5, 3, 2, 1, 4),
    scale="1-5",
    printed={"DCG@5": 8.738, "IDCG@5": 10.199, "NDCG@5": 0.857},
)

# -- 002: blog post "search evaluation metric: NDCG" -----------------------------

BASKETBALL = Ranking(
    name="basketball",
    source="002",
    query='"basketball" (篮球): ideal order B1, B2, B3',
    items=("B3", "B1", "B2"),
    grades=(1, 3, 2),
    scale="illustrative: B1 best, then B2, then B3",
)

EIGHT_RETRIEVED = Ranking(
    name="eight retrieved, six scored",
    source="002",
    query="a search that retrieved 8 results; the top 6 are scored",
    items=("r1", "r2", "r3", "r4", "r5", "r6"),
    grades=(3, 2, 3, 0, 1, 2),
    scale="0-3",
    judged=(3, 0),
    printed={"DCG@6": 6.86, "IDCG@6": 8.37, "NDCG@6": 0.8196, "results": 5},
)

EIGHT_RETRIEVED_TABLES_PRINTED = {
    "log2(i+1)": (1, 1.58, 2, 2.32, 2.58, 2.8),
    "DCG@6": (3, 1.26, 1.5, 0, 0.38, 0.71),
    "IDCG@6": (3, 1.89, 1.5, 0.86, 0.77, 0.35),
}
"""Source 002's two tables for the eight-retrieved example, column by column, as printed: the
logarithms of ranks 1 to 6, and the terms rel_i / log2(i+1) of DCG@6 (the six shown results) and
of IDCG@6 (the ideal from all eight judged). Its totals are ``EIGHT_RETRIEVED.printed``."""

# -- 003: study notes "NDCG versus MRR" --------------------------------------------

CHENGDU_TRIP = Ranking(
    name="Chengdu 3-day trip",
    source="003",
    query='"Chengdu 3-day trip" (成都3天游)',
    items=(
        "Chengdu 3-day guide",
        "Chengdu food picks",
        "Beijing travel",
        "Chengdu 7-day trip",
        "Chengdu hotels",
    ),
    grades=(4, 2, 0, 1, 3),
    scale="0 = irrelevant, 1 = slightly, 2 = relevant, 3 = very, 4 = perfect match",
    printed={"CG@5": 10, "DCG@5": 6.85, "IDCG@5": 7.32, "NDCG@5": 0.936},
)

CHENGDU_FOOD = Ranking(
    name="Chengdu food",
    source="003",
    query='"Chengdu food recommendations" (成都美食推荐)',
    items=(
        "Chengdu hotpot guide",
        "Chongqing hotpot",
        "Chengdu snack street",
        "Chengdu food map",
        "Beijing roast duck",
    ),
    grades=(4, 1, 3, 4, 0),
    scale="0-4",
    printed={"DCG@5": 7.85, "IDCG@5": 8.45, "NDCG@5": 0.929},
)

CHENGDU_GUIDE_A = Ranking(
    name="system A",
    source="003",
    query='"Chengdu travel guide" (成都旅游攻略)',
    items=("Chengdu 3-day guide", "Chengdu food", "Chengdu transport", "Chengdu hotels", "Chengdu history"),
    grades=(4, 2, 2, 2, 1),
    scale="0-4",
    printed={"MRR": 1.0, "NDCG@5": 0.95},
)

CHENGDU_GUIDE_B = Ranking(
    name="system B",
    source="003",
    query='"Chengdu travel guide" (成都旅游攻略)',
    items=("Chengdu 3-day guide", "Beijing travel", "Shanghai guide", "Guangzhou food", "Shenzhen shopping"),
    grades=(4, 0, 0, 0, 0),
    scale="0-4",
    printed={"MRR": 1.0, "NDCG@5": 0.55},
)

INTERPRETATION_PRINTED = (
    (0.9, 1.0, "an almost perfect order", "excellent ⭐⭐⭐⭐⭐"),
    (0.8, 0.9, "the good content is mostly at the top", "good ⭐⭐⭐⭐"),
    (0.7, 0.8, "some good content is badly placed", "fair ⭐⭐⭐"),
    (0.6, 0.7, "serious ordering problems", "poor ⭐⭐"),
    (0.0, 0.6, "a bad order", "very poor ⭐"),
)
"""Source 003's table for reading NDCG@10: (from, to, meaning, user experience), as printed."""


def experience_words(experience: str) -> str:
    """A user-experience entry of :data:`INTERPRETATION_PRINTED` without its star rating.

    The words are kept whole: "very poor ⭐" gives "very poor", not "very".

    >>> [experience_words(row[3]) for row in INTERPRETATION_PRINTED]
    ['excellent', 'good', 'fair', 'poor', 'very poor']
    """
    words = experience.replace("⭐", "").strip()
    if not words:
        raise ValueError(f"the user-experience entry {experience!r} holds no words, only stars.")
    return words


def reading_of(value) -> str:
    """Source 003's reading of an NDCG value: the user-experience words of its band.

    A band holds its lower bound (0.8 is "good"); 1.0 is "excellent".

    >>> reading_of(0.95), reading_of(0.8), reading_of(0.55)
    ('excellent', 'good', 'very poor')
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0.0 <= value <= 1.0:
        raise ValueError(f"an NDCG value must be a number from 0 to 1; got {_describe(value)}.")
    return next(
        experience_words(experience) for low, _, _, experience in INTERPRETATION_PRINTED if value >= low
    )


OPTIMISE_BELOW_PRINTED = 0.8
"""Source 000's rule of thumb: below this NDCG the ranking "probably needs optimising"."""

TRIP_TWO_ANNOTATORS = (
    ("Chengdu 3-day guide", 4, 4),
    ("Chengdu food picks", 2, 3),
    ("Beijing travel", 0, 0),
    ("Chengdu 7-day trip", 1, 2),
    ("Chengdu hotels", 3, 1),
    ("Panda base half-day tour", 3, 3),
    ("Leshan Buddha day trip", 2, 0),
    ("Chengdu metro map", 1, 1),
    ("Chongqing 3-day trip", 0, 1),
    ("Chengdu 2-day weekend", 2, 3),
)
"""The course's own extension of 003's "Chengdu 3-day trip", for its con "labels are subjective".

Ten pages (the five of :data:`CHENGDU_TRIP`, then five more), each as (page, grade
by annotator 1, grade by annotator 2). Annotator 1 keeps source 003's grades for its
five pages; annotator 2 reads "3-day trip" as "plan my three days". Not in the source."""

TRIP_SYSTEM_Y = (
    "Chengdu 3-day guide",
    "Chengdu hotels",
    "Panda base half-day tour",
    "Leshan Buddha day trip",
    "Chengdu metro map",
)
"""A second system for the same query (the course's own): five pages of :data:`TRIP_TWO_ANNOTATORS`, in ranked order."""

# -- 004: tutoring conversation --------------------------------------------------

CAT_BATH_A = Ranking(
    name="system A",
    source="004",
    query='"how to bathe a cat without getting scratched" (如何给猫洗澡不被抓伤)',
    items=("page A1", "page A2", "page A3", "page A4"),
    grades=(3, 2, 1, 0),
    scale="0-3",
)

CAT_BATH_B = Ranking(
    name="system B",
    source="004",
    query='"how to bathe a cat without getting scratched" (如何给猫洗澡不被抓伤)',
    items=("page B1", "page B2", "page B3", "page B4"),
    grades=(0, 3, 2, 1),
    scale="0-3",
)

TUTOR_DCG = Ranking(
    name="three articles",
    source="004",
    query="three recommended articles",
    items=("article 1", "article 2", "article 3"),
    grades=(3, 2, 1),
    scale="0-3",
    printed={"DCG@3": 4.762},
)

TUTOR_NDCG = Ranking(
    name="NDCG@3 exercise",
    source="004",
    query="three results graded 2, 3, 0",
    items=("result 1", "result 2", "result 3"),
    grades=(2, 3, 0),
    scale="0-3",
    printed={"DCG@3": 3.892, "IDCG@3": 4.262, "NDCG@3": 0.913},
)

SHORT_VIDEOS = Ranking(
    name="short videos",
    source="004",
    query="four short videos recommended to one user (短视频推荐)",
    items=("video A", "video B", "video C", "video D"),
    grades=(1, 3, 2, 0),
    scale="0-3",
    printed={"DCG@4": 3.892, "IDCG@4": 4.762, "NDCG@4": 0.817},
)

VIDEO_GAME_X = Ranking(
    name="system X",
    source="004",
    query='the game "whose recommendations know me better?" (谁的推荐更懂我？)',
    items=("D: an advert", "C: 15-minute workout", "B: funny fails", "A: cat-bathing tutorial"),
    grades=(0, 1, 2, 3),
    scale="0-3",
)

VIDEO_GAME_Y = Ranking(
    name="system Y",
    source="004",
    query='the game "whose recommendations know me better?" (谁的推荐更懂我？)',
    items=("A: cat-bathing tutorial", "B: funny fails", "C: 15-minute workout", "D: an advert"),
    grades=(3, 2, 1, 0),
    scale="0-3",
)

ALL = (
    CG_EXAMPLE,
    DCG_EXAMPLE,
    NDCG_EXAMPLE,
    MOVIES,
    BLOG_EXAMPLE,
    BASKETBALL,
    EIGHT_RETRIEVED,
    CHENGDU_TRIP,
    CHENGDU_FOOD,
    CHENGDU_GUIDE_A,
    CHENGDU_GUIDE_B,
    CAT_BATH_A,
    CAT_BATH_B,
    TUTOR_DCG,
    TUTOR_NDCG,
    SHORT_VIDEOS,
    VIDEO_GAME_X,
    VIDEO_GAME_Y,
)
