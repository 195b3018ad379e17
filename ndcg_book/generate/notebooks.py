"""Generate the executed notebooks from the MyST text sources, and check they are in sync.

The chapters are stored as text: ``chapters/NN_name.md`` and ``learners/flashcards.md``
are MyST Markdown notebooks (jupytext's ``myst`` format, the format MyST-NB
builds the book from). What a learner downloads and opens, and what nbval
tests, are the executed notebooks generated from them into a folder of their
own, ``notebooks/``, with the same relative path::

    chapters/02_dcg.md  ->  notebooks/chapters/02_dcg.ipynb
    learners/flashcards.md  ->  notebooks/learners/flashcards.ipynb

(``make_student.py`` does the same for the exercises:
``solutions/NN.md`` -> ``notebooks/solutions/NN.ipynb`` and
``exercises/NN.ipynb``.)

Each chapter also gets a slim **play notebook**, what a learner opens in
JupyterLab to play (:func:`play_notebook`)::

    chapters/02_dcg.md  ->  exercises/play/02_dcg.ipynb

It holds a title, the plain-Markdown introduction of the chapter's front matter
(``play: intro:``) and the chapter's cells tagged ``play`` (its live widgets
and the text that introduces them), in order, with the MyST markup JupyterLab
would show as raw text converted to plain CommonMark (:func:`plain_markdown`);
a glued number or a directive without a plain form stops the generation.

A cell's id comes from its metadata ``id`` in the text source when it has one
(the exercises' cells do: ``ex1``, ``ex1-check`` ...), otherwise from its
position (``cell-001`` ...), so generating twice gives the same notebook.

Then (``make notebooks`` runs it after this step), for every other language of the course
(``ndcg/course/course.toml``), each chapter's play notebook in that language,
``exercises/<folder>/play/NN_name.ipynb``, made from the English one through the language's
catalogues by ``notebooks_translated.py`` (a block without its translation is reported, its
notebook not written, and that step exits 1)::

    chapters/02_dcg.md  ->  exercises/<folder>/play/02_dcg.ipynb

Usage (from the repository root, with the course's Python; ``python
tools/run.py notebooks`` calls it)::

    .venv/bin/python -m ndcg_book notebooks --timeout 300        # generate and execute every chapter
    .venv/bin/python -m ndcg_book notebooks chapters/02_dcg.md   # only some sources
    .venv/bin/python -m ndcg_book notebooks --play-only          # only the play notebooks (exercises/play/)

Whether every generated notebook still matches its text source (this file's,
``make_student.py``'s and ``notebooks_translated.py``'s) is
``notebooks_sync.py`` (``python tools/run.py sync-check``).

Only the standard library is imported at the top: ``make_student.py`` and
``notebooks_translated.py`` import this module, and the execution cache reads
:func:`config_timeout` from it.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from ndcg_book.folders import ROOT

#: Where the generated notebooks go (kept out of the book's sources: exclude_patterns).
GENERATED = ROOT / "notebooks"
#: The text sources of the book's notebook pages.
SOURCES = (
    "chapters/*.md",
    "chapters/further/*.md",
    "learners/flashcards.md",
    "learners/cheatsheet.md",
    "reference/sources.md",
)
#: The notebook metadata the generated notebooks keep (jupytext's own is dropped).
KEPT_NOTEBOOK_METADATA = ("kernelspec", "language_info")
#: Where the play notebooks go: one per chapter (``exercises/play/NN_name.ipynb``).
PLAY = Path("exercises", "play")
#: The tag of a chapter's cells that its play notebook takes.
PLAY_TAG = "play"
#: Tags that only the book reads (MyST-NB's cell visibility): dropped from the play notebooks.
BOOK_ONLY_TAGS = frozenset(
    {"remove-input", "remove-output", "remove-cell", "hide-input", "hide-output", "hide-cell", PLAY_TAG}
)


#: One key of the ``execute:`` block: ``  timeout: 300`` (an optional comment after it).
_TIMEOUT_LINE = re.compile(r"[ \t]+timeout:[ \t]*(\d+)[ \t]*(?:#.*)?")


def config_timeout(text: str | None = None) -> int:
    """How long one notebook cell may run, in seconds: ``execute: timeout:`` in _config.yml.

    The one source of truth for the book build, ``make notebooks`` and
    ``make exercises``. ``text`` is the file's content (default: the
    repository's _config.yml). The standard library has no YAML reader, so this reads the
    lines of the top-level ``execute:`` block.

    >>> config_timeout("timeout: 1\\nexecute:\\n  allow_errors: false\\n\\n  timeout: 120  # s\\nparse:\\n  timeout: 2\\n")
    120
    """
    if text is None:
        text = (ROOT / "_config.yml").read_text(encoding="utf-8")
    in_execute = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            in_execute = line.split("#")[0].strip() == "execute:"
        elif in_execute and (found := _TIMEOUT_LINE.fullmatch(line)):
            return int(found.group(1))
    raise ValueError("_config.yml has no `execute: timeout:` in whole seconds")


def chapter_sources(root: Path = ROOT) -> list[Path]:
    """Every text source of a book notebook page, in order."""
    return sorted(path for pattern in SOURCES for path in root.glob(pattern))


def generated_path(source: Path, root: Path = ROOT) -> Path:
    """Where the executed notebook of a text source goes: ``notebooks/<same path>.ipynb``."""
    return root / "notebooks" / source.resolve().relative_to(root.resolve()).with_suffix(".ipynb")


def positional_id(number: int) -> str:
    """The id of the ``number``-th cell (from 1) when its source names none."""
    return f"cell-{number:03d}"


def read_source(path: Path):
    """A MyST text source as a notebook (nbformat 4.5): ids set, jupytext's metadata dropped."""
    return read_source_text(path.read_text(encoding="utf-8"), path)


