"""The two installs: the participant's light set and the full one (the locks they install are
tested in test_locks.py, the Python they need in test_pythons.py).

* Each command installs only the lock it needs, with uv (pip where uv cannot be had), and a
  command that cannot do its job says so before installing anything.
* ``setup`` makes the venv and installs into it once, until a lock or ``pyproject.toml`` is
  newer than its stamp.
* ``check`` then ``lab`` in a fresh copy of the course (the course zip, unzipped; marked
  ``install``): the venv then holds exactly the participant lock, no bigger than its recorded size,
  and neither prints what a newcomer would read as a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# The fake repository (repo) and the recorder of commands (calls) are fixtures of tests/tools/conftest.py.
from tests.tools.helpers import LOCK, REPO, age, commands, run
from tests.tools.lock_helpers import LIBRARY_USE, LIGHT, SYSTEMS, pins_here
from tools import base, install, install_size

# The light install and the full one ------------------------------------------------------------


def uv_installs(recorded) -> list[list[str]]:
    """What setup asked pip and uv to install: pip's uv, uv's sync and uv's editable ndcg."""
    found = []
    for command in commands(recorded):
        if command[1:4] == ["-m", "pip", "install"]:
            found.append(["pip", *command[-1:]])
        elif command[1:3] in (["pip", "sync"], ["pip", "install"]):
            found.append([command[2], command[-1]])
    return found


def test_check_installs_only_the_participant_set(repo, calls):
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main(["check"]) == 0
    python = str(repo / ".venv" / "bin" / "python")
    assert uv_installs(calls) == [
        ["pip", "uv==0.13.9"],
        ["sync", "requirements-participant.txt"],
        ["install", "."],
    ]
    assert not [command for command in commands(calls) if "--compile-bytecode" in command], (
        "a learner's Python compiles what it imports as it goes: the light set stays light"
    )
    # the check itself: one Python, which imports the package, then runs nbval in-process
    assert commands(calls)[3] == [python, "tools/check_setup.py"] and len(commands(calls)) == 4
    assert install.stamp_is_fresh(repo, False, install.PARTICIPANT) and not install.stamp_is_fresh(
        repo, False, install.FULL
    )
    calls.clear()
    assert run.main(["check"]) == 0
    assert len(calls) == 1, "a second check installs nothing"
    calls.clear()
    assert run.main(["test"]) == 0
    assert uv_installs(calls)[:2] == [["pip", "uv==0.13.9"], ["sync", "requirements.txt"]], (
        "make test syncs the full set"
    )
    # compiled once at install: the tooling's Pythons (kernels, builds, test workers) then only read
    # bytecode, even where they may not write it; the participant's light set above was not
    syncs = [command for command in commands(calls) if command[1:3] == ["pip", "sync"]]
    assert syncs and all("--compile-bytecode" in command for command in syncs), syncs
    assert install.stamp_is_fresh(repo, False, install.FULL)


@pytest.mark.parametrize("name", ["check", "lab", "participant-pack", "solutions"])
def test_the_participant_s_commands_install_only_the_participant_set(name, repo, calls):
    assert run.COMMANDS[name].lock == install.PARTICIPANT
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main([name]) == 0
    assert ["sync", "requirements-participant.txt"] in uv_installs(calls)
    assert "requirements.txt" not in [word for command in commands(calls) for word in command]


def test_spark_installs_its_set_on_top_of_the_full_one_and_a_full_sync_takes_it_away(repo, calls):
    assert run.COMMANDS["spark"].lock == install.SPARK
    assert install.is_installed(repo, False, install.SPARK)
    (repo / install.SPARK.stamp).unlink()
    assert not install.is_installed(repo, False, install.SPARK)
    assert run.main(["spark", "--install-only"]) == 0
    # the full set is fresh: only the spark set, installed (not synced: the full set stays)
    assert uv_installs(calls)[1:] == [["install", "requirements-spark.txt"]]
    assert install.is_installed(repo, False, install.SPARK)
    calls.clear()
    assert run.main(["spark", "--install-only"]) == 0
    assert calls == [], "installed once"
    (repo / install.FULL.stamp).unlink()  # the full lock changes: a sync removes what it does not list
    assert run.main(["spark", "--install-only"]) == 0
    assert [step[0] for step in uv_installs(calls)[1:]] == ["sync", "install", "pip", "install"]
    assert uv_installs(calls)[-1] == ["install", "requirements-spark.txt"]
    assert install.is_installed(repo, False, install.SPARK)


