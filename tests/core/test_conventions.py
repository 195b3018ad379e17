"""ndcg.conventions: each library's NDCG, checked against the library where it is installed.

* scikit-learn (``sklearn.metrics.ndcg_score``), trec_eval (through
  ``pytrec_eval``) and LightGBM (its ``ndcg`` metric, evaluated on given
  scores) are installed: ``ndcg_under`` must give their numbers, ties, empty
  queries, judged-but-unretrieved items and ``k`` past the list included.
* XGBoost 3.2.0 is pinned in the full install (the CPU-only wheel
  xgboost-cpu on Linux and Windows): ``ndcg_under`` must give the numbers of
  its ``ndcg`` metrics (``ndcg``, ``ndcg@k``, ``ndcg-``, linear gain), and it
  must refuse the grades XGBoost refuses.
* torchmetrics (it needs PyTorch) and ranx are not installed: their
  conventions come from reading their code, so here we check that the
  recorded parameters say what the module's docstring says, and that
  ``ndcg_under`` follows them.
"""

import dataclasses
import math
import re
import subprocess
import sys

import lightgbm as lgb
import numpy as np
import pytest
import pytrec_eval
import xgboost as xgb
from sklearn.metrics import ndcg_score as sk_ndcg_score

import ndcg
import ndcg.ltr
from ndcg.conventions import CONVENTIONS, Convention, ndcg_under
from ndcg.course.tables import convention_table

# --------------------------------------------------------------------------- scikit-learn


@pytest.mark.parametrize("k", [None, 1, 3, 8, 12])
def test_sklearn_per_query_with_ties(k):
    rng = np.random.default_rng(0)
    y_true = rng.choice(4, size=(80, 8), p=[0.5, 0.25, 0.15, 0.1]).astype(float)
    y_true[:5] = 0  # queries with no relevant item
    y_score = rng.integers(0, 3, size=y_true.shape).astype(float)  # many ties
    for grades, scores in zip(y_true, y_score):
        expected = sk_ndcg_score([grades], [scores], k=k)
        assert ndcg_under("sklearn", grades, scores, k) == pytest.approx(expected, abs=1e-12)


def test_sklearn_ignores_judged_and_doc_ids():
    grades, scores = [2, 0, 1], [1.0, 1.0, 0.5]
    plain = ndcg_under("sklearn", grades, scores, 2)
    assert plain == pytest.approx(sk_ndcg_score([grades], [scores], k=2))
    assert ndcg_under("sklearn", grades, scores, 2, judged=[2, 2, 1, 0], doc_ids=["a", "b", "c"]) == plain


# --------------------------------------------------------------------------- trec_eval

CUTS = (1, 3, 5, 10, 30)


def trec_eval_case(seed: int):
    """Queries with judged items the run missed, unjudged items it found, and tied scores."""
    rng = np.random.default_rng(seed)
    qrels, run, cases = {}, {}, {}
    for q in range(40):
        qid = f"q{q}"
        n_judged = int(rng.integers(1, 20))
        # Ids of one and two digits, so that string order ("d9" > "d10") matters.
        ids = [f"d{i}" for i in rng.permutation(40)[:n_judged]]
        grades = rng.choice(4, size=n_judged, p=[0.5, 0.25, 0.15, 0.1])
        if q == 0:
            grades[:] = 0  # judged, but nothing relevant
        qrels[qid] = {doc: int(g) for doc, g in zip(ids, grades)}
        shown = rng.choice(n_judged, size=int(rng.integers(1, n_judged + 1)), replace=False)
        names = [ids[i] for i in shown] + [f"u{j}" for j in range(int(rng.integers(0, 3)))]  # u*: unjudged
        y_true = [int(grades[i]) for i in shown] + [0] * (len(names) - len(shown))
        y_score = rng.integers(0, 3, size=len(names)).astype(float)  # ties, broken by docno
        run[qid] = dict(zip(names, y_score.tolist()))
        cases[qid] = (y_true, y_score, [int(g) for g in grades], names)
    return qrels, run, cases


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_trec_eval_ndcg_cut_ties_and_unretrieved_items(seed):
    qrels, run, cases = trec_eval_case(seed)
    measures = {"ndcg", "ndcg_cut." + ",".join(map(str, CUTS))}
    results = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    assert set(results) == set(cases)
    for qid, (y_true, y_score, judged, names) in cases.items():
        for k in CUTS:
            got = ndcg_under("trec_eval", y_true, y_score, k, judged=judged, doc_ids=names)
            assert got == pytest.approx(results[qid][f"ndcg_cut_{k}"], abs=1e-12), (qid, k)
        got = ndcg_under("trec_eval", y_true, y_score, judged=judged, doc_ids=names)
        assert got == pytest.approx(results[qid]["ndcg"], abs=1e-12), qid
    y_true, y_score, _, names = cases["q0"]  # judged, nothing relevant
    assert results["q0"]["ndcg_cut_5"] == 0.0 == ndcg_under("trec_eval", y_true, y_score, 5, doc_ids=names)


