"""The set-up benchmark's plumbing (benchmarks/bench_setup.py): what it installs, from which caches,
with which settings. The timing itself is not run here (minutes, and the network): see learners/setup-details.md."""

from __future__ import annotations

import re
from pathlib import Path

from tests.tools_loader import load_script

ROOT = Path(__file__).resolve().parents[2]
bench = load_script(ROOT / "benchmarks" / "bench_setup.py", "bench_setup")


def test_it_installs_the_participant_lock_at_its_pins_of_pip_and_uv():
    lock = (ROOT / "requirements-participant.txt").read_text(encoding="utf-8")
    assert bench.LOCK == ROOT / "requirements-participant.txt"
    for name in ("pip", "uv"):
        assert f"\n{name}=={bench.pin(name)}\n" in lock


def test_a_plain_environment_drops_the_machine_s_pip_and_uv_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("PIP_FIND_LINKS", "/opt/wheels")
    monkeypatch.setenv("UV_INDEX_URL", "http://mirror")
    monkeypatch.setenv("KEPT", "yes")
    env = bench.plain_env(tmp_path)
    assert "PIP_FIND_LINKS" not in env and "UV_INDEX_URL" not in env and env["KEPT"] == "yes"
    assert env["PIP_CACHE_DIR"] == str(tmp_path / "pip") and env["UV_CACHE_DIR"] == str(tmp_path / "uv")


def test_the_setup_page_quotes_a_dated_run_of_it():
    page = (ROOT / "learners" / "setup-details.md").read_text(encoding="utf-8")
    assert "benchmarks/bench_setup.py" in page
    assert re.search(r"measured on 20\d\d-\d\d-\d\d", page), "a quoted measurement carries its date"
