"""Import a script by path, as a fresh module: what is tested as a script (``tools/run.py``, which runs on
any Python before the course's environment exists, ``tools/check_setup.py``, the benchmarks). The other
modules of ``tools/`` are imported as the package they are (``from tools import base``), and the
build's as ``ndcg_book``'s (``from ndcg_book.generate import notebooks``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path


def load_script(path: Path, name: str):
    """Import the Python file ``path`` as a module called ``name`` (a new module on every call)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
