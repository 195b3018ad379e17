"""The synthetic LETOR generator, the split by query and the svmlight loader."""

import io
import math

import numpy as np
import pytest

import ndcg
from ndcg.ltr.letor import (
    GRADE_FRACTIONS,
    describe,
    group_sizes,
    load_svmlight,
    make_letor,
    save_svmlight,
    standardize_by_query,
    train_valid_test_split,
)


@pytest.fixture(scope="module")
def data():
    return make_letor(n_queries=200, seed=0)


def mean_ndcg(y, scores, qid, k=10):
    """Mean NDCG@k over queries, padding each query to a common width."""
    queries, _starts = np.unique(qid, return_index=True)
    width = np.bincount(np.unique(qid, return_inverse=True)[1].reshape(-1)).max()
    true = np.zeros((len(queries), width))
    score = np.full((len(queries), width), -np.inf)
    for row, q in enumerate(queries):
        mask = qid == q
        true[row, : mask.sum()] = y[mask]
        score[row, : mask.sum()] = scores[mask]
    return ndcg.ndcg_per_query(true, score, k=k, gain="exponential").mean()


def fit_linear(X, y):
    A = np.c_[X, np.ones(len(y))]
    w = np.linalg.lstsq(A, y, rcond=None)[0]
    return A @ w


# make_letor


def test_same_seed_same_data_other_seed_other_data(data):
    again = make_letor(n_queries=200, seed=0)
    for a, b in zip(data, again):
        np.testing.assert_array_equal(a, b)
    other_X = make_letor(n_queries=200, seed=1)[0]
    assert other_X.shape != data[0].shape or not np.array_equal(other_X, data[0])


def test_shapes_types_and_query_layout(data):
    X, y, qid = data
    assert X.dtype == np.float64 and X.shape == (len(y), 15)
    assert y.dtype.kind == "i" and qid.dtype.kind == "i"
    assert set(np.unique(y)) == {0, 1, 2, 3, 4}
    np.testing.assert_array_equal(np.unique(qid), np.arange(200))
    assert np.all(np.diff(qid) >= 0)  # sorted, so each query is contiguous
    sizes = group_sizes(qid)
    assert sizes.min() >= 5 and sizes.max() <= 40
    assert sizes.max() - sizes.min() > 20  # the sizes really vary


def test_feature_counts_and_size_bounds():
    X, _y, qid = make_letor(
        n_queries=30, min_docs=3, max_docs=3, n_informative=2, n_noisy=0, n_useless=4, seed=5
    )
    assert X.shape == (90, 6)
    np.testing.assert_array_equal(group_sizes(qid), np.full(30, 3))


def test_grades_are_skewed_towards_zero(data):
    _, y, _ = data
    fractions = np.bincount(y, minlength=5) / len(y)
    np.testing.assert_allclose(fractions, GRADE_FRACTIONS, atol=0.005)
    assert np.all(np.diff(fractions) < 0)


def test_useful_features_are_predictive(data):
    X, y, qid = data
    rng = np.random.default_rng(0)
    random = mean_ndcg(y, rng.random(len(y)), qid)
    informative = mean_ndcg(y, fit_linear(X[:, 0:5], y), qid)
    noisy = mean_ndcg(y, fit_linear(X[:, 5:10], y), qid)
    useless = mean_ndcg(y, fit_linear(X[:, 10:15], y), qid)
    assert informative > noisy + 0.05
    assert noisy > useless + 0.05
    assert abs(useless - random) < 0.05
    assert informative > random + 0.2


