"""Tests of ``experiments.realdata_tables``: the printed tables, a row per fold and the mean, and the
published figures beside them."""

from __future__ import annotations

import numpy as np

from experiments.realdata import PUBLISHED as PUBLISHED_FILE
from experiments.realdata_results import METRICS
from experiments.realdata_run import run
from experiments.realdata_tables import format_tables
from ndcg.course.published import load_published
from tests.experiments.realdata_helpers import PUBLISHED, direct, fake_result, table_rows


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
