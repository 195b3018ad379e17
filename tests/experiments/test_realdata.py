"""Tests of ``experiments.realdata``: the race on a real collection, beside published figures.

The real collections cannot be shipped, so every test writes a small one in
their layout (MSLR's ``FoldN/train.txt``, Istella's ``full/``) into
``tmp_path`` with :func:`ndcg.ltr.letor.make_letor`, and runs the real entry
points on it: :func:`run`, and once the command line in a subprocess.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments import realdata
from experiments.realdata import METRICS, RealResult, format_tables, run
from experiments.realdata import PUBLISHED as PUBLISHED_FILE
from ndcg.course.published import load_published
from ndcg.ltr import ndcg_per_group
from ndcg.ltr.letor import load_svmlight, make_letor, save_svmlight, standardize_by_query
from ndcg.ltr.races import fit_predict

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


@pytest.fixture
def mslr(tmp_path):
    """Two folds in MSLR-WEB10K's layout, 136 features."""
    return write_collection(tmp_path / "MSLR-WEB10K", MSLR_LAYOUT, n_features=136)


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


def test_importing_the_module_loads_neither_yaml_nor_the_learners():
    code = (
        "import sys, experiments.realdata; "
        "print(' '.join(m for m in ('yaml', 'lightgbm', 'xgboost', 'ndcg.ltr.races', 'ndcg.ltr') if m in sys.modules))"
    )
    course = Path(realdata.__file__).resolve().parents[1]  # `experiments` imports from the course's folder
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=course
    )
    assert loaded.stdout.strip() == ""


# --------------------------------------------------------------------------- the numbers


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
        assert realdata.find_folder("mslr-web10k", mslr, folds=folds) == mslr


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


# --------------------------------------------------------------------------- the tables


def table_rows(text):
    """``{label: (left half, right half)}`` of the numeric rows of one printed table."""
    rows = {}
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            rows[match.group(1)] = (match.group(2).split(), match.group(3).split())
    return rows


def test_the_table_has_a_row_per_fold_and_the_mean_in_four_decimals(mslr):
    result = run("mslr-web10k", mslr, folds=[1, 2], learners=["ranknet"], epochs=2)
    text = format_tables(result, [])
    assert text.splitlines()[0] == "MSLR-WEB10K: RankNet (ranknet), features standardised per query"
    header = next(line for line in text.splitlines() if line.startswith("fold"))
    names = ["NDCG@1", "NDCG@3", "NDCG@5", "NDCG@10"]
    assert header.split()[1:] == [*names, "|", *names]
    rows = table_rows(text)
    assert list(rows) == ["Fold1", "Fold2", "mean"]
    for fold in ("Fold1", "Fold2"):
        left, right = rows[fold]
        assert left == [f"{result.metrics['ranknet'][fold]['test'][m]:.4f}" for m in METRICS]
        assert right == [
            f"{result.metrics['ranknet'][fold]['test, all-zero left out'][m]:.4f}" for m in METRICS
        ]
    assert rows["mean"][0] == [f"{result.mean('ranknet')[m]:.4f}" for m in METRICS]
    published = next(line for line in text.splitlines() if line.startswith("published"))
    assert published.split() == ["published", "-", "-", "-", "-", "|", "-", "-", "-", "-"]
    assert "  -  no verified figure" in text.splitlines()


def fake_result(dataset, learner):
    values = {"test": dict.fromkeys(METRICS, 0.5), "test, all-zero left out": dict.fromkeys(METRICS, 0.625)}
    return RealResult(dataset, ["Fold1"], [learner], {}, {}, {learner: {"Fold1": values}}, {}, {})


def test_the_unverified_figure_of_chapter_6_is_in_parentheses_beside_ndcg10():
    figures = load_published(PUBLISHED_FILE)
    qin = next(f for f in figures if f.id == "qin2021-web30k-lambdamart-gbm-ndcg10")
    assert (qin.value, qin.dataset, qin.learner, qin.metric, qin.verified) == (
        0.5148,
        "mslr-web30k",
        "lightgbm",
        "ndcg@10",
        False,
    )
    text = format_tables(fake_result("mslr-web30k", "lightgbm"), figures)
    row = next(line for line in text.splitlines() if line.startswith("[1]"))
    assert row.split() == ["[1]", "-", "-", "-", "(0.5148)", "|", "-", "-", "-", "-"]
    assert "UNVERIFIED" in text and "not yet checked against the paper" in text
    assert "no verified figure" in text
    # The figure is for Web30K: the same learner on Web10K gets none.
    other = format_tables(fake_result("mslr-web10k", "lightgbm"), figures)
    assert "0.5148" not in other and "published         -" in other


#: Two figures, one verified and one not (shared with tests/course/test_published.py).
PUBLISHED = (Path(__file__).parents[1] / "course" / "published-sample.yaml").read_text(encoding="utf-8")


