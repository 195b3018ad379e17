"""ndcg.batch_binary: RR/MRR, AP/MAP, P@k and R@k of many queries from scores.

Checked against the single-list functions (``ndcg.rr``,
``ndcg.average_precision``, ``ndcg.precision_at_k``, ``ndcg.recall_at_k``) on
the order each tie rule gives, against trec_eval (through pytrec_eval: ``recip_rank``,
``map``, ``map_cut_k``, ``P_k``, ``recall_k``, ties and judged-but-unretrieved
items included) and against ranx's definitions as read from its source (ranx
is not installed; see ``ndcg/conventions.py``). The enumeration of every tie order
(``ties="average"``) and the paths of the vectorised core are in test_binary_rows.py.
"""

import numpy as np
import pytest
import pytrec_eval
from hypothesis import given
from hypothesis import strategies as st

import ndcg
import ndcg.batch_binary
from ndcg.batch_binary import (
    ap_per_query,
    map_score,
    mrr_score,
    precision_per_query,
    precision_score,
    recall_per_query,
    recall_score,
    rr_per_query,
)
from tests.core.batch_binary_helpers import (
    MEAN,
    METRICS,
    batch,
    draw_extra,
    matrices,
    order,
    single,
    thresholds,
    with_cutoffs,
)
from tests.core.helpers import examples

# --------------------------------------------------------------------------- against the single-list functions


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["first", "last"])
@given(case=matrices(max_items=12), threshold=thresholds, data=st.data())
def test_a_fixed_tie_break_equals_the_single_list_function(metric, ties, case, threshold, data):
    y_true, y_score = case
    k, n_relevant = draw_extra(data, metric, y_true, threshold)
    got = batch(metric, y_true, y_score, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties)
    for i, (grades, scores) in enumerate(zip(y_true, y_score)):
        ranked = grades[order(scores, ties)]
        total = None if n_relevant is None else int(n_relevant[i])
        expected = single(metric, ranked, k=k, threshold=threshold, n_relevant=total)
        assert got[i] == pytest.approx(expected, abs=1e-12), (i, grades, scores)


# --------------------------------------------------------------------------- properties of the rules


@pytest.mark.parametrize("metric", METRICS)
@given(case=matrices(), threshold=thresholds, data=st.data())
def test_averaged_ties_ignore_the_column_order(metric, case, threshold, data):
    y_true, y_score = case
    k, n_relevant = draw_extra(data, metric, y_true, threshold)
    columns = np.array(data.draw(st.permutations(range(y_true.shape[1]))))
    got = batch(metric, y_true, y_score, k=k, threshold=threshold, n_relevant=n_relevant)
    moved = batch(
        metric, y_true[:, columns], y_score[:, columns], k=k, threshold=threshold, n_relevant=n_relevant
    )
    np.testing.assert_allclose(moved, got, rtol=0, atol=1e-12)
    assert np.all((got >= 0) & (got <= 1 + 1e-12))


@pytest.mark.parametrize("metric", METRICS)
@given(case=matrices(), threshold=thresholds, data=st.data())
def test_without_ties_every_rule_agrees(metric, case, threshold, data):
    y_true, _ = case
    n_queries, n_items = y_true.shape
    scores = np.array([data.draw(st.permutations(range(n_items))) for _ in range(n_queries)], dtype=float)
    k, n_relevant = draw_extra(data, metric, y_true, threshold)
    values = [
        batch(metric, y_true, scores, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties)
        for ties in ("average", "first", "last")
    ]
    np.testing.assert_allclose(values[0], values[1], rtol=0, atol=1e-12)
    np.testing.assert_allclose(values[0], values[2], rtol=0, atol=1e-12)


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_the_mean_is_the_mean_of_the_per_query_values(metric, ties):
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 3, size=(50, 9)).astype(float)
    y_score = rng.integers(0, 4, size=(50, 9)).astype(float)
    kwargs = {"k": 4, "threshold": 2, "ties": ties}
    per_query = batch(metric, y_true, y_score, **kwargs)
    assert MEAN[metric](y_true, y_score, **kwargs) == pytest.approx(per_query.mean(), abs=1e-15)


@pytest.mark.parametrize("metric", METRICS)
def test_the_threshold_is_the_same_as_binary_grades(metric):
    rng = np.random.default_rng(4)
    y_true = rng.integers(0, 5, size=(40, 7)).astype(float)
    y_score = rng.integers(0, 3, size=(40, 7)).astype(float)
    graded = batch(metric, y_true, y_score, k=3, threshold=3)
    binary = batch(metric, (y_true >= 3).astype(float), y_score, k=3, threshold=1)
    np.testing.assert_array_equal(graded, binary)


