"""The drop-in list's words (``ndcg/course/dropin.py``, chapter 4's page on libraries): one domain,
``dropin``. Found statically, with :mod:`ast`: each ``Case``'s label and advice (its first and
fifth arguments), and the list's own words (``WORDS``). The libraries' error messages stay as
the libraries say them, quoted."""

from __future__ import annotations

import ast
from pathlib import Path

DOMAIN = "dropin"


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    tree = ast.parse((root / "ndcg" / "course" / "dropin.py").read_text(encoding="utf-8"))
    found: list[tuple[str | None, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Case":
            for index in (0, 4):
                if index < len(node.args) and isinstance(node.args[index], ast.Constant):
                    found.append((None, node.args[index].value))
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "WORDS" for t in node.targets):
            found += [(None, value) for value in ast.literal_eval(node.value).values()]
    return {DOMAIN: list(dict.fromkeys(found))}
