"""Parity with the implementations readers will check against.

* scikit-learn's ``dcg_score`` / ``ndcg_score`` (linear gain, ties averaged);
* trec_eval's ``ndcg`` and ``ndcg_cut`` (through pytrec-eval-terrier), where
  the ideal ranking uses every judged item, retrieved or not.
"""

import numpy as np
import pytest
import pytrec_eval
from sklearn.metrics import dcg_score as sk_dcg_score
from sklearn.metrics import ndcg_score as sk_ndcg_score

import ndcg

N_ITEMS = 15


def random_case(seed: int, tied: bool):
    rng = np.random.default_rng(seed)
    y_true = rng.choice(5, size=(400, N_ITEMS), p=[0.45, 0.25, 0.15, 0.1, 0.05]).astype(float)
    if tied:
        y_score = rng.integers(0, 4, size=y_true.shape).astype(float)
    else:
        y_score = y_true + rng.normal(scale=1.5, size=y_true.shape)
    return y_true, y_score


@pytest.mark.parametrize("k", [None, 1, 5, N_ITEMS - 1, N_ITEMS, N_ITEMS + 10])
@pytest.mark.parametrize("tied", [False, True], ids=["continuous", "tied"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_sklearn_ndcg_and_dcg(seed, tied, k):
    y_true, y_score = random_case(seed, tied)
    assert ndcg.ndcg_score(y_true, y_score, k=k) == pytest.approx(
        sk_ndcg_score(y_true, y_score, k=k), abs=1e-9
    )
    assert ndcg.dcg_score(y_true, y_score, k=k) == pytest.approx(sk_dcg_score(y_true, y_score, k=k), abs=1e-9)
    if not tied:  # scikit-learn's ignore_ties breaks ties arbitrarily
        assert ndcg.ndcg_score(y_true, y_score, k=k, ignore_ties=True) == pytest.approx(
            sk_ndcg_score(y_true, y_score, k=k, ignore_ties=True), abs=1e-9
        )


def test_sklearn_per_query_values():
    y_true, y_score = random_case(5, tied=True)
    for t, s, value in zip(y_true[:50], y_score[:50], ndcg.ndcg_per_query(y_true[:50], y_score[:50], k=5)):
        assert value == pytest.approx(sk_ndcg_score([t], [s], k=5), abs=1e-12)


def trec_eval_case(seed: int):
    """Judged items per query, of which the system retrieved only some."""
    rng = np.random.default_rng(seed)
    qrels, run, retrieved, judged = {}, {}, {}, {}
    for q in range(60):
        qid = f"q{q}"
        n_judged = int(rng.integers(1, 25))
        grades = rng.choice(4, size=n_judged, p=[0.5, 0.25, 0.15, 0.1])
        qrels[qid] = {f"d{i}": int(g) for i, g in enumerate(grades)}
        n_shown = int(rng.integers(1, n_judged + 1))
        shown = rng.choice(n_judged, size=n_shown, replace=False)
        # Distinct scores, best first: trec_eval breaks ties by document name.
        run[qid] = {f"d{i}": float(n_shown - rank) for rank, i in enumerate(shown)}
        retrieved[qid] = [int(grades[i]) for i in shown]
        judged[qid] = [int(g) for g in grades]
    return qrels, run, retrieved, judged


@pytest.mark.parametrize("seed", [0, 1])
def test_trec_eval_ndcg_cut_with_unretrieved_judged_items(seed):
    qrels, run, retrieved, judged = trec_eval_case(seed)
    cuts = (1, 3, 5, 10, 20)
    measures = {"ndcg", "ndcg_cut." + ",".join(map(str, cuts))}
    results = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    for qid, values in results.items():
        for k in cuts:
            assert ndcg.ndcg(retrieved[qid], k, ideal=judged[qid]) == pytest.approx(
                values[f"ndcg_cut_{k}"], abs=1e-12
            )
        assert ndcg.ndcg(retrieved[qid], ideal=judged[qid]) == pytest.approx(values["ndcg"], abs=1e-12)
