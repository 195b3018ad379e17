"""Helpers shared by the metric library's tests."""

from __future__ import annotations

from hypothesis import settings

#: ``max_examples`` of the full profile (``course``, tests/conftest.py), which ``make test`` runs.
FULL = 200


def examples(count: int) -> settings:
    """Hypothesis settings for a property test that draws ``count`` examples under the full
    profile; the ``fast`` profile of ``make test-fast`` draws the same share of its own default
    (a quarter), so the two profiles differ in one place. Read when the test module is imported,
    after pytest has loaded the profile."""
    return settings(max_examples=max(10, count * settings.default.max_examples // FULL), deadline=None)