def test_features_are_shifted_per_query(data):
    X, _, qid = data
    means = np.array([X[qid == q].mean(axis=0) for q in range(50)])
    # Query means of an N(0, 1) feature over >= 5 documents would vary with sd <= 0.45;
    # the per-query shift makes them vary with sd about 1.
    assert np.all(means.std(axis=0) > 0.7)
    Z = standardize_by_query(X, qid)
    np.testing.assert_allclose([Z[qid == q].mean(axis=0) for q in range(50)], 0, atol=1e-12)
    np.testing.assert_allclose([Z[qid == q].std(axis=0) for q in range(50)], 1, atol=1e-12)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_queries": 0}, "n_queries"),
        ({"min_docs": 0}, "min_docs"),
        ({"min_docs": 10, "max_docs": 5}, "max_docs must be >= min_docs"),
        ({"n_informative": 0, "n_noisy": 0, "n_useless": 0}, "at least 1"),
        ({"n_noisy": -1}, "n_noisy"),
        ({"seed": 1.5}, "seed"),
    ],
)
def test_bad_arguments_raise(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_letor(**kwargs)


# train_valid_test_split


def test_split_by_query_covers_everything_without_overlap(data):
    X, y, qid = data
    parts = train_valid_test_split(X, y, qid, seed=3)
    assert list(parts) == ["train", "valid", "test"]
    sets = {name: set(part[2].tolist()) for name, part in parts.items()}
    assert not sets["train"] & sets["valid"]
    assert not sets["train"] & sets["test"]
    assert not sets["valid"] & sets["test"]
    assert sets["train"] | sets["valid"] | sets["test"] == set(qid.tolist())
    assert [len(sets[name]) for name in parts] == [120, 40, 40]
    assert sum(len(part[1]) for part in parts.values()) == len(y)
    for Xp, yp, qp in parts.values():
        for q in np.unique(qp)[:10]:  # every row of a query comes along, unchanged
            np.testing.assert_array_equal(Xp[qp == q], X[qid == q])
            np.testing.assert_array_equal(yp[qp == q], y[qid == q])


def test_split_is_deterministic(data):
    first = train_valid_test_split(*data, seed=3)
    second = train_valid_test_split(*data, seed=3)
    other = train_valid_test_split(*data, seed=4)
    for name in first:
        for a, b in zip(first[name], second[name]):
            np.testing.assert_array_equal(a, b)
    assert set(first["test"][2].tolist()) != set(other["test"][2].tolist())


@pytest.mark.parametrize("fractions", [(0.5, 0.5), (0.6, 0.3, 0.3), (1.0, 0.0, 0.0), "abc"])
def test_split_rejects_bad_fractions(data, fractions):
    with pytest.raises(ValueError, match="fractions"):
        train_valid_test_split(*data, fractions=fractions)


def test_split_rejects_an_empty_part():
    X, y, qid = make_letor(n_queries=2, seed=0)
    with pytest.raises(ValueError, match="no query"):
        train_valid_test_split(X, y, qid)


# load_svmlight / save_svmlight


def test_round_trip_through_a_file(tmp_path, data):
    X, y, qid = data
    path = tmp_path / "train.txt"
    save_svmlight(path, X, y, qid)
    X2, y2, qid2 = load_svmlight(path)
    np.testing.assert_array_equal(X2, X)  # repr() writes floats exactly
    np.testing.assert_array_equal(y2, y)
    np.testing.assert_array_equal(qid2, qid)
    assert X2.dtype == np.float64 and y2.dtype == np.int64 and qid2.dtype == np.int64


def test_sparse_round_trip_needs_n_features(tmp_path):
    X = np.array([[0.0, 1.5, 0.0], [2.0, 0.0, 0.0]])
    path = tmp_path / "sparse.txt"
    save_svmlight(path, X, [1, 0], [5, 5], skip_zeros=True)
    assert path.read_text() == "1 qid:5 2:1.5\n0 qid:5 1:2.0\n"
    assert load_svmlight(path)[0].shape == (2, 2)  # the last feature was never mentioned
    np.testing.assert_array_equal(load_svmlight(path, n_features=3)[0], X)


MSLR_STYLE = """\
# A hand-written file in the MSLR-WEB10K / MQ2008 style.
2 qid:1 1:3 2:0 3:2 5:0.75 #docid = GX000-00-0000001 inc = 1 prob = 0.5
0 qid:1 1:1 4:-1.5e-3

4 qid:1 3:7   5:1e2
1 qid:20 2:0.5
0 qid:20
   3 qid:3 1:1\t2:2 # trailing comment with 9:9 inside
"""


def test_hand_written_mslr_style_file(tmp_path):
    path = tmp_path / "mslr.txt"
    path.write_text(MSLR_STYLE)
    X, y, qid = load_svmlight(path)
    np.testing.assert_array_equal(y, [2, 0, 4, 1, 0, 3])
    np.testing.assert_array_equal(qid, [1, 1, 1, 20, 20, 3])  # kept as given, file order
    expected = np.array(
        [
            [3, 0, 2, 0, 0.75],
            [1, 0, 0, -1.5e-3, 0],
            [0, 0, 7, 0, 100],
            [0, 0.5, 0, 0, 0],
            [0, 0, 0, 0, 0],
            [1, 2, 0, 0, 0],
        ]
    )
    np.testing.assert_array_equal(X, expected)
    assert load_svmlight(path, n_features=136)[0].shape == (6, 136)
    with open(path) as handle:  # an open file works too
        np.testing.assert_array_equal(load_svmlight(handle)[0], expected)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1 1:0.5 2:1", "qid"),
        ("1", "qid"),
        ("1 qid: 1:0.5", "query id"),
        ("1 qid:abc 1:0.5", "query id"),
        ("x qid:1 1:0.5", "grade"),
        ("1.5 qid:1 1:0.5", "not an integer"),
        ("1 qid:1 1:abc", "not a number"),
        ("1 qid:1 1:nan", "finite"),
        ("1 qid:1 0.5", "pair"),
        ("1 qid:1 1:", "pair"),
        ("1 qid:1 :3", "pair"),
        ("1 qid:1 a:3", "feature id"),
        ("1 qid:1 0:3", "at least 1"),
        ("1 qid:1 2:3 2:4", "twice"),
        # out of range: each was an OverflowError, a MemoryError (745 GiB) or a silent negative grade
        ("1 qid:99999999999999999999 1:0.5", "64-bit"),
        ("1 qid:-99999999999999999999 1:0.5", "64-bit"),
        ("1 qid:1 100000000000:0.5", "n_features"),
        ("-1 qid:1 1:0.5", "never negative"),
        ("1e30 qid:1 1:0.5", "too large"),
    ],
)
def test_malformed_lines_raise_with_the_line_number(tmp_path, line, message):
    path = tmp_path / "bad.txt"
    path.write_text("# header\n0 qid:1 1:0.1\n" + line + "\n")
    with pytest.raises(ValueError, match=message) as error:
        load_svmlight(path)
    assert "line 3" in str(error.value) and "bad.txt" in str(error.value)