def test_trec_eval_breaks_ties_by_descending_doc_id():
    qrels = {"q": {"d9": 0, "d10": 1}}
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.1"})
    # Whatever the input order, "d9" > "d10" as strings, so d9 (grade 0) ranks first.
    for run in ({"d9": 1.0, "d10": 1.0}, {"d10": 1.0, "d9": 1.0}):
        assert evaluator.evaluate({"q": run})["q"]["ndcg_cut_1"] == 0.0
        names = list(run)
        grades = [qrels["q"][name] for name in names]
        assert ndcg_under("trec_eval", grades, [1.0, 1.0], 1, doc_ids=names) == 0.0
    # Without tie, the score decides and doc_ids are not needed.
    assert ndcg_under("trec_eval", [0, 1], [1.0, 2.0], 1) == 1.0


def test_trec_eval_leaves_out_queries_without_qrels():
    evaluator = pytrec_eval.RelevanceEvaluator({"q1": {"a": 1}}, {"ndcg_cut.5"})
    assert set(evaluator.evaluate({"q1": {"a": 1.0}, "q2": {"b": 1.0}})) == {"q1"}


def test_trec_eval_needs_integer_grades():
    with pytest.raises(TypeError):
        pytrec_eval.RelevanceEvaluator({"q": {"a": 1.5}}, {"ndcg"})
    with pytest.raises(ValueError, match="y_true.*whole-number"):
        ndcg_under("trec_eval", [1.5, 0], [2, 1])
    with pytest.raises(ValueError, match="judged.*whole-number"):
        ndcg_under("trec_eval", [1, 0], [2, 1], judged=[1, 0, 0.5])


# --------------------------------------------------------------------------- LightGBM


def lightgbm_ndcg(labels, scores, groups, ks):
    """LightGBM's own ndcg@k of the given scores, averaged over the groups.

    The scores go in as ``init_score``; one boosting round with a constant
    feature cannot split, and a learning rate of 1e-300 makes the tree's
    constant output vanish, so the metric is computed on the scores as given.
    """
    labels = np.asarray(labels, dtype=float)
    n = labels.size
    init_score = np.asarray(scores, dtype=float)
    data = lgb.Dataset(np.zeros((n, 1)), label=labels, group=groups, init_score=init_score)
    params = {
        "objective": "lambdarank",
        "metric": "ndcg",
        "eval_at": list(ks),
        "learning_rate": 1e-300,
        "min_data_in_leaf": n + 1,
        "num_threads": 1,
        "deterministic": True,
        "verbose": -1,
    }
    record = {}
    lgb.train(
        params,
        data,
        num_boost_round=1,
        valid_sets=[data],
        valid_names=["d"],
        callbacks=[lgb.record_evaluation(record)],
    )
    return {int(name.split("@")[1]): values[0] for name, values in record["d"].items()}


LGB_KS = (1, 2, 3, 5, 10, 40)


