"""The book build: the stylesheets a page links, written as one file.

A chapter links about twenty stylesheets (the theme's, sphinx-design's, myst-nb's, KaTeX's, the
course's), and the theme's ``theme.css`` imports ``basic.css``: the browser fetches each before it
draws the page, and a script in the page's head waits for all of them. When the build has finished
(after :mod:`ndcg_book.stylesheets` has cut them), this part writes the stylesheets each page
links, in the page's order and with their ``@import``\\ s in place, into one file,
``_static/bundles/<hash>.css``, and the page links that file instead (measured on chapters 4 and
6: the ``load`` event 14-16 % sooner from ``file://``). Pages that link the same stylesheets
share one file, which the browser keeps for the next page. The stylesheets themselves stay in
``_static/`` for anything that links them by name (the decks, a notebook's HTML export).

The file opens with a comment that names its parts (:func:`parts`), so a test can still ask
which stylesheets a page uses (:func:`page_stylesheets`).
"""

from __future__ import annotations

import hashlib
import html as html_module
import os
import re
from pathlib import Path

#: Where the bundles go, under a built edition's ``_static/``.
FOLDER = "bundles"
#: How a bundle's second line opens: it goes on with the stylesheets it holds (those the page
#: linked, relative to ``_static/``; not the ones they import).
HEADER = "/* ndcg_book.bundles: "

#: A ``<link>`` element.
_LINK = re.compile(r"<link\b([^>]*?)/?>\s*", re.I)
#: An address that is no file of the built book next to the page: a scheme (``https:``, ``data:``),
#: a root path or a fragment.
_NOT_LOCAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^/|^#", re.I)
#: An attribute of an element (``name="value"``).
_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
#: What may end a run of stylesheets: a ``<style>`` element, whose rules must keep their place.
_STYLE = re.compile(r"<style\b", re.I)
#: A ``url(...)`` in a stylesheet (quoted or not).
_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
#: An ``@import`` of a stylesheet with no media query (``@import "x.css";``, ``@import url(x.css);``).
_IMPORT = re.compile(r"""@import\s+(?:url\(\s*)?(['"]?)([^'");]+)\1\s*\)?\s*;""")
#: An ``@charset`` rule: valid only at the very start of a file, written once, first.
_CHARSET = re.compile(r"""@charset\s+["'][^"']*["']\s*;""", re.I)


def _attributes(text: str) -> dict[str, str]:
    return {
        m.group(1).lower(): html_module.unescape(m.group(2) or m.group(3) or m.group(4) or "")
        for m in _ATTRIBUTE.finditer(text)
    }


def _stylesheet_href(attributes: dict[str, str]) -> str | None:
    """The ``href`` of a link that only links a stylesheet for every medium, else ``None``."""
    if attributes.get("rel", "").lower().split() != ["stylesheet"] or "href" not in attributes:
        return None
    if set(attributes) - {"rel", "type", "href"}:  # media, disabled, title...: keep it as it is
        return None
    return attributes["href"]


def _local(href: str, page: Path, static: Path) -> Path | None:
    """The file under ``static`` that ``href`` (relative to ``page``) names, else ``None``."""
    if _NOT_LOCAL.match(href):
        return None
    path = Path(os.path.normpath(page.parent / href.split("?", 1)[0].split("#", 1)[0]))
    try:
        path.relative_to(static)
    except ValueError:
        return None
    return path if path.is_file() else None


def inline(path: Path, into: Path, seen: tuple[Path, ...] = ()) -> str:
    """The stylesheet ``path`` as it reads from the folder ``into``: each ``url()`` rewritten
    relative to ``into``, each ``@import`` of a local stylesheet replaced by that stylesheet
    (the same way), ``@charset`` left out.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "a").mkdir(); (root / "b").mkdir()
    >>> _ = (root / "a" / "base.css").write_text('.b { background: url("i.png") }')
    >>> _ = (root / "a" / "x.css").write_text('@charset "UTF-8"; @import "base.css"; .x { src: url(f/x.woff2) }')
    >>> print(inline(root / "a" / "x.css", root / "b").strip())
    .b { background: url("../a/i.png") }
     .x { src: url(../a/f/x.woff2) }
    """
    if path in seen:
        raise ValueError(f"stylesheets that import each other: {' -> '.join(p.name for p in (*seen, path))}")
    text = _CHARSET.sub("", path.read_text(encoding="utf-8"))

    def url(match: re.Match) -> str:
        quote, target = match.group(1), match.group(2).strip()
        if _NOT_LOCAL.match(target):
            return match.group(0)
        moved = os.path.relpath(os.path.normpath(path.parent / target), into).replace(os.sep, "/")
        return f"url({quote}{moved}{quote})"

    imports = []

    def imported(match: re.Match) -> str:
        target = path.parent / match.group(2).strip()
        if not target.is_file():
            raise ValueError(f"{path.name} imports {match.group(2)!r}, which is not in the built book")
        imports.append(inline(Path(os.path.normpath(target)), into, (*seen, path)))
        return f"\0{len(imports) - 1}\0"

    # this file's urls first; an imported file's were rewritten by its own inline()
    text = _URL.sub(url, _IMPORT.sub(imported, text))
    if "@import" in text:  # one with a medium, or remote: it would not hold in the middle of a bundle
        raise ValueError(
            f"{path.name}: an @import this cannot put in place: {text[text.index('@import') :][:80]!r}"
        )
    return re.sub("\0(\\d+)\0", lambda m: imports[int(m.group(1))], text)


