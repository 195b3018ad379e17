"""Tests of ``experiments.realdata_results``: a run's JSON file read back, and a file that is not one
refused by name. (The command line writes and reads back a real run in test_realdata.py.)"""

from __future__ import annotations

import json

import pytest

from experiments.realdata_results import load, save
from tests.experiments.realdata_helpers import fake_result


def test_load_refuses_a_result_for_an_unknown_collection_and_a_file_that_is_not_a_result(tmp_path):
    result = fake_result("mslr-web10k", "ranknet")
    written = save(result, tmp_path / "run.json", command="python experiments/realdata.py")
    assert load(written).metrics == result.metrics
    payload = json.loads(written.read_text(encoding="utf-8"))
    # A result for a collection the module does not know is refused by name, not with a KeyError later.
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({**payload, "dataset": "mslr-web100k"}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"unknown\.json is a result for the collection 'mslr-web100k'"):
        load(unknown)
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"dataset": "mslr-web10k"}), encoding="utf-8")
    with pytest.raises(ValueError, match="is not a result written by"):
        load(broken)