@pytest.mark.parametrize("seed", [0, 1])
def test_lightgbm_mean_over_queries_with_ties_and_empty_queries(seed):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(2, 13, size=30)
    labels, scores = [], []
    for q, size in enumerate(sizes):
        grades = rng.choice(5, size=size, p=[0.5, 0.2, 0.15, 0.1, 0.05])
        if q % 7 == 0:
            grades[:] = 0  # LightGBM scores this query 1
        labels.append(grades)
        scores.append(rng.integers(0, 3, size=size).astype(float))  # ties: input order
    got = lightgbm_ndcg(np.concatenate(labels), np.concatenate(scores), sizes, LGB_KS)
    for k in LGB_KS:
        expected = np.mean([ndcg_under("lightgbm", t, s, k) for t, s in zip(labels, scores)])
        assert got[k] == pytest.approx(expected, abs=1e-12), k
    whole = np.mean([ndcg_under("lightgbm", t, s) for t, s in zip(labels, scores)])
    assert got[40] == pytest.approx(whole, abs=1e-12)  # k past every list: clamped


def test_lightgbm_rules_one_query_at_a_time():
    # A tie: the input order decides (std::stable_sort).
    tie = [1.0, 1.0, 1.0]
    assert lightgbm_ndcg([0, 1, 0], tie, [3], [1])[1] == 0.0 == ndcg_under("lightgbm", [0, 1, 0], tie, 1)
    assert lightgbm_ndcg([1, 0, 0], tie, [3], [1])[1] == 1.0 == ndcg_under("lightgbm", [1, 0, 0], tie, 1)
    # No relevant item: 1.
    assert lightgbm_ndcg([0, 0, 0], [3.0, 2.0, 1.0], [3], [2])[2] == 1.0
    assert ndcg_under("lightgbm", [0, 0, 0], [3, 2, 1], 2) == 1.0
    # Gain 2**rel - 1: grades 1 then 2 score (1 + 3/log2 3) / (3 + 1/log2 3).
    expected = (1 + 3 / np.log2(3)) / (3 + 1 / np.log2(3))
    assert lightgbm_ndcg([1, 2], [2.0, 1.0], [2], [2])[2] == pytest.approx(expected, abs=1e-12)
    assert ndcg_under("lightgbm", [1, 2], [2, 1]) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("grade, library_error", [(31, "Label 31"), (2.5, "int type")])
def test_lightgbm_refuses_the_same_grades(grade, library_error):
    # 30 is the largest label LightGBM accepts by default.
    assert lightgbm_ndcg([30, 0, 1], [3.0, 2.0, 1.0], [3], [3])[3] == pytest.approx(
        ndcg_under("lightgbm", [30, 0, 1], [3, 2, 1], 3), abs=1e-12
    )
    with pytest.raises(lgb.basic.LightGBMError, match=library_error):
        lightgbm_ndcg([grade, 0, 1], [3.0, 2.0, 1.0], [3], [3])
    with pytest.raises(ValueError, match="y_true.*LightGBM"):
        ndcg_under("lightgbm", [grade, 0, 1], [3, 2, 1])


# --------------------------------------------------------------------------- read from the source


def test_recorded_parameters():
    table = {
        name: (c.gain, c.ties, c.empty_query, c.ideal, c.default_k, c.checked_by)
        for name, c in CONVENTIONS.items()
    }
    assert table == {
        "sklearn": ("linear", "average", 0.0, "list", None, "running it here"),
        "torchmetrics": ("linear", "average", 0.0, "list", None, "reading the 1.9.0 wheel"),
        "trec_eval": ("linear", "doc id, descending", 0.0, "judged", None, "running it here"),
        "ranx": ("linear", "unspecified", 0.0, "judged", None, "reading its source"),
        "lightgbm": ("exponential", "input order", 1.0, "list", None, "running it here"),
        "xgboost": ("exponential", "input order", 1.0, "list", 32, "running xgboost-cpu 3.2.0"),
        "spark": ("exponential", "input order", 0.0, "judged", None, "running pyspark 4.3.0"),
    }
    assert (CONVENTIONS["lightgbm"].max_grade, CONVENTIONS["xgboost"].max_grade) == (30, 31)
    for name, convention in CONVENTIONS.items():
        assert convention.sources and convention.notes and convention.version, name
        assert all(source.startswith("https://") for source in convention.sources), name