def test_a_verified_figure_is_shown_as_a_number_in_the_half_of_its_convention(tmp_path):
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED, encoding="utf-8")
    figures = load_published(path)
    text = format_tables(fake_result("mslr-web10k", "ranknet"), figures)
    row = next(line for line in text.splitlines() if line.startswith("[1]"))
    assert row.split() == ["[1]", "-", "-", "-", "(0.5000)", "|", "-", "-", "0.4321", "-"]
    assert "verified; folds: mean of Fold1-5; a query without a relevant document: left out." in " ".join(
        text.split()
    )
    assert "Checked: B. Reader, 2026-11-23, against the conference PDF" in " ".join(text.split())


def test_two_figures_of_one_paper_for_the_same_cell_get_a_row_each(tmp_path):
    # The same paper, metric and convention on two splits: neither figure may hide the other.
    second = PUBLISHED.split("  - id: an-unverified-one")[1]
    second = second.replace("value: 0.5", "value: 0.4875").replace('table: "Table 3"', 'table: "Table 4"')
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED + "  - id: another-unverified-one" + second, encoding="utf-8")
    text = format_tables(fake_result("mslr-web10k", "ranknet"), load_published(path))
    rows = [line.split() for line in text.splitlines() if line.startswith("[")]
    assert rows == [
        ["[1]", "-", "-", "-", "(0.5000)", "|", "-", "-", "0.4321", "-"],
        ["[2]", "-", "-", "-", "(0.4875)", "|", "-", "-", "-", "-"],
    ]
    notes = " ".join(text.split())
    assert "[1] A. Author, A paper, 2020, Table 3, row RankNet, column NDCG@10: 0.5000" in notes
    assert "[2] A. Author, A paper, 2020, Table 4, row RankNet, column NDCG@10: 0.4875" in notes


def test_a_figure_that_counts_all_zero_queries_as_1_is_compared_with_ours_counted_so(mslr, tmp_path):
    result = run("mslr-web10k", mslr, folds=[1, 2], learners=["ranknet"], epochs=1)
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED.replace("verified: false", "verified: false\n    all_zero_queries: '1'"))
    text = " ".join(format_tables(result, load_published(path)).split())
    per_fold = []
    for fold in result.folds:
        per_k, relevant = direct(mslr, fold, "ranknet", epochs=1)
        per_fold.append(np.where(relevant, per_k["ndcg@10"], 1.0).mean())
    assert f"Ours, counting such a query as 1 (as LightGBM and XGBoost do): {np.mean(per_fold):.4f}." in text


# --------------------------------------------------------------------------- bad inputs


def test_a_missing_folder_or_file_is_named_with_where_to_download(mslr, tmp_path):
    with pytest.raises(
        FileNotFoundError, match=r"nowhere is not a folder.*microsoft.com/en-us/research/project/mslr"
    ):
        run("mslr-web10k", tmp_path / "nowhere", folds=[1], **FAST)
    (mslr / "Fold2" / "test.txt").unlink()
    with pytest.raises(
        FileNotFoundError, match=r"not complete in .*MSLR-WEB10K: missing Fold2/test\.txt\. Download"
    ):
        run("mslr-web10k", tmp_path, folds=[1, 2], **FAST)  # found inside its usual folder name
    assert realdata.find_folder("mslr-web10k", tmp_path, folds=[1]) == mslr
    with pytest.raises(FileNotFoundError, match=r"missing .*Fold3/train\.txt.*Fold5/test\.txt"):
        run("mslr-web10k", mslr, **FAST)  # all five folds by default
    with pytest.raises(FileNotFoundError, match="got nothing"):
        run("mslr-web10k", "", **FAST)


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


# --------------------------------------------------------------------------- the command line and the JSON


def test_the_default_settings_are_the_races_settings():
    # Chapter 6 says `make ltr-real` trains "with the races' settings": run's defaults, the command
    # line's and fit_predict's are three copies of them, held together here.
    import inspect

    from ndcg.ltr.races import RACES

    ours = inspect.signature(run).parameters
    theirs = inspect.signature(fit_predict).parameters
    parser = realdata._parser()
    for name in ("seed", "k", "epochs", "lr", "rounds"):
        assert ours[name].default == theirs[name].default == parser.get_default(name), name
    linear = RACES["linear"]
    assert (linear.k, linear.epochs, linear.lr, linear.rounds) == tuple(
        ours[name].default for name in ("k", "epochs", "lr", "rounds")
    )


