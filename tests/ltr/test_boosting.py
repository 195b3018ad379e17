"""ndcg.ltr.boosting: LambdaMART in LightGBM and XGBoost, checked against the real libraries.

* The parameter table says what the rankers really hold: every value is read back from
  ``get_params()`` of both rankers, and from the booster's own configuration where the
  library resolves it (XGBoost's ``save_config``, LightGBM's ``params``).
* Fitting is deterministic (bit-identical predictions twice), learns (held-out NDCG@10 far
  above random scores), and does not depend on the order of the rows.
* Bad input names the argument.
"""

from __future__ import annotations

import json
import subprocess
import sys

import lightgbm as lgb
import numpy as np
import pytest
import xgboost as xgb

from ndcg.conventions import ndcg_under
from ndcg.ltr import boosting, ndcg_by_group
from ndcg.ltr.boosting import LAMBDAMART_PARAMETERS, LIBRARIES, fit_lambdamart, lambdamart
from ndcg.ltr.queries import group_sizes, standardize_by_query, train_valid_test_split
from ndcg.ltr.synthetic import make_letor

# 120 queries, about 2,700 documents: small enough to fit in well under a second.
FAST = {"rounds": 60}


@pytest.fixture(scope="module")
def letor():
    X, y, qid = make_letor(n_queries=120, seed=0)
    parts = train_valid_test_split(X, y, qid, fractions=(0.6, 0.2, 0.2), seed=0)
    return {name: (standardize_by_query(X_p, q_p), y_p, q_p) for name, (X_p, y_p, q_p) in parts.items()}


@pytest.fixture(scope="module")
def fitted(letor):
    X, y, qid = letor["train"]
    return {library: fit_lambdamart(library, X, y, qid, **FAST) for library in LIBRARIES}


# --------------------------------------------------------------------------- the parameter table


def test_the_table_holds_what_both_rankers_are_given():
    params = {library: lambdamart(library).get_params() for library in LIBRARIES}
    for row in LAMBDAMART_PARAMETERS:
        for library in LIBRARIES:
            for name, value in getattr(row, library).items():
                assert params[library][name] == value, (row.concept, library, name)
    concepts = [row.concept for row in LAMBDAMART_PARAMETERS]
    for concept in (
        "gain",
        "pairs (truncation level)",
        "tree size",
        "learning rate",
        "rounds",
        "min data in a leaf",
        "determinism, threads",
    ):
        assert concept in concepts
    assert len(set(concepts)) == len(concepts)
    assert all(row.note.strip() and row.lightgbm and row.xgboost for row in LAMBDAMART_PARAMETERS)


def same(a, b) -> bool:
    """Equal, NaN included (XGBoost's ``missing`` is NaN)."""
    return a == b or (isinstance(a, float) and isinstance(b, float) and np.isnan(a) and np.isnan(b))


def test_every_parameter_lambdamart_sets_is_in_the_table():
    # Nothing is set in secret: a parameter that differs from the library's default is in a row.
    tabled = {library: set() for library in LIBRARIES}
    for row in LAMBDAMART_PARAMETERS:
        for library in LIBRARIES:
            tabled[library] |= set(getattr(row, library))
    defaults = {"lightgbm": lgb.LGBMRanker().get_params(), "xgboost": xgb.XGBRanker().get_params()}
    for library in LIBRARIES:
        given = lambdamart(library).get_params()
        changed = {
            name for name, value in given.items() if not same(defaults[library].get(name, "unset"), value)
        }
        assert changed - {"n_estimators", "objective"} <= tabled[library], library


