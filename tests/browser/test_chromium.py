"""How the browser tests and the print find their browser (tools/chromium.py) and start it
(ndcg_book/pdf/browser.py), without a browser."""

from __future__ import annotations

import os
import shutil
import stat
import sys

import pytest

from ndcg_book.pdf import browser
from tools import chromium as browser_setup

POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="executable bits and PATH names are POSIX here")


def fake_browser(folder, name: str, executable: bool = True) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR if executable else stat.S_IRUSR | stat.S_IWUSR)
    return str(path)


@pytest.fixture
def clean(monkeypatch, tmp_path):
    """No CHROMIUM, an empty PATH, and no install path that exists: nothing to find."""
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(browser_setup, "install_paths", lambda platform=None, environ=None: [])
    return monkeypatch


@POSIX_ONLY
def test_chromium_variable_comes_first(clean, tmp_path):
    on_path = fake_browser(tmp_path / "bin", "chromium")
    chosen = fake_browser(tmp_path / "elsewhere", "my-chrome")
    clean.setenv("PATH", str(tmp_path / "bin"))
    assert browser_setup.find_chromium() == on_path
    clean.setenv("CHROMIUM", chosen)
    assert browser_setup.find_chromium() == chosen


@POSIX_ONLY
def test_chromium_variable_may_name_a_command_on_path(clean, tmp_path):
    found = fake_browser(tmp_path / "bin", "brave-browser")
    clean.setenv("PATH", str(tmp_path / "bin"))
    clean.setenv("CHROMIUM", "brave-browser")
    assert browser_setup.find_chromium() == found


@pytest.mark.parametrize("value", ["/no/such/chromium", "no-such-browser-command"])
def test_a_wrong_chromium_variable_is_an_error_not_a_skip(clean, tmp_path, value):
    fake_browser(tmp_path / "bin", "chromium")
    clean.setenv("PATH", str(tmp_path / "bin"))
    clean.setenv("CHROMIUM", value)
    with pytest.raises(browser_setup.BadChromiumSetting, match=f"CHROMIUM='{value}'"):
        browser_setup.find_chromium()


@POSIX_ONLY
def test_a_non_executable_chromium_variable_is_an_error(clean, tmp_path):
    clean.setenv("CHROMIUM", fake_browser(tmp_path, "chromium", executable=False))
    with pytest.raises(browser_setup.BadChromiumSetting):
        browser_setup.find_chromium()


@POSIX_ONLY
@pytest.mark.parametrize("name", browser_setup.NAMES)
def test_each_usual_name_is_found_on_path(clean, tmp_path, name):
    found = fake_browser(tmp_path / "bin", name)
    clean.setenv("PATH", str(tmp_path / "bin"))
    assert browser_setup.find_chromium() == found


@POSIX_ONLY
def test_names_are_tried_in_order_across_path(clean, tmp_path):
    fake_browser(tmp_path / "first", "msedge")
    chromium = fake_browser(tmp_path / "second", "chromium")
    clean.setenv("PATH", os.pathsep.join([str(tmp_path / "first"), str(tmp_path / "second")]))
    assert browser_setup.find_chromium() == chromium


@POSIX_ONLY
@pytest.mark.parametrize("shell", browser_setup.HEADLESS_SHELLS)
def test_the_browser_tests_take_a_headless_shell_first_and_the_print_the_browser(clean, tmp_path, shell):
    chromium = fake_browser(tmp_path / "first", "chromium")
    headless = fake_browser(tmp_path / "second", shell)
    clean.setenv("PATH", os.pathsep.join([str(tmp_path / "first"), str(tmp_path / "second")]))
    assert browser_setup.find_chromium(headless_shell=True) == headless
    assert browser_setup.find_chromium() == chromium
    clean.setenv("CHROMIUM", "chromium")
    assert browser_setup.find_chromium(headless_shell=True) == chromium


@POSIX_ONLY
def test_without_a_headless_shell_the_browser_tests_take_the_browser(clean, tmp_path):
    chromium = fake_browser(tmp_path / "bin", "chromium")
    clean.setenv("PATH", str(tmp_path / "bin"))
    assert browser_setup.find_chromium(headless_shell=True) == chromium


def test_the_browser_tests_run_in_a_headless_shell_where_the_machine_has_one(chromium_executable):
    """On a machine with a headless shell on PATH (CI installs Debian's), the fixture picks it:
    the suite's time budget counts on it."""
    if os.environ.get("CHROMIUM"):
        pytest.skip("CHROMIUM names the browser to test with")
    shells = [found for name in browser_setup.HEADLESS_SHELLS if (found := shutil.which(name))]
    if not shells:
        pytest.skip("no headless shell on PATH")
    assert chromium_executable == shells[0]


