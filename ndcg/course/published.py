"""Figures quoted from the literature: the reader of ``experiments/published.yaml``.

Chapter 6 sets its small race beside the scores papers report on MSLR,
Yahoo! LTR and Istella; ``experiments/realdata.py`` prints a real run beside
them. Both read the file with :func:`load_published`, which checks every
entry and names the file, the entry, its line and the field when one is
wrong. The file's path is the caller's to give: this package reads no
repository path of its own.
"""

from __future__ import annotations

import numbers
from pathlib import Path
from typing import NamedTuple

__all__ = ["ALL_ZERO_CONVENTIONS", "DATASETS", "METRICS", "Figure", "load_published"]

#: The collections a figure may be on (the keys of ``experiments.realdata_collections.DATASETS``).
DATASETS = ("mslr-web10k", "mslr-web30k", "yahoo-set1", "yahoo-set2", "istella")
#: The metrics a figure may be, as papers print them.
METRICS = ("ndcg@1", "ndcg@3", "ndcg@5", "ndcg@10")


class Figure(NamedTuple):
    """One published figure, as the course's ``experiments/published.yaml`` records it."""

    id: str
    paper: str
    table: str
    row: str
    column: str
    value: float
    dataset: str
    learner: str
    metric: str
    verified: bool
    all_zero_queries: str
    split: str
    checked: str
    note: str


#: The values ``all_zero_queries`` may take: how the paper scored a query without a relevant document.
ALL_ZERO_CONVENTIONS = ("0", "1", "left out", "unknown")
_REQUIRED = ("id", "paper", "table", "row", "column", "value", "dataset", "learner", "metric", "verified")
_OPTIONAL = {"all_zero_queries": "unknown", "split": "unknown", "checked": "", "note": ""}


def _entry_error(path, number, line, entry_id, message):
    where = f"{path}, entry {number}" + (f" ({entry_id!r})" if entry_id else "") + f", line {line}"
    return ValueError(f"{where}: {message}")


