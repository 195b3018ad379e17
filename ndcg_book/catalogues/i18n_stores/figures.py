"""The words of the book's figures and tables (``ndcg.course.labels``): one domain, ``figures``.

Found statically, so the catalogue check fails when a chapter gains a label with no Chinese:

* the code cells of every page of the book (``_toc.yml``), read with :mod:`ast`: the string
  arguments of the calls that show words (``StepTable``, ``steps``, ``ax.set_title``,
  ``ax.set_xlabel``, ``ax.text``, ``ax.annotate``, a ``label=`` of ``ax.plot`` ...), and of the
  names such a call is given (``columns``, ``rows``, ``caption`` assigned in the page), and of a
  page's own drawing function's arguments (``draw(ax, values, "RankNet: ...")``);
* the same calls in the helpers, ``ndcg/course/plots.py`` and ``ndcg/course/tables.py``;
* the names of the examples' items (``film A``, ``Chengdu food``), the library conventions' table
  (``ndcg.conventions``) and the learners of chapter 6's races, which the tables show as rows.

An f-string becomes its template: ``f"DCG@{n} = {fmt(d, '.3f')}"`` is ``"DCG@{n} = {d}"``, each
value named after what it shows (:func:`template`); the shown text is matched against it at run
time (:class:`ndcg.course.labels.Labels`). A string with no word (``NDCG@5``, ``$k$``) is left out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

DOMAIN = "figures"

#: Calls whose every string argument is shown words.
SHOWN = {
    "StepTable",
    "steps",
    "ideal_steps",
    "ndcg_steps",
    "race_claims",
    "set_xlabel",
    "set_ylabel",
    "set_title",
    "suptitle",
    "supxlabel",
    "supylabel",
    "text",
    "annotate",
    "set_xticks",
    "set_yticks",
    "set_xticklabels",
    "set_yticklabels",
    "legend",
}
#: Calls whose keyword arguments ``label=``, ``title=``, ``caption=`` ... are shown words.
SHOWN_KEYWORDS = {"label", "labels", "title", "caption", "columns", "rows", "items", "xlabel", "ylabel"}
#: Calls that take a dict of systems whose keys are shown (a legend, a panel's title).
SYSTEMS = {"side_by_side", "ndcg_at_k"}
#: Calls through which a label passes to what shows it (any other call's arguments are not shown:
#: a number's format, a glue key, a file, an error message).
PASS_THROUGH = {"tuple", "list", "dict", "zip", "enumerate", "sorted", "reversed", "str", "Ranking"}

CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```\s*$", re.S | re.M)
_NAME = re.compile(r"[^A-Za-z0-9_]+")


def _name_of(node: ast.AST) -> str:
    """A placeholder's name for the value an f-string shows: the variable, the attribute, or
    the first argument of the call that formats it."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _name_of(node.value)
    if isinstance(node, ast.Call):
        func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if (
            func in {"fmt", "str", "int", "float", "round", "len", "interval_text", "abs", "shown"}
            and node.args
        ):
            inner = _name_of(node.args[0])
            return "count" if func == "len" and inner != "value" else inner
        return func or "value"
    if isinstance(node, ast.BinOp):
        return _name_of(node.left)
    return "value"


def template(node: ast.JoinedStr) -> str:
    """The template of an f-string: each value a ``{name}`` (the same expression, the same name).

    >>> template(ast.parse('f"DCG@{n} = {fmt(dcg(g, n), \\'.3f\\')} ({gain} gain)"').body[0].value)
    'DCG@{n} = {dcg} ({gain} gain)'
    """
    names: dict[str, str] = {}
    used: set[str] = set()
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(str(part.value).replace("{", "{{").replace("}", "}}") if False else str(part.value))
        else:
            key = ast.unparse(part.value)
            if key not in names:
                base = _NAME.sub("_", _name_of(part.value)).strip("_") or "value"
                if base[0].isdigit():
                    base = "value"
                name, number = base, 2
                while name in used:
                    name, number = f"{base}{number}", number + 1
                names[key] = name
                used.add(name)
            out.append("{" + names[key] + "}")
    return "".join(out)