def test_the_developer_s_commands_install_the_full_set():
    participant = {name for name, command in run.COMMANDS.items() if command.lock == install.PARTICIPANT}
    assert participant == {"check", "lab", "participant-pack", "solutions"}
    for name in ("book", "test", "pdf", "lint", "nbval", "notebooks", "exercises", "setup"):
        assert run.COMMANDS[name].lock == install.FULL, name


def test_solutions_without_the_solutions_says_where_they_are_before_installing(repo, calls, capsys):
    import shutil

    shutil.rmtree(repo / "notebooks" / "solutions")
    for stamp in (install.FULL.stamp, install.PARTICIPANT.stamp):
        (repo / stamp).unlink()
    assert run.main(["solutions"]) == 1
    assert calls == [], "nothing installed"
    err = capsys.readouterr().err
    assert "no solutions" in err and "Practise" in err and "ndcg-solutions-<version>.zip" in err


def test_a_pack_without_student_notebooks_says_so_before_installing(repo, calls, capsys):
    (repo / "exercises" / "00_why.ipynb").unlink()
    (repo / install.PARTICIPANT.stamp).unlink()
    assert run.main(["participant-pack"]) == 1
    assert calls == [] and "No student notebooks" in capsys.readouterr().err


def test_a_participant_command_keeps_a_venv_that_held_the_full_set(repo, calls):
    (repo / "requirements.txt").touch()
    (repo / "requirements-participant.txt").touch()
    age(repo / install.FULL.stamp, 120)
    age(repo / install.PARTICIPANT.stamp, 120)
    assert run.main(["check"]) == 0
    assert ["sync", "requirements.txt"] in uv_installs(calls), "check never strips the book's tooling"


def test_check_leaves_a_full_install_alone(repo, calls):
    (repo / install.PARTICIPANT.stamp).unlink()
    assert install.stamp_is_fresh(repo, False, install.FULL)
    assert run.main(["check"]) == 0
    assert [command[1] for command in commands(calls)] == ["tools/check_setup.py"], "only the check's own"
    assert not (repo / install.PARTICIPANT.stamp).exists()


def test_a_full_install_counts_as_the_participant_set(repo, calls):
    (repo / install.FULL.stamp).unlink()
    (repo / install.PARTICIPANT.stamp).unlink()
    install.setup()
    assert install.stamp_is_fresh(repo, False, install.FULL) and install.stamp_is_fresh(
        repo, False, install.PARTICIPANT
    )


def test_check_on_windows_uses_the_scripts_folder(repo, calls, monkeypatch):
    monkeypatch.setattr(base, "WINDOWS", True)
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    assert run.main(["check"]) == 0
    scripts = repo / ".venv" / "Scripts"
    assert {command[0] for command in commands(calls)} == {
        str(scripts / "python.exe"),
        str(scripts / "uv.exe"),
    }
    assert ["sync", "requirements-participant.txt"] in uv_installs(calls)


@pytest.mark.parametrize("name", ["check", "lab"])
def test_wheelhouse_installs_without_the_index(name, repo, calls, tmp_path_factory):
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    with pytest.raises(SystemExit, match="--wheelhouse nowhere: no such folder of wheels"):
        run.main([name, "--wheelhouse", "nowhere"])
    assert calls == [], "said before anything is made or installed"
    wheels = tmp_path_factory.mktemp("wheelhouse")
    (wheels / "pip-26.3-py3-none-any.whl").write_bytes(b"")
    assert run.main([name, "--wheelhouse", str(wheels)]) == 0
    installs = [command for command in commands(calls) if "install" in command[:4] or "sync" in command[:3]]
    assert len(installs) == 3
    offline = ["--no-index", "--find-links", str(wheels)]
    assert all(" ".join(offline) in " ".join(command) for command in installs)