def test_xgboost_resolves_the_table_s_values_in_its_own_configuration(fitted):
    config = json.loads(fitted["xgboost"].get_booster().save_config())["learner"]
    objective = config["objective"]
    assert objective["name"] == "rank:ndcg"
    assert objective["lambdarank_param"] == {
        "lambdarank_bias_norm": "1",
        "lambdarank_normalization": "1",
        "lambdarank_num_pair_per_sample": "10",
        "lambdarank_pair_method": "topk",
        "lambdarank_score_normalization": "1",
        "lambdarank_unbiased": "0",
        "ndcg_exp_gain": "1",
    }
    tree = config["gradient_booster"]["tree_train_param"]
    assert (tree["grow_policy"], tree["max_leaves"], tree["max_depth"]) == ("lossguide", "15", "0")
    assert float(tree["reg_lambda"]) == 0.0
    assert float(tree["min_child_weight"]) == pytest.approx(1e-3, rel=1e-7)  # stored as float32
    assert float(tree["learning_rate"]) == pytest.approx(0.05)  # stored as float32
    assert config["generic_param"]["nthread"] == "1"
    # At most 15 leaves in each tree, and some tree uses them all.
    leaves = [tree.count("leaf=") for tree in fitted["xgboost"].get_booster().get_dump()]
    assert len(leaves) == FAST["rounds"] and max(leaves) == 15


def test_lightgbm_resolves_the_table_s_values_in_its_own_booster(fitted):
    booster = fitted["lightgbm"].booster_
    params = booster.params
    assert params["objective"] == "lambdarank" and params["lambdarank_truncation_level"] == 10
    assert params["num_leaves"] == 15 and params["reg_lambda"] == 0.0 and params["deterministic"] is True
    trees = booster.dump_model()["tree_info"]
    assert len(trees) == FAST["rounds"] and max(tree["num_leaves"] for tree in trees) == 15


def test_the_defaults_the_notes_name():
    X, y, qid = make_letor(n_queries=40, max_docs=60, seed=2)
    # LightGBM: the gain, lambda normalisation, leaf minimums and L2 that lambdamart writes out are
    # its defaults, and so is a truncation level of 30.
    ours = fit_lambdamart("lightgbm", X, y, qid, rounds=10, k=30)
    plain = lgb.LGBMRanker(
        objective="lambdarank",
        n_estimators=10,
        learning_rate=0.05,
        num_leaves=15,
        n_jobs=1,
        random_state=0,
        deterministic=True,
        force_row_wise=True,
        verbose=-1,
    )
    plain.fit(X, y, group=group_sizes(qid))
    assert np.array_equal(ours.predict(X), plain.predict(X))
    # XGBoost: topk pairs without a number are k = 32.
    ranker = lambdamart("xgboost", rounds=10)
    unset = xgb.XGBRanker(**{**ranker.get_params(), "lambdarank_num_pair_per_sample": None}).fit(
        X, y, qid=qid
    )
    at_32 = lambdamart("xgboost", rounds=10, k=32).fit(X, y, qid=qid)
    at_30 = lambdamart("xgboost", rounds=10, k=30).fit(X, y, qid=qid)
    assert np.array_equal(unset.predict(X), at_32.predict(X))
    assert not np.array_equal(unset.predict(X), at_30.predict(X))


def test_the_table_s_texts():
    gain = next(row for row in LAMBDAMART_PARAMETERS if row.concept == "gain")
    assert gain.lightgbm_text == "label_gain=[2**g - 1 for g in 0..30]"
    assert gain.xgboost_text == "ndcg_exp_gain=True"
    pairs = next(row for row in LAMBDAMART_PARAMETERS if row.concept.startswith("pairs"))
    assert pairs.xgboost_text == "lambdarank_pair_method='topk', lambdarank_num_pair_per_sample=10"
    assert (
        boosting.EXPONENTIAL_LABEL_GAIN[:4] == [0.0, 1.0, 3.0, 7.0]
        and len(boosting.EXPONENTIAL_LABEL_GAIN) == 31
    )


def test_settings_reach_both_rankers():
    for library in LIBRARIES:
        params = lambdamart(
            library, rounds=7, learning_rate=0.3, leaves=4, k=3, seed=5, n_jobs=1
        ).get_params()
        assert (
            params["n_estimators"],
            params["learning_rate"],
            params["random_state"],
            params["n_jobs"],
        ) == (
            7,
            0.3,
            5,
            1,
        )
    lgb_params = lambdamart("lightgbm", leaves=4, k=3).get_params()
    assert (lgb_params["num_leaves"], lgb_params["lambdarank_truncation_level"]) == (4, 3)
    xgb_params = lambdamart("xgboost", leaves=4, k=3).get_params()
    assert (xgb_params["max_leaves"], xgb_params["lambdarank_num_pair_per_sample"]) == (4, 3)