def read_source_text(text: str, path: Path | str = "<text>"):
    """:func:`read_source` of a text source's content (``path`` names it in errors)."""
    import jupytext

    notebook = jupytext.reads(text, fmt="md:myst")
    notebook.metadata = {
        key: notebook.metadata[key] for key in KEPT_NOTEBOOK_METADATA if key in notebook.metadata
    }
    seen = set()
    for number, cell in enumerate(notebook.cells, start=1):
        cell.id = str(cell.metadata.pop("id", None) or positional_id(number))
        if cell.id in seen:
            raise ValueError(f"{path}: two cells with the id {cell.id!r}")
        seen.add(cell.id)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return notebook


def read(path: Path):
    """A notebook: a text source (``.md``) through :func:`read_source`, an ``.ipynb`` as it is."""
    if path.suffix == ".md":
        return read_source(path)
    import nbformat

    return nbformat.read(path, as_version=4)


# -- the play notebooks: plain Markdown that JupyterLab renders ----------------------------------

#: MyST markup that JupyterLab (without jupyterlab-myst, which renders no glue anyway) shows as
#: raw text: roles such as {glue:text}`x` or {doc}`y`, directives in colons or backticks, and
#: targets such as (label)=. What no play or exercise notebook may show.
MYST_LEFT = re.compile(
    r"(?<![\w`])\{[a-z][\w:-]*\}`"  # a role: {glue:text}`x`, {doc}`x`, {download}`x`, {exercise}...
    r"|\{(?:exercise|solution|glue)[\w:-]*\}"  # a directive or role name on its own
    r"|^\s*(?::{3,}|`{3,})\s*\{"  # a directive: :::{admonition} or ```{exercise}
    r"|^\s*\([\w-]+\)=\s*$",  # a target: (mrr-detective)=
    re.MULTILINE,
)
_ROLE = re.compile(r"\{(?P<role>[a-z][\w:-]*)\}`(?P<body>[^`]*)`")
_TITLED = re.compile(r"(?P<title>.*?)\s*<(?P<target>[^<>]+)>", re.DOTALL)
_COLON_FENCE = re.compile(r"(?P<fence>:{3,})\{(?P<name>[\w-]+)\}(?P<title>.*)")
_TARGET_LINE = re.compile(r"\([\w-]+\)=")
#: The colon-fenced directives that become a block quote with a bold title.
ADMONITIONS = ("admonition", "note", "tip", "hint", "important", "warning", "caution", "seealso")