def _func_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def strings(node: ast.AST, names: dict, seen: set | None = None) -> Iterator[str]:
    """Every shown string in an expression: constants, f-strings as templates, through tuples,
    lists, dicts, comprehensions, conditions and concatenations, and the values of the names it
    uses (``names``: a name -> the expressions assigned to it)."""
    seen = set() if seen is None else seen
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        yield template(node)
    elif isinstance(node, ast.Name):
        if node.id not in seen:
            seen.add(node.id)
            for value in names.get(node.id, ()):
                yield from strings(value, names, seen)
    elif isinstance(node, ast.Call):
        func = _func_name(node)
        if func in {"items", "values"} and isinstance(node.func, ast.Attribute):
            yield from strings(node.func.value, names, seen)  # for key, value in cases.items()
        elif func in PASS_THROUGH:
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                yield from strings(arg, names, seen)
        else:  # a page's helper given labelled data, verdicts({"true grades": ...}): its keys
            for arg in node.args:
                if isinstance(arg, ast.Dict):
                    for key in arg.keys:
                        if key is not None:
                            yield from strings(key, names, seen)
    elif isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if key is not None:
                yield from strings(key, names, seen)
            yield from strings(value, names, seen)
    elif isinstance(node, ast.Subscript):
        yield from strings(node.value, names, seen)
    elif isinstance(node, (ast.Attribute, ast.Compare, ast.Lambda)):
        return
    else:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.expr, ast.comprehension)):
                yield from strings(child, names, seen)


def _assignments(tree: ast.AST) -> dict[str, list[ast.AST]]:
    """Every expression assigned to a name, appended or added to it (``rows.append(...)``)."""
    names: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        names.setdefault(leaf.id, []).append(node.value)
        elif isinstance(node, (ast.For, ast.comprehension)):
            for leaf in ast.walk(node.target):
                if isinstance(leaf, ast.Name):
                    names.setdefault(leaf.id, []).append(node.iter)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"append", "extend", "insert"}
            and isinstance(node.func.value, ast.Name)
        ):
            names.setdefault(node.func.value.id, []).extend(node.args)
    return names


