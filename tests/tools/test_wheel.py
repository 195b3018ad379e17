"""The participants' wheel of ``ndcg``, built once (as the participant pack builds it, with
``ndcg_book.course_files.build_wheel``): the package with its static files and content, and no book build.
Building a wheel takes seconds, so these run in ``make test``, not in ``make test-fast``."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ndcg_book import course_files

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> list[str]:
    """Every entry of the wheel built from the course's files."""
    wheel = course_files.build_wheel(ROOT, tmp_path_factory.mktemp("wheel"))
    with zipfile.ZipFile(wheel) as opened:
        return opened.namelist()


def test_the_wheel_holds_the_package_and_no_book_build(wheel_names):
    names = wheel_names
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")}
    assert tops == {"ndcg"}, tops
    assert "ndcg/ltr/races.py" in names and "ndcg/course/static/ndcg-course.js" in names
    assert not [name for name in names if "sphinx" in name.lower() or name.startswith("ndcg_book")]


def test_the_wheel_holds_the_static_files(wheel_names):
    names = set(wheel_names)
    for name in ("ndcg-course.css", "ndcg-course.js", "ndcg-metrics.js", "ndcg-anki.css"):
        assert f"ndcg/course/static/{name}" in names
    assert "ndcg/course/content/02_dcg.yaml" in names
    assert "ndcg/course/course.toml" in names  # the manifest: the package reads no repository path
    assert {
        "ndcg/course/cards/__init__.py",
        "ndcg/course/widgets/__init__.py",
        "ndcg/course/assets.py",
    } <= names
    assert not [name for name in names if name.startswith("ndcg_book/")], "the book build is not in the wheel"
