"""A small Sphinx project built in the test's process: what the extensions' tests share."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

#: What a build says that is the test's doing, not the extension's: docutils registers nodes and
#: directives process-wide, so a second small build in one pytest worker says each is registered.
NOISE = ("is already registered",)


def build(src: Path, out: Path, noise: tuple[str, ...] = ()) -> tuple[Path, str]:
    """Build the HTML of the Sphinx project ``src`` (its ``conf.py`` and pages) under ``out``;
    return the HTML folder and the build's warnings, less :data:`NOISE` and ``noise``."""
    from sphinx.application import Sphinx

    warnings = StringIO()
    app = Sphinx(
        str(src), str(src), str(out / "html"), str(out / "doctrees"), "html",
        status=None, warning=warnings, freshenv=True,
    )  # fmt: skip
    app.build()
    said = [
        line
        for line in warnings.getvalue().splitlines()
        if not any(text in line for text in (*NOISE, *noise))
    ]
    return out / "html", "\n".join(said)


def parts_setup(*parts: str, root: Path | None = None) -> str:
    """Python source of a ``setup(app)`` that registers only these parts of the book's extension
    (``ndcg_book.<part>.register``), for a ``conf.py`` or a small extension module of a fixture book;
    with ``root``, that folder (the course's) goes on the path first, so that ``ndcg_book`` imports."""
    names = ", ".join(parts)
    path = f"import sys\n\nsys.path.insert(0, {str(root)!r})\n" if root is not None else ""
    return (
        f"{path}from ndcg_book import {names}\n\n\ndef setup(app):\n"
        f"    for part in ({names},):\n        part.register(app)\n"
        '    return {"parallel_read_safe": True, "parallel_write_safe": True}\n'
    )
