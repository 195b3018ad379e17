"""The browser's numbers are the package's numbers: ndcg-metrics.js against ndcg, in Chromium.

Every kernel-free game, explorer and figure of the book computes with
``ndcg/course/static/ndcg-metrics.js``. Here that file runs in a blank page of the browser the
other browser tests use (nothing is loaded from anywhere), on thousands of random cases, and
every value must equal the Python package's to 1e-12.
"""

from __future__ import annotations

import json

import numpy as np

import ndcg
from ndcg import ltr
from ndcg.course import tables


def js(page, expression: str, cases):
    """Evaluate ``expression`` (a JS function of one case) on every case, in one round trip."""
    return page.evaluate(
        f"cases => cases.map(c => {{ try {{ return ({expression})(c); }} catch (e) {{ return 'ERROR ' + e.message; }} }})",
        cases,
    )


def random_cases(n: int, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    cases = []
    for i in range(n):
        length = int(rng.integers(1, 21))
        grades = rng.integers(0, 5, size=length).astype(float)
        if i % 7 == 0:
            grades[:] = 0  # nothing relevant: NDCG 0
        if i % 11 == 0:
            grades = np.round(rng.uniform(0, 4, size=length), 2)  # fractional grades
        k = [None, 1, length, length + 3, int(rng.integers(1, length + 1))][i % 5]
        scores = rng.integers(-3, 4, size=length).astype(float)  # many ties
        if i % 2:
            scores = rng.normal(size=length)
        cases.append(
            {
                "grades": grades.tolist(),
                "scores": scores.tolist(),
                "k": k,
                "gain": ("linear", "exponential")[i % 2],
                "threshold": [1, 2, 3][i % 3],
            }
        )
    return cases


CASES = random_cases(1500, seed=0)


def assert_close(got, expected, what):
    assert not isinstance(got, str), f"{what}: {got}"
    np.testing.assert_allclose(
        np.asarray(got, dtype=float), np.asarray(expected, dtype=float), rtol=0, atol=1e-12, err_msg=what
    )


def test_dcg_idcg_ndcg_cg_rr_match_the_package(metrics_page):
    got = js(
        metrics_page,
        "c => [NDCGMetrics.dcg(c.grades, c.k, c.gain), NDCGMetrics.idcg(c.grades, c.k, c.gain), "
        "NDCGMetrics.ndcg(c.grades, c.k, c.gain), NDCGMetrics.cg(c.grades, c.k), "
        "NDCGMetrics.rr(c.grades, c.threshold)]",
        CASES,
    )
    for case, values in zip(CASES, got):
        g, k, gain = case["grades"], case["k"], case["gain"]
        expected = [
            ndcg.dcg(g, k, gain=gain),
            ndcg.idcg(g, k, gain=gain),
            ndcg.ndcg(g, k, gain=gain),
            ndcg.cg(g, k),
            ndcg.rr(g, threshold=case["threshold"]),
        ]
        assert_close(values, expected, json.dumps(case))


def test_an_all_zero_list_scores_zero_not_nan(metrics_page):
    got = js(
        metrics_page,
        "c => NDCGMetrics.ndcg(c.grades, c.k, c.gain)",
        [
            {"grades": [0, 0, 0], "k": None, "gain": "linear"},
            {"grades": [0], "k": 5, "gain": "exponential"},
        ],
    )
    assert got == [0, 0]


def test_the_ranking_and_the_step_table_match_the_package(metrics_page):
    got = js(
        metrics_page,
        "c => [NDCGMetrics.ranked(c.grades, c.scores), NDCGMetrics.steps(c.grades, c.k, c.gain)"
        ".map(r => [r.gain, r.discount, r.contribution, r.total])]",
        CASES[:300],
    )
    for case, (ranked, rows) in zip(CASES[:300], got):
        order = np.argsort(-np.asarray(case["scores"]), kind="stable")
        assert ranked == [case["grades"][i] for i in order]
        table = tables.steps(case["grades"], case["k"], gain=case["gain"])
        expected = [[r[3], r[5], r[6], r[7]] for r in table.rows]
        assert_close(rows, expected, json.dumps(case))


def test_ranknet_gradients_and_lambdas_match_ndcg_ltr(metrics_page):
    got = js(
        metrics_page,
        "c => [NDCGMetrics.ranknetGradients(c.grades, c.scores), "
        "NDCGMetrics.lambdas(c.grades, c.scores, c.k, 1, 'exponential'), "
        "NDCGMetrics.lambdas(c.grades, c.scores, c.k, 2, 'linear')]",
        CASES,
    )
    for case, (ranknet, lam_exp, lam_lin) in zip(CASES, got):
        g, s, k = case["grades"], case["scores"], case["k"]
        assert_close(ranknet, ltr.ranknet_loss(g, s)[1], "ranknet " + json.dumps(case))
        assert_close(lam_exp, ltr.lambdarank_gradients(g, s, k), "lambdas " + json.dumps(case))
        assert_close(lam_lin, ltr.lambdarank_gradients(g, s, k, sigma=2.0, gain="linear"), "lambdas lin")


def test_bad_input_gets_a_message_never_nan(metrics_page):
    typed = ["3, x, -1", "", "3，2，1", "[3 2.5]", "３，２", "1e5", "3 − 1"]
    got = js(metrics_page, "t => NDCGMetrics.parseGrades(t)", typed)
    assert (
        got[0]
        == "ERROR grades must be numbers separated by commas, such as 3, 2, 1, 0; 'x' (item 2) is not a number."
    )
    assert got[1].startswith("ERROR grades: type at least one grade")
    assert got[2] == [3, 2, 1] and got[3] == [3, 2.5] and got[4] == [3, 2]
    assert got[5].startswith("ERROR") and "'1e5'" in got[5]
    assert got[6].startswith("ERROR")  # "3 − 1" reads as 3 and -1: negative grades are refused
    errors = js(
        metrics_page,
        "c => NDCGMetrics.ndcg(c.grades, c.k, c.gain)",
        [
            {"grades": [3, -1], "k": None, "gain": "linear"},
            {"grades": [3, 1], "k": 0, "gain": "linear"},
            {"grades": [3, 1], "k": None, "gain": "log"},
            {"grades": [2000], "k": None, "gain": "exponential"},
        ],
    )
    assert errors == [
        "ERROR grades must not be negative; item 2 is -1.",
        "ERROR k must be a positive whole number (or none, for the whole list); got 0.",
        "ERROR gain must be 'linear' or 'exponential'; got \"log\".",
        "ERROR grades must be at most 1023 with the exponential gain; item 1 is 2000.",
    ]
    assert js(metrics_page, "v => NDCGMetrics.fmt(v, 3)", [float("nan"), -0.0001, 0.5]) == [
        "—",
        "0.000",
        "0.500",
    ]
