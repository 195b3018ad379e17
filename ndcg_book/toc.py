"""The book's table of contents, ``_toc.yml`` (jb-book format), written from the course's manifest
(:func:`written`: its parts and chapters, ``python3 tools/run.py toc``) and read in one place: its
pages in reading order, grouped by part, as document names or as their text sources. Used by the book's
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


#: What ``_toc.yml`` opens with: where it comes from.
HEADER = """\
# Table of contents (sphinx-external-toc, format jb-book), written by `python3 tools/run.py toc`
# from the book's parts and chapters in ndcg/course/course.toml: change them there, not here.
# "Start here" holds chapter 0 and stays unnumbered, so the numbered chapters carry the numbers
# of the course map (numbering continues across parts).
"""


def written(root: Path) -> str:
    """``_toc.yml`` as the course's manifest makes it: its parts (:func:`ndcg.course.manifest.parts`),
    each chapter in its part with its companion pages as sections, and the instructor notes of
    every chapter that has them (``instructors/<stem>.md`` under ``root``).

    >>> from ndcg_book.folders import ROOT
    >>> written(ROOT) == (ROOT / "_toc.yml").read_text(encoding="utf-8")
    True
    """
    from ndcg.course import manifest

    lines = [HEADER.rstrip("\n"), "format: jb-book", "root: index", "parts:"]
    for part in manifest.parts():
        lines.append(f"  - caption: {part.caption}")
        if part.numbered:
            lines.append("    numbered: true")
        lines.append("    chapters:")
        for page in part.pages:
            if page == manifest.CHAPTERS:
                for chapter in manifest.chapters():
                    if chapter.part != part.caption:
                        continue
                    lines.append(f"      - file: chapters/{chapter.stem}")
                    companions = manifest.companion_pages(chapter.stem)
                    if companions:
                        lines.append("        sections:")
                        lines.extend(f"          - file: chapters/{page}" for page in companions)
            elif page == manifest.NOTES:
                lines.extend(
                    f"      - file: instructors/{stem}"
                    for stem in manifest.chapter_stems()
                    if (Path(root) / "instructors" / f"{stem}.md").is_file()
                )
            else:
                lines.append(f"      - file: {page}")
    return "\n".join(lines) + "\n"


def write(root: Path, check: bool = False) -> bool:
    """Write ``_toc.yml`` under ``root`` from the manifest (:func:`written`), or with ``check`` only
    say whether it is current; return whether it was (before writing)."""
    path = Path(root) / "_toc.yml"
    text = written(root)
    current = path.is_file() and path.read_text(encoding="utf-8") == text
    if not current and not check:
        path.write_text(text, encoding="utf-8", newline="\n")
    return current


def main(argv: list[str] | None = None) -> int:
    """``python -m ndcg_book toc [--check]``: write ``_toc.yml`` from the manifest, or with
    ``--check`` fail when it is not what the manifest makes."""
    import argparse

    from ndcg_book.folders import ROOT

    parser = argparse.ArgumentParser(prog="python -m ndcg_book toc", description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="only say whether _toc.yml is current")
    args = parser.parse_args(argv)
    current = write(ROOT, check=args.check)
    if args.check and not current:
        print("_toc.yml is not what ndcg/course/course.toml makes: run `python3 tools/run.py toc`")
        return 1
    print("_toc.yml " + ("already up to date" if current else "written from ndcg/course/course.toml"))
    return 0
