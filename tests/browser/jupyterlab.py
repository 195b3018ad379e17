"""JupyterLab on loopback, for the browser tests that open notebooks in it.

A JupyterLab server on 127.0.0.1 on a free port, with a token, no browser of its own, a
temporary root folder holding copies of the play and exercise notebooks (and two canaries),
and temporary config, data, runtime, settings and workspace folders, so nothing of the user's
Jupyter setup leaks in; one Chromium page on it that refuses and records every request that
would leave 127.0.0.1. A test module takes the fixtures with
``lab, lab_page, play_page = jupyterlab.lab, jupyterlab.lab_page, jupyterlab.play_page``: each
module gets its own server (module scope), so one module's open notebooks and kernels never reach
another's; a module that reads notebooks and runs others uses a page for each.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

import pytest

from tools import chromium as browser_setup

ROOT = Path(__file__).resolve().parents[2]
SHOTS = browser_setup.book_html().parent / "screenshots"
PLAY = sorted((ROOT / "exercises" / "play").glob("*.ipynb"))
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
START_TIMEOUT = 90  # seconds for JupyterLab to answer
RENDER_TIMEOUT = 60_000  # milliseconds for a notebook to render
RUN_TIMEOUT = 180_000  # milliseconds for a notebook's cells to run and its views to be ready
#: The notebook in front.
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_settings(folder: Path) -> None:
    """JupyterLab user settings: every cell in the DOM, no news, no update check."""
    settings = {
        "notebook-extension/tracker": {"windowingMode": "none"},
        "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    for name, values in settings.items():
        path = folder / "@jupyterlab" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def api(base: str, token: str, path: str, method: str = "GET"):
    request = urllib.request.Request(
        f"{base}{path}", method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
    return json.loads(body) if body else None


#: A line of solution code that the canary notebooks show, to prove the check sees code.
CANARY_SECRET = "answer = the_solution_nobody_should_see(42)"


def canary(markdown: str) -> dict:
    """A small notebook that shows what the check must catch: ``markdown``, and a solution line."""
    cells = [
        {"cell_type": "markdown", "id": "md", "metadata": {}, "source": markdown},
        {
            "cell_type": "code",
            "id": "code",
            "metadata": {},
            "source": CANARY_SECRET,
            "outputs": [],
            "execution_count": None,
        },
    ]
    kernel = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }  # or JupyterLab asks for one
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


CANARIES = {
    "raw_myst": canary(":::{admonition} Recap\nDCG = {glue:text}`dcg:.3f`, in {doc}`02_dcg`.\n:::"),
    "solution": canary("Nothing but plain Markdown here."),
}


class Lab(NamedTuple):
    """A running JupyterLab: its base URL, its token, and the folder it serves."""

    base: str
    token: str
    root: Path


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium_executable):
    """A JupyterLab server on 127.0.0.1 serving copies of the notebooks (and the canaries); yields a :class:`Lab`."""
    if importlib.util.find_spec("jupyterlab") is None:
        pytest.skip("jupyterlab is not installed in this Python (it is pinned in requirements.txt)")
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "root"
    for folder, paths in (("play", PLAY), ("exercises", EXERCISES)):
        (root / folder).mkdir(parents=True)
        for path in paths:
            shutil.copy(path, root / folder / path.name)
    (root / "canary").mkdir()
    for name, notebook in CANARIES.items():
        (root / "canary" / f"{name}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    write_settings(home / "settings")
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
    }
    port, token = free_port(), secrets.token_hex(16)
    log = (home / "server.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if server.poll() is not None:
                pytest.fail(f"JupyterLab exited ({server.returncode}):\n{(home / 'server.log').read_text()}")
            try:
                api(base, token, "/api/status")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not answer in {START_TIMEOUT} s")
                time.sleep(0.5)
        yield Lab(base, token, root)
    finally:
        try:  # the server's own shutdown stops its kernels too, faster than a signal
            api(base, token, "/api/shutdown", method="POST")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def open_lab_page(browser, lab: Lab):
    """A new Chromium page with JupyterLab loaded from ``lab`` (its workspace reset).

    The server exposes the app (``expose_app_in_browser``), so a notebook is opened with
    JupyterLab's own command, ``docmanager:open``. Every request that would leave
    127.0.0.1 is refused and recorded in ``page.left``.
    """
    base, token = lab.base, lab.token
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.left = []

    def local_only(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1" or route.request.url.startswith("data:"):
            route.continue_()
        else:
            page.left.append(route.request.url)
            route.abort()

    page.route("**/*", local_only)
    page.goto(f"{base}/lab?reset&token={token}")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=RENDER_TIMEOUT)
    page.evaluate("() => window.jupyterapp.restored")
    return page


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """One JupyterLab page for the notebooks that are only read (loading JupyterLab once is most
    of the time)."""
    page = open_lab_page(browser, lab)
    yield page
    page.close()


@pytest.fixture(scope="module")
def play_page(browser, lab):
    """Another JupyterLab page, on the same server, for the notebooks that run: a page whose
    notebooks were only read and closed may still report JupyterLab's own errors of closing
    them ("Disposed"), which a test that fails on any page error must not see."""
    page = open_lab_page(browser, lab)
    yield page
    page.close()


def visible_notebook(page, path: str, notebook: dict) -> str:
    """Open the notebook at ``path`` (in the server's root) alone, wait until every cell and
    output is rendered, and return the notebook's visible text.

    A rendered Markdown cell's element exists before its Markdown is parsed into it, so the
    wait is for every one of them (and every output) to hold text, not only to exist.
    """
    n_cells = len(notebook["cells"])
    n_markdown = sum(cell["cell_type"] == "markdown" for cell in notebook["cells"])
    n_outputs = sum(len(cell.get("outputs", [])) for cell in notebook["cells"])
    page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', { path })", path)
    panel = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
    page.wait_for_function(
        """([panel, cells, markdown, outputs]) => {
            const all = (selector) => Array.from(document.querySelectorAll(`${panel} ${selector}`));
            const filled = (elements) => elements.every((element) => element.textContent.trim() !== "");
            const rendered = all(".jp-MarkdownCell .jp-RenderedMarkdown");
            const shown = all(".jp-OutputArea-output");
            return all(".jp-Cell").length === cells && rendered.length === markdown && filled(rendered)
                && shown.length >= outputs && filled(shown);
        }""",
        arg=[panel, n_cells, n_markdown, n_outputs],
        timeout=RENDER_TIMEOUT,
    )
    mode = page.evaluate(
        "() => Array.from(window.jupyterapp.shell.widgets('main'))"
        ".filter((widget) => widget.content && widget.content.notebookConfig)"
        ".map((widget) => widget.content.notebookConfig.windowingMode)[0]"
    )
    assert mode == "none", f"the settings did not reach JupyterLab: windowing mode {mode!r}"
    return page.locator(panel).inner_text()


def shut_kernels(lab) -> None:
    """Shut down the sessions a notebook opened (its kernel), so they do not pile up."""
    base, token = lab.base, lab.token
    for session in api(base, token, "/api/sessions"):
        api(base, token, f"/api/sessions/{session['id']}", method="DELETE")


def open_and_run_all(page, path: str) -> None:
    """Open ``path`` (or bring it forward when open), wait until its kernel is idle, and run
    every cell."""
    page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', { path })", path)
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=RENDER_TIMEOUT)
    page.wait_for_function(
        """() => {
            const panel = Array.from(window.jupyterapp.shell.widgets('main')).find((w) => w.sessionContext);
            return panel && panel.sessionContext.session && panel.sessionContext.session.kernel
                && panel.sessionContext.session.kernel.status === 'idle';
        }""",
        timeout=RUN_TIMEOUT,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