def test_read_only_conventions_are_marked_in_their_notes():
    notes = {name: " ".join(c.notes) for name, c in CONVENTIONS.items()}
    assert "empty_target_action" in notes["torchmetrics"] and "1.9.0" in notes["torchmetrics"]
    # every torchmetrics fact names the file and line of the wheel it was read in
    for note in CONVENTIONS["torchmetrics"].notes[1:]:
        assert re.search(r"\.py:\d+", note), note
    assert "ndcg-" in notes["xgboost"] and "ndcg_exp_gain" in notes["xgboost"]
    assert "xgboost-cpu 3.2.0" in notes["xgboost"] and "GPU order is not verified" in notes["xgboost"]
    assert CONVENTIONS["sklearn"].ties_option.startswith("ignore_ties=True")
    assert "ndcg_burges" in notes["ranx"]
    assert "label_gain" in notes["lightgbm"]


def test_torchmetrics_is_sklearn():
    # 1.9.0 accepts float targets too (utilities/checks.py:141), as scikit-learn does.
    rng = np.random.default_rng(3)
    for _ in range(50):
        grades = rng.integers(0, 4, size=7) + rng.choice([0.0, 0.5], size=7)
        scores = rng.integers(0, 3, size=7).astype(float)
        for k in (None, 2, 10):
            assert ndcg_under("torchmetrics", grades, scores, k) == ndcg_under("sklearn", grades, scores, k)


def test_xgboost_rules():
    # 2**rel - 1, ties in input order, an empty query scores 1 ("ndcg-": 0).
    assert ndcg_under("xgboost", [1, 2], [2, 1]) == ndcg_under("lightgbm", [1, 2], [2, 1])
    assert ndcg_under("xgboost", [0, 1], [5, 5], 1) == 0.0
    assert ndcg_under("xgboost", [0, 0], [2, 1]) == 1.0
    minus = dataclasses.replace(CONVENTIONS["xgboost"], empty_query=0.0)
    assert ndcg_under(minus, [0, 0], [2, 1]) == 0.0
    # Plain "ndcg" stops at rank 32: a relevant item at rank 34 adds nothing.
    grades = [1] + [0] * 32 + [1]
    scores = list(range(34, 0, -1))
    at_32 = ndcg_under("xgboost", grades, scores, 32)
    assert ndcg_under("xgboost", grades, scores) == at_32 == pytest.approx(1 / (1 + 1 / np.log2(3)))
    assert ndcg_under("xgboost", grades, scores, 34) > at_32
    with pytest.raises(ValueError, match="up to 31"):
        ndcg_under("xgboost", [32, 0], [2, 1])


# --------------------------------------------------------------------------- XGBoost


def xgboost_ndcg(queries, metric, **params):
    """XGBoost's own ``metric`` of the given scores, averaged over the queries.

    Each query is ``(grades, scores)``. The scores go in as ``base_margin`` of a
    booster with no trees, so the metric is computed on the scores as given.
    """
    labels = np.concatenate([np.asarray(grades, dtype=float) for grades, _ in queries])
    margin = np.concatenate([np.asarray(scores, dtype=float) for _, scores in queries])
    qid = np.concatenate([np.full(len(grades), i) for i, (grades, _) in enumerate(queries)])
    data = xgb.DMatrix(np.zeros((labels.size, 1)), label=labels, qid=qid, base_margin=margin)
    booster = xgb.train({"objective": "rank:ndcg", "eval_metric": metric, **params}, data, num_boost_round=0)
    assert booster.predict(data, output_margin=True) == pytest.approx(margin)
    return float(booster.eval(data).rsplit(":", 1)[1])


@pytest.mark.parametrize("seed", [0, 1])
def test_xgboost_agrees_with_its_convention(seed):
    rng = np.random.default_rng(seed)
    queries = []
    for n in (1, 3, 5, 12, 40, 45):
        grades = rng.integers(0, 4, size=n) * (rng.random(n) < 0.6)
        queries.append((grades, rng.integers(0, 4, size=n).astype(float)))  # ties everywhere
    queries.append((np.zeros(4, dtype=int), np.arange(4.0)))  # nothing relevant
    for k in (None, 1, 3, 10, 50):
        for minus in ("", "-"):
            metric = ("ndcg" if k is None else f"ndcg@{k}") + minus
            convention = CONVENTIONS["xgboost"]
            if minus:
                convention = dataclasses.replace(convention, empty_query=0.0)
            expected = np.mean([ndcg_under(convention, g, s, k) for g, s in queries])
            assert xgboost_ndcg(queries, metric) == pytest.approx(expected, abs=1e-6), metric
    linear = dataclasses.replace(CONVENTIONS["xgboost"], gain="linear")
    expected = np.mean([ndcg_under(linear, g, s, 3) for g, s in queries])
    assert xgboost_ndcg(queries, "ndcg@3", ndcg_exp_gain=False) == pytest.approx(expected, abs=1e-6)


