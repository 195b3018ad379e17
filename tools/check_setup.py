"""``python tools/run.py check``'s own work, in the course's Python: the imports a learner's
notebooks need, then the first exercise notebook run in a real kernel under nbval.

One process, where ``check`` used to start Python twice (an import line, then pytest with every
installed plugin) and spent most of a warm run on imports, not on the notebook:

* pytest runs in this process (``pytest.main``), so its dots and its failure messages are nbval's
  own; it loads only nbval: ``tools/commands_course.py`` sets ``PYTEST_DISABLE_PLUGIN_AUTOLOAD``,
  and this script passes ``-p nbval.plugin``, no conftest and none of the repository's addopts;
* two optional format checkers of jsonschema, which nbformat imports, are left out:
  ``rfc3987-syntax`` builds a grammar when imported (over a second of CPU) and ``isoduration``
  pulls in ``arrow``, for the formats "iri" and "duration" that a notebook's schema never uses
  (jsonschema skips a format whose library does not import).

``python3 benchmarks/bench_setup.py --check`` times this against the old way. Run from the
course's folder (``tools/run.py`` does), with the course's Python.
"""

import sys

#: The notebook ``check`` runs: the first exercise notebook.
NOTEBOOK = "exercises/00_why.ipynb"


def main() -> int:
    """The imports, then nbval on :data:`NOTEBOOK`; pytest's exit code."""
    sys.modules.update(rfc3987_syntax=None, isoduration=None)  # optional in jsonschema, unused here
    import ndcg
    import ndcg.course.cards
    import ndcg.course.widgets

    print("ndcg", ndcg.__version__, "imports fine", flush=True)
    import pytest

    options = ["-q", "-p", "no:cacheprovider", "-o", "addopts=", "--noconftest"]
    return int(pytest.main(["-p", "nbval.plugin", "--nbval", NOTEBOOK, *options]))


if __name__ == "__main__":  # run as a script; pytest's doctest collection imports it too
    sys.exit(main())
