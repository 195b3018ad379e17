"""Tests of ``experiments.realdata_run``: the learners trained and scored on every fold of a collection.

Each test writes a small collection in a real one's layout (``realdata_helpers.py``) and checks
:func:`run`'s numbers against :func:`ndcg.ltr.races.fit_predict` and :func:`ndcg.ltr.ndcg_per_group`
called by hand, and its refusals.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from experiments.realdata_collections import find_folder
from experiments.realdata_run import run
from ndcg.ltr import ndcg_per_group
from ndcg.ltr.letor import load_svmlight
from ndcg.ltr.races import fit_predict
from tests.experiments.realdata_helpers import FAST, direct, write_collection


def test_the_numbers_are_those_of_fit_predict_and_ndcg_per_group(mslr):
    result = run("mslr-web10k", mslr, folds=[1, 2], **FAST)
    assert result.folds == ["Fold1", "Fold2"] and result.learners == ["ranknet", "pointwise"]
    for learner in FAST["learners"]:
        per_k, relevant = direct(mslr, "Fold2", learner)
        assert not relevant.all() and relevant.any()  # the fixture's all-zero query is there
        row = result.metrics[learner]["Fold2"]
        for metric, values in per_k.items():
            assert row["test"][metric] == pytest.approx(values.mean(), abs=1e-12)
            assert row["test, all-zero left out"][metric] == pytest.approx(values[relevant].mean(), abs=1e-12)
        np.testing.assert_allclose(result.per_query[learner]["Fold2"], per_k["ndcg@10"], atol=1e-12)
    mean = result.mean("ranknet")["ndcg@5"]
    assert mean == pytest.approx(
        np.mean([result.metrics["ranknet"][f]["test"]["ndcg@5"] for f in result.folds])
    )


def test_the_stats_count_queries_without_a_relevant_document(mslr):
    result = run("mslr-web10k", mslr, folds=["Fold1"], learners=["ranknet"], epochs=1)
    _, y, qid = load_svmlight(mslr / "Fold1" / "test.txt")
    assert result.stats["Fold1"]["test"] == {
        "queries": len(np.unique(qid)),
        "documents": len(y),
        "queries_without_relevant": sum(y[qid == q].max() == 0 for q in np.unique(qid)),
    }
    assert set(result.stats["Fold1"]) == {"train", "valid", "test", "replaced"}
    assert set(result.metrics["ranknet"]["Fold1"]) == {"valid", "test", "test, all-zero left out"}


def test_one_fold_may_be_named_alone(mslr):
    # Not iterated letter by letter ("F", "o", ...) nor refused for not being a list.
    for folds in ("Fold2", "2", 2):
        assert run("mslr-web10k", mslr, folds=folds, learners=["ranknet"], epochs=1).folds == ["Fold2"]
        assert find_folder("mslr-web10k", mslr, folds=folds) == mslr


def test_a_collection_without_validation_file_and_with_huge_values(tmp_path):
    """Istella's layout (full/train.txt, full/test.txt) and its 1.8e308 stand-ins for missing values."""
    folder = write_collection(tmp_path, ["full/train.txt", "full/test.txt"], n_features=220)
    text = (folder / "full" / "train.txt").read_text().splitlines()
    text[0] = re.sub(r" 7:\S+", " 7:1.79769313486e+308", text[0])
    text[1] = re.sub(r" 8:\S+", " 8:-1.79769313486e+308", text[1])
    (folder / "full" / "train.txt").write_text("\n".join(text) + "\n")
    result = run("istella", folder, learners=["ranknet"], epochs=1)
    assert result.folds == ["full"] and result.stats["full"]["replaced"] == 2
    assert set(result.metrics["ranknet"]["full"]) == {"test", "test, all-zero left out"}
    assert all(np.isfinite(v) for v in result.metrics["ranknet"]["full"]["test"].values())


