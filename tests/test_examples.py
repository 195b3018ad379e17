"""The sources' examples as data: consistent, and equal to an independent transcription."""

import pytest

from ndcg.course import examples

from . import test_sources


@pytest.mark.parametrize("example", examples.ALL, ids=lambda e: e.name)
def test_every_example_is_consistent(example):
    assert len(example.items) == len(example.grades)
    assert example.source in {"000", "001", "002", "003", "004"}
    assert all(isinstance(grade, int) and grade >= 0 for grade in example.all_judged)


def test_grades_match_the_transcription_in_test_sources():
    assert examples.EIGHT_RETRIEVED.grades == tuple(test_sources.SHOWN)
    assert examples.EIGHT_RETRIEVED.all_judged == tuple(test_sources.JUDGED)
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
