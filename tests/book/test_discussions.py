"""The discussions of sources 001, 002 and 003 that chapters 4 and 5 examine: the
annotators of the Chengdu trip, NDCG for recommendation, sampled metrics, list length,
the FAQ's "how to improve NDCG", α-NDCG, and the references they cite.

Each test recomputes a claim the pages make from the same data, so the prose, the
flashcards and the quiz cannot drift from it."""

import itertools
import math
import re
from pathlib import Path

import numpy as np
import pytest

import ndcg
from ndcg.course import cards, examples
from ndcg.course.compare import random_rankings

ROOT = Path(__file__).resolve().parents[2]
POOL = {page: (first, second) for page, first, second in examples.TRIP_TWO_ANNOTATORS}
FIRST = [first for _, first, _ in examples.TRIP_TWO_ANNOTATORS]
SECOND = [second for _, _, second in examples.TRIP_TWO_ANNOTATORS]
SYSTEMS = {"X": examples.CHENGDU_TRIP.items, "Y": examples.TRIP_SYSTEM_Y}
DECKS = {deck.chapter: deck for deck in cards.load_all()}


def trip_ndcg(system, annotator):
    """NDCG@5 of a system's five pages, graded by annotator 0 or 1, ideal from all ten."""
    grades = [POOL[page][annotator] for page in SYSTEMS[system]]
    judged = [grades_of_page[annotator] for grades_of_page in POOL.values()]
    return ndcg.ndcg(grades, 5, ideal=judged)


def card(chapter, ident):
    return next(c for c in DECKS[chapter].flashcards if c.id == ident)


def question(chapter, ident):
    return next(q for q in DECKS[chapter].quiz if q.id == ident)


# -- 003: labels are subjective ------------------------------------------------------


def test_the_pool_extends_source_003():
    trip = examples.CHENGDU_TRIP
    assert [POOL[page][0] for page in trip.items] == list(trip.grades)
    assert len(POOL) == len(examples.TRIP_TWO_ANNOTATORS) == 10
    assert set(examples.TRIP_SYSTEM_Y) <= set(POOL)
    assert len(set(examples.TRIP_SYSTEM_Y)) == 5
    assert all(0 <= grade <= 4 for grade in FIRST + SECOND)


def test_the_annotators_swap_the_two_systems():
    assert trip_ndcg("Y", 0) > trip_ndcg("X", 0)
    assert trip_ndcg("X", 1) > trip_ndcg("Y", 1)


def test_kappa_by_hand_agrees_with_scikit_learn_and_the_quiz():
    from sklearn.metrics import cohen_kappa_score

    observed = np.mean(np.equal(FIRST, SECOND))
    scale = range(5)
    chance = sum(FIRST.count(g) * SECOND.count(g) for g in scale) / len(FIRST) ** 2
    kappa = cohen_kappa_score(FIRST, SECOND)
    assert math.isclose(kappa, (observed - chance) / (1 - chance))
    # the quiz question states the chapter's two shares
    assert math.isclose(observed, 4 / 10) and math.isclose(chance, 2 / 10)
    right = next(o for o in question("04_ndcg", "ndcg-q-kappa").options if o.correct)
    assert right.text == f"{kappa:.2f}"
    # near misses: the quadratic weighted kappa forgives them
    assert cohen_kappa_score(FIRST, SECOND, weights="quadratic") > kappa
    assert np.mean(np.abs(np.subtract(FIRST, SECOND)) <= 1) > observed


def test_the_annotators_flashcard_shows_the_chapter_values():
    back = card("04_ndcg", "ndcg-annotators").back
    for system, annotator in itertools.product("XY", (0, 1)):
        assert f"{trip_ndcg(system, annotator):.3f}" in back


# -- 002: is NDCG suitable for recommendation? --------------------------------------

HELD_OUT = [1, 1, 1]
TOP10 = {"A": [0, 1, 0, 0, 1, 0, 0, 0, 1, 0], "B": [0, 0, 1, 1, 0, 0, 0, 0, 0, 0]}


def test_held_out_interactions_and_the_unobserved_film():
    a = ndcg.ndcg(TOP10["A"], 10, ideal=HELD_OUT)
    b = ndcg.ndcg(TOP10["B"], 10, ideal=HELD_OUT)
    assert a > b
    # B's first film, never shown to the user, would have been a hit
    b_missed = ndcg.ndcg([1, *TOP10["B"][1:]], 10, ideal=[*HELD_OUT, 1])
    a_missed = ndcg.ndcg(TOP10["A"], 10, ideal=[*HELD_OUT, 1])
    assert b_missed > a_missed
    assert a_missed < a  # A did not change, but the ideal grew


@pytest.mark.parametrize("rank", range(1, 13))
def test_one_held_out_item_is_the_discount_of_its_rank(rank):
    grades = [0] * 12
    grades[rank - 1] = 1
    expected = 1 / math.log2(rank + 1) if rank <= 10 else 0.0
    assert math.isclose(ndcg.ndcg(grades, 10), expected)


