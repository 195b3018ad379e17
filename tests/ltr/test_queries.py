"""The query-level tools of ``ndcg.ltr.queries``: the split by query, describe and group_sizes."""

import numpy as np
import pytest

from ndcg.ltr.queries import describe, group_sizes, train_valid_test_split
from ndcg.ltr.synthetic import make_letor


@pytest.fixture(scope="module")
def data():
    return make_letor(n_queries=200, seed=0)


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
