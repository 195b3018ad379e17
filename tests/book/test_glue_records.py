"""``ndcg_book/generate/glue_records.py``: the book's computed values, dumped and compared between two builds."""

from __future__ import annotations

import json

import pytest

from ndcg_book.generate import glue_records


def executed(build, page, glue, outputs):
    """Write an executed page (its notebook and its glue file) under ``build/jupyter_execute``."""
    folder = build / "jupyter_execute" / "chapters"
    folder.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "markdown", "source": "text"}]
    cells += [{"cell_type": "code", "source": "", "outputs": [output]} for output in outputs]
    (folder / f"{page}.ipynb").write_text(json.dumps({"cells": cells}), encoding="utf-8")
    records = {
        name: {"output_type": "display_data", "metadata": {}, "data": {"text/plain": value}}
        for name, value in glue.items()
    }
    (folder / f"{page}.glue.json").write_text(json.dumps(records), encoding="utf-8")


def test_a_build_s_glue_and_outputs_are_recorded_by_page(tmp_path):
    figure = {"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain": "<Figure>"}}
    executed(
        tmp_path,
        "02_dcg",
        {"dcg_a": "4.762"},
        [{"output_type": "stream", "name": "stdout", "text": "6\n"}, figure],
    )
    found = glue_records.records(tmp_path)
    assert found["02_dcg/glue/dcg_a"] == {"text/plain": "4.762"}
    assert found["02_dcg/cell0/output0"] == {"stdout": "6\n"}
    assert found["02_dcg/cell1/output0"]["image/png"].startswith("sha256:")
    assert found["02_dcg/cell1/output0"]["text/plain"] == "<Figure>"


def test_compare_names_every_change_loss_and_addition(tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    executed(before, "02_dcg", {"dcg_a": "4.762", "dcg_b": "3.323"}, [])
    executed(after, "02_dcg", {"dcg_a": "4.763", "dcg_c": "1"}, [])
    lines = glue_records.compare(glue_records.records(before), glue_records.records(after))
    assert lines == [
        "changed:       02_dcg/glue/dcg_a [text/plain]: '4.762' -> '4.763'",
        "missing after: 02_dcg/glue/dcg_b",
        "new after:     02_dcg/glue/dcg_c",
    ]
    assert glue_records.compare(glue_records.records(before), glue_records.records(before)) == []


def test_the_command_exits_1_on_a_difference(tmp_path, capsys):
    for name, value in (("before", "1"), ("after", "2")):
        executed(tmp_path / name, "00_why", {"x": value}, [])
        assert glue_records.main(["dump", str(tmp_path / name), "--out", str(tmp_path / f"{name}.json")]) == 0
    assert glue_records.main(["compare", str(tmp_path / "before.json"), str(tmp_path / "before.json")]) == 0
    assert glue_records.main(["compare", str(tmp_path / "before.json"), str(tmp_path / "after.json")]) == 1
    assert "1 differences" in capsys.readouterr().out


def test_no_build_and_a_page_name_used_twice_are_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="make book"):
        glue_records.records(tmp_path)
    executed(tmp_path, "00_why", {}, [])
    other = tmp_path / "jupyter_execute" / "teaching"
    other.mkdir()
    (other / "00_why.ipynb").write_text(json.dumps({"cells": []}), encoding="utf-8")
    with pytest.raises(ValueError, match="00_why"):
        glue_records.records(tmp_path)
