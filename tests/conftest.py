"""Shared settings for the test suite."""

from hypothesis import settings

# Property tests draw the same examples on every run (reproducible CI), and
# never fail on timing: speed is measured in benchmarks/, not in tests.
settings.register_profile("course", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("course")
