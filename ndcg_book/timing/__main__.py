"""``python -m ndcg_book.timing [--readme]``: print every timing, or update ``exercises/README.md``."""

from __future__ import annotations

from .agendas import PLANS
from .text import agenda_text, assumptions, chapters_table, further_list, update_readme


def main(argv: list[str] | None = None) -> int:
    """``python -m ndcg_book.timing [--readme]``: print every timing, or update the README."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args == ["--readme"]:
        print("exercises/README.md " + ("updated" if update_readme() else "already up to date"))
        return 0
    print(assumptions(), chapters_table(), further_list(), *(agenda_text(k) for k in PLANS), sep="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