def test_the_command_line_prints_the_tables_and_writes_the_json(mslr, tmp_path):
    out = tmp_path / "results" / "run.json"
    command = [sys.executable, realdata.__file__, "--data", str(mslr), "--dataset", "mslr-web10k"]
    command += ["--folds", "1", "2", "--learners", "ranknet", "pointwise", "--epochs", "2", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "MSLR-WEB10K Fold1: reading Fold1/train.txt" in done.stderr  # progress on stderr
    assert done.stdout.rstrip().endswith(f"wrote {out.as_posix()}")
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["command"] == (
        f"python experiments/realdata.py --data {mslr} --dataset mslr-web10k --folds 1 2 "
        f"--learners ranknet pointwise --epochs 2 --out {out}"
    )
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", payload["date"])
    assert set(payload["machine"]) == {"processor", "cores", "system"}
    assert {"python", "numpy", "ndcg"} <= set(payload["versions"])
    assert payload["settings"] == {
        "seed": 0,
        "k": 10,
        "epochs": 2,
        "lr": 0.05,
        "rounds": 200,
        "data": str(mslr),
    }
    assert payload["dataset"] == "mslr-web10k" and payload["folds"] == ["Fold1", "Fold2"]
    assert set(payload["seconds"]["ranknet"]) == {"Fold1", "Fold2"}
    assert all(t >= 0 for t in payload["seconds"]["pointwise"].values())
    # The printed table holds the JSON's numbers.
    tables = done.stdout.split("\n\n")
    rows = table_rows(tables[0])
    for fold in ("Fold1", "Fold2"):
        assert rows[fold][0] == [f"{payload['metrics']['ranknet'][fold]['test'][m]:.4f}" for m in METRICS]
    assert (
        len(payload["per_query_ndcg@10"]["pointwise"]["Fold1"])
        == payload["stats"]["Fold1"]["test"]["queries"]
    )
    # load() reads it back to the same tables.
    assert (
        format_tables(realdata.load(out), load_published(PUBLISHED_FILE)) + f"\n\nwrote {out.as_posix()}"
        == done.stdout.rstrip()
    )
    # A result for a collection the module does not know is refused by name, not with a KeyError later.
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**payload, "dataset": "mslr-web100k"}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"unknown\.json is a result for the collection 'mslr-web100k'"):
        realdata.load(unknown)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"dataset": "mslr-web10k"}), encoding="utf-8")
    with pytest.raises(ValueError, match="is not a result written by"):
        realdata.load(broken)


def test_the_default_out_file_is_in_results_named_by_dataset_and_date(mslr, tmp_path, monkeypatch, capsys):
    assert Path(realdata.__file__).resolve().parent / "results" == realdata.RESULTS  # experiments/results/
    monkeypatch.setattr(realdata, "RESULTS", tmp_path / "results")
    argv = [
        "--data",
        str(mslr),
        "--dataset",
        "mslr-web10k",
        "--folds",
        "1",
        "--learners",
        "ranknet",
        "--epochs",
        "1",
    ]
    assert realdata.main(argv) == 0
    (written,) = (tmp_path / "results").iterdir()
    assert re.fullmatch(r"mslr-web10k-\d{8}-\d{6}\.json", written.name)
    assert f"wrote {written.as_posix()}" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--dataset", "web10k"], "error: --dataset must be one of mslr-web10k"),
        (["--dataset", "mslr-web10k", "--learners", "lambdamart"], "got 'lambdamart'"),
        (["--dataset", "istella"], "error: Istella LETOR is not complete in"),
    ],
)
def test_the_command_line_says_what_is_wrong_in_one_line(mslr, argv, message, capsys):
    assert realdata.main(["--data", str(mslr), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_the_command_line_names_the_file_and_line_of_a_bad_line(mslr, capsys):
    path = mslr / "Fold1" / "train.txt"
    lines = path.read_text().splitlines()
    lines[2] = "2 qid:5 1:0.5 1:0.7"
    path.write_text("\n".join(lines) + "\n")
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--folds", "1", "--learners", "ranknet"]
    assert realdata.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"error: {path}, line 3: feature id 1 appears twice."


def test_an_out_file_that_cannot_be_written_loses_neither_the_tables_nor_a_clear_error(
    mslr, tmp_path, capsys
):
    (tmp_path / "taken").write_text("a file, not a folder")
    out = tmp_path / "taken" / "run.json"
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--folds", "1", "--learners", "ranknet"]
    assert realdata.main([*argv, "--epochs", "1", "--out", str(out)]) == 2
    printed = capsys.readouterr()
    assert printed.out.startswith("MSLR-WEB10K: RankNet (ranknet)")  # the run's tables are not lost
    err = printed.err.strip().splitlines()
    assert err[-1].startswith(f"error: cannot write --out {out}: ")


def test_the_command_line_refuses_a_missing_published_file(mslr, tmp_path, capsys):
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--published", str(tmp_path / "none.yaml")]
    assert realdata.main(argv) == 2
    assert "none.yaml: no such file" in capsys.readouterr().err


def test_a_tree_learner_without_its_library_fails_before_reading_anything(mslr, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "xgboost" else real(name, *a)
    )
    monkeypatch.setattr("ndcg.ltr.letor.load_svmlight", lambda *a, **k: pytest.fail("read the data first"))
    with pytest.raises(ImportError, match="learner 'xgboost' needs the module"):
        run("mslr-web10k", mslr, folds=[1], learners=["ranknet", "xgboost"])