def myst_left(text: str) -> list[str]:
    """The MyST markup left in ``text`` (Markdown, or a text output): what JupyterLab shows raw.

    >>> myst_left("DCG = {glue:text}`dcg:.3f`, see {doc}`02_dcg`")
    ['{glue:text}`', '{doc}`']
    >>> myst_left(":::{admonition} Recap\\n:::\\n```{exercise}\\n```")
    [':::{', '```{']
    >>> myst_left("plain $x_{i}$ and `code{x}` and {1, 2}")
    []
    """
    return [found.group(0).strip() for found in MYST_LEFT.finditer(text)]


def _role_text(role: str, body: str, context: dict) -> str:
    """The plain Markdown of one role (see :func:`plain_markdown`)."""
    titled = _TITLED.fullmatch(body)
    title, target = (titled["title"], titled["target"]) if titled else ("", body)
    if role == "src":  # a citation marker: the book links it; a play notebook goes without
        return ""
    if role == "doc":
        return title or f"*{context['titles'].get(target.strip('/').split('/')[-1], target)}*"
    if role in ("ref", "term"):
        if title or role == "term":
            return title or target
    elif role == "download":
        relative = Path(context["source_dir"], target).resolve()
        link = Path(os.path.relpath(relative, Path(context["target_dir"]).resolve())).as_posix()
        return f"[{title or target}]({link})"
    raise ValueError(
        f"{{{role}}}`{body}` has no plain-Markdown form for a play notebook"
        + (": print the number with fmt in a code cell instead" if role.startswith("glue") else "")
    )


def plain_markdown(text: str, titles: dict | None = None, source_dir=".", target_dir=".") -> str:
    """The Markdown of a chapter cell as plain CommonMark (and $maths$), for JupyterLab.

    Converts what has a plain form: ``{doc}`` (to its title, or the chapter's title in
    ``titles``, keyed by file stem), ``{ref}`` and ``{term}`` with a title (to the title),
    ``{download}`` (to a link relative to ``target_dir``, the notebook's folder, from
    ``source_dir``, the chapter's), ``{src}`` (a citation marker: dropped), colon-fenced admonitions (to a block quote with a
    bold title), and ``(label)=`` targets (dropped). Anything else (a glued number, a
    citation, a backtick directive, an exercise) raises :class:`ValueError`: a play
    notebook prints its numbers with code.

    >>> plain_markdown("See {doc}`02_dcg` and {doc}`the flaw <01_cg>`.", {"02_dcg": "DCG"})
    'See *DCG* and the flaw.'
    >>> plain_markdown("Get {download}`it <../exercises/01_cg.ipynb>`.", None, "chapters", "exercises/play")
    'Get [it](../01_cg.ipynb).'
    >>> print(plain_markdown(":::{admonition} Try this\\n:class: tip\\n\\nMove **B3** up.\\n:::"))
    > **Try this**
    >
    > Move **B3** up.
    >>> plain_markdown("CG = {glue:text}`cg:.0f`")
    Traceback (most recent call last):
    ...
    ValueError: {glue:text}`cg:.0f` has no plain-Markdown form for a play notebook: print the number with fmt in a code cell instead
    """
    context = {"titles": titles or {}, "source_dir": source_dir, "target_dir": target_dir}
    lines, out, block = text.splitlines(), [], None
    for line in lines:
        fence = _COLON_FENCE.fullmatch(line.strip())
        if block is None and fence:
            if fence["name"] not in ADMONITIONS:
                raise ValueError(f"the directive {{{fence['name']}}} has no plain-Markdown form")
            title = fence["title"].strip() or fence["name"].capitalize()
            block = {"fence": fence["fence"], "lines": [f"**{title}**", ""], "options": True}
        elif block is not None and line.strip() == block["fence"]:
            body = block["lines"]
            while body and not body[-1].strip():
                body.pop()
            out += [f"> {part}".rstrip() for part in body]
            block = None
        elif block is not None:
            if block["options"] and re.fullmatch(r":[\w-]+:.*", line.strip()):
                continue  # a directive option such as :class: tip
            block["options"] = False
            if line.strip() or block["lines"][-1].strip():
                block["lines"].append(line)
        elif not _TARGET_LINE.fullmatch(line.strip()):
            out.append(line)
    if block is not None:
        raise ValueError(f"an unclosed {block['fence']} directive")
    plain = _ROLE.sub(lambda found: _role_text(found["role"], found["body"], context), "\n".join(out))
    if left := myst_left(plain):
        raise ValueError(f"MyST markup without a plain-Markdown form: {', '.join(left)}")
    return plain