# setup: the venv, its stamps, uv or pip --------------------------------------------------------


def test_fresh_stamp_skips_setup(repo, calls):
    assert install.stamp_is_fresh(repo, windows=False)
    install.setup()
    assert calls == []


def test_stamp_older_than_requirements_or_pyproject_is_stale(repo):
    for name in ("requirements.txt", "pyproject.toml"):
        (repo / name).touch()
        age(repo / install.STAMP, 120)
        assert not install.stamp_is_fresh(repo, windows=False)
        (repo / install.STAMP).touch()
        assert install.stamp_is_fresh(repo, windows=False)


def test_stamp_without_venv_python_is_stale(repo):
    base.venv_python(repo, windows=True).unlink()
    assert install.stamp_is_fresh(repo, windows=False)
    assert not install.stamp_is_fresh(repo, windows=True)
    (repo / install.STAMP).unlink()
    assert not install.stamp_is_fresh(repo, windows=False)


def test_setup_creates_the_venv_then_installs(repo, calls, monkeypatch):
    shutil.rmtree(repo / ".venv")
    record = subprocess.run

    def make_venv(command, cwd=None, env=None, **options):
        if command[1:3] == ["-m", "venv"]:
            base.venv_python(repo, windows=False).parent.mkdir(parents=True)
            base.venv_python(repo, windows=False).touch()
        return record(command, cwd=cwd, env=env)

    monkeypatch.setattr(subprocess, "run", make_venv)
    install.setup()
    python = str(repo / ".venv" / "bin" / "python")
    uv = str(repo / ".venv" / "bin" / "uv")
    assert commands(calls) == [
        [sys.executable, "-m", "venv", ".venv"],
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv==0.13.9"],
        [uv, "pip", "sync", "--python", python, "--quiet", "--compile-bytecode", "requirements.txt"],
        [uv, "pip", "install", "--python", python, "--quiet", "--no-deps", "--no-build-isolation", "-e", "."],
    ]
    assert install.stamp_is_fresh(repo, windows=False)
    config = json.loads((repo / ".venv" / "etc" / "jupyter" / "jupyter_config.json").read_text())
    assert config["KernelManager"] == config["MappingKernelManager"] == {"transport_encryption": "auto"}


def test_without_uv_pip_installs_the_same_pins_and_says_so_in_one_line(repo, monkeypatch, capsys):
    seen, envs = [], []
    monkeypatch.setenv("PYTHONWARNINGS", "error::ResourceWarning")

    def no_uv(command, cwd=None, env=None, **options):
        seen.append(command)
        envs.append(env)
        return subprocess.CompletedProcess(command, 1 if command[-1].startswith("uv==") else 0)

    monkeypatch.setattr(subprocess, "run", no_uv)
    (repo / install.PARTICIPANT.stamp).unlink()
    (repo / install.FULL.stamp).unlink()
    install.setup(None, install.PARTICIPANT)
    python = str(repo / ".venv" / "bin" / "python")
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    assert seen == [
        [*pip, "uv==0.13.9"],
        [*pip, "--upgrade", "pip==26.3"],
        [*pip, "-r", ".venv/requirements-participant.txt"],
        [*pip, "--no-deps", "-e", "."],
    ]
    # setuptools' boxed note on an editable install is filtered out of the build (pip 26 shows it).
    assert envs[-1]["PYTHONWARNINGS"] == "error::ResourceWarning,ignore:Editable installation"
    assert envs[:-1] == [None, None, None]
    # The lock, without the uv that could not be had: pip would fail on that pin.
    kept = (repo / ".venv" / "requirements-participant.txt").read_text()
    assert kept == LOCK.replace("uv==0.13.9\n", "")
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if "uv" in line and "pip" in line and "instead" in line] == [
        "uv could not be installed here: installing with pip instead (slower, same pins)."
    ]
    assert install.stamp_is_fresh(repo, False, install.PARTICIPANT)