def test_xgboost_plain_ndcg_stops_at_rank_32_and_refuses_the_same_grades():
    grades, scores = [1] + [0] * 31 + [1] + [0] * 7, -np.arange(40.0)
    assert xgboost_ndcg([(grades, scores)], "ndcg") == pytest.approx(
        ndcg_under("xgboost", grades, scores, 32)
    )
    assert xgboost_ndcg([(grades, scores)], "ndcg@40") == pytest.approx(
        ndcg_under("xgboost", grades, scores, 40)
    )
    assert ndcg_under("xgboost", grades, scores, 40) > ndcg_under("xgboost", grades, scores, 32)
    for grade in (32, 1.5):
        with pytest.raises(xgb.core.XGBoostError, match="label"):
            xgboost_ndcg([([grade, 0], [1.0, 2.0])], "ndcg")
        with pytest.raises(ValueError, match="XGBoost accepts"):
            ndcg_under("xgboost", [grade, 0], [1.0, 2.0])


def test_an_all_zero_query_scores_1_in_both_boosting_libraries_and_0_in_ndcg():
    grades, scores = [0, 0, 0], [3.0, 2.0, 1.0]
    assert xgboost_ndcg([(grades, scores)], "ndcg@10") == 1.0
    assert xgboost_ndcg([(grades, scores)], "ndcg@10-") == 0.0
    assert lightgbm_ndcg(grades, scores, [3], [10])[10] == 1.0
    assert ndcg.ltr.ndcg_by_group(grades, scores, [7, 7, 7], 10) == 0.0 == ndcg.ndcg(grades, 10)


def test_the_installed_libraries_are_the_versions_recorded():
    assert xgb.__version__ == "3.2.0" and CONVENTIONS["xgboost"].version.startswith(xgb.__version__)
    assert CONVENTIONS["lightgbm"].version == lgb.__version__


def test_ranx_takes_the_ideal_from_the_judged_items_and_keeps_input_order():
    rng = np.random.default_rng(5)
    for _ in range(30):
        judged = rng.integers(0, 4, size=9)
        shown = rng.permutation(9)[:5]
        grades = judged[shown]
        scores = rng.permutation(5).astype(float)  # no ties: same ranking as trec_eval
        for k in (None, 3, 20):
            assert ndcg_under("ranx", grades, scores, k, judged=judged) == pytest.approx(
                ndcg_under("trec_eval", grades, scores, k, judged=judged)
            )
    assert ndcg_under("ranx", [0, 1], [1.0, 1.0], 1) == 0.0
    burges = dataclasses.replace(CONVENTIONS["ranx"], gain="exponential")
    expected = ndcg.ndcg([1, 2], gain="exponential")
    assert ndcg_under(burges, [1, 2], [2, 1], judged=[2, 1]) == pytest.approx(expected)


# --------------------------------------------------------------------------- the table


def test_convention_table_scores_one_ranking_under_each_convention():
    args = ([3, 2, 0, 1], [0.9, 0.5, 0.5, 0.1], 3)
    extra = {"judged": [3, 2, 0, 1, 2], "doc_ids": ["d1", "d2", "d3", "d4"]}
    table = convention_table(*args, **extra)
    assert table.columns[-1] == "NDCG@3"
    assert len(table.rows) == len(CONVENTIONS)
    for name, value in zip(CONVENTIONS, table.column("NDCG@3")):
        assert value == ndcg_under(name, *args, **extra)
    assert len(set(table.column("NDCG@3"))) == 5  # five different answers for one ranking
    html = table._repr_html_()
    assert html.startswith("<table") and "trec_eval" in html
    assert "| library |" in table.to_markdown()
    plain = convention_table()
    assert plain.columns[-1] == "checked by" and len(plain.rows) == 7
    assert plain.rows[-1][0] == "Spark MLlib" and plain.rows[-1][-1] == "running pyspark 4.3.0"
    assert convention_table([1, 0], [2, 1]).columns[-1] == "NDCG"