@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_padding_with_minus_inf_changes_nothing(metric, ties):
    rng = np.random.default_rng(5)
    y_true = rng.integers(0, 3, size=(30, 6)).astype(float)
    y_score = rng.integers(0, 3, size=(30, 6)).astype(float)
    padded_true = np.hstack([y_true, np.zeros((30, 4))])
    padded_score = np.hstack([y_score, np.full((30, 4), -np.inf)])
    for k in (2, 6, 8, 12):
        np.testing.assert_allclose(
            batch(metric, padded_true, padded_score, k=k, ties=ties),
            batch(metric, y_true, y_score, k=k, ties=ties),
            rtol=0,
            atol=1e-15,
        )


def test_queries_without_a_relevant_item_score_zero_and_count_in_the_mean():
    y_true = [[0, 0, 0], [1, 0, 0]]
    y_score = [[3, 2, 1], [3, 2, 1]]
    for metric in METRICS:
        np.testing.assert_array_equal(
            batch(metric, y_true, y_score, k=2), [0.0, [1.0, 1.0, 0.5, 1.0][METRICS.index(metric)]]
        )
    assert mrr_score(y_true, y_score) == 0.5
    assert map_score(y_true, y_score) == 0.5
    # A relevant judged item that was not retrieved: AP and R@k are 0, not undefined.
    assert ap_per_query(y_true, y_score, n_relevant=[2, 1])[0] == 0.0
    assert recall_per_query(y_true, y_score, k=2, n_relevant=[2, 1])[0] == 0.0


def test_rows_without_items():
    empty = np.zeros((3, 0))
    for metric in METRICS:
        np.testing.assert_array_equal(batch(metric, empty, empty, k=2), [0.0, 0.0, 0.0])
    assert ap_per_query(empty, empty, n_relevant=[0, 2, 1]).tolist() == [0.0, 0.0, 0.0]


def test_precision_divides_by_k_past_the_end_of_the_list():
    assert precision_score([[1, 1]], [[2, 1]], k=4) == 0.5
    assert recall_score([[1, 1]], [[2, 1]], k=4) == 1.0
    assert precision_score([[1, 0, 1]], [[1, 1, 1]], k=2) == pytest.approx(2 / 3)


def test_ap_at_k_divides_by_every_relevant_item():
    # Two relevant items, one at rank 1 and one at rank 3: AP@2 = (1/1) / 2, not / min(2, 2) of the top 2.
    assert ap_per_query([[1, 0, 1]], [[3, 2, 1]], k=2)[0] == 0.5
    assert ap_per_query([[1, 0, 1]], [[3, 2, 1]], k=1)[0] == 0.5


@pytest.mark.parametrize(("metric", "k"), with_cutoffs([None, 1, 7, 40, 200]))
@pytest.mark.parametrize("ties", ["average", "first", "last"])
def test_blocks_of_rows_give_the_same_values(monkeypatch, metric, ties, k):
    rng = np.random.default_rng(6)
    y_true = rng.choice(4, size=(300, 50), p=[0.7, 0.15, 0.1, 0.05]).astype(float)
    y_score = rng.integers(0, 6, size=y_true.shape).astype(float)
    n_relevant = (y_true >= 1).sum(axis=1) + rng.integers(0, 3, size=300)
    whole = batch(metric, y_true, y_score, k=k, ties=ties, n_relevant=n_relevant)
    monkeypatch.setattr(ndcg.batch_binary, "CHUNK_BYTES", 8 * 50 * 7)  # blocks of 7 rows
    np.testing.assert_array_equal(
        batch(metric, y_true, y_score, k=k, ties=ties, n_relevant=n_relevant), whole
    )


def test_integer_and_boolean_input_is_read_as_numbers():
    y_true = np.array([[True, False, True]])
    y_score = np.array([[1, 3, 2]], dtype=np.int64)
    assert mrr_score(y_true, y_score) == 0.5
    assert map_score(y_true, y_score) == pytest.approx((1 / 2 + 2 / 3) / 2)


def test_the_issue_21_integer_scores_are_not_a_tie():
    # 1_700_000_000_000_000_100 and ..._000 are the same float64: a cast made them a tie (MRR 0.75).
    y_true = [[1, 0]]
    y_score = [[1_700_000_000_000_000_100, 1_700_000_000_000_000_000]]
    assert float(y_score[0][0]) == float(y_score[0][1])
    for ties in ("average", "first", "last"):
        assert mrr_score(y_true, y_score, ties=ties) == 1.0
        assert map_score(y_true, y_score, ties=ties) == 1.0
        assert precision_score(y_true, y_score, k=1, ties=ties) == 1.0
        assert recall_score(y_true, y_score, k=1, ties=ties) == 1.0
    assert ndcg.ndcg_score(y_true, y_score) == 1.0