def test_stale_stamp_reinstalls_into_the_existing_venv(repo, calls):
    (repo / "requirements.txt").touch()
    age(repo / install.STAMP, 120)
    run.main(["benchmark"])
    assert [command[1:3] for command in commands(calls)[:3]] == [
        ["-m", "pip"],
        ["pip", "sync"],
        ["pip", "install"],
    ]
    assert commands(calls)[1][-1] == "requirements.txt"
    assert commands(calls)[3][1] == "benchmarks/bench_ndcg_score.py"
    assert install.stamp_is_fresh(repo, windows=False)


# A fresh copy: check, then lab, and what the venv then holds --------------------------------------

LIMIT_MB = 450
#: How much bigger than its recorded size (tools/install-size.json) a fresh participant venv may be:
#: the same pins give the same files; the margin is for the byte-compiled caches that running the
#: check and JupyterLab writes, and for file-system block sizes.
SIZE_TOLERANCE = 0.05
#: What a newcomer must not read as a failure in the set-up's output.
NOISE = (
    "Kernel is running over TCP without encryption",
    "Please be careful with folders in your working directory",
    "Traceback",
)


def plain_env(tmp_path: Path) -> dict[str, str]:
    """This environment as on a plain machine: no pip or uv settings, no Jupyter config of the user's
    (a config folder of its own: JupyterLab without a browser, on a free port, and as root in CI; a
    runtime folder of its own, where the test finds the kernel's connection file)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PIP_", "UV_", "JUPYTER"))}
    config = tmp_path / "jupyter-config"
    config.mkdir()
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"open_browser": False, "allow_root": True, "port": 0}})
    )
    return {
        **env,
        "PIP_CONFIG_FILE": os.devnull,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "jupyter-runtime"),
    }


def start_and_stop_lab(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 240):
    """Start ``tools/run.py lab``, start a kernel through JupyterLab's REST API, let it settle, then
    stop the server (Ctrl-C to its process group); returns the kernel's model and everything printed."""
    import http.cookiejar
    import signal
    import time
    import urllib.request

    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    log, url, kernel = [], None, None
    try:
        deadline = time.monotonic() + timeout
        while url is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            log.append(line)
            match = re.search(r"(http://127\.0\.0\.1:\d+)/lab\?token=(\w+)", line)
            if match:
                url, token = match.groups()
        assert url, "JupyterLab did not start:\n" + "".join(log)
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(jar)
        )
        # The URL is printed as the server starts listening: asked again until it answers.
        while True:
            try:
                opener.open(f"{url}/lab?token={token}", timeout=60).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        xsrf = next(cookie.value for cookie in jar if cookie.name == "_xsrf")
        request = urllib.request.Request(
            f"{url}/api/kernels",
            data=b'{"name": "python3"}',
            method="POST",
            headers={
                "Authorization": f"token {token}",
                "X-XSRFToken": xsrf,
                "Content-Type": "application/json",
            },
        )
        kernel = json.load(opener.open(request, timeout=60))
        # The kernel has started when it answers (its connection file is in the runtime folder the
        # environment names); a second more for it and the server to say what they have to say.
        from queue import Empty

        from jupyter_client import BlockingKernelClient

        client = BlockingKernelClient(
            connection_file=str(Path(env["JUPYTER_RUNTIME_DIR"]) / f"kernel-{kernel['id']}.json")
        )
        client.load_connection_file()
        client.start_channels(hb=False)  # a heartbeat not yet beating reads as a dead kernel under load
        try:
            replied = False
            while not replied and time.monotonic() < deadline:
                client.kernel_info()
                with contextlib.suppress(Empty):  # no answer within a second: ask again
                    replied = client.get_shell_msg(timeout=1)["msg_type"] == "kernel_info_reply"
            assert replied, "the kernel never answered"
        finally:
            client.stop_channels()
        time.sleep(1)
    finally:
        for _ in range(2):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
                time.sleep(1)
        try:
            out, _ = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, _ = process.communicate()
        log.append(out)
    return kernel, "".join(log)


