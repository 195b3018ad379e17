"""Tests of ``ndcg.course.published``: the reader of the figures quoted from papers.

Every bad entry is named with its file, its number, its id, its line and the
field; the sample file beside this one holds one verified and one unverified
figure (``tests/experiments/test_realdata_tables.py`` sets them beside a run).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ndcg.course import published
from ndcg.course.published import load_published

PUBLISHED = (Path(__file__).parent / "published-sample.yaml").read_text(encoding="utf-8")


def test_the_sample_reads_as_two_figures_with_the_optional_fields_filled(tmp_path):
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED, encoding="utf-8")
    verified, unverified = load_published(path)
    assert (verified.id, verified.value, verified.verified, verified.split) == (
        "a-verified-one",
        0.4321,
        True,
        "mean of Fold1-5",
    )
    assert (unverified.all_zero_queries, unverified.split, unverified.checked, unverified.note) == (
        "unknown",
        "unknown",
        "",
        "",
    )


def test_the_names_a_figure_may_use_are_those_of_the_real_data_command():
    from experiments import realdata
    from experiments.realdata_collections import DATASETS
    from experiments.realdata_results import METRICS
    from ndcg.ltr.races import LEARNERS

    assert tuple(DATASETS) == published.DATASETS
    assert published.METRICS == METRICS
    figures = load_published(realdata.PUBLISHED)
    assert figures and all(f.learner in LEARNERS and f.dataset in published.DATASETS for f in figures)


@pytest.mark.parametrize(
    "change, message",
    [
        (
            ("value: 0.4321", "value: 43.21"),
            r"entry 1 \('a-verified-one'\), line 2: field 'value' must be a number",
        ),
        (("    metric: ndcg@5\n", ""), r"entry 1 \('a-verified-one'\), line 2: field 'metric' is missing"),
        (
            (
                "dataset: mslr-web10k\n    learner: ranknet\n    metric: ndcg@10",
                "dataset: web10k\n    learner: ranknet\n    metric: ndcg@10",
            ),
            r"entry 2 \('an-unverified-one'\), line 15: field 'dataset' must be one of",
        ),
        (
            ("learner: ranknet\n    metric: ndcg@5", "learner: lambdamart\n    metric: ndcg@5"),
            r"entry 1 .*field 'learner' must be one of",
        ),
        (
            ("learner: ranknet\n    metric: ndcg@5", "learner: [ranknet, lightgbm]\n    metric: ndcg@5"),
            r"entry 1 \('a-verified-one'\), line 2: field 'learner' must be one of .*got \['ranknet', 'lightgbm'\]",
        ),
        (
            (
                "dataset: mslr-web10k\n    learner: ranknet\n    metric: ndcg@10",
                "dataset: {mslr: web10k}\n    learner: ranknet\n    metric: ndcg@10",
            ),
            r"entry 2 \('an-unverified-one'\), line 15: field 'dataset' must be one of",
        ),
        (("metric: ndcg@5", "metric: ndcg@4"), r"entry 1 .*field 'metric' must be one of"),
        (("verified: false", "verified: no-idea"), r"entry 2 .*field 'verified' must be true or false"),
        (
            ('    checked: "B. Reader, 2026-11-23, against the conference PDF"\n', ""),
            r"entry 1 .*field 'checked' must say who",
        ),
        (
            ("all_zero_queries: left out", "all_zero_queries: skipped"),
            r"entry 1 .*field 'all_zero_queries' must be one of",
        ),
        (("split:", "folds:"), r"entry 1 .*unknown field 'folds'"),
        (
            ("id: an-unverified-one", "id: a-verified-one"),
            r"entry 2 .*field 'id': 'a-verified-one' is already",
        ),
        (
            (
                'paper: "A. Author, A paper, 2020"\n    table: "Table 3"\n    row: "RankNet"\n    column: "NDCG@10"',
                'paper: ""\n    table: "Table 3"\n    row: "RankNet"\n    column: "NDCG@10"',
            ),
            r"entry 2 .*field 'paper' must be a non-empty text",
        ),
    ],
)
def test_a_bad_published_entry_is_named_with_its_field(tmp_path, change, message):
    old, new = change
    assert old in PUBLISHED
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ValueError, match=message) as error:
        load_published(path)
    assert str(path) in str(error.value)


def test_a_published_file_that_is_not_a_list_of_figures_is_refused(tmp_path):
    path = tmp_path / "published.yaml"
    for text in ("- a\n- b\n", "figures: 3\n", "figures: [\n"):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=re.escape(str(path))):
            load_published(path)
    path.write_text(PUBLISHED.replace("figures:", "figure:"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"one key, 'figures', a list of entries; got the key 'figure'\."):
        load_published(path)
    path.write_text("- a\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"one key, 'figures', a list of entries; got list\."):
        load_published(path)


def test_a_repeated_key_is_refused_not_silently_overwritten(tmp_path):
    # YAML keeps the last of two equal keys: a second `value:` would replace the first, a second
    # `figures:` list would drop every entry of the first.
    path = tmp_path / "published.yaml"
    path.write_text(
        PUBLISHED.replace("    value: 0.5\n", "    value: 0.5\n    value: 0.55\n"), encoding="utf-8"
    )
    with pytest.raises(ValueError, match=r"published.yaml, line 21: the key 'value' is repeated"):
        load_published(path)
    path.write_text(PUBLISHED + "figures: []\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"published.yaml, line 25: the key 'figures' is repeated"):
        load_published(path)


def test_an_optional_text_field_may_be_empty_but_must_be_text(tmp_path):
    path = tmp_path / "published.yaml"
    path.write_text(PUBLISHED.replace('split: "mean of Fold1-5"', 'split: ""'), encoding="utf-8")
    assert load_published(path)[0].split == ""
    path.write_text(PUBLISHED.replace('split: "mean of Fold1-5"', "split: 5"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"entry 1 .*field 'split' must be a text; got 5\."):
        load_published(path)
