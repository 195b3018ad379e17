"""CITATION.cff: how to cite the course, valid Citation File Format 1.2.0, and in step with it.

The file is validated against the CFF 1.2.0 JSON schema, vendored in ``tests/tools/vendor/cff/``
(``schema.json``, from the citation-file-format repository at its tag 1.2.0, and that
repository's licence, CC BY 4.0; see ``tests/tools/vendor/cff/README.md``), with the pinned
``jsonschema``. cffconvert 2.0.0, the tool that would validate it (``cffconvert --validate``),
requires ``jsonschema<4``, which cannot install next to the book's pinned ``jsonschema`` 4
(nbformat and Jupyter's event schemas need it); it validates against this same schema file.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
import yaml

import ndcg

ROOT = Path(__file__).resolve().parents[2]
CITATION = ROOT / "CITATION.cff"
SCHEMA = ROOT / "tests" / "tools" / "vendor" / "cff" / "schema.json"
#: sha256 of schema.json at the tag 1.2.0 of citation-file-format/citation-file-format.
SCHEMA_SHA256 = "0b8d22140da702d766df318dcff3a91af2f39521298dcf36d76315fd99cc169b"


def citation() -> dict:
    return yaml.safe_load(CITATION.read_text(encoding="utf-8"))


def test_the_schema_is_the_vendored_cff_1_2_0():
    assert hashlib.sha256(SCHEMA.read_bytes()).hexdigest() == SCHEMA_SHA256
    assert json.loads(SCHEMA.read_text(encoding="utf-8"))["$id"].endswith("/1.2.0/schema.json")
    licence = (SCHEMA.parent / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("Creative Commons Attribution 4.0 International Public License")
    assert SCHEMA_SHA256 in (SCHEMA.parent / "README.md").read_text(encoding="utf-8")


def validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def test_citation_cff_is_valid_cff_1_2_0():
    data = citation()
    assert data["cff-version"] == "1.2.0"
    # YAML reads an unquoted date as a date; CFF (and cffconvert) read the text.
    errors = [f"{'/'.join(map(str, e.path)) or '(top)'}: {e.message}" for e in validator().iter_errors(data)]
    assert not errors, errors


def test_the_validation_catches_a_broken_file():
    data = {**citation(), "authors": [], "colour": "blue"}
    del data["title"]
    messages = " ".join(error.message for error in validator().iter_errors(data))
    assert "'title' is a required property" in messages
    assert "Additional properties are not allowed ('colour'" in messages
    assert "should be non-empty" in messages or "is too short" in messages


def test_the_citation_names_the_course_and_its_version():
    data = citation()
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert data["title"] == config["title"]
    assert data["version"] == ndcg.__version__
    assert set(data["license"]) == {"MIT", "CC-BY-4.0"}  # LICENSE and LICENSE-CONTENT.md
    # A released version carries its release date, as the changelog gives it.
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    released = re.search(
        rf"^## \[{re.escape(ndcg.__version__)}\] - (\d{{4}}-\d{{2}}-\d{{2}})$", changelog, re.M
    )
    if released:
        assert str(data["date-released"]) == released.group(1)
