"""The package as a whole: its public names, and what `import ndcg` loads."""

import subprocess
import sys

import ndcg

HEAVY = ["matplotlib", "ipywidgets", "sklearn", "scipy", "pandas", "IPython", "lightgbm", "xgboost"]


def test_import_needs_only_numpy():
    code = f"import sys, ndcg; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_public_names_are_documented():
    for name in ndcg.__all__:
        function = getattr(ndcg, name)
        assert function.__doc__ and "Examples" in function.__doc__, name


# -- the metric library never imports the course machinery ---------------------------------

import ast  # noqa: E402
from pathlib import Path  # noqa: E402

PACKAGE = Path(ndcg.__file__).parent
CORE = sorted(path for path in PACKAGE.glob("*.py"))


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, as an absolute dotted name (relative ones resolved)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "ndcg" if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_core_is_every_top_level_module():
    names = {path.stem for path in CORE}
    assert names == {
        "__init__",
        "_rows",
        "_validation",
        "batch",
        "batch_binary",
        "boosting",
        "conventions",
        "datasets",
        "gains",
        "ltr",
        "metrics",
        "precision",
        "race",
    }


def test_no_core_module_imports_the_course():
    offenders = {
        path.name: sorted(m for m in _imported_modules(path) if m.startswith("ndcg.course")) for path in CORE
    }
    assert not any(offenders.values()), offenders


def test_importing_the_whole_core_loads_nothing_of_the_course():
    code = (
        "import sys, ndcg, ndcg.metrics, ndcg.batch, ndcg.batch_binary, ndcg.gains, ndcg.precision, ndcg.ltr, "
        "ndcg.datasets, ndcg.conventions, ndcg.race, ndcg.boosting; print(' '.join(sorted(m for m in sys.modules "
        f"if m.startswith('ndcg.course') or m in {HEAVY!r})))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_the_course_package_is_lazy():
    code = "import sys, ndcg.course; print(' '.join(sorted(m for m in sys.modules if m.startswith('ndcg.course.'))))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_the_version_is_written_once():
    from importlib.metadata import version

    assert version("ndcg") == ndcg.__version__
    pyproject = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert ndcg.__version__ not in pyproject and 'dynamic = ["version"]' in pyproject


def test_scores_take_k_by_keyword_only_like_scikit_learn():
    import pytest

    for function in (ndcg.ndcg_score, ndcg.dcg_score, ndcg.ndcg_per_query, ndcg.dcg_per_query):
        with pytest.raises(TypeError):
            function([[1, 0]], [[0.5, 0.2]], 1)
        assert function([[1, 0]], [[0.5, 0.2]], k=1) >= 0