def chapter_title(notebook) -> str:
    """The title of a chapter: the ``# heading`` that opens its first Markdown cell."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            first = cell.source.lstrip().splitlines()[0] if cell.source.strip() else ""
            if first.startswith("# "):
                return first[2:].strip()
            break
    raise ValueError("the chapter does not open with a `# title` line")


def play_path(source: Path, root: Path = ROOT) -> Path:
    """Where the play notebook of a chapter goes: ``exercises/play/<chapter>.ipynb``."""
    return root / PLAY / f"{source.stem}.ipynb"


def play_sources(root: Path = ROOT) -> list[Path]:
    """The text sources that get a play notebook: every chapter."""
    return sorted((root / "chapters").glob("*.md"))


#: The play notebook's title line (after ``# ``) and the lines under its introduction, in English;
#: their Chinese is in the ``play`` store (ndcg_book/catalogues/i18n_stores/play.py).
PLAY_TITLE = "Play: {title}"
PLAY_HOW_TO = (
    "**How to play.** Run every cell from the top (menu *Run ▸ Run All Cells*), then use the "
    "widgets under the cells.\n"
    "They need a running kernel with the course's Python package `ndcg` installed (the course's "
    "`.venv`: see the setup page of the book).\n"
    "The explanations are in the chapter of the book; the exercises of this chapter, each checked "
    "as you go, are in the exercise notebook [{stem}.ipynb](../{stem}.ipynb)."
)


def play_how_to(stem: str) -> str:
    """The lines under a play notebook's introduction: how to run it, where the rest is."""
    return PLAY_HOW_TO.replace("{stem}", stem)