@pytest.mark.parametrize("dtype", [np.int64, np.uint64])
@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("ties", ["average", "first", "last"])
@examples(40)
@given(problem=matrices(), threshold=thresholds, data=st.data())
def test_integer_scores_above_2_to_the_53_rank_like_their_order(
    dtype, metric, ties, problem, threshold, data
):
    # Small integer scores (their ranks) shifted past 2**53 (past 2**63 for uint64), where
    # neighbouring integers share a float64: every metric must see the same order and ties.
    y_true, y_score = problem
    k, n_relevant = draw_extra(data, metric, y_true, threshold)
    ranks = np.unique(y_score, return_inverse=True)[1].reshape(y_score.shape)  # 0, 1, ... ties kept
    offset = 2**63 + 2**62 if dtype is np.uint64 else 2**62
    big = ranks.astype(dtype) + dtype(offset)
    assert len(np.unique(big.astype(float))) < len(np.unique(big)) or ranks.max() == 0
    np.testing.assert_array_equal(
        batch(metric, y_true, big, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties),
        batch(metric, y_true, ranks, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties),
    )


# --------------------------------------------------------------------------- trec_eval


def trec_eval_case(seed: int, n_items: int = 14):
    """Queries with tied scores, unjudged items retrieved, judged items missed, and padding.

    Document ids are zero-padded column numbers, so trec_eval's tie order (descending id)
    is the reversed column order: ``ties="last"``.
    """
    rng = np.random.default_rng(seed)
    qrels, run = {}, {}
    y_true = np.zeros((30, n_items))
    y_score = np.full((30, n_items), -np.inf)
    n_relevant = np.zeros((30, 3), dtype=int)  # for relevance levels 1, 2, 3
    for q in range(30):
        qid = f"q{q:02d}"
        shown = int(rng.integers(1, n_items + 1))
        grades = rng.choice(4, size=shown, p=[0.5, 0.25, 0.15, 0.1])
        if q == 0:
            grades[:] = 0  # judged, nothing relevant
        judged = rng.random(shown) < 0.8  # the others are unjudged: grade 0 for trec_eval
        missed = rng.choice(4, size=int(rng.integers(0, 4)), p=[0.4, 0.3, 0.2, 0.1])  # judged, not retrieved
        scores = rng.integers(0, 4, size=shown).astype(float)
        qrels[qid] = {f"d{i:02d}": int(g) for i, (g, j) in enumerate(zip(grades, judged)) if j}
        qrels[qid].update({f"m{i}": int(g) for i, g in enumerate(missed)})
        qrels[qid]["x"] = 0  # every query has a judgment, so trec_eval evaluates it
        run[qid] = {f"d{i:02d}": float(s) for i, s in enumerate(scores)}
        y_true[q, :shown] = np.where(judged, grades, 0)
        y_score[q, :shown] = scores
        for level in (1, 2, 3):
            n_relevant[q, level - 1] = sum(g >= level for g in qrels[qid].values())
    return qrels, run, y_true, y_score, n_relevant


CUTS = (1, 3, 5, 10, 20)


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_trec_eval_recip_rank_map_precision_and_recall(seed, level):
    qrels, run, y_true, y_score, counts = trec_eval_case(seed)
    cuts = ",".join(map(str, CUTS))
    measures = {"recip_rank", "map", f"map_cut.{cuts}", f"P.{cuts}", f"recall.{cuts}"}
    results = pytrec_eval.RelevanceEvaluator(qrels, measures, relevance_level=level).evaluate(run)
    qids = sorted(results)
    assert qids == sorted(qrels)

    def column(measure):
        return np.array([results[qid][measure] for qid in qids])

    n_relevant = counts[:, level - 1]
    common = {"threshold": level, "ties": "last"}
    np.testing.assert_allclose(
        rr_per_query(y_true, y_score, **common), column("recip_rank"), atol=1e-12, rtol=0
    )
    np.testing.assert_allclose(
        ap_per_query(y_true, y_score, n_relevant=n_relevant, **common), column("map"), atol=1e-12, rtol=0
    )
    for k in CUTS:
        np.testing.assert_allclose(
            ap_per_query(y_true, y_score, k=k, n_relevant=n_relevant, **common),
            column(f"map_cut_{k}"),
            atol=1e-12,
        )
        np.testing.assert_allclose(
            precision_per_query(y_true, y_score, k=k, **common), column(f"P_{k}"), atol=1e-12
        )
        np.testing.assert_allclose(
            recall_per_query(y_true, y_score, k=k, n_relevant=n_relevant, **common),
            column(f"recall_{k}"),
            atol=1e-12,
        )
    assert map_score(y_true, y_score, n_relevant=n_relevant, **common) == pytest.approx(
        column("map").mean(), abs=1e-12
    )


