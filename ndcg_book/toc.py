"""The book's table of contents, ``_toc.yml`` (jb-book format), read in one place: its pages in
reading order, grouped by part, as document names or as their text sources. Used by the book's
print (``ndcg_book/pdf/print_book.py``), the catalogue check (``ndcg_book/catalogues/i18n.py``), the
execution cache (``ndcg_book/generate/execution_cache.py``) and the tests. A helper of the build
steps: it registers nothing.

Needs PyYAML (in the venv).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath


def parts(root: Path) -> list[tuple[str, list[str]]]:
    """The book's pages in reading order, grouped as the book's sidebar groups them: the landing
    page alone (no caption), then each part under its caption; a chapter's ``sections`` (its
    companion pages) right after it.

    >>> from ndcg_book.folders import ROOT
    >>> parts(ROOT)[0], parts(ROOT)[1][0]
    (('', ['index']), 'Start here')
    """
    import yaml

    toc = yaml.safe_load((Path(root) / "_toc.yml").read_text(encoding="utf-8"))

    def walk(entries, into):
        for entry in entries or []:
            if "file" in entry:
                into.append(str(PurePosixPath(entry["file"]).with_suffix("")))
            walk(entry.get("sections"), into)
        return into

    found = [("", [toc["root"]])]
    for part in toc.get("parts", []) or []:
        found.append((part.get("caption", ""), walk(part.get("chapters"), [])))
    if toc.get("chapters"):
        found.append(("", walk(toc.get("chapters"), [])))
    return found


def pages(root: Path) -> list[str]:
    """The book's pages in reading order, as document names (``chapters/01_cg``).

    >>> from ndcg_book.folders import ROOT
    >>> pages(ROOT)[0]
    'index'
    """
    return [name for _, names in parts(root) for name in names]


def sources(root: Path) -> list[Path]:
    """The text source of each page that has one (``chapters/01_cg.md``), in reading order."""
    found = (Path(root) / f"{name}.md" for name in pages(root))
    return [path for path in found if path.is_file()]
