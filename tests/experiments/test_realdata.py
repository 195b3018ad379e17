"""Tests of ``experiments.realdata``, the command line of ``make ltr-real``: its arguments, its output,
its JSON file and its one-line errors.

Every test writes a small collection in a real one's layout (``realdata_helpers.py``) and runs
the command on it: :func:`main`, and once the script in a subprocess. The rest is tested beside
the module it is in (test_realdata_collections, _run, _results, _tables).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from experiments import realdata
from experiments.realdata import PUBLISHED as PUBLISHED_FILE
from experiments.realdata_results import METRICS, load
from experiments.realdata_run import run
from experiments.realdata_tables import format_tables
from ndcg.course.published import load_published
from ndcg.ltr.races import fit_predict
from tests.experiments.realdata_helpers import table_rows


def test_importing_the_module_loads_neither_yaml_nor_the_learners():
    code = (
        "import sys, experiments.realdata; "
        "print(' '.join(m for m in ('yaml', 'lightgbm', 'xgboost', 'ndcg.ltr.races', 'ndcg.ltr') if m in sys.modules))"
    )
    course = Path(realdata.__file__).resolve().parents[1]  # `experiments` imports from the course's folder
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=course
    )
    assert loaded.stdout.strip() == ""


# --------------------------------------------------------------------------- the command line and the JSON


def test_the_default_settings_are_the_races_settings():
    # Chapter 6 says `make ltr-real` trains "with the races' settings": run's defaults, the command
    # line's and fit_predict's are three copies of them, held together here.
    import inspect

    from ndcg.ltr.races import RACES

    ours = inspect.signature(run).parameters
    theirs = inspect.signature(fit_predict).parameters
    parser = realdata._parser()
    for name in ("seed", "k", "epochs", "lr", "rounds"):
        assert ours[name].default == theirs[name].default == parser.get_default(name), name
    linear = RACES["linear"]
    assert (linear.k, linear.epochs, linear.lr, linear.rounds) == tuple(
        ours[name].default for name in ("k", "epochs", "lr", "rounds")
    )


def test_the_command_line_prints_the_tables_and_writes_the_json(mslr, tmp_path):
    out = tmp_path / "results" / "run.json"
    command = [sys.executable, realdata.__file__, "--data", str(mslr), "--dataset", "mslr-web10k"]
    command += ["--folds", "1", "2", "--learners", "ranknet", "pointwise", "--epochs", "2", "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "MSLR-WEB10K Fold1: reading Fold1/train.txt" in done.stderr  # progress on stderr
    assert done.stdout.rstrip().endswith(f"wrote {out.as_posix()}")
    payload = json.loads(out.read_text(encoding="utf-8"))
    assert payload["command"] == (
        f"python experiments/realdata.py --data {mslr} --dataset mslr-web10k --folds 1 2 "
        f"--learners ranknet pointwise --epochs 2 --out {out}"
    )
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", payload["date"])
    assert set(payload["machine"]) == {"processor", "cores", "system"}
    assert {"python", "numpy", "ndcg"} <= set(payload["versions"])
    assert payload["settings"] == {
        "seed": 0,
        "k": 10,
        "epochs": 2,
        "lr": 0.05,
        "rounds": 200,
        "data": str(mslr),
    }
    assert payload["dataset"] == "mslr-web10k" and payload["folds"] == ["Fold1", "Fold2"]
    assert set(payload["seconds"]["ranknet"]) == {"Fold1", "Fold2"}
    assert all(t >= 0 for t in payload["seconds"]["pointwise"].values())
    # The printed table holds the JSON's numbers.
    tables = done.stdout.split("\n\n")
    rows = table_rows(tables[0])
    for fold in ("Fold1", "Fold2"):
        assert rows[fold][0] == [f"{payload['metrics']['ranknet'][fold]['test'][m]:.4f}" for m in METRICS]
    assert (
        len(payload["per_query_ndcg@10"]["pointwise"]["Fold1"])
        == payload["stats"]["Fold1"]["test"]["queries"]
    )
    # load() reads it back to the same tables.
    assert (
        format_tables(load(out), load_published(PUBLISHED_FILE)) + f"\n\nwrote {out.as_posix()}"
        == done.stdout.rstrip()
    )


def test_the_default_out_file_is_in_results_named_by_dataset_and_date(mslr, tmp_path, monkeypatch, capsys):
    assert Path(realdata.__file__).resolve().parent / "results" == realdata.RESULTS  # experiments/results/
    monkeypatch.setattr(realdata, "RESULTS", tmp_path / "results")
    argv = [
        "--data",
        str(mslr),
        "--dataset",
        "mslr-web10k",
        "--folds",
        "1",
        "--learners",
        "ranknet",
        "--epochs",
        "1",
    ]
    assert realdata.main(argv) == 0
    (written,) = (tmp_path / "results").iterdir()
    assert re.fullmatch(r"mslr-web10k-\d{8}-\d{6}\.json", written.name)
    assert f"wrote {written.as_posix()}" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--dataset", "web10k"], "error: --dataset must be one of mslr-web10k"),
        (["--dataset", "mslr-web10k", "--learners", "lambdamart"], "got 'lambdamart'"),
        (["--dataset", "istella"], "error: Istella LETOR is not complete in"),
    ],
)
def test_the_command_line_says_what_is_wrong_in_one_line(mslr, argv, message, capsys):
    assert realdata.main(["--data", str(mslr), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_the_command_line_names_the_file_and_line_of_a_bad_line(mslr, capsys):
    path = mslr / "Fold1" / "train.txt"
    lines = path.read_text().splitlines()
    lines[2] = "2 qid:5 1:0.5 1:0.7"
    path.write_text("\n".join(lines) + "\n")
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--folds", "1", "--learners", "ranknet"]
    assert realdata.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"error: {path}, line 3: feature id 1 appears twice."


def test_an_out_file_that_cannot_be_written_loses_neither_the_tables_nor_a_clear_error(
    mslr, tmp_path, capsys
):
    (tmp_path / "taken").write_text("a file, not a folder")
    out = tmp_path / "taken" / "run.json"
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--folds", "1", "--learners", "ranknet"]
    assert realdata.main([*argv, "--epochs", "1", "--out", str(out)]) == 2
    printed = capsys.readouterr()
    assert printed.out.startswith("MSLR-WEB10K: RankNet (ranknet)")  # the run's tables are not lost
    err = printed.err.strip().splitlines()
    assert err[-1].startswith(f"error: cannot write --out {out}: ")


def test_the_command_line_refuses_a_missing_published_file(mslr, tmp_path, capsys):
    argv = ["--data", str(mslr), "--dataset", "mslr-web10k", "--published", str(tmp_path / "none.yaml")]
    assert realdata.main(argv) == 2
    assert "none.yaml: no such file" in capsys.readouterr().err
