"""The words the book build writes itself (``ndcg_book/words.py``: the get-the-course box, the PDF
notes, the edition line), the footer's licences (``html: extra_footer:`` of ``_config.yml``) and
its author and copyright lines (``author:``, ``copyright:``): one domain, ``book``, its context
each text's key (``footer`` for the licences, ``author``, ``copyright``)."""

from __future__ import annotations

from pathlib import Path

import yaml


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg_book.words import TEXTS

    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    footer = (config.get("html") or {}).get("extra_footer", "").strip()
    # the footer's author and copyright lines (``author:`` and ``copyright:`` of _config.yml)
    named = [(key, str(config[key])) for key in ("author", "copyright") if config.get(key)]
    return {"book": [*TEXTS.items(), *([("footer", footer)] if footer else []), *named]}
