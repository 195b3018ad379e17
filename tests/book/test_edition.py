"""The course's edition (version and build date) on what leaves the build: the book's footer,
the participant pack's README; and the CHANGELOG's latest release is the package's version."""

import datetime as dt
import re
from pathlib import Path

import pytest

import ndcg
import ndcg_book
from ndcg_book import edition, packs

ROOT = Path(__file__).resolve().parents[2]


def test_the_build_date_is_source_date_epoch_when_set():
    assert edition.build_date({"SOURCE_DATE_EPOCH": "1700000000"}) == dt.date(2023, 11, 14)
    assert edition.build_date({"SOURCE_DATE_EPOCH": " 86399 "}) == dt.date(1970, 1, 1)
    assert edition.build_date({"SOURCE_DATE_EPOCH": "86400"}) == dt.date(1970, 1, 2)


def test_the_build_date_is_today_in_utc_without_source_date_epoch():
    before = dt.datetime.now(dt.UTC).date()
    got = edition.build_date({})
    after = dt.datetime.now(dt.UTC).date()
    assert before <= got <= after
    assert edition.build_date({"SOURCE_DATE_EPOCH": ""}) == got


def test_a_malformed_source_date_epoch_is_refused():
    with pytest.raises(ValueError, match="SOURCE_DATE_EPOCH"):
        edition.build_date({"SOURCE_DATE_EPOCH": "2026-11-22"})


def test_the_edition_line_carries_the_package_version(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert edition.edition() == f"version {ndcg.__version__}, built 2023-11-14"


class _Config:
    def __init__(self, options, context=None):
        self.html_theme_options = options
        self.html_context = context


def test_the_footer_gets_the_edition_after_the_licences(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    config = _Config({"extra_footer": "<p>Licences</p>\n", "navbar_persistent": []}, {"default_mode": "auto"})
    edition._add_edition(None, config)
    footer = config.html_theme_options["extra_footer"]
    assert footer.startswith("<p>Licences</p>")
    assert footer.endswith(
        f'<p class="course-edition">Edition: version {ndcg.__version__}, built 2023-11-14.</p>'
    )
    assert config.html_theme_options["navbar_persistent"] == []
    assert config.html_context["default_mode"] == "auto"
    edition._add_edition(None, config)  # config-inited twice (a rebuild): still one line
    assert config.html_theme_options["extra_footer"].count("course-edition") == 1


def test_the_edition_is_not_typed_into_the_configuration():
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*- ndcg_book\b", config, re.MULTILINE) and "edition" in ndcg_book.PARTS
    assert ndcg.__version__ not in config


def test_the_participant_pack_readme_carries_the_edition(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    readme = packs._pack_readme(ndcg.__version__, "ndcg.whl", True, [], ["3.11"], True)
    assert f"Edition: version {ndcg.__version__}, built 2023-11-14" in readme


def released_versions(text: str) -> list[str]:
    """The versions of a Keep a Changelog file's release headings, newest first."""
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", text, re.MULTILINE)


def test_released_versions_reads_keep_a_changelog_headings():
    text = "# Changelog\n\n## [Unreleased]\n\n## [1.1.0] - 2026-01-02\n\n## [1.0.0] - 2025-12-01\n"
    assert released_versions(text) == ["1.1.0", "1.0.0"]
    assert released_versions("## [Unreleased]\n## 1.0.0\n") == []


def test_the_changelog_latest_release_is_the_package_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog")
    assert "## [Unreleased]" in text, "CHANGELOG.md keeps an Unreleased section at the top"
    versions = released_versions(text)
    assert versions, "CHANGELOG.md has no release heading '## [X.Y.Z] - YYYY-MM-DD'"
    assert versions[0] == ndcg.__version__, (
        f"CHANGELOG.md's latest release is {versions[0]}, ndcg.__version__ is {ndcg.__version__}: "
        "add a release section for it (or bump the version)"
    )
    assert text.index("## [Unreleased]") < text.index(f"## [{versions[0]}]")
