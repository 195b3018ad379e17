"""ndcg.course.typed_numbers: answers typed as text, full-width forms included, read as numbers."""

import pytest

from ndcg.course.number_checks import NumberCheck


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0.25", 0.25), ("0,25", 0.25), (" 1/4 ", 0.25), ("25%", 0.25), ("2.5e-1", 0.25), ("\u22120.25", -0.25)],
)
def test_answers_typed_as_text(text, expected):
    assert NumberCheck(expected, name="x").check(text).status == "correct"


def test_typed_answers_accept_what_a_chinese_keyboard_types():
    # full-width comma, enumeration comma, semicolon, digits, full stop, ideographic space, minus sign
    for text in ("3，2，1", "3、2、1", "3；2；1", "３，２，１", "3　2　1", "［3，2，1］"):
        assert NumberCheck([3, 2, 1], name="the grades").check(text).status == "correct", text
    assert NumberCheck(0.905, name="NDCG@3").check("０．９０５").status == "correct"
    assert NumberCheck(-0.5, name="a lambda").check("−0.5").status == "correct"
    assert NumberCheck(0.905, name="NDCG@3").check("９０．５％").status == "correct"