# --------------------------------------------------------------------------- fitting


@pytest.mark.parametrize("library", LIBRARIES)
def test_fitting_twice_gives_bit_identical_predictions(letor, fitted, library):
    X, y, qid = letor["train"]
    again = fit_lambdamart(library, X, y, qid, **FAST)
    X_test = letor["test"][0]
    assert np.array_equal(fitted[library].predict(X_test), again.predict(X_test))


@pytest.mark.parametrize("library", LIBRARIES)
def test_both_learn_well_above_random_scores_on_held_out_queries(letor, fitted, library):
    X, y, qid = letor["test"]
    random_scores = np.random.default_rng(0).normal(size=len(y))
    floor = ndcg_by_group(y, random_scores, qid, 10)
    learned = ndcg_by_group(y, fitted[library].predict(X), qid, 10)
    perfect = ndcg_by_group(y, y.astype(float), qid, 10)
    assert floor < 0.55 and learned > floor + 0.15 and learned <= perfect
    # XGBoost predicts in float32 (equal float32 scores tie), LightGBM in float64.
    assert fitted[library].predict(X).dtype == {"lightgbm": np.float64, "xgboost": np.float32}[library]


def test_the_two_libraries_land_close_to_each_other(letor, fitted):
    X, y, qid = letor["test"]
    scores = {library: ndcg_by_group(y, fitted[library].predict(X), qid, 10) for library in LIBRARIES}
    assert abs(scores["lightgbm"] - scores["xgboost"]) < 0.05, scores


def interleaved(qid, seed):
    """A row order that mixes the queries but keeps each query's documents in their order."""
    keys = np.random.default_rng(seed).random(len(qid))
    for q in np.unique(qid):
        rows = np.flatnonzero(qid == q)
        keys[rows] = np.sort(keys[rows])
    return np.argsort(keys)


@pytest.mark.parametrize("library", LIBRARIES)
def test_interleaved_queries_give_the_same_model(letor, fitted, library):
    X, y, qid = letor["train"]
    order = interleaved(qid, 1)
    assert not np.all(np.diff(qid[order]) >= 0), "the queries are interleaved"
    model = fit_lambdamart(library, X[order], y[order], qid[order], **FAST)
    X_test = letor["test"][0]
    assert np.array_equal(model.predict(X_test), fitted[library].predict(X_test))


@pytest.mark.parametrize("library", LIBRARIES)
def test_shuffled_rows_learn_as_well(letor, fitted, library):
    # A full shuffle also changes the order of documents inside a query, so tie-breaks and the
    # order of sums may move; what is learnt does not.
    X, y, qid = letor["train"]
    order = np.random.default_rng(2).permutation(len(y))
    model = fit_lambdamart(library, X[order], y[order], qid[order], **FAST)
    X_test, y_test, q_test = letor["test"]
    a = ndcg_by_group(y_test, model.predict(X_test), q_test, 10)
    b = ndcg_by_group(y_test, fitted[library].predict(X_test), q_test, 10)
    assert abs(a - b) < 0.03


@pytest.mark.parametrize("library", LIBRARIES)
def test_string_query_ids_and_non_contiguous_queries(library):
    X, y, qid = make_letor(n_queries=30, seed=3)
    names = np.array([f"q{q:03d}" for q in qid])
    as_ints = fit_lambdamart(library, X, y, qid, rounds=10)
    as_text = fit_lambdamart(library, X, y, names, rounds=10)
    assert np.array_equal(as_ints.predict(X), as_text.predict(X))
    # A query split into two runs of rows is still one query.
    split = np.r_[np.flatnonzero(qid == 0)[:3], np.flatnonzero(qid != 0), np.flatnonzero(qid == 0)[3:]]
    model = fit_lambdamart(library, X[split], y[split], qid[split], rounds=10)
    assert np.array_equal(model.predict(X), as_ints.predict(X))


