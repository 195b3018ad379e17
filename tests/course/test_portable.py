"""Stored notebook outputs hold only digits a reader sees (no execution, fast).

nbval re-runs every notebook and compares its outputs with the stored ones. A
float stored with all its 17 digits differs in the last ones between
processors (NumPy's SIMD kernels, the BLAS library), so a notebook executed on
an AVX-512 laptop would fail on every other machine. These tests read the
stored notebooks and fail when

* a glued value carries more decimals than the page shows it with
  (``{glue:text}`name:.3f``` shows 3: the record must have at most 3);
* any output (printed text, a table, a widget snapshot) holds a float with 10
  or more significant digits, a noise-level number in scientific notation
  (``1.4e-17``), or a negative zero (``-0.000``).

The cure is ``ndcg.course.display``: ``keep(name, value, digits)`` for glue,
``fmt(value, ".3f")`` for printing, ``bound(x)`` for noise, and tables that
round through it.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import pytest

from ndcg.course.display import decimals_of_spec
from tests.course.helpers import machine_digits, significant

ROOT = Path(__file__).resolve().parents[2]
# The stored notebooks: those generated from the text sources (notebooks/) and the student ones.
NOTEBOOKS = sorted([*ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("exercises/**/*.ipynb")])
CHAPTERS = sorted(ROOT.glob("notebooks/chapters/*.ipynb"))

RECORD = "application/papermill.record/"
ROLE = re.compile(r"\{glue(?::text|:md|:any|:figure|:math)?\}`([^`]*)`")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def glue_records(notebook: dict) -> dict[str, str]:
    """Every glued value of a notebook: name -> its stored text/plain."""
    records = {}
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            plain = output.get("data", {}).get(RECORD + "text/plain")
            if name is not None and plain is not None:
                records[name] = "".join(plain) if isinstance(plain, list) else plain
    return records


def glue_references(notebook: dict) -> dict[str, set[str]]:
    """Every glue role in the Markdown cells: name -> the format specs it is shown with."""
    references: dict[str, set[str]] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for body in ROLE.findall(source(cell)):
                name, _, spec = body.partition(":")
                references.setdefault(name, set()).add(spec)
    return references


def decimals(text: str) -> int:
    mantissa = text.lower().split("e")[0]
    return len(mantissa.split(".")[1]) if "." in mantissa else 0


def output_texts(notebook: dict):
    """(cell number, text) of every textual output: streams, text/*, glue records."""
    for number, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            if "text" in output:
                yield number, source({"source": output["text"]})
            for mime, value in output.get("data", {}).items():
                if mime.startswith("text/") or mime.startswith(RECORD + "text/"):
                    yield number, "".join(value) if isinstance(value, list) else str(value)


# -- the rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", CHAPTERS, ids=rel)
def test_glued_values_carry_only_the_decimals_the_page_shows(path):
    notebook = load(path)
    records, references = glue_records(notebook), glue_references(notebook)
    problems = []
    for name, specs in sorted(references.items()):
        if "::" in name:  # a value glued in another page: checked there
            continue
        if name not in records:
            problems.append(f"{name}: shown but never glued")
            continue
        try:
            value = ast.literal_eval(records[name])
        except (SyntaxError, ValueError):
            continue  # Markdown or text: no digits of the machine
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            continue
        fixed = [spec for spec in specs if spec]
        if any(spec.endswith("d") for spec in fixed) and not isinstance(value, int):
            problems.append(f"{name}: shown as a whole number ('d') but glued as {records[name]}")
        if isinstance(value, float):
            if "" in specs and significant(records[name]) > 6:
                problems.append(f"{name}: shown as glued, {records[name]}, with machine digits")
            shown_decimals = max((decimals_of_spec(spec) for spec in fixed), default=decimals(records[name]))
            if decimals(records[name]) > shown_decimals:
                problems.append(
                    f"{name}: glued as {records[name]} but shown with {shown_decimals} decimals "
                    f"({', '.join(sorted(fixed))}): glue it with ndcg.course.display.keep(name, value, {shown_decimals})"
                )
    assert not problems, f"{rel(path)}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_no_output_holds_machine_digits(path):
    notebook = load(path)
    found = [(number, digits) for number, text in output_texts(notebook) for digits in machine_digits(text)]
    assert not found, (
        f"{rel(path)}: outputs with digits that depend on the processor (cell, number): {found[:10]}; "
        "round them where they are produced with ndcg.course.display (fmt, keep, bound)"
    )


# -- the rules can fail ----------------------------------------------------------------------


def test_machine_digits_finds_what_it_should():
    assert machine_digits("NDCG@10 = 0.7363600815709449") == ["0.7363600815709449"]
    assert machine_digits("sum of the lambdas: 1.4e-17") == ["1.4e-17"]
    assert machine_digits("gradient D -0.0000, C -0.000") == ["-0.0000", "-0.000"]
    assert machine_digits("DCG@4 = 4.762, NDCG = 0.9725, 2,270,296 documents, 0.0e+00") == []
    assert machine_digits("Python 3.11.7, width 0.5em, 1e-12") == []


def test_the_glue_rule_catches_a_long_record(tmp_path, monkeypatch):
    notebook = {
        "cells": [
            {"cell_type": "markdown", "source": "DCG = {glue:text}`dcg:.3f`, {glue:text}`n:d` items"},
            {
                "cell_type": "code",
                "source": "",
                "outputs": [
                    {
                        "data": {RECORD + "text/plain": "2.9229594277916364"},
                        "metadata": {"scrapbook": {"name": "dcg"}},
                        "output_type": "display_data",
                    },
                    {
                        "data": {RECORD + "text/plain": "4.0"},
                        "metadata": {"scrapbook": {"name": "n"}},
                        "output_type": "display_data",
                    },
                ],
            },
        ]
    }
    path = tmp_path / "bad.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError) as failure:
        test_glued_values_carry_only_the_decimals_the_page_shows(path)
    assert "dcg: glued as 2.9229594277916364 but shown with 3 decimals" in str(failure.value)
    assert "n: shown as a whole number ('d') but glued as 4.0" in str(failure.value)
