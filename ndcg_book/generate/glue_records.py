"""The book's computed values, as one JSON file, to compare two builds.

Every number the book's prose shows is glued from a notebook cell, and every
executed page stores its outputs. A refactoring that moves code around (a module
renamed, a page moved to another folder) must change none of them. This step
reads a built book (``_build/jupyter_execute``, written by ``make book``) and
writes, for every executed page, keyed by the page's file name without its
folder (pages may move between folders):

* every glued value (myst-nb's ``*.glue.json``): its ``text/plain`` (and
  ``text/markdown``, ``text/html`` when it has them);
* every stored output, cell by cell: its text, and a SHA-256 of each image.

Usage::

    python -m ndcg_book glue-records dump [BUILD] --out before.json
    python -m ndcg_book glue-records compare before.json after.json

``compare`` lists every key that differs, went missing or is new, and exits
with 1 when there is any. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

#: The text forms of an output that are compared as text.
TEXT = ("text/plain", "text/markdown", "text/html", "text/latex")
#: The images, compared by their SHA-256.
IMAGES = ("image/png", "image/svg+xml", "image/jpeg")


def _texts(data: dict) -> dict[str, str]:
    """An output's data reduced to comparable strings: text as text, images as hashes."""
    out = {}
    for mime in TEXT:
        if mime in data:
            value = data[mime]
            out[mime] = "".join(value) if isinstance(value, list) else str(value)
    for mime in IMAGES:
        if mime in data:
            value = data[mime]
            value = "".join(value) if isinstance(value, list) else str(value)
            out[mime] = "sha256:" + hashlib.sha256(value.encode()).hexdigest()
    return out


def _output(output: dict) -> dict[str, str]:
    kind = output.get("output_type")
    if kind == "stream":
        text = output.get("text", "")
        return {output.get("name", "stream"): "".join(text) if isinstance(text, list) else text}
    if kind == "error":
        return {"error": f"{output.get('ename')}: {output.get('evalue')}"}
    return _texts(output.get("data", {}))


def records(build: Path) -> dict[str, dict[str, str]]:
    """Every glued value and stored output under ``build/jupyter_execute``, keyed by page and place.

    Raises
    ------
    FileNotFoundError
        If ``build`` holds no executed page (the book was not built).
    ValueError
        If two executed pages share a file name (the keys would collide).
    """
    executed = build / "jupyter_execute"
    notebooks = sorted(executed.rglob("*.ipynb"))
    if not notebooks:
        raise FileNotFoundError(f"build: no executed page under {executed}; run `make book` first.")
    found: dict[str, dict[str, str]] = {}
    pages: dict[str, Path] = {}
    for notebook in notebooks:
        page = notebook.stem
        if page in pages:
            raise ValueError(
                f"build: two executed pages are both called {page!r}: {pages[page]} and {notebook}"
            )
        pages[page] = notebook
        glue = notebook.with_suffix(".glue.json")
        if glue.exists():
            for name, output in json.loads(glue.read_text(encoding="utf-8")).items():
                found[f"{page}/glue/{name}"] = _output(output)
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = [cell for cell in cells if cell.get("cell_type") == "code"]
        for n, cell in enumerate(code):
            for i, output in enumerate(cell.get("outputs", [])):
                found[f"{page}/cell{n}/output{i}"] = _output(output)
    return found


def _around_first_difference(old: str, new: str, width: int = 60) -> tuple[str, str]:
    """The two texts from a little before the first character where they differ.

    >>> _around_first_difference("mean 0.578 in 64 ms", "mean 0.578 in 58 ms", width=8)
    ('… in 64 m', '… in 58 m')
    """
    at = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    start = max(0, at - width // 2)
    mark = "…" if start else ""
    return mark + old[start : start + width], mark + new[start : start + width]


def compare(before: dict, after: dict) -> list[str]:
    """The differences between two dumps, one line each (empty when they are equal)."""
    lines = []
    for key in sorted(set(before) | set(after)):
        if key not in after:
            lines.append(f"missing after: {key}")
        elif key not in before:
            lines.append(f"new after:     {key}")
        elif before[key] != after[key]:
            for mime in sorted(set(before[key]) | set(after[key])):
                old, new = before[key].get(mime), after[key].get(mime)
                if old != new:
                    old, new = _around_first_difference(str(old), str(new))
                    lines.append(f"changed:       {key} [{mime}]: {old!r} -> {new!r}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book glue-records", description=__doc__.split("\n\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    dump = commands.add_parser("dump", help="write the records of a built book")
    dump.add_argument("build", nargs="?", default="_build", help="the build folder (default: _build)")
    dump.add_argument("--out", required=True, help="the JSON file to write")
    diff = commands.add_parser("compare", help="list what differs between two dumps")
    diff.add_argument("before")
    diff.add_argument("after")
    args = parser.parse_args(argv)
    if args.command == "dump":
        found = records(Path(args.build))
        Path(args.out).write_text(
            json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8"
        )
        glued = sum(1 for key in found if "/glue/" in key)
        print(f"{len(found)} records ({glued} glued values) from {args.build} -> {args.out}")
        return 0
    before = json.loads(Path(args.before).read_text(encoding="utf-8"))
    after = json.loads(Path(args.after).read_text(encoding="utf-8"))
    lines = compare(before, after)
    for line in lines:
        print(line)
    print(f"{len(before)} records before, {len(after)} after; {len(lines)} differences")
    return 1 if lines else 0