def test_xgboost_gets_istellas_huge_values_at_float32s_largest(tmp_path):
    """XGBoost stores features as float32, where 1.8e308 is infinity, which it refuses: the value is
    set to float32's largest, with its sign, which keeps the order of the values, so the trees split
    as on the raw ones."""
    pytest.importorskip("ndcg.ltr.boosting")
    pytest.importorskip("xgboost")
    folder = write_collection(tmp_path, ["full/train.txt", "full/test.txt"], n_features=220)
    for part, row in (("train", 0), ("train", 1), ("test", 2)):
        path = folder / "full" / f"{part}.txt"
        text = path.read_text().splitlines()
        text[row] = re.sub(r" 7:\S+", f" 7:{'-' if row == 1 else ''}1.79769313486e+308", text[row])
        path.write_text("\n".join(text) + "\n")
    result = run("istella", folder, learners=["xgboost"], rounds=5)
    assert result.stats["full"]["clipped_for_xgboost"] == 3 and "replaced" not in result.stats["full"]
    limit = float(np.finfo(np.float32).max)
    X_tr, y_tr, q_tr = load_svmlight(folder / "full" / "train.txt", n_features=220)
    X_te, y_te, q_te = load_svmlight(folder / "full" / "test.txt", n_features=220)
    assert np.abs(X_tr).max() > limit
    X_tr, X_te = np.clip(X_tr, -limit, limit), np.clip(X_te, -limit, limit)
    scores = fit_predict("xgboost", (X_tr, y_tr, q_tr), X_te, rounds=5)
    np.testing.assert_array_equal(result.per_query["xgboost"]["full"], ndcg_per_group(y_te, scores, q_te, 10))


def test_the_yahoo_layout_is_found_inside_its_usual_folder(tmp_path):
    layout = ["ltrc_yahoo/set1.train.txt", "ltrc_yahoo/set1.valid.txt", "ltrc_yahoo/set1.test.txt"]
    write_collection(tmp_path, layout, n_features=40)  # a file need not mention all 700 features
    result = run("yahoo-set1", tmp_path, folds=["set1"], learners=["ranknet"], epochs=1)
    assert result.folds == ["set1"] and result.settings["data"] == str(tmp_path / "ltrc_yahoo")
    assert set(result.metrics["ranknet"]["set1"]) == {"valid", "test", "test, all-zero left out"}


@pytest.mark.parametrize("library", ["lightgbm", "xgboost"])
def test_the_tree_learners_get_the_raw_features(mslr, library):
    pytest.importorskip("ndcg.ltr.boosting")
    pytest.importorskip(library)
    result = run("mslr-web10k", mslr, folds=[2], learners=[library, "ranknet"], rounds=20, epochs=2)
    assert result.stats["Fold2"]["replaced"] == 0
    per_k, _ = direct(mslr, "Fold2", library, standardize=False)
    for metric, values in per_k.items():
        assert result.metrics[library]["Fold2"]["test"][metric] == pytest.approx(values.mean(), abs=1e-12)
    # The same learner on standardised features scores otherwise: the trees did get the raw ones.
    standardized, _ = direct(mslr, "Fold2", library, standardize=True)
    assert not np.array_equal(standardized["ndcg@10"], result.per_query[library]["Fold2"])


def test_a_corrupt_line_is_named_with_its_file_and_line_number(mslr):
    path = mslr / "Fold2" / "vali.txt"
    lines = path.read_text().splitlines()
    lines[6] = lines[6].replace("qid:", "query:")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(
        ValueError, match=re.escape(f"{path}, line 7: the second field must be qid:<integer>")
    ):
        run("mslr-web10k", mslr, folds=[1, 2], **FAST)


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"dataset": "mslr-web20k"}, "dataset must be one of 'mslr-web10k'"),
        (
            {"learners": ["ranknet", "lambdamart"]},
            "learners must be keys of ndcg.ltr.races.LEARNERS .*got 'lambdamart'",
        ),
        ({"learners": []}, "learners must name at least one learner"),
        ({"learners": ["ranknet", "ranknet"]}, "must not repeat a learner"),
        ({"folds": [6]}, "MSLR-WEB10K has no fold 6; its folds are Fold1, Fold2, Fold3, Fold4, Fold5"),
        ({"folds": [1, "Fold1"]}, "must not repeat a fold"),
        ({"epochs": 0}, "epochs must be an integer >= 1"),
        ({"lr": -1.0}, "lr must be a positive number"),
    ],
)
def test_unknown_names_and_bad_settings_are_refused(mslr, arguments, message):
    settings = {"dataset": "mslr-web10k", "folds": [1], **FAST, **arguments}
    with pytest.raises(ValueError, match=message):
        run(settings.pop("dataset"), mslr, **settings)


def test_a_tree_learner_without_its_library_fails_before_reading_anything(mslr, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "xgboost" else real(name, *a)
    )
    monkeypatch.setattr("ndcg.ltr.letor.load_svmlight", lambda *a, **k: pytest.fail("read the data first"))
    with pytest.raises(ImportError, match="learner 'xgboost' needs the module"):
        run("mslr-web10k", mslr, folds=[1], learners=["ranknet", "xgboost"])
