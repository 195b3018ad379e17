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


# -- the layers: the metric library, learning to rank, the course, the book build ------------------

import ast  # noqa: E402
from pathlib import Path  # noqa: E402

PACKAGE = Path(ndcg.__file__).parent
CORE = sorted(PACKAGE.glob("*.py"))
LTR = sorted((PACKAGE / "ltr").glob("*.py"))
COURSE_FOLDER = PACKAGE.parent


def _module_name(path: Path, root: Path = COURSE_FOLDER) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, root: Path = COURSE_FOLDER) -> set[str]:
    """Every module a file imports, as an absolute dotted name (relative ones resolved)."""
    name = _module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = (
                ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]) if node.level else ""
            )
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_core_is_the_metric_grid_and_its_helpers():
    assert {path.stem for path in CORE} == {
        "__init__",
        "_binary_rows",
        "_rows",
        "_ties",
        "_validation",
        "batch_binary",
        "batch_graded",
        "conventions",
        "gains",
        "list_binary",
        "list_graded",
        "stats",
    }
    assert {path.stem for path in LTR} == {
        "__init__",
        "boosting",
        "letor",
        "losses",
        "models",
        "queries",
        "races",
        "synthetic",
        "training",
    }


def test_no_core_or_ltr_module_imports_the_course_or_the_book():
    outside = ("ndcg.course", "ndcg_book", "experiments")
    offenders = {
        _module_name(path): sorted(m for m in _imported_modules(path) if m.startswith(outside))
        for path in CORE + LTR
    }
    assert not any(offenders.values()), offenders
    core_to_ltr = {
        _module_name(path): sorted(m for m in _imported_modules(path) if m.startswith("ndcg.ltr"))
        for path in CORE
    }
    assert not any(core_to_ltr.values()), core_to_ltr


# -- no import circle: each layer, and each module in it, imports only what is below it ----------

#: The house's Python: the package, the book build, the tools, the experiments.
HOUSE = ("ndcg", "ndcg_book", "tools", "experiments")


def import_graph(root: Path = COURSE_FOLDER, packages=HOUSE) -> dict[str, set[str]]:
    """Each module of the house under ``root`` -> the modules of the house it imports. An import
    inside a function counts (it closes a circle all the same, later); one of the module's own
    packages does not (Python has loaded it first)."""
    paths = [path for package in packages for path in sorted((root / package).rglob("*.py"))]
    modules = {_module_name(path, root) for path in paths}
    graph = {}
    for path in paths:
        name = _module_name(path, root)
        graph[name] = set()
        for imported in _imported_modules(path, root):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]  # a name imported from a module: the module
            if imported and imported != name and not name.startswith(imported + "."):
                graph[name].add(imported)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected components of two modules or more
    (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_of_the_house_is_in_an_import_circle():
    graph = import_graph()
    assert {"ndcg.course.islands", "ndcg_book.bundles", "ndcg_book.generate.notebooks_sync"} <= set(graph)
    assert not circles(graph), circles(graph)


def test_an_import_circle_is_found_even_through_a_function(tmp_path):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "tools" / "a.py").write_text("from tools import b\n")
    (tmp_path / "tools" / "b.py").write_text("from . import c\n")
    (tmp_path / "tools" / "c.py").write_text("def late():\n    from .a import name\n")
    (tmp_path / "tools" / "d.py").write_text("import tools.a\nimport tools\n")
    graph = import_graph(tmp_path, ("tools",))
    assert graph["tools.c"] == {"tools.a"} and graph["tools.d"] == {"tools.a"}
    assert circles(graph) == [["tools.a", "tools.b", "tools.c"]]


# -- the layers: each imports only itself and the layers below it ----------------------------------

#: What each layer of the house may import of the house, bottom up: the metric library, learning to
#: rank, the course (what the notebooks import), the book build (``ndcg_book``: the Sphinx extension
#: and every build step), and the command line (``tools/``: standard library, run before the venv
#: exists), which runs the build as ``python -m ndcg_book <step>`` and never imports it (of the house
#: it imports only the package ``make check`` checks, ``tools/check_setup.py``). ``experiments/``
#: stands beside the build, on the course. No import runs back up, not even inside a function.
MAY_IMPORT = {
    "ndcg": {"ndcg"},
    "ndcg.ltr": {"ndcg", "ndcg.ltr"},
    "ndcg.course": {"ndcg", "ndcg.ltr", "ndcg.course"},
    "ndcg_book": {"ndcg", "ndcg.ltr", "ndcg.course", "ndcg_book"},
    "experiments": {"ndcg", "ndcg.ltr", "ndcg.course", "experiments"},
    "tools": {"ndcg", "ndcg.ltr", "ndcg.course", "tools"},
}