@pytest.mark.install
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the sizes are measured on Linux")
def test_check_then_lab_in_a_fresh_copy_install_exactly_the_participant_lock(tmp_path):
    # The course zip, unzipped: what a learner gets. check installs and checks; lab starts
    # JupyterLab (a kernel started in it, then stopped). Neither installs more than the light set.
    from ndcg_book import course_files

    with zipfile.ZipFile(course_files.course_zip(REPO, tmp_path)) as archive:
        archive.extractall(tmp_path / "copy")
    (course,) = (tmp_path / "copy").iterdir()
    env = plain_env(tmp_path)
    base = getattr(sys, "_base_executable", sys.executable)  # a Python outside this venv, like a learner's
    check = subprocess.run(
        [base, "tools/run.py", "check"], cwd=course, env=env, capture_output=True, text=True, timeout=900
    )
    output = check.stdout + check.stderr
    assert check.returncode == 0, output[-4000:]
    assert "uv pip sync" in output and "All set: your setup is ready for the workshop." in output
    kernel, lab_output = start_and_stop_lab([base, "tools/run.py", "lab"], course, env)
    assert kernel["name"] == "python3"
    assert "pip install" not in lab_output and "uv pip" not in lab_output, "lab installs nothing after check"
    for words in NOISE:
        assert words not in output and words not in lab_output, words

    venv = course / ".venv"
    python = venv / "bin" / "python"
    frozen = subprocess.run(
        [str(venv / "bin" / "uv"), "pip", "freeze", "--python", str(python)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installed = {
        install.canonical(line.split("==")[0]): line.split("==")[1]
        for line in frozen.splitlines()
        if "==" in line
    }
    lock = (REPO / "requirements-participant.txt").read_text(encoding="utf-8")
    assert installed == pins_here(lock, SYSTEMS["linux"]), "exactly the participant lock, nothing else"
    assert [line for line in frozen.splitlines() if "==" not in line] == [f"-e file://{course.as_posix()}"]

    used = subprocess.run(
        [str(python), "-c", LIBRARY_USE], check=True, cwd=tmp_path, capture_output=True, text=True
    )
    assert {install.canonical(name) for name in json.loads(used.stdout)} - {"ndcg"} <= set(LIGHT)
    record = json.loads((REPO / install_size.RECORD).read_text(encoding="utf-8"))["participant"]
    measured = install_size.measure(venv)
    print(f"\nparticipant set: {measured['packages']} distributions, {measured['mb']} MB in {venv}")
    assert measured["packages"] == record["packages"]
    assert measured["mb"] <= record["mb"] * (1 + SIZE_TOLERANCE), (measured["mb"], record["mb"])
    assert measured["mb"] <= LIMIT_MB


def test_the_setup_page_quotes_what_check_prints_and_each_system_s_command(repo, calls, capsys):
    page = (REPO / "learners" / "setup.md").read_text(encoding="utf-8")
    assert run.main(["check"]) == 0  # its commands recorded, not run
    final = capsys.readouterr().out.splitlines()[-1]
    assert final.startswith("All set: ") and f"\n{final}\n" in page, "the page shows check's last line"
    for words in ("python3 tools/run.py check", "py tools\\run.py check", "--wheelhouse", "python3-venv"):
        assert words in page, words
    assert "tools/install-size.json" in page and "required_python" in page, "numbers read, not typed"


def test_the_recorded_measurement_is_of_the_current_locks():
    record = json.loads((REPO / install_size.RECORD).read_text(encoding="utf-8"))
    # The locks hold every system's pins: count what installs on the measured system.
    for kind, path in (("participant", "requirements-participant.txt"), ("full", "requirements.txt")):
        measured_on = record[kind]["system"].rsplit(", ", 1)[-1].split()[0]
        environment = SYSTEMS[{"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}[measured_on]]
        lock = (REPO / path).read_text(encoding="utf-8")
        assert record[kind]["packages"] == len(pins_here(lock, environment)), kind
    assert 0 < record["participant"]["mb"] <= LIMIT_MB < record["full"]["mb"]
    assert record["participant"]["python"].startswith("3.11")
