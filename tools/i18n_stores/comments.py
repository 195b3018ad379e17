"""The code comments of the play and student notebooks (``# your code here``, ``# The check of
exercise 1: ...``): one domain, ``comments``, a message per comment with words (each once, the
text after ``#``). ``tools/notebooks_zh.py`` writes them in Chinese in the Chinese notebooks, whose
code is otherwise their English twins'."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from tools import make_student, notebooks, notebooks_zh

    cells = []
    for source in notebooks.play_sources(root):
        cells += notebooks.play_notebook_text(source.read_text(encoding="utf-8"), source).cells
    for path in sorted((root / "solutions").glob("[0-9][0-9]_*.md")):
        cells += make_student.student_notebook(make_student.read(path), path.stem)["cells"]
    found: dict[str, None] = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            code = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            for words in notebooks_zh.comment_words(code):
                found.setdefault(words)
    return {"comments": [(None, words) for words in found]}