def layer(module: str) -> str:
    """The layer of a module of the house: ``ndcg.ltr``, ``ndcg.course``, or its top package."""
    for name in ("ndcg.ltr", "ndcg.course"):
        if module == name or module.startswith(name + "."):
            return name
    return module.split(".")[0]


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import of ``graph`` (:func:`import_graph`) that its layer may not make, as ``a -> b``."""
    return sorted(
        f"{module} -> {imported}"
        for module, imports in graph.items()
        for imported in imports
        if layer(imported) not in MAY_IMPORT[layer(module)]
    )


def test_each_layer_imports_only_itself_and_the_layers_below():
    graph = import_graph()
    assert {layer(module) for module in graph} == set(MAY_IMPORT)
    assert {"ndcg_book.generate.notebooks", "ndcg_book.pdf.print_book", "tools.commands_book"} <= set(graph)
    assert not layer_violations(graph), layer_violations(graph)


def test_an_import_running_back_up_is_found_even_through_a_function(tmp_path):
    files = {
        "ndcg/__init__.py": "import numpy\n",
        "ndcg/course/__init__.py": "",
        "ndcg/course/display.py": "from ndcg import gains\n",
        "ndcg/course/late.py": "def late():\n    from ndcg_book.generate import notebooks\n",
        "ndcg/gains.py": "",
        "ndcg_book/__init__.py": "",
        "ndcg_book/generate/__init__.py": "",
        "ndcg_book/generate/notebooks.py": "from ndcg.course import display\nfrom tools.base import ROOT\n",
        "tools/__init__.py": "",
        "tools/base.py": "",
        "tools/check.py": "from . import base\n\n\ndef check():\n    import ndcg.course.display\n",
        "tools/commands.py": "import ndcg_book.generate.notebooks\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, ("ndcg", "ndcg_book", "tools"))
    assert layer_violations(graph) == [
        "ndcg.course.late -> ndcg_book.generate",
        "ndcg.course.late -> ndcg_book.generate.notebooks",
        "ndcg_book.generate.notebooks -> tools.base",
        "tools.commands -> ndcg_book.generate.notebooks",
    ]


def _loaded_after(statement: str) -> tuple[list[str], list[str]]:
    """Run ``statement`` in a fresh Python: the modules of the course it loads (ndcg, ndcg_book,
    experiments) and the third-party distributions (top-level names outside the standard library)."""
    code = (
        "import sys; before = set(sys.modules); " + statement + "; "
        "new = [m for m in sys.modules if m not in before]; "
        "ours = sorted(m for m in new if m.split('.')[0] in ('ndcg', 'ndcg_book', 'experiments')); "
        "third = sorted({m.split('.')[0] for m in new} - set(sys.stdlib_module_names) "
        "- {'ndcg', 'ndcg_book', 'experiments'} - {m for m in new if m.startswith('_')}); "
        "print(' '.join(ours)); print(' '.join(third))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=COURSE_FOLDER
    )
    ours, third = done.stdout.splitlines()
    return ours.split(), third.split()


def test_import_ndcg_loads_the_metric_library_and_numpy_only():
    ours, third = _loaded_after("import ndcg")
    assert set(ours) <= {_module_name(path) for path in CORE}, ours
    assert third == ["numpy"]


def test_import_ndcg_ltr_loads_no_course_module_and_no_tree_library():
    ours, third = _loaded_after("import ndcg.ltr, ndcg.ltr.letor, ndcg.ltr.races, ndcg.ltr.boosting")
    assert not [m for m in ours if m.startswith(("ndcg.course", "ndcg_book", "experiments"))], ours
    assert third == ["numpy"]


def test_importing_the_whole_core_loads_nothing_of_the_course():
    modules = ", ".join(_module_name(path) for path in CORE + LTR)
    code = (
        f"import sys, {modules}; print(' '.join(sorted(m for m in sys.modules "
        f"if m.startswith(('ndcg.course', 'ndcg_book')) or m in {HEAVY!r})))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_no_module_of_the_package_reads_a_path_of_the_repository():
    # The package is what a participant installs: nothing outside it is there. A module may
    # read its own package data (ndcg/course/content/, static/), never the course's folders
    # (experiments/results/, experiments/published.yaml, benchmarks/ ...).
    outside = ("results", "benchmarks", "experiments")
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "parents[" not in text, path
        tree = ast.parse(text)
        # Docstrings may name the course's files (a reader's function says what it reads); code may not.
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "parent" and "__file__" in ast.unparse(node):
                depth = ast.unparse(node).count(".parent")  # Path(__file__).parent... up `depth` folders
                assert path.parents[depth - 1].is_relative_to(PACKAGE), (path, ast.unparse(node))
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):  # a path: folder / "results"
                named = [side.value for side in (node.left, node.right) if isinstance(side, ast.Constant)]
                assert not set(named) & {*outside, "published.yaml"}, (path, ast.unparse(node))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                assert not node.value.startswith(tuple(f"{name}/" for name in outside)), (path, node.value)
                assert "published.yaml" not in node.value, (path, node.value)


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


def test_the_package_docstrings_list_exactly_their_modules():
    import re

    import ndcg.course
    import ndcg.ltr
    import ndcg_book
    import ndcg_book.catalogues
    import ndcg_book.generate
    import ndcg_book.pdf

    for package in (
        ndcg.course,
        ndcg.ltr,
        ndcg_book,
        ndcg_book.generate,
        ndcg_book.pdf,
        ndcg_book.catalogues,
    ):
        folder = Path(package.__file__).parent
        modules = {path.stem for path in folder.glob("*.py") if not path.stem.startswith("_")}
        modules |= {path.parent.name for path in folder.glob("*/__init__.py")}
        listed = set(re.findall(r"^``(\w+)``", package.__doc__, re.MULTILINE))
        assert listed == modules, (package.__name__, sorted(listed ^ modules))
    listed = set(re.findall(r"``ndcg\.(\w+)``", ndcg.__doc__))
    assert listed == {path.stem for path in CORE if not path.stem.startswith("_")} | {"ltr", "course"}