def play_notebook_text(
    text: str, path: Path | str, titles: dict | None = None, translate=None, target_dir=None
):
    """The play notebook of a chapter from its text source's content ``text``.

    A title cell (``# Play: <chapter title>``, the front matter's ``play: intro:``, and
    :func:`play_how_to`), then every cell tagged ``play``, in order: Markdown through
    :func:`plain_markdown`, code as it is, with the book-only tags dropped (the rest,
    such as ``nbval-ignore-output``, are kept). Raises :class:`ValueError` when the
    chapter has no ``play: intro:`` or no ``play`` code cell.

    ``translate`` (Markdown -> Markdown, default: none) and ``target_dir`` (default: the play
    notebooks' folder) make one in another language (``notebooks_translated.py``): every Markdown text,
    the title and the how-to included, goes through ``translate`` before :func:`plain_markdown`.
    """
    translate = translate or (lambda markdown: markdown)
    import jupytext
    import nbformat

    path = Path(path)
    intro = (jupytext.reads(text, fmt="md:myst").metadata.get("play") or {}).get("intro")
    if not intro or not str(intro).strip():
        raise ValueError(f"{path}: no `play: intro:` in its front matter (the play notebook's introduction)")
    chapter = read_source_text(text, path)
    context = {
        "titles": titles or {},
        "source_dir": path.parent,
        "target_dir": target_dir or play_path(path, path.parent.parent).parent,
    }
    title = translate(PLAY_TITLE).replace("{title}", translate(chapter_title(chapter)))
    cells = [
        nbformat.from_dict(
            {
                "cell_type": "markdown",
                "id": "play-intro",
                "metadata": {},
                "source": f"# {title}\n\n"
                f"{plain_markdown(translate(str(intro).strip()), **context)}\n\n"
                f"{translate(PLAY_HOW_TO).replace('{stem}', path.stem)}",
            }
        )
    ]
    for cell in chapter.cells:
        tags = cell.metadata.get("tags", [])
        if PLAY_TAG not in tags:
            continue
        cell = cell.copy()
        cell.metadata = dict(cell.metadata)
        kept = [tag for tag in tags if tag not in BOOK_ONLY_TAGS]
        if kept:
            cell.metadata["tags"] = kept
        else:
            cell.metadata.pop("tags")
        if cell.cell_type == "markdown":
            try:
                cell.source = plain_markdown(translate(cell.source), **context)
            except ValueError as error:
                raise ValueError(f"{path}: play cell {cell.id}: {error}") from None
        cells.append(cell)
    if not any(cell["cell_type"] == "code" for cell in cells):
        raise ValueError(f"{path}: no code cell tagged `{PLAY_TAG}` (the widgets of its play notebook)")
    notebook = chapter.copy()
    notebook.cells = cells
    return notebook


def chapter_titles(root: Path = ROOT) -> dict[str, str]:
    """Every chapter's title, by file stem (``{doc}`02_dcg``` in a play notebook becomes it)."""
    titles = {}
    for source in play_sources(root):
        for line in source.read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                titles[source.stem] = line[2:].strip()
                break
    return titles


def play_notebook(source: Path, root: Path = ROOT):
    """The play notebook of the chapter ``source`` (see :func:`play_notebook_text`)."""
    return play_notebook_text(source.read_text(encoding="utf-8"), source, chapter_titles(root))


def write(notebook, path: Path) -> None:
    """Write a notebook the way Jupyter does (sorted keys, one-space indent), validated."""
    import nbformat

    node = nbformat.from_dict(notebook)
    nbformat.validate(node)
    text = nbformat.writes(node)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def execute(path: Path, cwd: Path, timeout: int) -> None:
    """Run a stored notebook top to bottom in a fresh ``python3`` kernel in ``cwd``; save it in place.

    No timings and no widget state are stored (their values change on every run); a
    cell running longer than ``timeout`` seconds fails.
    """
    from nbclient import NotebookClient

    notebook = read(path)
    NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,
        store_widget_state=False,
    ).execute()
    merge_streams(notebook)
    stable_widget_ids(notebook, path.stem)
    write(notebook, path)


def merge_streams(notebook) -> None:
    """Join each run of a cell's consecutive outputs to the same stream into one output.

    How the kernel cuts a cell's printing into messages depends on timing (``print`` writes
    its text and its newline apart, and a flush can fall between them), so the stored outputs
    would change from run to run, and a lone ``"\\n"`` output shows in JupyterLab as an empty box.

    >>> cell = {"outputs": [{"output_type": "stream", "name": "stdout", "text": "Correct!"},
    ...                     {"output_type": "stream", "name": "stdout", "text": "\\n"}]}
    >>> merge_streams({"cells": [cell]}); cell["outputs"]
    [{'output_type': 'stream', 'name': 'stdout', 'text': 'Correct!\\n'}]
    """
    for cell in notebook["cells"]:
        merged = []
        for output in cell.get("outputs", []):
            last = merged[-1] if merged else None
            if (
                last is not None
                and output.get("output_type") == "stream" == last.get("output_type")
                and output.get("name") == last.get("name")
            ):
                last["text"] = "".join(last["text"]) + "".join(output["text"])
            else:
                merged.append(output)
        if "outputs" in cell:
            cell["outputs"] = merged


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def stable_widget_ids(notebook, name: str) -> None:
    """Give every widget output a model id made from the notebook's name, the cell's id and the
    output's place, instead of the kernel's random one.

    The notebooks store no widget state, so the id points at nothing; a random one only made every
    regeneration rewrite every notebook with a widget in it.
    """
    import hashlib

    for cell in notebook.cells:
        for number, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                key = f"{name}:{cell.get('id', '')}:{number}".encode()
                view["model_id"] = hashlib.sha256(key).hexdigest()[:32]


