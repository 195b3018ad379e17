"""ndcg.course.checks: where the exercise notebooks import the checks from."""

import re
import subprocess
import sys
from pathlib import Path

from ndcg.course import check_ladder, check_words, checks, function_checks, number_checks, typed_numbers

ROOT = Path(__file__).resolve().parents[2]


def test_checks_need_only_numpy():
    heavy = ["ipywidgets", "matplotlib", "IPython", "yaml"]
    code = f"import sys, ndcg.course.checks; print(' '.join(m for m in {heavy!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_every_name_the_notebooks_import_is_here_and_is_the_parts_own():
    """``from ndcg.course.checks import ...`` is the documented path (the solutions, hence the exercise
    notebooks, and exercises/README.md): it holds the parts' own objects, not copies."""
    imported = set()
    for path in sorted((ROOT / "solutions").glob("[0-9][0-9]_*.md")):
        for names in re.findall(r"^from ndcg\.course\.checks import (.+)$", path.read_text("utf-8"), re.M):
            imported |= {name.strip() for name in names.split(",")}
    assert {"NumberCheck", "FunctionCheck", "ranking_cases"} <= imported <= set(checks.__all__)
    home = {
        "STATUSES": check_ladder,
        "Feedback": check_ladder,
        "WORDS": check_words,
        "say": check_words,
        "NumberCheck": number_checks,
        "FunctionCheck": function_checks,
        "case_order": function_checks,
        "ranking_cases": function_checks,
        "typed": typed_numbers,
        "list_items": typed_numbers,
    }
    assert sorted(home) == sorted(checks.__all__)
    for name, part in home.items():
        assert getattr(checks, name) is getattr(part, name), name