def test_sampled_metrics_reverse_the_two_recommenders():
    # the simulation of chapter 4, step for step
    rng = np.random.default_rng(2020)
    n_users, n_films, n_sampled = 1_000, 1_000, 100
    lucky = rng.random(n_users) < 0.4
    full_rank = {
        "sharp": np.where(lucky, rng.integers(1, 4, n_users), rng.integers(200, n_films + 1, n_users)),
        "steady": rng.integers(20, 61, n_users),
    }

    def one_item(rank):
        return np.where(rank <= 10, 1 / np.log2(rank + 1), 0.0)

    full, sampled = {}, {}
    for name, rank in full_rank.items():
        above = rng.hypergeometric(rank - 1, n_films - rank, n_sampled)
        full[name], sampled[name] = one_item(rank).mean(), one_item(above + 1).mean()
    assert full["sharp"] > full["steady"] == 0.0
    assert sampled["steady"] > sampled["sharp"]


def test_the_sampled_metrics_flashcard_uses_the_hypergeometric_mean():
    mean_above = (40 - 1) / (1_000 - 1) * 100
    assert f"{mean_above:.1f}" in card("04_ndcg", "ndcg-sampled-metrics").back


# -- 001: the FAQ -------------------------------------------------------------------


def test_list_length_whole_list_versus_cut_off():
    rng = np.random.default_rng(13)
    random_whole, random_at10 = {}, {}
    for n_items in (5, 10, 20, 100, 1_000):
        grades = random_rankings(300, n_items, max_grade=3, seed=n_items)
        informed = grades + rng.normal(scale=1.0, size=grades.shape)
        shuffled = rng.random(grades.shape)
        if n_items <= 10:  # a cut-off longer than the list cuts nothing
            assert ndcg.ndcg_score(grades, informed, k=10) == ndcg.ndcg_score(grades, informed)
        random_at10[n_items] = ndcg.ndcg_score(grades, shuffled, k=10)
        random_whole[n_items] = ndcg.ndcg_score(grades, shuffled)
    assert random_whole[1_000] > random_whole[5]
    assert random_at10[1_000] < random_at10[5]


def test_a_time_weighted_gain_raises_the_same_list():
    films = list(examples.MOVIES.grades)
    recency = [g * (2 if rank < 2 else 1) for rank, g in enumerate(films)]
    assert recency == [6, 4, 1, 0, 2]  # as the flashcard and the quiz write it
    assert ndcg.ndcg(recency, 5) > ndcg.ndcg(films, 5)
    feedback = next(o for o in question("05_mrr", "mrr-q-improve-ndcg").options if o.correct).feedback
    assert f"{ndcg.ndcg(recency, 5):.3f}" in feedback


def alpha_dcg(pages, nuggets, alpha):
    seen, total = {}, 0.0
    for rank, page in enumerate(pages, start=1):
        gain = sum((1 - alpha) ** seen.get(n, 0) for n in nuggets[page])
        for n in nuggets[page]:
            seen[n] = seen.get(n, 0) + 1
        total += gain / math.log2(rank + 1)
    return total


def test_alpha_ndcg_sees_redundancy_and_reduces_to_dcg_at_alpha_zero():
    nuggets = {
        "hotpot guide": {"food"},
        "hotpot map": {"food"},
        "snack street": {"food"},
        "panda base tour": {"pandas"},
        "hotel picks": {"hotels"},
    }
    redundant = ["hotpot guide", "hotpot map", "snack street"]
    diverse = ["hotpot guide", "panda base tour", "hotel picks"]
    best = max(alpha_dcg(p, nuggets, 0.5) for p in itertools.permutations(nuggets, 3))
    assert math.isclose(alpha_dcg(diverse, nuggets, 0.5), best)
    assert alpha_dcg(redundant, nuggets, 0.5) / best < 1
    for pages in (redundant, diverse):  # alpha = 0: DCG of the nugget counts
        assert math.isclose(alpha_dcg(pages, nuggets, 0), ndcg.dcg([1, 1, 1]))


# -- the references the new sections cite --------------------------------------------

CITE = re.compile(r"\{cite:[pt]\}`([^`]+)`")


def test_every_citation_of_the_chapters_is_in_references_bib():
    keys = set(
        re.findall(
            r"^@\w+\{([^,]+),", (ROOT / "reference" / "references.bib").read_text(encoding="utf-8"), re.M
        )
    )
    cited = set()
    for path in sorted((ROOT / "chapters").rglob("*.md")):  # the companion pages (chapters/further/) too
        for group in CITE.findall(path.read_text(encoding="utf-8")):
            cited.update(key.strip() for key in group.split(","))
    new = {"krichene2020", "steck2010", "schnabel2016", "cohen1960", "cohen1968", "hayes2007"}
    new |= {"voorhees2000", "clarke2008", "dong2010", "craswell2020", "dalton2020"}
    assert new <= cited
    assert cited <= keys, sorted(cited - keys)
