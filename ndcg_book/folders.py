"""The course's folder and the built book's, for the build steps (``python -m ndcg_book``).

The steps run in a copy of the course (the repository, or an unzipped course), with this package
inside it: the course is this package's parent folder, wherever the command is run from.
Standard library only.
"""

from __future__ import annotations

from pathlib import Path

#: The course's folder: the parent of this package's.
ROOT = Path(__file__).resolve().parent.parent
#: Where ``jupyter-book build`` writes the English edition (the Chinese one is its ``zh/``), relative
#: to the course's folder.
BOOK = Path("_build", "html")
