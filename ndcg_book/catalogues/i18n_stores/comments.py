"""The code comments of the book's code cells and of the play and student notebooks
(``# your code here``, ``# The check of exercise 1: ...``): one domain, ``comments``, a message per
comment with words (each once, the text after ``#``). The Chinese edition shows them in Chinese
(``ndcg_book.editions.translate_code_comments``), and so do the Chinese notebooks
(``ndcg_book/generate/notebooks_translated.py``), whose code is otherwise their English twins', and whose one
cell of their own, the language cell (``LANGUAGE_CELL``), has its comment here too, last. A cell
whose input the book removes (``remove-input``, ``remove-cell``) shows no comment, and has none
here."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg_book import toc
    from ndcg_book.comments import comment_words
    from ndcg_book.generate import make_student, notebooks, notebooks_translated

    cells = []
    for page in toc.sources(root):  # the book's pages: the code cells a reader sees
        text = page.read_text(encoding="utf-8")
        if "```{code-cell}" not in text:
            continue
        for cell in notebooks.read_source_text(text, page).cells:
            tags = cell.metadata.get("tags", [])
            if cell.cell_type == "code" and not {"remove-input", "remove-cell"} & set(tags):
                cells.append(cell)
    for source in notebooks.play_sources(root):
        cells += notebooks.play_notebook_text(source.read_text(encoding="utf-8"), source).cells
    for path in sorted((root / "solutions").glob("[0-9][0-9]_*.md")):
        cells += make_student.student_notebook(make_student.read(path), path.stem)["cells"]
    found: dict[str, None] = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            for words in comment_words(make_student.cell_source(cell)):
                found.setdefault(words)
    for words in comment_words(notebooks_translated.LANGUAGE_CELL):
        found.setdefault(words)
    return {"comments": [(None, words) for words in found]}