# --------------------------------------------------------------------------- bad input


def test_unknown_convention_lists_the_valid_names():
    with pytest.raises(ValueError, match="convention must be one of 'sklearn', 'torchmetrics'.*'xgboost'"):
        ndcg_under("sklearn_exp", [1, 0], [2, 1])
    with pytest.raises(ValueError, match="convention"):
        ndcg_under(None, [1, 0], [2, 1])


@pytest.mark.parametrize(
    "kwargs, name, message",
    [
        ({"y_true": [1, -1], "y_score": [2, 1]}, "y_true", "non-negative"),
        ({"y_true": [[1, 0]], "y_score": [2, 1]}, "y_true", "1-D"),
        ({"y_true": [1, 0], "y_score": [2, 1, 0]}, "y_score", "one score per item"),
        ({"y_true": [1, 0], "y_score": [[2, 1]]}, "y_score", "1-D"),
        ({"y_true": [1, 0], "y_score": [2, math.nan]}, "y_score", "NaN"),
        ({"y_true": [1, 0], "y_score": ["a", "b"]}, "y_score", "numbers"),
        ({"y_true": [1, 0], "y_score": [2, 1], "k": 0}, "k", "positive integer"),
        ({"y_true": [2, 0], "y_score": [2, 1], "judged": [1, 0]}, "judged", "every judged item"),
        ({"y_true": [1, 0], "y_score": [2, 1], "judged": [1, -2]}, "judged", "non-negative"),
        ({"y_true": [1, 0], "y_score": [2, 1], "doc_ids": ["a"]}, "doc_ids", "every item"),
        ({"y_true": [1, 0], "y_score": [2, 1], "doc_ids": ["a", "a"]}, "doc_ids", "unique"),
        ({"y_true": [1, 0], "y_score": [2, 1], "doc_ids": "ab"}, "doc_ids", "sequence"),
        ({"y_true": [1, 0], "y_score": [2, 2]}, "doc_ids", "tied"),
    ],
)
def test_bad_input_names_the_argument(kwargs, name, message):
    with pytest.raises(ValueError, match=name) as error:
        ndcg_under("trec_eval", **kwargs)
    assert message in str(error.value)


def test_bad_convention_fields():
    base = dataclasses.asdict(CONVENTIONS["sklearn"])
    for field, value in [
        ("gain", "log"),
        ("ties", "random"),
        ("ideal", "qrels"),
        ("empty_query", 0.5),
        ("empty_query", True),
        ("default_k", 0),
        ("max_grade", 0),
    ]:
        with pytest.raises(ValueError, match=field):
            Convention(**{**base, field: value})
    skip = dataclasses.replace(
        CONVENTIONS["torchmetrics"], empty_query=math.nan
    )  # empty_target_action='skip'
    assert math.isnan(ndcg_under(skip, [0, 0], [1, 2]))


def test_convention_table_bad_input():
    with pytest.raises(ValueError, match="y_score"):
        convention_table([1, 0])
    with pytest.raises(ValueError, match="y_true"):
        convention_table(y_score=[1, 0])


@pytest.mark.parametrize("name", sorted(CONVENTIONS))
@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
def test_integer_scores_above_2_to_the_53_are_ranked_exactly(name, dtype):
    # Neighbouring integers above 2**53 are one float64: a cast would tie them.
    base = dtype(2**63 if dtype is np.uint64 else 2**60)
    scores = np.array([base + dtype(1), base + dtype(2), base], dtype=dtype)
    assert len(set(scores.astype(float).tolist())) < 3
    grades = [1, 2, 0]
    kwargs = {"doc_ids": ["a", "b", "c"]} if CONVENTIONS[name].ties == ndcg.conventions.TIES_DOC_ID else {}
    assert ndcg_under(name, grades, scores, **kwargs) == 1.0
    assert ndcg_under(name, grades, scores[::-1].copy(), **kwargs) < 1.0


def test_import_needs_only_numpy():
    heavy = ["sklearn", "scipy", "lightgbm", "xgboost", "pytrec_eval", "pandas", "matplotlib"]
    code = f"import sys, ndcg.conventions; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""
