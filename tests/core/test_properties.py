"""Properties that must hold for every input (hypothesis)."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import ndcg

from . import reference

grades = st.lists(st.integers(0, 4) | st.floats(0, 10, allow_nan=False), max_size=12)
cutoffs = st.none() | st.integers(1, 15)
gains = st.sampled_from(["linear", "exponential"])


@given(grades, cutoffs, gains)
def test_ndcg_lies_between_0_and_1(rels, k, gain):
    assert 0.0 <= ndcg.ndcg(rels, k, gain=gain) <= 1.0


@given(grades, cutoffs, gains, st.lists(st.integers(0, 4), max_size=6))
def test_ndcg_with_judged_items_lies_between_0_and_1(rels, k, gain, unretrieved):
    assert 0.0 <= ndcg.ndcg(rels, k, gain=gain, ideal=rels + unretrieved) <= 1.0


@given(grades, cutoffs, gains)
def test_the_ideal_order_scores_1(rels, k, gain):
    best = sorted(rels, reverse=True)
    assume(ndcg.idcg(best, k, gain=gain) > 0)
    assert ndcg.ndcg(best, k, gain=gain) == 1.0  # exactly: DCG and ideal DCG are the same sum


@given(
    st.lists(st.floats(0.5, 1e6, allow_subnormal=False), min_size=1, max_size=12),
    cutoffs,
    gains,
    st.randoms(use_true_random=False),
)
def test_ndcg_never_exceeds_1_a_rounding_error_from_the_ideal_order(rels, k, gain, random):
    # The ideal order of grades, some then nudged up by an ulp: a ranking whose DCG can round
    # above its ideal DCG.
    best = sorted(min(r, 30.0) if gain == "exponential" else r for r in rels)[::-1]
    nudged = [np.nextafter(r, np.inf) if random.random() < 0.5 else r for r in best]
    assert 1.0 - 1e-12 <= ndcg.ndcg(nudged, k, gain=gain) <= 1.0


@given(grades, cutoffs, gains)
def test_every_convention_scores_the_ideal_order_exactly_1(rels, k, gain):
    from ndcg.conventions import CONVENTIONS, TIES_DOC_ID, ndcg_under

    assume(ndcg.idcg(rels, k, gain=gain) > 0)
    ranks = np.argsort(np.argsort(rels, kind="stable"), kind="stable").astype(float)  # distinct, grade order
    for name, convention in CONVENTIONS.items():
        if convention.integer_grades and not all(float(r).is_integer() for r in rels):
            continue
        if convention.max_grade is not None and max(rels) > convention.max_grade:
            continue
        assert ndcg_under(name, rels, ranks, k) == 1.0, name
        if convention.ties != TIES_DOC_ID:
            assert ndcg_under(name, rels, rels, k) == 1.0, name  # tied like the grades


@given(grades, cutoffs, gains, st.randoms(use_true_random=False))
def test_idcg_ignores_order(rels, k, gain, random):
    shuffled = rels[:]
    random.shuffle(shuffled)
    assert ndcg.idcg(shuffled, k, gain=gain) == pytest.approx(ndcg.idcg(rels, k, gain=gain))


@given(grades, cutoffs, gains, st.data())
def test_moving_a_better_item_up_never_lowers_dcg(rels, k, gain, data):
    assume(len(rels) >= 2)
    i = data.draw(st.integers(0, len(rels) - 2))
    j = data.draw(st.integers(i + 1, len(rels) - 1))
    assume(rels[j] > rels[i])
    swapped = rels[:]
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert ndcg.dcg(swapped, k, gain=gain) >= ndcg.dcg(rels, k, gain=gain) - 1e-12


@given(grades, cutoffs, gains)
def test_agrees_with_the_plain_loop(rels, k, gain):
    assert ndcg.dcg(rels, k, gain=gain) == pytest.approx(reference.dcg(rels, k, gain), rel=1e-12, abs=1e-12)
    assert ndcg.ndcg(rels, k, gain=gain) == pytest.approx(reference.ndcg(rels, k, gain), rel=1e-12, abs=1e-12)
    assert ndcg.cg(rels, k) == pytest.approx(sum(rels[:k] if k else rels))


@given(grades, cutoffs)
def test_cg_ignores_order_but_dcg_does_not_increase_when_reversed_from_best(rels, k):
    best = sorted(rels, reverse=True)
    assert ndcg.cg(best) == pytest.approx(ndcg.cg(best[::-1]))
    assert ndcg.dcg(best, k) >= ndcg.dcg(best[::-1], k) - 1e-12


matrices = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.lists(st.lists(st.integers(0, 4), min_size=n, max_size=n), min_size=1, max_size=5),
        st.lists(st.lists(st.integers(-2, 2), min_size=n, max_size=n), min_size=1, max_size=5),
    )
)


@given(matrices, cutoffs, gains)
def test_batch_agrees_with_tie_averaged_reference(data, k, gain):
    y_true, y_score = data
    rows = min(len(y_true), len(y_score))
    y_true, y_score = y_true[:rows], y_score[:rows]
    got = ndcg.ndcg_per_query(y_true, y_score, k=k, gain=gain)
    for value, true, score in zip(got, y_true, y_score):
        ideal = reference.dcg(sorted(true, reverse=True), k, gain)
        expected = reference.tie_averaged_dcg(true, score, k, gain) / ideal if ideal else 0.0
        assert value == pytest.approx(expected, rel=1e-12, abs=1e-12)
        assert 0.0 <= value <= 1.0 + 1e-12
    assert ndcg.ndcg_score(y_true, y_score, k=k, gain=gain) == pytest.approx(np.mean(got))
