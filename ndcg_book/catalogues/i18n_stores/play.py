"""The play notebooks' own words (``exercises/zh/play/NN_name.ipynb``, ``ndcg_book/generate/notebooks_translated.py``):
the title and the how-to every play notebook has (``ndcg_book/generate/notebooks.py``: ``PLAY_TITLE``,
``PLAY_HOW_TO``), each chapter's ``play: intro:`` (its front matter), and the play cells the book
leaves out (tagged ``remove-cell``); one domain, ``play``, a message per Markdown block. The other
play cells are on the chapter's page: their Chinese is the page's catalogue."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    import jupytext

    from ndcg_book.generate import notebooks, notebooks_translated

    found = [
        (None, block)
        for text in (notebooks.PLAY_TITLE, notebooks.PLAY_HOW_TO)
        for block in notebooks_translated.blocks(text)
    ]
    for source in notebooks.play_sources(root):
        text = source.read_text(encoding="utf-8")
        intro = (jupytext.reads(text, fmt="md:myst").metadata.get("play") or {}).get("intro") or ""
        found += [(None, block) for block in notebooks_translated.blocks(str(intro).strip())]
        for cell in notebooks.read_source_text(text, source).cells:
            tags = cell.metadata.get("tags", [])
            if cell.cell_type == "markdown" and notebooks.PLAY_TAG in tags and "remove-cell" in tags:
                found += [(None, block) for block in notebooks_translated.blocks(cell.source)]
    return {"play": found}