def test_grades_and_query_ids_at_their_limits_are_read():
    X, y, qid = load_svmlight(io.StringIO("0 qid:-9223372036854775808 1:1\n4 qid:9223372036854775807 2:1\n"))
    assert y.tolist() == [0, 4] and qid.tolist() == [-(2**63), 2**63 - 1]
    # a feature id above the unasked limit is read when n_features says so
    X, _, _ = load_svmlight(io.StringIO("1 qid:1 100001:2.5\n"), n_features=100_001)
    assert X.shape == (1, 100_001) and X[0, -1] == 2.5


def test_feature_id_above_n_features_and_empty_files_raise():
    with pytest.raises(ValueError, match="n_features=2"):
        load_svmlight(io.StringIO("0 qid:1 3:1.0\n"), n_features=2)
    with pytest.raises(ValueError, match="no data line"):
        load_svmlight(io.StringIO("# only a comment\n\n"))
    with pytest.raises(ValueError, match="n_features"):
        load_svmlight(io.StringIO("0 qid:1 1:1\n"), n_features=0)


# LightGBM's layout (examples/lambdarank: rank.train and rank.train.query): no qid field on the
# lines, and a sidecar file with the number of consecutive rows of each query, one per line.
RANK_TRAIN = """0 10:0.89 11:0.75 12:0.01 17:0.45
1 1:0.69 11:0.64 12:0.51 17:0.53
0 1:0.69 11:0.64 12:0.51 17:0.34
2 11:0.64 12:0.51 17:0.11 18:0.82
1 1:0.69 7:0.72 11:0.64
0 1:0.74 11:0.64 12:0.51
"""
RANK_QUERY = "2\n3\n1\n"