def cells(notebook) -> list[tuple]:
    """What a generated notebook must share with its text source: each cell's type, id, source, metadata."""

    def text(cell) -> str:
        source = cell.get("source", "")
        return ("".join(source) if isinstance(source, list) else source).rstrip("\n")

    return [
        (cell["cell_type"], cell.get("id"), text(cell), dict(cell.get("metadata", {})))
        for cell in notebook["cells"]
    ]


def drift(expected, stored_path: Path, root: Path = ROOT) -> str | None:
    """Why the notebook at ``stored_path`` does not match ``expected`` (a notebook), or None."""
    name = stored_path.relative_to(root).as_posix()
    if not stored_path.exists():
        return f"{name}: missing"
    want, have = cells(expected), cells(read(stored_path))
    if len(want) != len(have):
        return f"{name}: {len(have)} cells, its source has {len(want)}"
    for number, (a, b) in enumerate(zip(want, have), start=1):
        for label, x, y in (
            ("type", a[0], b[0]),
            ("id", a[1], b[1]),
            ("source", a[2], b[2]),
            ("metadata", a[3], b[3]),
        ):
            if x != y:
                return f"{name}: cell {number} ({a[1]}): its {label} differs from the text source"
    return None


def generate(source: Path, timeout: int, root: Path = ROOT) -> Path:
    """Write the notebook of one text source and execute it where the book runs it (the source's folder);
    for a chapter, then its play notebook, executed in its own folder (where a learner runs it)."""
    target = generated_path(source, root)
    write(read_source(source), target)
    print(f"executing {target.relative_to(root).as_posix()}", flush=True)
    execute(target, source.parent, timeout)
    if source in play_sources(root):
        generate_play(source, timeout, root)
    return target


def generate_play(source: Path, timeout: int, root: Path = ROOT) -> Path:
    """Write the play notebook of a chapter and execute it in its own folder (where a learner runs it)."""
    play = play_path(source, root)
    write(play_notebook(source, root), play)
    print(f"executing {play.relative_to(root).as_posix()}", flush=True)
    execute(play, play.parent, timeout)
    return play


def add_timeout_option(parser: argparse.ArgumentParser) -> None:
    """``--timeout SECONDS``, how long one cell may run: every step that executes notebooks takes it."""
    parser.add_argument(
        "--timeout",
        type=int,
        default=None,
        metavar="SECONDS",
        help="how long one cell may run (default: execute: timeout: in _config.yml)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book notebooks", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "sources",
        nargs="*",
        type=Path,
        help="text sources (default: every chapter and learners/flashcards.md)",
    )
    add_timeout_option(parser)
    parser.add_argument(
        "--play-only",
        action="store_true",
        help="only the play notebooks (exercises/play/), not the chapters' own notebooks",
    )
    args = parser.parse_args(argv)
    timeout = args.timeout if args.timeout is not None else config_timeout()
    if args.play_only:
        for source in args.sources or play_sources():
            generate_play(source.resolve(), timeout)
        return 0
    for source in args.sources or chapter_sources():
        generate(source.resolve(), timeout)
    return 0
