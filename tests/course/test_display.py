"""ndcg.course.display: every number a page shows is rounded where it is produced."""

import sys
import types

import numpy as np
import pytest

from ndcg.course.display import bound, decimals_of_spec, fmt, keep, shown


@pytest.mark.parametrize(
    "one, other, digits",
    [
        (5.907525167228124, 5.9075251672281235, 3),  # 06_ltr on AVX-512 vs AVX2
        (2.9229594277916364, 2.922959427791637, 3),  # 02_dcg
        (1.0, 1.0000000000000002, 3),  # 03_idcg
        (0.7363600815709449, 0.7363600815709448, 4),
        (-0.40703144179806217, -0.4070314417980622, 4),
    ],
)
def test_last_bit_noise_is_gone_once_shown(one, other, digits):
    assert one != other
    assert shown(one, digits) == shown(other, digits)
    assert repr(shown(one, digits)) == repr(shown(other, digits))
    assert len(repr(shown(one, digits)).split(".")[-1]) <= digits


def test_shown_returns_plain_python_numbers():
    assert type(shown(np.float64(0.5), 2)) is float
    assert type(shown(np.float32(2.0), 0)) is int
    assert type(shown(np.int64(7), 3)) is int and shown(np.int64(7), 3) == 7
    assert shown(np.array(0.25), 2) == 0.25  # a 0-d array is a number too
    assert repr(shown(-1e-17, 3)) == "0.0"  # never -0.0


@pytest.mark.parametrize(
    "value, digits", [(0.125, 2), (2.5, 0), (0.0625, 3), (-0.125, 2), (1.0000000000005, 12)]
)
def test_a_value_on_a_rounding_boundary_is_refused(value, digits):
    with pytest.raises(ValueError, match="rounding boundary"):
        shown(value, digits)


def test_a_value_near_but_not_on_a_boundary_is_fine():
    assert shown(0.1251, 2) == 0.13
    assert shown(0.12499, 2) == 0.12


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -np.inf])
def test_non_finite_values_are_refused(value):
    with pytest.raises(ValueError, match="finite"):
        shown(value, 3)


@pytest.mark.parametrize("value", [True, "0.5", None, [0.5], np.array([0.5, 0.2]), 1 + 2j])
def test_non_numbers_are_refused(value):
    with pytest.raises(TypeError, match="real number"):
        shown(value, 3)


@pytest.mark.parametrize("digits", [-1, 13, 2.0, True, None, "3"])
def test_digits_are_checked(digits):
    with pytest.raises(ValueError, match="digits must be a whole number from 0 to 12"):
        shown(0.3, digits)


@pytest.mark.parametrize(
    "spec, decimals",
    [
        (".3f", 3),
        ("+.4f", 4),
        (" .2f", 2),
        (".0f", 0),
        (".1%", 3),
        (".0%", 2),
        ("d", 0),
        (",d", 0),
        (",.2f", 2),
    ],
)
def test_decimals_of_spec(spec, decimals):
    assert decimals_of_spec(spec) == decimals


@pytest.mark.parametrize("spec", [".1e", "g", ".3", "s", ".2d", "", "3f"])
def test_decimals_of_spec_refuses_other_formats(spec):
    with pytest.raises(ValueError, match="spec"):
        decimals_of_spec(spec)


def test_fmt_formats_the_rounded_value():
    assert fmt(4.7618595071429155) == "4.762"
    assert fmt(0.5, ".3f") == "0.500"
    assert fmt(-0.00001, "+.3f") == "+0.000"
    assert fmt(-0.4070314417980622, "+.4f") == "-0.4070"
    assert fmt(0.81234, ".1%") == "81.2%"
    assert fmt(2270296, ",d") == "2,270,296"
    assert fmt(6.0, ".0f") == "6"
    with pytest.raises(ValueError, match="whole numbers"):
        fmt(0.7, "d")
    with pytest.raises(ValueError, match="rounding boundary"):
        fmt(0.0015, ".1%")  # 0.15 % at one decimal of a percent


def test_bound_shows_noise_as_a_bound_and_refuses_real_differences():
    assert bound(1.4e-17) == "below 1e-12"
    assert bound(-2.220446049250313e-16) == "below 1e-12"
    assert bound(0.0) == "below 1e-12"
    assert bound(5e-10, limit=1e-9) == "below 1e-09"
    with pytest.raises(ValueError, match="real difference"):
        bound(0.00026)
    with pytest.raises(ValueError, match="limit must be positive"):
        bound(0.0, limit=0)


@pytest.fixture
def glued(monkeypatch):
    """A stand-in for myst_nb.glue that records what would be stored."""
    records = {}
    fake = types.ModuleType("myst_nb")
    fake.glue = lambda name, value, display=True: records.__setitem__(name, (value, display))
    monkeypatch.setitem(sys.modules, "myst_nb", fake)
    return records


def test_keep_glues_the_rounded_value(glued):
    keep("x", np.float64(2.9229594277916364), 3)
    keep("n", np.int64(120))
    keep("share", 2 / 3, 2)
    keep("label", "ApproxNDCG")
    assert glued == {
        "x": (2.923, False),
        "n": (120, False),
        "share": (0.67, False),
        "label": ("ApproxNDCG", False),
    }
    assert type(glued["n"][0]) is int


def test_keep_needs_digits_for_a_float(glued):
    with pytest.raises(ValueError, match="needs digits"):
        keep("x", 0.768426522183726)
    with pytest.raises(ValueError, match="name must be a non-empty string"):
        keep("", 1)
    assert glued == {}