def write_rank_train(tmp_path, data=RANK_TRAIN, sizes=RANK_QUERY):
    path = tmp_path / "rank.train"
    path.write_text(data)
    if sizes is not None:
        (tmp_path / "rank.train.query").write_text(sizes)
    return path


def test_lightgbms_layout_reads_the_query_sizes_from_the_sidecar_file(tmp_path):
    path = write_rank_train(tmp_path)
    X, y, qid = load_svmlight(path)
    assert y.tolist() == [0, 1, 0, 2, 1, 0]
    assert qid.tolist() == [0, 0, 1, 1, 1, 2]
    assert X.shape == (6, 18)
    assert X[0, 9] == 0.89 and X[4, 6] == 0.72 and X[0, 0] == 0.0
    assert group_sizes(qid).tolist() == [2, 3, 1]
    for query in (tmp_path / "rank.train.query", str(tmp_path / "rank.train.query"), io.StringIO(RANK_QUERY)):
        np.testing.assert_array_equal(load_svmlight(path, query=query)[2], qid)
    np.testing.assert_array_equal(load_svmlight(io.StringIO(RANK_TRAIN), group=[2, 3, 1])[2], qid)
    np.testing.assert_array_equal(load_svmlight(path, group=np.array([2, 3, 1]))[2], qid)


def test_lightgbm_reads_the_same_labels_and_groups(tmp_path):
    lgb = pytest.importorskip("lightgbm")
    path = write_rank_train(tmp_path)
    _, y, qid = load_svmlight(path)
    dataset = lgb.Dataset(str(path), params={"verbose": -1}).construct()
    np.testing.assert_array_equal(dataset.get_label(), y)
    assert np.diff(dataset.get_field("group")).tolist() == group_sizes(qid).tolist()


@pytest.mark.parametrize(
    "sizes, message", [("2\n3\n", "add up to 5 rows in 2 queries"), ("2\n3\n2\n", "add up to 7")]
)
def test_query_sizes_that_do_not_add_up_to_the_rows_are_refused(tmp_path, sizes, message):
    path = write_rank_train(tmp_path, sizes=sizes)
    with pytest.raises(ValueError, match=message) as error:
        load_svmlight(path)
    assert "has 6 data lines" in str(error.value) and "rank.train.query" in str(error.value)
    with pytest.raises(ValueError, match="add up to"):
        load_svmlight(io.StringIO(RANK_TRAIN), group=[1, 1])


def test_query_sizes_and_qid_fields_together_are_refused(tmp_path):
    with_qid = "0 qid:1 1:0.5\n1 qid:1 1:0.7\n"
    path = write_rank_train(tmp_path, data=with_qid, sizes="2\n")
    with pytest.raises(ValueError, match=r"line 1: the line has a query id \('qid:1'\), but the queries"):
        load_svmlight(path)
    assert load_svmlight(path, query=False)[2].tolist() == [1, 1]  # the sidecar ignored
    with pytest.raises(ValueError, match="group"):
        load_svmlight(io.StringIO(with_qid), group=[2])