def bundle(sheets: list[Path], static: Path) -> str:
    """The name, relative to ``static``, of the bundle of ``sheets`` (in that order), written
    under ``static/bundles/`` if it is not there yet."""
    folder = static / FOLDER
    folder.mkdir(exist_ok=True)
    texts = [inline(sheet, folder).strip() for sheet in sheets]
    names = ", ".join(sheet.relative_to(static).as_posix() for sheet in sheets)
    body = f'@charset "UTF-8";\n{HEADER}{names} */\n' + "\n".join(texts) + "\n"
    name = f"{FOLDER}/{hashlib.sha256(body.encode()).hexdigest()[:12]}.css"
    if not (static / name).is_file():
        (static / name).write_text(body, encoding="utf-8")
    return name


def bundle_page(html: str, page: Path, static: Path) -> str:
    """The page ``html`` (the file ``page`` of the edition whose ``_static/`` is ``static``) with
    each run of stylesheet links in its head replaced by one link to their bundle. A run ends at
    a ``<style>`` element or at a link this cannot merge (one with a medium, a remote one)."""
    end = html.find("</head>")
    if end < 0:
        return html
    head = html[:end]
    runs: list[list[tuple[re.Match, Path, bool]]] = [[]]
    position = 0
    for match in _LINK.finditer(head):
        if _STYLE.search(head, position, match.start()):
            runs.append([])
        position = match.end()
        attributes = _attributes(match.group(1))
        if attributes.get("rel", "").lower().split() != ["stylesheet"]:
            continue
        href = _stylesheet_href(attributes)
        path = _local(href, page, static) if href else None
        if path is None:
            runs.append([])
            continue
        if path.parent == static / FOLDER:  # an earlier build's bundle (a page Sphinx kept): its parts
            runs[-1].extend((match, static / name, True) for name in parts(path))
        else:
            runs[-1].append((match, path, False))
    edits = []
    for run in runs:
        if len(run) < 2 and not any(earlier for _, _, earlier in run):
            continue
        name = bundle([path for _, path, _ in run], static)
        href = os.path.relpath(static / name, page.parent).replace(os.sep, "/")
        first = run[0][0]
        edits.append(
            (first.start(), first.end(), f'<link rel="stylesheet" type="text/css" href="{href}" />\n')
        )
        edits.extend({(match.start(), match.end(), "") for match, _, _ in run if match is not first})
    for start, stop, text in sorted(edits, reverse=True):
        head = head[:start] + text + head[stop:]
    return head + html[end:]


def parts(bundle_file: Path) -> list[str]:
    """The stylesheets a bundle holds, relative to ``_static/``, in order."""
    with bundle_file.open(encoding="utf-8") as handle:
        for line in (handle.readline(), handle.readline()):
            if line.startswith(HEADER):
                return [name.strip() for name in line[len(HEADER) :].rsplit("*/", 1)[0].split(",")]
    raise ValueError(f"{bundle_file} is not a bundle of ndcg_book.bundles")


def page_links(html: str, page: Path, static: Path) -> list[str]:
    """The local stylesheets the page ``html`` (the file ``page``) links, relative to ``static``."""
    found = []
    for match in _LINK.finditer(html[: max(html.find("</head>"), 0)]):
        attributes = _attributes(match.group(1))
        if "stylesheet" in attributes.get("rel", "").lower().split():
            path = _local(attributes.get("href", ""), page, static)
            if path is not None:
                found.append(path.relative_to(static).as_posix())
    return found


def page_stylesheets(html: str, page: Path, static: Path | None = None) -> list[str]:
    """Every stylesheet the page ``html`` (the file ``page``) uses, relative to ``static`` (by
    default its edition's ``_static/``: the nearest folder of that name above it), in order: those
    it links, and those its bundles hold."""
    if static is None:
        static = next((folder / "_static" for folder in page.parents if (folder / "_static").is_dir()), None)
        if static is None:
            raise ValueError(f"{page} is in no built edition (no _static/ folder above it)")
    found = []
    for name in page_links(html, page, static):
        found.extend(parts(static / name) if name.startswith(f"{FOLDER}/") else [name])
    return found


def finish_edition(out: Path) -> int:
    """Every page of the edition built into ``out`` linking its stylesheets' bundles; the number
    of bundles the pages link."""
    from ndcg_book.icons import built_pages

    static = out / "_static"
    folder = static / FOLDER
    linked = set()
    for page in built_pages(out):
        html = page.read_text(encoding="utf-8")
        bundled = bundle_page(html, page, static)
        if bundled != html:
            page.write_text(bundled, encoding="utf-8")
        linked |= {name for name in page_links(bundled, page, static) if name.startswith(f"{FOLDER}/")}
    # an earlier build's bundles that no page links any more (a page Sphinx did not write again
    # linked one: bundle_page read it as its parts and wrote the bundle of them as they are now)
    for old in folder.glob("*.css") if folder.is_dir() else ():
        if f"{FOLDER}/{old.name}" not in linked:
            old.unlink()
    return len(linked)


def finish(app, exception) -> None:
    """``build-finished``: :func:`finish_edition` on the edition built into ``app.outdir``."""
    if exception is None and app.builder.format == "html":
        finish_edition(Path(app.outdir))


def register(app) -> None:
    # after ndcg_book.stylesheets (900), which cuts the stylesheets bundled here
    app.connect("build-finished", finish, priority=950)
