"""Helpers shared by the book's tests."""

import re
from pathlib import Path

import pytest
import yaml

from ndcg_book import toc
from tools import chromium as browser_setup

ROOT = Path(__file__).resolve().parents[2]

# A decimal number (3.14, 0.905, 81.96%) in prose is almost always a computed result.
# Not counted: section numbers (§4.2), versions (Python 3.11, NumPy 2.0), and the
# two ends of NDCG's range, 0.0 and 1.0, used as conventions ("scores 0.0").
DECIMAL = re.compile(r"(?<![\w.§])(?<!Python )(?<!NumPy )(?<!version )(?!0\.0\b|1\.0\b)\d+\.\d+")


#: The built book (``make book``), its Chinese edition, and the mark of a test that reads both.
BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)

#: HTML's void elements (no end tag): a parser that keeps a stack of open elements skips them.
VOID_ELEMENTS = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)


def toc_entries(entries) -> list[str]:
    """The ``file`` of every entry of a list of ``_toc.yml`` entries and of their ``sections``
    (a chapter's companion pages), depth first: the book's reading order."""
    files = []
    for entry in entries or []:
        if "file" in entry:
            files.append(entry["file"])
        files += toc_entries(entry.get("sections"))
    return files


def toc_files(root: Path = ROOT) -> list[str]:
    """Every page of ``_toc.yml`` (jb-book format) in the book's order: the root, then each part's
    chapters, each followed by its ``sections`` (the companion pages ``chapters/further/NN-topic``)."""
    return toc.pages(root)


def toc_sections(root: Path = ROOT) -> dict[str, list[str]]:
    """Each chapter entry of ``_toc.yml`` and the files listed as its ``sections:``, in order."""
    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    found = {}

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                found[entry["file"]] = toc_entries(entry.get("sections"))
            walk(entry.get("sections"))

    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    return found


# -- a tiny course that follows the page rules (the rules' tests prove they pass on it) ----------

FRONT_MATTER = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
"""

#: A core page that keeps every rule: title, one-sentence promise, goals, opening question before
#: any shown code, a link to its companion page where it mentions the topic, its recap.
CORE_PAGE = (
    FRONT_MATTER
    + """
# CG — cumulative gain (累计增益)

This page adds up the grades of a ranked list, and shows what that sum cannot see.

+++

:::{admonition} Learning goals
:class: tip

By the end of this chapter you can

- compute CG@k by hand.
:::

```{chapter-time}
```

```{code-cell} ipython3
:tags: [remove-cell]

from ndcg.course.display import keep
```

## 🤔 Which list would you rather see first?

A judge grades every result, and CG adds the grades.
Why a sum can mislead is told on its own page, {doc}`further/01-deep`.

```{code-cell} ipython3
import ndcg

ndcg.cg([3, 2, 1])
```

## Recap

- CG adds up the grades of the top $k$ results.
"""
)

#: A companion page of :data:`CORE_PAGE` that keeps every rule.
COMPANION_PAGE = (
    FRONT_MATTER
    + """
# Going further: the sum in depth

This page follows the sum of grades into the corners a first reading skips.

:::{admonition} Learning goals
:class: tip

- say when two lists have the same CG.
:::

```{chapter-time}
```

```{code-cell} ipython3
:tags: [remove-input]

print("a table built out of sight")
```

Can two different lists have the same CG?

```{code-cell} ipython3
import ndcg

ndcg.cg([1, 2, 3]) == ndcg.cg([3, 2, 1])
```

Back to {doc}`../01_cg`.

## Recap

- Order does not change a sum.
"""
)

TOC = """format: jb-book
root: index
parts:
  - caption: Measuring a ranking
    numbered: true
    chapters:
      - file: chapters/01_cg
        sections:
          - file: chapters/further/01-deep
"""


def tiny_course(
    folder: Path, core: str = CORE_PAGE, companion: str | None = COMPANION_PAGE, toc: str = TOC
) -> Path:
    """Write a one-chapter course into ``folder`` (its core page ``chapters/01_cg.md``, its companion
    page ``chapters/further/01-deep.md`` unless None, ``_toc.yml``, an empty solutions file) and
    return ``folder``."""
    (folder / "chapters" / "further").mkdir(parents=True)
    (folder / "solutions").mkdir()
    (folder / "_toc.yml").write_text(toc, encoding="utf-8")
    (folder / "index.md").write_text("# A tiny course\n", encoding="utf-8")
    (folder / "chapters" / "01_cg.md").write_text(core, encoding="utf-8")
    if companion is not None:
        (folder / "chapters" / "further" / "01-deep.md").write_text(companion, encoding="utf-8")
    (folder / "solutions" / "01_cg.md").write_text(FRONT_MATTER + "\n# Exercises\n", encoding="utf-8")
    return folder


# -- a course in a temporary folder, and what its zips and packs hold (test_course_files, test_packs)


def names(archive: Path) -> list[str]:
    """The names in a zip ``archive``, in its order."""
    import zipfile

    with zipfile.ZipFile(archive) as opened:
        return opened.namelist()


def files_in(folder: Path) -> list[str]:
    """Every file under ``folder``, as sorted paths relative to it."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def fake_course(root: Path, files: dict[str, str], manifest: list[str] | None = None) -> Path:
    """A course without .git: ``files`` (path: text), ``ndcg/__init__.py`` and a manifest."""
    from ndcg_book import course_files

    files = {"ndcg/__init__.py": '__version__ = "9.8.7"\n', **files}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    listed = [*sorted(files), course_files.MANIFEST] if manifest is None else manifest
    (root / course_files.MANIFEST).parent.mkdir(parents=True, exist_ok=True)
    (root / course_files.MANIFEST).write_text("# comment\n\n" + "\n".join(listed) + "\n", encoding="utf-8")
    return root


def catalogue(*pairs, fuzzy=()):
    """A small Chinese catalogue (babel's) of ``(English, Chinese)`` pairs, those whose English is in
    ``fuzzy`` marked fuzzy: for the tests of ``ndcg_book/catalogues/i18n.py`` and ``ndcg_book/catalogues/i18n_checks.py``."""
    from babel.messages.catalog import Catalog

    from ndcg_book.catalogues import i18n

    made = Catalog(locale=i18n.LANGUAGE)
    for english, chinese in pairs:
        made.add(english, chinese, flags=("fuzzy",) if english in fuzzy else ())
    return made


def found(made, terms=()) -> list[str]:
    """The problems of ``made`` as the check lists them for a page (``chapters/01_cg``)."""
    from ndcg_book.catalogues.i18n_checks import problems_in

    return list(problems_in("chapters/01_cg", made, terms))