def test_without_qid_or_query_sizes_the_error_points_to_the_query_file(tmp_path):
    path = write_rank_train(tmp_path, sizes=None)
    with pytest.raises(ValueError, match=r"line 1: the second field must be qid.*\.query"):
        load_svmlight(path)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"query": io.StringIO("2\nthree\n1\n")}, "line 2: a query size must be a positive integer"),
        ({"query": io.StringIO("2\n0\n4\n")}, "line 2: a query size must be a positive integer"),
        ({"query": io.StringIO("\n")}, "no query size"),
        ({"group": [2, 0, 4]}, "group must hold positive whole numbers"),
        ({"group": [2, 2.5, 1.5]}, "group must hold positive whole numbers"),
        ({"group": [[2, 3, 1]]}, "group must be a non-empty 1-D sequence"),
        ({"group": []}, "group must be a non-empty 1-D sequence"),
        ({"group": [2, 3, 1], "query": io.StringIO("6\n")}, "not both"),
    ],
)
def test_bad_query_sizes_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        load_svmlight(io.StringIO(RANK_TRAIN), **kwargs)


def test_save_rejects_bad_input():
    with pytest.raises(ValueError, match="finite"):
        save_svmlight(io.StringIO(), [[np.nan]], [0], [1])
    with pytest.raises(ValueError, match="y must"):
        save_svmlight(io.StringIO(), [[1.0]], [0.5], [1])
    with pytest.raises(ValueError, match="qid must"):
        save_svmlight(io.StringIO(), [[1.0], [2.0]], [0, 1], [1])


# describe, group_sizes


def test_describe(data):
    _X, y, qid = data
    d = describe(y, qid)
    assert d["queries"] == 200 and d["documents"] == len(y)
    sizes = group_sizes(qid)
    assert (d["docs_min"], d["docs_max"]) == (sizes.min(), sizes.max())
    assert d["docs_mean"] == pytest.approx(len(y) / 200)
    assert sum(d["grade_counts"].values()) == len(y)
    assert sum(d["grade_fractions"].values()) == pytest.approx(1.0)
    assert all(type(v) in (int, float) for v in d.values() if not isinstance(v, dict))
    expected = sum(1 for q in range(200) if y[qid == q].max() == 0)
    assert d["queries_without_relevant"] == expected


def test_group_sizes_rejects_split_queries():
    with pytest.raises(ValueError, match="contiguous"):
        group_sizes([1, 1, 2, 1])


# ------------------------------------------------------------------ make_letor's switches