def _repeated_keys(node):
    """The keys that a mapping of a composed YAML document (at any depth) repeats, as key nodes."""
    import yaml

    if isinstance(node, yaml.MappingNode):
        seen = set()
        for key, value in node.value:  # (safe_load has refused unhashable keys already)
            if key.value in seen:
                yield key
            seen.add(key.value)
            yield from _repeated_keys(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _repeated_keys(item)


def load_published(path) -> list:
    """Read and check the published figures: a list of :class:`Figure`.

    The file is YAML with one key, ``figures``, a list of entries. Each entry
    has ``id`` (unique), ``paper``, ``table``, ``row`` and ``column`` (where
    the figure stands in the paper), ``value`` (a fraction between 0 and 1:
    a paper printing 51.48 is entered as 0.5148), ``dataset`` (one of
    :data:`DATASETS`), ``learner`` (a key of :data:`ndcg.ltr.races.LEARNERS`, the
    learner of ours it is set beside), ``metric`` (``ndcg@1``, ``ndcg@3``,
    ``ndcg@5`` or ``ndcg@10``) and ``verified`` (``true`` once someone has
    checked the figure against the paper, who and how said in ``checked``).
    Optional: ``all_zero_queries`` (one of :data:`ALL_ZERO_CONVENTIONS`,
    default ``unknown``), ``split`` (the folds the figure is on, default
    ``unknown``) and ``note``.

    Raises
    ------
    ValueError
        Naming the file, the entry (its number, id and line) and the field,
        for a missing or unknown field, a value of the wrong kind, or a
        repeated id; naming the file and the line, for a key written twice
        in one mapping (YAML would keep the last one silently).

    Examples
    --------
    >>> import pathlib, tempfile, yaml
    >>> entry = dict(id="x", paper="A paper (2021)", table="1", row="LambdaMART", column="NDCG@10",
    ...              value=0.5, dataset="mslr-web30k", learner="lightgbm", metric="ndcg@10", verified=False)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "figures.yaml"
    ...     _ = path.write_text(yaml.safe_dump({"figures": [entry]}, sort_keys=False))
    ...     (figure,) = load_published(path)
    >>> figure.dataset, figure.learner, figure.value, figure.split
    ('mslr-web30k', 'lightgbm', 0.5, 'unknown')
    >>> entry["value"] = 51.48
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "figures.yaml"
    ...     _ = path.write_text(yaml.safe_dump({"figures": [entry]}, sort_keys=False))
    ...     load_published(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: ...figures.yaml, entry 1 ('x'), line 2: field 'value' must be a number between 0 and 1 (a paper's 51.48 is 0.5148); got 51.48.
    """
    import yaml

    from ndcg.ltr.races import LEARNERS

    path = Path(path)
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
        root = yaml.compose(text)
    except yaml.YAMLError as error:
        raise ValueError(f"{path} is not valid YAML: {error}") from None
    repeated = next(_repeated_keys(root), None)
    if repeated is not None:
        raise ValueError(
            f"{path}, line {repeated.start_mark.line + 1}: the key {repeated.value!r} is repeated "
            "(YAML would keep only the last one)."
        )
    if not isinstance(data, dict) or set(data) != {"figures"} or not isinstance(data["figures"], list):
        if isinstance(data, dict) and set(data) != {"figures"}:
            keys = ", ".join(repr(key) for key in data)
            got = f"the key{'s' if len(data) != 1 else ''} {keys}" if data else "no key"
        elif isinstance(data, dict):
            got = f"'figures': {type(data['figures']).__name__}"
        else:
            got = type(data).__name__ if data is not None else "nothing"
        raise ValueError(f"{path} must hold one key, 'figures', a list of entries; got {got}.")
    nodes = dict(root.value)
    lines = [
        node.start_mark.line + 1 for node in next(v for k, v in nodes.items() if k.value == "figures").value
    ]
    figures, seen = [], set()
    for number, (entry, line) in enumerate(zip(data["figures"], lines), start=1):
        entry_id = entry.get("id") if isinstance(entry, dict) else None

        def fail(message, number=number, line=line, entry_id=entry_id):
            return _entry_error(path, number, line, entry_id, message)

        if not isinstance(entry, dict):
            raise fail(f"an entry must be a mapping of fields; got {entry!r}.")
        for field in _REQUIRED:
            if field not in entry:
                raise fail(f"field {field!r} is missing.")
        unknown = sorted(set(entry) - set(_REQUIRED) - set(_OPTIONAL))
        if unknown:
            raise fail(
                f"unknown field {unknown[0]!r}; the fields are {', '.join(_REQUIRED + tuple(_OPTIONAL))}."
            )
        fields = {**_OPTIONAL, **entry}
        for field in ("id", "paper", "table", "row", "column", "split", "checked", "note"):
            if not isinstance(fields[field], str) or (field in _REQUIRED and not fields[field].strip()):
                kind = "a non-empty text" if field in _REQUIRED else "a text"
                raise fail(f"field {field!r} must be {kind}; got {fields[field]!r}.")
        value = fields["value"]
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not 0 <= value <= 1:
            raise fail(
                f"field 'value' must be a number between 0 and 1 (a paper's 51.48 is 0.5148); got {value!r}."
            )
        for field, names in (("dataset", DATASETS), ("learner", LEARNERS), ("metric", METRICS)):
            # (a list or a mapping is no name, and would not even be looked up in a dict)
            if not isinstance(fields[field], str) or fields[field] not in names:
                raise fail(f"field {field!r} must be one of {', '.join(names)}; got {fields[field]!r}.")
        if not isinstance(fields["verified"], bool):
            raise fail(f"field 'verified' must be true or false; got {fields['verified']!r}.")
        if fields["verified"] and not fields["checked"].strip():
            raise fail("field 'checked' must say who checked the figure against the paper, when and how.")
        if fields["all_zero_queries"] not in ALL_ZERO_CONVENTIONS:
            raise fail(
                f"field 'all_zero_queries' must be one of {', '.join(map(repr, ALL_ZERO_CONVENTIONS))}; "
                f"got {fields['all_zero_queries']!r}."
            )
        if fields["id"] in seen:
            raise fail(f"field 'id': {fields['id']!r} is already the id of an earlier entry.")
        seen.add(fields["id"])
        fields["value"] = float(value)
        figures.append(Figure(**{field: fields[field] for field in Figure._fields}))
    return figures
