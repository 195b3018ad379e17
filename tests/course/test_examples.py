"""The sources' examples as data: consistent, and equal to an independent transcription."""

import pytest

from ndcg.course import examples


@pytest.mark.parametrize("example", examples.ALL, ids=lambda e: e.name)
def test_every_example_is_consistent(example):
    assert len(example.items) == len(example.grades)
    assert example.source in {"000", "001", "002", "003", "004"}
    assert all(isinstance(grade, int) and grade >= 0 for grade in example.all_judged)


def test_grades_match_the_transcription_of_the_sources():
    assert examples.EIGHT_RETRIEVED.grades == (
        3,
        2,
        3,
        0,
        1,
        2,
    )  # as tests/core/test_sources.py transcribes them
    assert examples.EIGHT_RETRIEVED.all_judged == (3, 2, 3, 0, 1, 2, 3, 0)
    assert examples.MOVIES.grades == (3, 2, 1, 0, 2)
    assert examples.BLOG_EXAMPLE.grades == (5, 3, 2, 1, 4)
    assert examples.CHENGDU_TRIP.grades == (4, 2, 0, 1, 3)
    assert examples.CHENGDU_FOOD.grades == (4, 1, 3, 4, 0)
    assert examples.SHORT_VIDEOS.grades == (1, 3, 2, 0)
    assert examples.VIDEO_GAME_X.grades == tuple(reversed(examples.VIDEO_GAME_Y.grades))


def test_every_reading_label_is_complete():
    # Source 003's "user experience" column: the words, then the stars. A label cut at
    # its first word once showed "very" for "very poor".
    for low, high, meaning, experience in examples.INTERPRETATION_PRINTED:
        words = [word for word in experience.split() if "⭐" not in word]
        assert examples.experience_words(experience) == " ".join(words), experience
        assert examples.reading_of(low) == " ".join(words)
        assert examples.reading_of((low + high) / 2) == " ".join(words)
        assert meaning and words
    labels = [examples.reading_of(value) for value in (1.0, 0.85, 0.75, 0.65, 0.3, 0.0)]
    assert labels == ["excellent", "good", "fair", "poor", "very poor", "very poor"]
    with pytest.raises(ValueError, match="no words"):
        examples.experience_words("⭐⭐")


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), "0.5", True, None])
def test_a_reading_needs_an_ndcg_value(bad):
    with pytest.raises(ValueError, match="from 0 to 1"):
        examples.reading_of(bad)


# -- the sources' mistakes that the book flags, printed against computed ------------------------------


def _agrees(value, printed, decimals):
    return abs(value - printed) <= 0.5 * 10**-decimals + 1e-12


def test_002_dcg_table_does_not_add_up():
    import math

    import ndcg

    table = examples.EIGHT_RETRIEVED_TABLES_PRINTED
    shown = examples.EIGHT_RETRIEVED.grades
    printed_total = examples.EIGHT_RETRIEVED.printed["DCG@6"]
    # its own terms add to 6.85, not to the 6.86 it prints ...
    assert round(sum(table["DCG@6"]), 2) == 6.85 != printed_total
    # ... and the printed total is the right one, to its two decimals (exact 6.861)
    assert _agrees(ndcg.dcg(shown, 6), printed_total, 2)
    assert not _agrees(sum(table["DCG@6"]), ndcg.dcg(shown, 6), 2)
    # the odd term is rank 5: 1/log2(6) = 0.3869 rounds to 0.39, printed (cut) 0.38
    exact = [grade / math.log2(rank + 1) for rank, grade in enumerate(shown, start=1)]
    odd = [rank for rank, (p, e) in enumerate(zip(table["DCG@6"], exact), start=1) if not _agrees(e, p, 2)]
    assert odd == [5]
    assert math.floor(exact[4] * 100) / 100 == table["DCG@6"][4]
    # the logarithms: right to the decimals printed (2.8 for log2 7 has one)
    for rank, printed in enumerate(table["log2(i+1)"], start=1):
        assert _agrees(
            math.log2(rank + 1), printed, len(str(printed).split(".")[1]) if "." in str(printed) else 0
        )


def test_002_idcg_table_adds_up_but_every_term_is_cut():
    import math

    import ndcg

    eight = examples.EIGHT_RETRIEVED
    table = examples.EIGHT_RETRIEVED_TABLES_PRINTED["IDCG@6"]
    assert round(sum(table), 2) == eight.printed["IDCG@6"]
    ideal = sorted(eight.all_judged, reverse=True)[:6]
    assert table == tuple(math.floor(g / math.log2(r + 1) * 100) / 100 for r, g in enumerate(ideal, start=1))
    assert not _agrees(ndcg.idcg(eight.grades, 6, ideal=eight.all_judged), eight.printed["IDCG@6"], 2)


@pytest.mark.parametrize(
    "example", [examples.MOVIES, examples.CHENGDU_TRIP, examples.CHENGDU_FOOD], ids=lambda e: e.name
)
def test_003_the_worst_order_is_far_from_zero(example):
    import ndcg

    worst = sorted(example.grades)
    assert ndcg.ndcg(worst, 5) > 0.6  # "0.0 = completely wrong" is wrong
    assert min(
        ndcg.ndcg(list(p), 5) for p in __import__("itertools").permutations(example.grades)
    ) == ndcg.ndcg(worst, 5)
    assert ndcg.ndcg(worst, 1) == 0.0  # zero only when no relevant result reaches the top k


def test_003_ndcg_is_zero_exactly_when_nothing_relevant_reaches_the_top_k():
    import itertools

    import ndcg

    for grades in itertools.product(range(3), repeat=4):
        if not any(grades):
            continue
        for k in range(1, 5):
            assert (ndcg.ndcg(list(grades), k) == 0) == (not any(grades[:k]))


def test_004_the_ideal_ignores_the_models_order():
    import itertools

    import ndcg

    tutor = examples.TUTOR_NDCG
    assert tutor.grades == (2, 3, 0)  # the list the muddled sentence prints twice
    for order in itertools.permutations(tutor.grades):
        assert ndcg.idcg(list(order), 3) == ndcg.idcg([3, 2, 0], 3)