def _drawing_functions(tree: ast.AST) -> dict[str, list[int]]:
    """A page's own functions that pass a parameter to a call that shows words: name -> the
    indexes of those parameters (``draw_forces(ax, values, title)`` -> ``[2]``)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            params = [a.arg for a in node.args.args]
            shown = set()
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and _func_name(call) in SHOWN:
                    for arg in [*call.args, *(k.value for k in call.keywords)]:
                        shown |= {n.id for n in ast.walk(arg) if isinstance(n, ast.Name)}
            indexes = [i for i, p in enumerate(params) if p in shown]
            if indexes:
                found[node.name] = indexes
    return found


def labels_in(source: str) -> Iterator[str]:
    """Every shown label of a piece of Python (a page's code cells put together, or a module)."""
    tree = ast.parse(source)
    names = _assignments(tree)
    drawing = _drawing_functions(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = _func_name(node)
        if func in SHOWN:
            shown = [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS or k.arg in {"s", "text"}]
            for arg in [*node.args, *shown]:
                yield from strings(arg, names)
        else:
            for keyword in node.keywords:
                if keyword.arg in SHOWN_KEYWORDS:
                    yield from strings(keyword.value, names)
        if func in SYSTEMS and node.args:
            systems = node.args[0]
            for value in [systems, *names.get(getattr(systems, "id", ""), [])]:
                if isinstance(value, ast.Dict):
                    for key in value.keys:
                        if key is not None:
                            yield from strings(key, names)
        if func in drawing:
            for index in drawing[func]:
                if index < len(node.args):
                    yield from strings(node.args[index], names)


def _cells(text: str) -> str:
    """A page's code cells put together, their ``:tags:`` lines and magics left out."""
    cells = []
    for body in CODE_CELL.findall(text):
        lines = [line for line in body.splitlines() if not line.startswith((":", "%", "!"))]
        cells.append("\n".join(lines))
    return "\n\n".join(cells)


def _pages(root: Path) -> list[Path]:
    text = (root / "_toc.yml").read_text(encoding="utf-8")
    files = re.findall(r"^\s*(?:root|-?\s*file):\s*(\S+)", text, flags=re.M)
    return [root / (f if f.endswith(".md") else f"{f}.md") for f in files]


#: The helpers whose own labels (axis labels, legends, captions, headers) are words.
HELPERS = (Path("ndcg", "course", "plots.py"), Path("ndcg", "course", "tables.py"))


def _data_words() -> Iterator[str]:
    """Words the tables show from the package's data: the examples' names and item names, the library
    conventions' table, the races' learners, the verdicts of Holm's claims, and the values the helpers' templates take."""
    from ndcg import conventions
    from ndcg.course import examples
    from ndcg.ltr import races

    for value in vars(examples).values():
        if isinstance(value, examples.Ranking):
            yield value.name  # an example's name, in the tables that compare examples (chapter 4's)
            if value is examples.CHENGDU_GUIDE_A:  # its query, in chapter 5's caption ("query: {A.query}")
                yield value.query
            yield from (str(item) for item in value.items)
    for row in examples.INTERPRETATION_PRINTED:  # source 003's readings ("good"), as tables show them
        yield examples.experience_words(row[3])
    for row in examples.TRIP_TWO_ANNOTATORS:  # the course's ten pages of the "Chengdu 3-day trip"
        yield row[0]
    for conv in conventions.CONVENTIONS.values():
        yield from (conv.ties_text, conv.empty_query_text, conv.k_beyond_list, conv.checked_by, conv.gain)
    for learner in races.LEARNERS.values():
        yield from (learner.label, learner.family)
    for race in races.RACES.values():  # a race's title, in the tables' captions
        yield race.title
        yield race.name  # its name, in the race column of chapter 6's companion pages
    from ndcg.course import views_text

    kept = views_text.table("two_systems", "en")  # chapter 0's game: the table its answer shows
    yield from kept["kept_columns"]
    yield kept["kept_caption"]
    from ndcg.stats import VERDICTS

    yield from VERDICTS  # a claim's verdict, in tables.race_claims
    yield from ("linear", "exponential")
    from ndcg.ltr.boosting import LAMBDAMART_PARAMETERS

    for row in LAMBDAMART_PARAMETERS:  # tables.boosting_parameter_list
        yield from (row.concept, row.note)


#: A label that is not words: an identifier (``videos_lin``), a document's id (``scu-news``), a
#: call shown as code (``ndcg_under('spark', ...)``).
IDENTIFIER = r"[a-z0-9_]*_[a-z0-9_]*|[a-z0-9.]+(?:-[a-z0-9.]+)+|[A-Za-z_][\w.]*\(.*['\"].*\)"
#: Hyphenated labels that are words, not ids, though they look like one: a column's ``p-value``.
#: (The races' names, ``cutoff-tiered``, are added from :data:`ndcg.ltr.races.RACES`: the tables
#: of chapter 6's companion pages show them in their race column.)
HYPHENATED_WORDS = {"p-value"}


def labels(root: Path) -> list[str]:
    """Every label of the book's figures and tables that has words, each once, in the order found."""
    found: dict[str, None] = {}
    sources = [root / helper for helper in HELPERS]
    texts = [path.read_text(encoding="utf-8") for path in sources]
    texts += [_cells(page.read_text(encoding="utf-8")) for page in _pages(root) if page.exists()]
    from ndcg.course.labels import has_words

    candidates = [label for text in texts for label in labels_in(text)]
    candidates += list(_data_words())
    published = root / "experiments" / "published.yaml"  # further/06-published's table: "Table 2"
    if published.is_file():
        from ndcg.course.published import load_published

        candidates += [figure.table for figure in load_published(published)]
    from ndcg.ltr import races

    words = HYPHENATED_WORDS | set(races.RACES)
    for label in candidates:
        label = label.strip()  # a label is translated without its spaces around it
        if "<" in label or (re.fullmatch(IDENTIFIER, label) and label not in words):
            continue  # HTML, an identifier (a glue key), a document's id, a call
        bare = re.sub(r"\{[A-Za-z_][A-Za-z0-9_]*\}", "", label)
        if has_words(label) or ("{" in label and bare.strip() and label.count("{") > 1):
            found.setdefault(label, None)
    return list(found)


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    return {DOMAIN: [(None, label) for label in labels(root)]}
