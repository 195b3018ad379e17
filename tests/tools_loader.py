"""Import the scripts of ``tools/`` by path, each as a fresh module: one loader for every test module."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_script(path: Path, name: str):
    """Import the Python file ``path`` as a module called ``name`` (a new module on every call)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_tool(stem: str, name: str | None = None):
    """Import ``tools/<stem>.py``, as ``name`` (default ``course_<stem>``)."""
    return load_script(TOOLS / f"{stem}.py", name or f"course_{stem}")
