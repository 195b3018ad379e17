"""The words the book build writes itself (``ndcg_book/words.py``: the get-the-course box, the PDF
notes, the edition line) and the footer's licences (``html: extra_footer:`` of ``_config.yml``):
one domain, ``book``, its context each text's key (``footer`` for the licences)."""

from __future__ import annotations

from pathlib import Path

import yaml


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg_book.words import TEXTS

    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    footer = (config.get("html") or {}).get("extra_footer", "").strip()
    return {"book": [*TEXTS.items(), *([("footer", footer)] if footer else [])]}
