"""The LETOR / svmlight file format of ``ndcg.ltr.letor``: load_svmlight and save_svmlight."""

import io

import numpy as np
import pytest

from ndcg.ltr import letor, queries, synthetic
from ndcg.ltr.letor import load_svmlight, save_svmlight
from ndcg.ltr.queries import group_sizes
from ndcg.ltr.synthetic import make_letor


@pytest.fixture(scope="module")
def data():
    return make_letor(n_queries=200, seed=0)


def test_the_chapters_import_the_data_tools_from_here():
    # Chapter 6 and its pages import make_letor, describe and group_sizes from ndcg.ltr.letor.
    for name in letor.__all__:
        home = synthetic if name in synthetic.__all__ else queries if name in queries.__all__ else letor
        assert getattr(letor, name) is getattr(home, name), name
    assert set(letor.__all__) == {"load_svmlight", "save_svmlight", *synthetic.__all__, *queries.__all__}


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