def test_trec_eval_breaks_ties_by_descending_document_id():
    qrels = {"q": {"d1": 1, "d2": 0}}
    result = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank", "P.1"}).evaluate(
        {"q": {"d1": 1.0, "d2": 1.0}}
    )
    assert result["q"]["recip_rank"] == 0.5 == rr_per_query([[1, 0]], [[1, 1]], ties="last")[0]
    assert result["q"]["P_1"] == 0.0 == precision_per_query([[1, 0]], [[1, 1]], k=1, ties="last")[0]
    assert rr_per_query([[1, 0]], [[1, 1]], ties="first")[0] == 1.0
    assert rr_per_query([[1, 0]], [[1, 1]])[0] == 0.75


# --------------------------------------------------------------------------- ranx, as its source defines the metrics


def ranx_metric(name, qrels, run, k, rel_lvl):
    """ranx 0.3's ``mrr@k``, ``map@k``, ``precision@k`` and ``recall@k`` of one query.

    A transcription of ranx/metrics/{reciprocal_rank,average_precision,precision,recall}.py
    and common.py (``clean_qrels``, ``fix_k``): ``k=0`` means the whole run, and only P@k
    divides by ``k`` itself. ``run`` is the list of document ids from the highest score.
    """
    relevant = {doc for doc, grade in qrels.items() if grade >= rel_lvl}
    fixed = len(run) if k == 0 or k > len(run) else k
    hits = [doc in relevant for doc in run]
    if name == "precision":
        cut = k if k != 0 else len(run)
        return sum(hits[:cut]) / cut if cut else 0.0
    if not relevant:
        return 0.0
    if name == "mrr":
        return next((1 / (i + 1) for i in range(fixed) if hits[i]), 0.0)
    if name == "map":
        return sum(sum(hits[: i + 1]) / (i + 1) for i in range(fixed) if hits[i]) / len(relevant)
    return sum(hits[: (k if k != 0 else len(run))]) / len(relevant)  # recall


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("k", [0, 1, 3, 10, 25])
def test_ranx_definitions(seed, k):
    rng = np.random.default_rng(seed)
    n_queries, n_items = 25, 12
    y_true = np.zeros((n_queries, n_items))
    y_score = np.full((n_queries, n_items), -np.inf)
    n_relevant = np.zeros(n_queries, dtype=int)
    expected = {name: [] for name in ("mrr", "map", "precision", "recall")}
    for q in range(n_queries):
        shown = int(rng.integers(1, n_items + 1))
        grades = rng.choice(4, size=shown, p=[0.5, 0.25, 0.15, 0.1])
        missed = rng.choice(3, size=int(rng.integers(0, 3)))
        scores = rng.permutation(shown).astype(float)  # ranx does not promise a tie order: no ties
        qrels = {f"d{i}": int(g) for i, g in enumerate(grades)} | {
            f"m{i}": int(g) for i, g in enumerate(missed)
        }
        ranked = [f"d{i}" for i in np.argsort(-scores)]
        for name in expected:
            expected[name].append(ranx_metric(name, qrels, ranked, k, 2))
        y_true[q, :shown] = grades
        y_score[q, :shown] = scores
        n_relevant[q] = sum(g >= 2 for g in qrels.values())
    cut = None if k == 0 else k
    np.testing.assert_allclose(rr_per_query(y_true, y_score, k=cut, threshold=2), expected["mrr"], atol=1e-12)
    np.testing.assert_allclose(
        ap_per_query(y_true, y_score, k=cut, threshold=2, n_relevant=n_relevant), expected["map"], atol=1e-12
    )
    if k:  # ranx's precision@0 divides by each run's own length; here every row is padded to 12
        np.testing.assert_allclose(
            precision_per_query(y_true, y_score, k=k, threshold=2), expected["precision"]
        )
        np.testing.assert_allclose(
            recall_per_query(y_true, y_score, k=k, threshold=2, n_relevant=n_relevant), expected["recall"]
        )
    else:
        np.testing.assert_allclose(
            recall_per_query(y_true, y_score, k=n_items, threshold=2, n_relevant=n_relevant),
            expected["recall"],
        )


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mrr_score([0, 1], [[1, 2]]), r"y_true must be a 2-D array.*rr\(rels\)"),
        (lambda: map_score([[0, 1]], [1, 2]), r"y_score must be a 2-D array.*average_precision"),
        (lambda: mrr_score([[0, 1]], [[1, 2, 3]]), r"same shape"),
        (lambda: mrr_score([[0, -1]], [[1, 2]]), r"y_true must hold non-negative grades"),
        (lambda: mrr_score([[0, 1]], [[1, np.nan]]), r"y_score must not contain NaN"),
        (lambda: mrr_score([["a", "b"]], [[1, 2]]), r"y_true must hold numbers"),
        (lambda: mrr_score([[0, 1]], [[1, 2]], k=0), r"k must be a positive integer"),
        (lambda: mrr_score([[0, 1]], [[1, 2]], k=True), r"k must be a positive integer"),
        (lambda: map_score([[0, 1]], [[1, 2]], k=2.0), r"k must be a positive integer"),
        (lambda: precision_score([[0, 1]], [[1, 2]], k=None), r"k must be a positive integer.*got None"),
        (lambda: recall_score([[0, 1]], [[1, 2]], k=None), r"k must be a positive integer.*got None"),
        (lambda: mrr_score([[0, 1]], [[1, 2]], threshold=0), r"threshold must be a positive number"),
        (lambda: map_score([[0, 1]], [[1, 2]], threshold=True), r"threshold must be a positive number"),
        (
            lambda: mrr_score([[0, 1]], [[1, 2]], ties="random"),
            r"ties must be one of 'average', 'first', 'last'",
        ),
        (lambda: map_score([[0, 1]], [[1, 2]], ties=None), r"ties must be one of"),
        (lambda: precision_score([[0, 1]], [[1, 2]], k=1, ties=True), r"ties must be one of"),
        (
            lambda: map_score([[0, 1]], [[1, 2]], n_relevant=[1, 1]),
            r"n_relevant must hold one count per query.*\(1,\)",
        ),
        (lambda: map_score([[0, 1]], [[1, 2]], n_relevant=2), r"n_relevant must hold one count per query"),
        (
            lambda: recall_score([[0, 1]], [[1, 2]], k=1, n_relevant=[1.5]),
            r"non-negative whole numbers.*1\.5",
        ),
        (lambda: recall_score([[0, 1]], [[1, 2]], k=1, n_relevant=[-1]), r"non-negative whole numbers"),
        (lambda: map_score([[0, 1]], [[1, 2]], n_relevant=["x"]), r"n_relevant must hold numbers"),
        (lambda: map_score([[2, 1, 0]], [[1, 2, 3]], n_relevant=[1]), r"query 0 has 2 relevant item.*is 1"),
        (
            lambda: map_score([[2, 1, 0]], [[1, 2, 3]], threshold=2, n_relevant=[0]),
            r"query 0 has 1 relevant item\(s\) in y_true \(grade >= 2\)",
        ),
    ],
)
def test_bad_input_names_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_k_is_required_for_precision_and_recall():
    with pytest.raises(TypeError, match="k"):
        precision_score([[0, 1]], [[1, 2]])  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="k"):
        recall_per_query([[0, 1]], [[1, 2]])  # type: ignore[call-arg]


def test_inputs_are_not_modified():
    y_true = np.array([[1.0, 0.0, 2.0]])
    y_score = np.array([[0.5, 0.5, -np.inf]])
    before = y_true.copy(), y_score.copy()
    for metric in METRICS:
        for ties in ("average", "first", "last"):
            batch(metric, y_true, y_score, k=2, ties=ties)
    np.testing.assert_array_equal(y_true, before[0])
    np.testing.assert_array_equal(y_score, before[1])


# --------------------------------------------------------------------------- the benchmark runs (its timings are not tested)


def test_the_benchmark_runs_and_checks_its_answers(capsys):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_batch_metrics.py"
    spec = importlib.util.spec_from_file_location("bench_batch_metrics", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--queries", "300", "--items", "6", "--repeats", "1", "--loop-repeats", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert sum(line.startswith("MRR, ") for line in lines) == 3
    assert sum(line.startswith("MAP, ") for line in lines) == 3
    # The loops it compares with give the batch functions' answers on its data.
    y_true, cases = bench.make_data(50, 6)
    for y_score in cases.values():
        assert bench.rank_and_loop(ndcg.rr, y_true, y_score) == pytest.approx(
            mrr_score(y_true, y_score, ties="first"), abs=1e-12
        )
