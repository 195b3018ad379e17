"""Gains and discounts, including the original Järvelin & Kekäläinen form."""

import math

import numpy as np
import pytest

import ndcg
from ndcg.gains import discounts, discounts_jarvelin, gain_values


def test_discounts():
    np.testing.assert_allclose(discounts(4), [1 / math.log2(i + 1) for i in range(1, 5)])
    assert discounts(0).size == 0


def test_gain_values():
    np.testing.assert_array_equal(gain_values([0, 1, 2, 3], gain="exponential"), [0, 1, 3, 7])
    np.testing.assert_array_equal(gain_values([0, 1]), gain_values([0, 1], gain="exponential"))


def test_jarvelin_discounts():
    np.testing.assert_allclose(discounts_jarvelin(4, 2), [1, 1, 1 / math.log2(3), 1 / math.log2(4)])
    np.testing.assert_allclose(discounts_jarvelin(4, 3), [1, 1, 1, 1 / math.log(4, 3)])
    np.testing.assert_allclose(discounts_jarvelin(3, 10), [1, 1, 1])
    np.testing.assert_allclose(discounts_jarvelin(3, 1.5), [1, 1 / math.log(2, 1.5), 1 / math.log(3, 1.5)])


def test_dcg_jarvelin_against_its_recursive_definition():
    rels, base = [3, 2, 3, 0, 1, 2], 2
    value = 0.0
    for i, rel in enumerate(rels, start=1):
        value += rel if i < base else rel / math.log(i, base)
    assert ndcg.dcg_jarvelin(rels, base=base) == pytest.approx(value)
    assert ndcg.dcg_jarvelin(rels, 1) == ndcg.dcg(rels, 1)
    assert ndcg.dcg_jarvelin(rels, 2) > ndcg.dcg(rels, 2)


@pytest.mark.parametrize("base", [1, 0.5, -2, math.inf, "2", True])
def test_bad_base(base):
    with pytest.raises(ValueError, match="base must be a number greater than 1"):
        ndcg.dcg_jarvelin([1, 2], base=base)


@pytest.mark.parametrize("n", [-1, 2.0, "3"])
def test_bad_n(n):
    with pytest.raises(ValueError, match="n must be a non-negative integer"):
        discounts_jarvelin(n)
