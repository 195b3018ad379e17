"""P@k, R@k, AP and MAP: definitions, trec_eval parity and bad input."""

import numpy as np
import pytest
import pytrec_eval

import ndcg
from ndcg.list_binary import average_precision, mean_average_precision, precision_at_k, recall_at_k


def test_precision_ignores_order_inside_the_top_k():
    assert precision_at_k([1, 0, 1, 0], 2) == 0.5
    assert precision_at_k([0, 1, 1, 0], 3) == precision_at_k([1, 1, 0, 0], 3)


def test_short_list_counts_missing_ranks_as_not_relevant():
    assert precision_at_k([1, 1], 4) == 0.5


def test_threshold_turns_grades_into_hits():
    assert precision_at_k([3, 1, 2], 3, threshold=2) == pytest.approx(2 / 3)
    assert average_precision([1, 3], threshold=2) == 0.5


def test_average_precision_by_hand():
    assert average_precision([1, 0, 1, 0]) == pytest.approx((1 / 1 + 2 / 3) / 2)
    assert average_precision([0, 0, 0]) == 0.0
    assert average_precision([0, 1], n_relevant=2) == pytest.approx(0.25)
    assert mean_average_precision([[1, 0], [0, 1]]) == pytest.approx(0.75)
    assert mean_average_precision([[1, 0], [0, 1]], n_relevant=[1, 2]) == pytest.approx((1 + 0.25) / 2)


def test_recall():
    assert recall_at_k([1, 0, 1], 2) == 0.5
    assert recall_at_k([1, 0, 1], 2, n_relevant=4) == 0.25
    assert recall_at_k([0, 0], 2) == 0.0


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: precision_at_k([1, 0], None), "k must be a positive integer"),
        (lambda: precision_at_k([1, 0], 0), "k must be a positive integer"),
        (lambda: recall_at_k([1, 0], None), "k must be a positive integer"),
        (lambda: average_precision([1, -1]), "non-negative"),
        (lambda: average_precision([1, 1], n_relevant=1), "n_relevant must count every relevant"),
        (lambda: average_precision([1], n_relevant=-1), "n_relevant must be a non-negative integer"),
        (lambda: precision_at_k([1], 1, threshold=0), "threshold must be a positive number"),
        (lambda: mean_average_precision([1, 0]), "flat list"),
        (lambda: mean_average_precision([[1, 0]], n_relevant=[1, 2]), "one count per ranking"),
        (lambda: mean_average_precision([[1, 0]], n_relevant=3), "sequence with one count"),
        (lambda: mean_average_precision([[1, 1]], n_relevant=[1]), "n_relevant must count every relevant"),
    ],
)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_parity_with_trec_eval():
    rng = np.random.default_rng(11)
    qrels, run, shown, judged = {}, {}, {}, {}
    for q in range(40):
        n_judged = int(rng.integers(1, 20))
        grades = rng.choice(3, size=n_judged, p=[0.6, 0.25, 0.15])
        n_shown = int(rng.integers(1, n_judged + 1))
        order = rng.choice(n_judged, size=n_shown, replace=False)
        qrels[f"q{q}"] = {f"d{i}": int(g) for i, g in enumerate(grades)}
        run[f"q{q}"] = {f"d{i}": float(n_shown - r) for r, i in enumerate(order)}
        shown[f"q{q}"] = [int(grades[i]) for i in order]
        judged[f"q{q}"] = int((grades >= 1).sum())
    results = pytrec_eval.RelevanceEvaluator(qrels, {"P.5", "recall.5", "map", "recip_rank"}).evaluate(run)
    for qid, values in results.items():
        assert precision_at_k(shown[qid], 5) == pytest.approx(values["P_5"])
        assert recall_at_k(shown[qid], 5, n_relevant=judged[qid]) == pytest.approx(values["recall_5"])
        assert average_precision(shown[qid], n_relevant=judged[qid]) == pytest.approx(values["map"])
        assert ndcg.rr(shown[qid]) == pytest.approx(values["recip_rank"])
