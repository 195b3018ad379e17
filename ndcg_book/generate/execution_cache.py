"""Run the book's notebooks into Jupyter Book's execution cache, several at a time.

``make book`` empties the cache, then runs this before ``jupyter-book build``: each page of the
table of contents that myst-nb executes (a MyST Markdown notebook: its front matter names a
kernel) is read the way myst-nb reads it, executed the way myst-nb executes it in ``cache``
mode (jupyter-cache's ``single_nb_execution``, in the page's folder, with ``execute:`` of
``_config.yml``: its timeout, errors not allowed), and stored in the cache under the same key
(the notebook's code cells and kernel). Sphinx then finds every notebook there and executes
none; the Chinese edition's build takes the same outputs. One kernel per worker, as many workers
as the machine has cores (at most four): the notebooks are independent, and run one after the
other inside Sphinx they left a core idle for a minute and a half.

A notebook that fails is not stored: Sphinx then runs it itself and reports the error as it
always does (the cell, the traceback), so this step never hides one. A kernel that does not
start (two kernels started at once can be handed the same free port: "Address already in use",
then "Kernel didn't respond") is tried once more, then left to Sphinx the same way: it never
stops the build.

Usage (from the repository root, with the course's Python; ``make book`` calls it)::

    .venv/bin/python -m ndcg_book execution-cache            # every notebook of the book
    .venv/bin/python -m ndcg_book execution-cache --workers 1
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from ndcg_book import toc
from ndcg_book.folders import ROOT

from .notebooks import config_timeout as read_timeout

#: Jupyter Book's default place for the cache (``_build/.jupyter_cache``), shared by both editions.
CACHE = Path("_build", ".jupyter_cache")


def notebook_of(path: Path):
    """The page as myst-nb reads it (``None``: a page myst-nb does not execute)."""
    from myst_nb.core.read import is_myst_markdown_notebook, read_myst_markdown_notebook

    text = path.read_text(encoding="utf-8")
    if not is_myst_markdown_notebook(text):
        return None
    notebook = read_myst_markdown_notebook(text, add_source_map=True, path=str(path))
    if not any(cell.cell_type == "code" for cell in notebook.cells):
        return None
    return notebook


def execute(path: str, timeout: int):
    """Execute one page's notebook in its folder; ``(path, notebook or None, seconds, error)``."""
    from jupyter_cache.executors.utils import single_nb_execution

    for attempt in (1, 2):
        notebook = notebook_of(Path(path))
        started = time.monotonic()
        try:
            result = single_nb_execution(
                notebook, cwd=str(Path(path).parent), allow_errors=False, timeout=timeout, meta_override=True
            )
            break
        except Exception as error:  # the kernel, not a cell (a cell's error is result.err)
            if attempt == 2:
                return path, None, time.monotonic() - started, f"{type(error).__name__}: {error}"
    if result.err is not None:
        # a cell's error: its exception and message (nbclient's CellExecutionError), else the error
        error = result.err
        name, value = getattr(error, "ename", type(error).__name__), getattr(error, "evalue", str(error))
        return path, None, result.time, f"{name}: {value}"
    return path, notebook, result.time, None


def config_timeout(root: Path) -> int:
    """``execute: timeout:`` of ``root``'s _config.yml, as the book build reads it."""
    return read_timeout((root / "_config.yml").read_text(encoding="utf-8"))


def fill(root: Path, workers: int) -> int:
    """Execute every notebook of the book into the cache; the number stored."""
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    timeout = config_timeout(root)
    pages = [path for path in toc.sources(root) if notebook_of(path) is not None]
    # the longest first (the most code), so that no worker is left with a long one at the end
    pages.sort(key=lambda path: -path.stat().st_size)
    cache = get_cache(str(root / CACHE))
    started, stored = time.monotonic(), 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(execute, str(path), timeout) for path in pages]
        for future in as_completed(futures):
            path, notebook, seconds, error = future.result()
            name = Path(path).relative_to(root).as_posix()
            if error is not None:
                print(
                    f"  {name}: failed ({error.splitlines()[0][:160]}); the build runs it again and shows why"
                )
                continue
            cache.cache_notebook_bundle(
                CacheBundleIn(notebook, path, data={"execution_seconds": seconds}),
                check_validity=False,
                overwrite=True,
            )
            stored += 1
            print(f"  {name}: executed in {seconds:.1f} s", flush=True)
    print(
        f"executed {stored} of {len(pages)} notebooks into {CACHE.as_posix()} in "
        f"{time.monotonic() - started:.0f} s ({workers} at a time)"
    )
    return stored


def default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book execution-cache", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--workers", type=int, default=default_workers(), help="notebooks run at a time")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers must be 1 or more; got {args.workers}")
    fill(ROOT, args.workers)
    return 0
