"""What the tests of ``experiments.realdata*`` share: a small collection written in a real one's layout,
one fold scored by hand, and the parsing of a printed table.

The real collections cannot be shipped, so the tests write a small one in
their layout (MSLR's ``FoldN/train.txt``, Istella's ``full/``) into
``tmp_path`` with :func:`ndcg.ltr.synthetic.make_letor` (the ``mslr`` fixture,
in ``conftest.py``, writes two folds of MSLR-WEB10K), and run the real entry
points on it.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from experiments.realdata_results import METRICS, RealResult
from ndcg.ltr import ndcg_per_group
from ndcg.ltr.letor import load_svmlight, save_svmlight
from ndcg.ltr.queries import standardize_by_query
from ndcg.ltr.races import fit_predict
from ndcg.ltr.synthetic import make_letor

FAST = {"learners": ["ranknet", "pointwise"], "epochs": 2}
ROW = re.compile(r"^(\S+)\s+((?:\d\.\d{4}\s+){4})\|((?:\s+\d\.\d{4}){4})$")


def write_collection(root, layout, *, n_features, seed=0):
    """Write a small collection: ``layout`` maps a relative file name to its part's seed offset.

    The first query of every test file has only grade-0 documents, so both
    conventions for such queries are exercised.
    """
    for offset, relative in enumerate(layout):
        X, y, qid = make_letor(
            n_queries=16, min_docs=4, max_docs=12, n_useless=n_features - 10, seed=seed + offset
        )
        if relative.endswith("test.txt"):
            y = np.where(qid == qid[0], 0, y)
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        save_svmlight(path, X, y, qid)
    return root


MSLR_LAYOUT = [f"Fold{i}/{part}.txt" for i in (1, 2) for part in ("train", "vali", "test")]


def direct(folder, fold, learner, *, standardize=True, epochs=2):
    """One fold scored by hand: fit_predict on the fold's train file, ndcg_per_group on its test file."""
    X_tr, y_tr, q_tr = load_svmlight(folder / fold / "train.txt", n_features=136)
    X_te, y_te, q_te = load_svmlight(folder / fold / "test.txt", n_features=136)
    if standardize:
        X_tr, X_te = standardize_by_query(X_tr, q_tr), standardize_by_query(X_te, q_te)
    scores = fit_predict(learner, (X_tr, y_tr, q_tr), X_te, seed=0, k=10, epochs=epochs, lr=0.05, rounds=20)
    per_k = {f"ndcg@{k}": ndcg_per_group(y_te, scores, q_te, k) for k in (1, 3, 5, 10)}
    relevant = np.array([y_te[q_te == q].max() > 0 for q in np.unique(q_te)])
    return per_k, relevant


def table_rows(text):
    """``{label: (left half, right half)}`` of the numeric rows of one printed table."""
    rows = {}
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            rows[match.group(1)] = (match.group(2).split(), match.group(3).split())
    return rows


def fake_result(dataset, learner):
    values = {"test": dict.fromkeys(METRICS, 0.5), "test, all-zero left out": dict.fromkeys(METRICS, 0.625)}
    return RealResult(dataset, ["Fold1"], [learner], {}, {}, {learner: {"Fold1": values}}, {}, {})


#: Two figures, one verified and one not (shared with tests/course/test_published.py).
PUBLISHED = (Path(__file__).parents[1] / "course" / "published-sample.yaml").read_text(encoding="utf-8")