def test_xgboost_s_own_metric_scores_an_all_zero_query_1_where_ndcg_scores_0(letor, fitted):
    # The held-out queries, the first one with every grade set to 0; XGBoost's built-in
    # ndcg@10 of the fitted model's scores, against ndcg's.
    X, y, qid = letor["test"]
    order = np.argsort(qid, kind="stable")
    X, y, qid = X[order], y[order].copy(), qid[order]
    y[qid == qid[0]] = 0
    scores = fitted["xgboost"].predict(X)
    booster = fitted["xgboost"].get_booster().copy()
    booster.set_param({"eval_metric": "ndcg@10"})
    builtin = float(booster.eval(xgb.DMatrix(X, label=y, qid=qid), name="test").split(":")[1])
    queries = [(y[qid == q], scores[qid == q]) for q in np.unique(qid)]
    assert builtin == pytest.approx(np.mean([ndcg_under("xgboost", g, s, 10) for g, s in queries]), abs=1e-6)
    empty_grades, empty_scores = queries[0]
    assert ndcg_under("xgboost", empty_grades, empty_scores, 10) == 1.0
    assert ndcg_by_group(empty_grades, empty_scores, np.zeros(len(empty_grades)), 10) == 0.0
    ours = ndcg_by_group(y, scores, qid, 10)
    assert builtin > ours


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"library": "catboost"}, "library must be 'lightgbm' or 'xgboost'; got 'catboost'"),
        ({"library": None}, "library must be"),
        ({"library": "xgboost", "rounds": 0}, "rounds must be an integer >= 1"),
        ({"library": "xgboost", "rounds": 2.5}, "rounds must be an integer"),
        ({"library": "lightgbm", "learning_rate": 0}, "learning_rate must be a positive number"),
        ({"library": "lightgbm", "learning_rate": 1.5}, "learning_rate must be at most 1"),
        ({"library": "lightgbm", "learning_rate": float("nan")}, "learning_rate must be a positive"),
        ({"library": "xgboost", "leaves": 1}, "leaves must be an integer >= 2"),
        ({"library": "xgboost", "k": 0}, "k must be an integer >= 1"),
        ({"library": "lightgbm", "seed": -1}, "seed must be a non-negative integer"),
        ({"library": "lightgbm", "seed": True}, "seed must be a non-negative integer"),
        ({"library": "xgboost", "n_jobs": 0}, "n_jobs must be an integer >= 1"),
    ],
)
def test_bad_settings_name_the_argument(kwargs, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        lambdamart(**kwargs)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"X": np.zeros(5)}, "X must be a 2-D array"),
        ({"X": np.full((5, 2), np.nan)}, "X must hold finite"),
        ({"y": [0, 1, 2, 0]}, "y must be 1-D with one grade per row of X"),
        ({"y": [0, 1, -1, 0, 0]}, "non-negative"),
        ({"y": [0, 1, 1.5, 0, 0]}, "whole-number grades"),
        ({"y": [0, 1, 32, 0, 0]}, "accepts grades up to"),
        ({"qid": [0, 0, 1, 1]}, "qid must be 1-D with one query id per row"),
        ({"qid": [0, 0, np.nan, 1, 1]}, "qid must hold query ids"),
    ],
)
@pytest.mark.parametrize("library", LIBRARIES)
def test_bad_data_names_the_argument(library, change, message):
    data = {"X": np.arange(10.0).reshape(5, 2), "y": [0, 1, 2, 0, 1], "qid": [0, 0, 0, 1, 1], **change}
    with pytest.raises(ValueError, match=message):
        fit_lambdamart(library, data["X"], data["y"], data["qid"], rounds=2)


def test_the_largest_grade_differs_between_the_libraries():
    X, y, qid = np.arange(10.0).reshape(5, 2), np.array([0, 31, 2, 0, 1]), np.array([0, 0, 0, 1, 1])
    assert fit_lambdamart("xgboost", X, y, qid, rounds=2).predict(X).shape == (5,)
    with pytest.raises(ValueError, match="lightgbm accepts grades up to 30"):
        fit_lambdamart("lightgbm", X, y, qid, rounds=2)
    with pytest.raises(ValueError, match="unknown setting 'max_depth'"):
        fit_lambdamart("lightgbm", X, y, qid, max_depth=3)


def test_import_needs_only_numpy():
    heavy = ["lightgbm", "xgboost", "sklearn", "scipy", "pandas"]
    code = f"import sys, ndcg.ltr.boosting; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""
