"""ndcg.course.dropin: every case really runs both libraries, and the check catches a changed library."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import ndcg

sklearn_metrics = pytest.importorskip("sklearn.metrics")

from ndcg.course import dropin  # noqa: E402  (needs scikit-learn)


def test_every_case_behaves_as_it_expects():
    results = dropin.run()
    assert len(results) == len(dropin.cases())
    kinds = {case.expect for case, _, _ in results}
    assert kinds == set(dropin.OUTCOMES), "each outcome is shown at least once"


def test_the_values_are_the_libraries_own():
    outcomes = {case.label: (ours, theirs) for case, ours, theirs in dropin.run()}
    ours, theirs = outcomes["`sample_weight=[3, 1]`"]
    assert ours.value == ndcg.ndcg_score(dropin.GRADES, dropin.SCORES, k=3, sample_weight=[3, 1])
    assert theirs.value == sklearn_metrics.ndcg_score(dropin.GRADES, dropin.SCORES, k=3, sample_weight=[3, 1])
    ours, theirs = outcomes["`sample_weight=[-1, 3]`"]
    assert ours.error.startswith("ValueError: sample_weight")
    assert theirs.value < 0


def test_padding_with_minus_infinity_changes_nothing():
    outcomes = {case.label: ours for case, ours, _ in dropin.run()}
    padded = outcomes["a short query padded with grade 0, score `-inf`"].value
    alone = (
        ndcg.ndcg_per_query([dropin.GRADES[0]], [dropin.SCORES[0]])[0]
        + ndcg.ndcg_per_query([dropin.SHORT_GRADES], [dropin.SHORT_SCORES])[0]
    ) / 2
    assert padded == pytest.approx(alone, rel=1e-12)


def test_a_case_that_no_longer_holds_fails_loudly():
    wrong = dropin.Case("a case", lambda: 1.0, lambda: 2.0, "same")
    with pytest.raises(AssertionError, match="expected to be 'same' but is 'differ'"):
        dropin.run([wrong])
    refused = dropin.Case("refused", lambda: 1.0, lambda: math.log(-1), "same")
    with pytest.raises(AssertionError, match="'only ndcg'"):
        dropin.run([refused])


def test_an_unknown_expectation_is_refused():
    with pytest.raises(ValueError, match="expect must be one of"):
        dropin.run([dropin.Case("x", lambda: 1.0, lambda: 1.0, "similar")])


def test_messages_are_cut_to_their_first_sentence():
    assert dropin._first_sentence("ValueError: One. Two.") == "One"
    long = "ValueError: " + "a" * 200
    assert dropin._first_sentence(long).endswith("…")
    assert len(dropin._first_sentence(long)) == 110


def test_the_list_escapes_markdown_in_messages():
    outcome = dropin.Outcome(None, "ValueError: y_true has *stars* and [brackets]")
    assert dropin._markdown(outcome, 3) == 'refused: "y\\_true has \\*stars\\* and \\[brackets\\]"'
    assert dropin._markdown(dropin.Outcome(0.5, None), 3) == "0.500"


def test_table_and_list_show_the_same_cases():
    table = dropin.dropin_table()
    items = dropin.dropin_list().splitlines()
    assert len(table.rows) == len(items) == len(dropin.cases())
    for row, item in zip(table.rows, items):
        assert item.startswith("- ")
        assert row[1].split(":")[0] in item  # the value, or "refused"
    assert np.isfinite(float(table.column("ndcg")[0]))


def test_the_chinese_list_has_the_same_values_and_the_libraries_messages_as_they_are(monkeypatch):
    from ndcg.course import i18n

    english = dropin.dropin_list().splitlines()
    chinese = dropin.dropin_list(language="zh").splitlines()
    assert len(chinese) == len(english)
    for en, zh in zip(english, chinese):
        assert re.search(r"[\u4e00-\u9fff\uff1a\uff1b\u3002]", zh), zh  # Chinese, or its punctuation
        # every number and every quoted library message of the English line is in the Chinese one
        assert re.findall(r"-?\d+\.\d{3}(?!\d)", en) == re.findall(r"-?\d+\.\d{3}(?!\d)", zh)
        assert [m for m in re.findall(r'"([^"]+)"', en) if " " in m] == re.findall(r"“([^”]+)”", zh)
    # in the book, both lists, each in its language's block; a notebook gets its language's alone
    monkeypatch.setenv("NDCG_COURSE_LANGUAGE", "both")
    both = dropin.dropin_markdown()
    assert both.count(f'class="{i18n.CSS_CLASS}"') == 2 and english[0] in both and chinese[0] in both
    monkeypatch.setenv("NDCG_COURSE_LANGUAGE", "zh")
    assert dropin.dropin_markdown() == dropin.dropin_list(language="zh")
