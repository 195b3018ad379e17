"""ndcg._rows: what the batch metrics share; here the one sum every DCG is computed with, on which
a perfect ranking's NDCG of exactly 1 rests (test_batch_graded.py, "a perfect ranking scores
exactly 1"). ``row_blocks`` and ``argsort_descending_stable`` are checked by their doctests.
"""

import numpy as np
import pytest

import ndcg


@pytest.mark.parametrize("width", [1, 2, 7, 64, 65, 300])
def test_position_sum_gives_a_row_the_same_sum_in_any_matrix(width):
    # The property the exact 1 rests on: a row's sum depends on its values only, not on the
    # number of rows, its place in the matrix, the memory layout or a reversed view.
    from ndcg._rows import position_sum

    rng = np.random.default_rng(width)
    rows = rng.random((9, width)) * 10.0 ** rng.integers(-3, 4, size=(9, 1))
    weights = ndcg.discounts(width)
    whole = position_sum(rows, weights)
    np.testing.assert_allclose(whole, rows @ weights, rtol=1e-13)
    for i in range(rows.shape[0]):
        assert position_sum(rows[i], weights) == whole[i]
        assert position_sum(rows[i : i + 1], weights)[0] == whole[i]
    assert position_sum(rows[::-1], weights).tolist() == whole[::-1].tolist()
    assert position_sum(np.asfortranarray(rows), weights).tolist() == whole.tolist()
    reversed_view = np.ascontiguousarray(rows[:, ::-1])[:, ::-1]  # the same values, columns stored backwards
    assert position_sum(reversed_view, weights).tolist() == whole.tolist()