@POSIX_ONLY
def test_a_non_executable_file_on_path_is_skipped(clean, tmp_path):
    fake_browser(tmp_path / "bin", "chromium", executable=False)
    edge = fake_browser(tmp_path / "bin", "msedge")
    clean.setenv("PATH", str(tmp_path / "bin"))
    assert browser_setup.find_chromium() == edge


@POSIX_ONLY
def test_install_paths_come_after_path(clean, tmp_path):
    installed = fake_browser(tmp_path / "opt", "chrome")
    missing = str(tmp_path / "nowhere" / "chromium")
    clean.setattr(browser_setup, "install_paths", lambda platform=None, environ=None: [missing, installed])
    assert browser_setup.find_chromium() == installed
    on_path = fake_browser(tmp_path / "bin", "google-chrome")
    clean.setenv("PATH", str(tmp_path / "bin"))
    assert browser_setup.find_chromium() == on_path


def test_nothing_found_is_none(clean):
    assert browser_setup.find_chromium() is None


def test_install_paths_follow_the_running_platform(monkeypatch):
    for platform, expected in [
        ("linux", "/usr/bin/chromium"),
        ("darwin", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"),
        ("win32", r"\Google\Chrome\Application\chrome.exe"),
    ]:
        monkeypatch.setattr(sys, "platform", platform)
        assert any(path.endswith(expected) for path in browser_setup.install_paths())


def test_linux_install_paths():
    paths = browser_setup.install_paths("linux", {})
    assert paths[:3] == ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]
    assert "/usr/bin/google-chrome" in paths


def test_macos_install_paths():
    paths = browser_setup.install_paths("darwin", {"HOME": "/Users/ana"})
    assert paths[0] == "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    assert "/Applications/Chromium.app/Contents/MacOS/Chromium" in paths
    assert "/Users/ana/Applications/Chromium.app/Contents/MacOS/Chromium" in paths


def test_windows_install_paths_use_the_environment():
    environ = {
        "PROGRAMFILES": r"D:\Programs",
        "PROGRAMFILES(X86)": r"D:\Programs (x86)",
        "LOCALAPPDATA": r"D:\Users\ana\AppData\Local",
    }
    paths = browser_setup.install_paths("win32", environ)
    assert r"D:\Programs\Google\Chrome\Application\chrome.exe" in paths
    assert r"D:\Programs (x86)\Google\Chrome\Application\chrome.exe" in paths
    assert r"D:\Users\ana\AppData\Local\Google\Chrome\Application\chrome.exe" in paths
    assert r"D:\Programs (x86)\Microsoft\Edge\Application\msedge.exe" in paths
    defaults = browser_setup.install_paths("win32", {})
    assert r"C:\Program Files\Google\Chrome\Application\chrome.exe" in defaults
    assert r"C:\Program Files (x86)\Microsoft\Edge\Application\msedge.exe" in defaults


def test_windows_install_paths_are_used_on_windows(monkeypatch, tmp_path):
    # On a Windows machine the install paths of that platform are tried (after PATH).
    installed = fake_browser(tmp_path / "Google" / "Chrome" / "Application", "chrome.exe")
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("PROGRAMFILES", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(browser_setup.ntpath, "join", os.path.join)  # this OS's separator
    assert browser_setup.find_chromium() == installed


@pytest.mark.parametrize(
    "platform, advice",
    [
        ("linux", "sudo apt-get install chromium"),
        ("darwin", "install Google Chrome or Chromium"),
        ("win32", "install Google Chrome or Chromium"),
    ],
)
def test_the_skip_message_says_how_to_get_a_browser(platform, advice):
    message = browser_setup.missing_message(platform)
    assert advice in message
    assert "CHROMIUM=" in message


def test_the_skip_message_follows_the_running_platform(monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")
    assert "macOS" in browser_setup.missing_message()
    monkeypatch.setattr(sys, "platform", "linux")
    assert "apt-get install chromium" in browser_setup.missing_message()


def test_launch_uses_the_found_browser_headless_with_the_usual_arguments():
    # Playwright is always given the browser: it must never fetch one of its own.
    calls = []

    class FakeChromium:
        def launch(self, **kwargs):
            calls.append(kwargs)
            return "launched"

    class FakePlaywright:
        chromium = FakeChromium()

    assert browser.launch(FakePlaywright(), "/opt/chromium") == "launched"
    assert calls == [
        {
            "executable_path": "/opt/chromium",
            "headless": True,
            "args": [
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        }
    ]


def test_book_html_follows_ndcg_book_html(tmp_path):
    assert browser_setup.book_html({}) == browser_setup.ROOT / "_build" / "html"
    assert (
        browser_setup.book_html({"NDCG_BOOK_HTML": "elsewhere/html"}) == browser_setup.ROOT / "elsewhere/html"
    )
    assert browser_setup.book_html({"NDCG_BOOK_HTML": str(tmp_path)}) == tmp_path