def old_make_letor(n_queries, seed, min_docs=5, max_docs=40):
    """make_letor as it was before the switches, kept here to prove the defaults did not move."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(min_docs, max_docs + 1, size=n_queries)
    qid = np.repeat(np.arange(n_queries, dtype=np.int64), sizes)
    n_docs = int(sizes.sum())
    z = rng.standard_normal((n_docs, 5))
    w = rng.uniform(0.5, 1.5, size=5)
    signal = z @ w / np.linalg.norm(w)
    latent = signal + rng.normal(0.0, 0.5, size=n_queries)[qid] + rng.normal(0.0, 1.0, size=n_docs)
    thresholds = np.quantile(latent, np.cumsum(GRADE_FRACTIONS)[:-1])
    y = np.searchsorted(thresholds, latent, side="right").astype(np.int64)
    latent_std = (latent - latent.mean()) / latent.std()
    noisy = 0.25 * latent_std[:, None] + math.sqrt(1 - 0.25**2) * rng.standard_normal((n_docs, 5))
    X = np.hstack([z, noisy, rng.standard_normal((n_docs, 5))])
    X += rng.normal(0.0, 1.0, size=(n_queries, 15))[qid]
    return X, y, qid


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_defaults_give_the_old_arrays(seed):
    for new, old in zip(make_letor(n_queries=40, seed=seed), old_make_letor(40, seed)):
        assert np.array_equal(new, old)


def per_query_means(values, qid):
    return np.array([values[qid == q].mean() for q in np.unique(qid)])


def test_nonlinear_relevance_follows_the_interaction_not_a_line():
    X, y, _qid = make_letor(
        n_queries=400, relevance="nonlinear", query_offset_sd=0.0, feature_shift_sd=0.0, seed=0
    )
    z = X[:, :5]
    product = z[:, 0] * z[:, 1]
    assert np.corrcoef(product, y)[0, 1] > 0.3
    # no single informative feature is linearly related to the grade through the product term
    assert abs(np.corrcoef(z[:, 0], y)[0, 1]) < 0.05 and abs(np.corrcoef(z[:, 1], y)[0, 1]) < 0.05
    both = (z[:, 2] > 0) & (z[:, 3] > 0)
    assert y[both].mean() > y[~both].mean() + 0.5
    assert y[z[:, 4] > 1].mean() > y[z[:, 4] <= 1].mean() + 0.3


def test_tiered_relevance_z1_orders_only_the_top_tier():
    X, y, _qid = make_letor(
        n_queries=400,
        relevance="tiered",
        label_noise_sd=0.3,
        query_offset_sd=0.0,
        feature_shift_sd=0.0,
        seed=0,
    )
    z0, z1 = X[:, 0], X[:, 1]
    top, low = z0 > 0.5, z0 < 0
    assert np.corrcoef(z1[top], y[top])[0, 1] > 0.5
    assert abs(np.corrcoef(z1[low], y[low])[0, 1]) < 0.05


def test_query_offsets_move_whole_queries():
    spread = {
        sd: per_query_means(
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[1].astype(float),
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[2],
        ).std()
        for sd in (0.0, 2.0)
    }
    assert spread[2.0] > 2 * spread[0.0]


def test_label_noise_weakens_the_features():
    corr = {}
    for sd in (0.0, 3.0):
        X, y, _ = make_letor(
            n_queries=300, label_noise_sd=sd, query_offset_sd=0.0, feature_shift_sd=0.0, seed=3
        )
        corr[sd] = abs(np.corrcoef(X[:, :5].sum(axis=1), y)[0, 1])
    assert corr[0.0] > 0.8 and corr[3.0] < 0.35


def test_feature_shift_sd_sets_the_per_query_shift():
    for sd, low, high in ((0.0, 0.0, 0.3), (2.0, 1.5, 2.5)):
        X, _, qid = make_letor(n_queries=300, feature_shift_sd=sd, seed=4)
        useless = X[:, 10]
        assert low <= per_query_means(useless, qid).std() <= high


@pytest.mark.parametrize("probs", [(0.5, 0.5), (0.7, 0.2, 0.1), (0.2, 0.2, 0.2, 0.2, 0.1, 0.1)])
def test_grade_probs(probs):
    _, y, _ = make_letor(n_queries=300, grade_probs=probs, seed=5)
    shares = np.bincount(y, minlength=len(probs)) / y.size
    assert len(shares) == len(probs)
    assert np.allclose(shares, probs, atol=0.002)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"relevance": "quadratic"}, "relevance must be one of 'linear', 'nonlinear', 'tiered'"),
        ({"relevance": "nonlinear", "n_informative": 4}, "uses 5 informative features"),
        ({"relevance": "tiered", "n_informative": 1}, "uses 2 informative features"),
        ({"query_offset_sd": -1.0}, "query_offset_sd must be a finite number >= 0"),
        ({"label_noise_sd": float("nan")}, "label_noise_sd must be a finite number >= 0"),
        ({"feature_shift_sd": True}, "feature_shift_sd must be a finite number >= 0"),
        ({"feature_shift_sd": "1"}, "feature_shift_sd must be a finite number >= 0"),
        ({"grade_probs": (1.0,)}, "at least two positive shares"),
        ({"grade_probs": (0.5, 0.6)}, "must sum to 1"),
        ({"grade_probs": (1.2, -0.2)}, "at least two positive shares"),
        ({"grade_probs": "abc"}, "sequence of numbers"),
        ({"grade_probs": 0.5}, "sequence of numbers"),
    ],
)
def test_bad_switches(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_letor(n_queries=5, **kwargs)
