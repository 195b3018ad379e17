"""How seven libraries define NDCG, and the same ranking scored each library's way.

"NDCG@10" is not one number. scikit-learn, torchmetrics, trec_eval, ranx,
LightGBM, XGBoost and Spark MLlib agree on the discount ``1 / log2(i + 1)`` but
differ on five choices, and each choice can move the score of the same ranking:

=================  ==========================================================
gain               the grade itself (``"linear"``) or ``2**rel - 1``
                   (``"exponential"``)
ties               equal scores share their group's average gain (McSherry &
                   Najork), or keep their input order, or are ordered by
                   document id (trec_eval: descending), or no order is promised
no relevant item   what a query whose ideal DCG is 0 scores: 0, 1, or nothing
                   (left out of the mean, here NaN)
ideal from         the items of the scored list, or every judged item of the
                   query (the qrels), retrieved or not
k past the list    clamped to the list; or, when the ideal comes from the
                   qrels, the ideal keeps counting judged items up to ``k``
=================  ==========================================================

:data:`CONVENTIONS` records each library's choices as a :class:`Convention`,
with the version and the source they were read from; :func:`ndcg_under`
scores one query the way a library would, with this package's own functions;
:func:`ndcg.course.tables.convention_table` lays it all out for the chapter.

How the facts were checked
--------------------------
* scikit-learn 1.9.1, trec_eval 9.0.8 (inside pytrec-eval-terrier 0.5.11) and
  LightGBM 4.7.0 are installed here: ``tests/core/test_conventions.py`` compares
  :func:`ndcg_under` with the real library, ties, judged-but-unretrieved
  items, all-zero queries and ``k`` past the list included.
* XGBoost 3.2.0 is installed too: the course's full install pins its
  CPU-only wheel, xgboost-cpu, on Linux and Windows (plain xgboost on macOS).
  Every fact recorded here (the gain, ``ndcg@k``, plain ``ndcg`` stopping at
  rank 32, ``ndcg-``, ties, the largest label) was checked by calling it, and
  ``tests/core/test_conventions.py`` compares :func:`ndcg_under` with its metrics
  on every test run.
* torchmetrics needs PyTorch, a multi-gigabyte download, so it is **not**
  run: its convention is read from the code of its released, pure-Python
  wheel (torchmetrics 1.9.0; file and line in each note).
* ranx is **not** installed: its convention comes from reading its source and
  documentation (files in ``Convention.sources``). A detail that could not be
  verified is marked "not verified" in the notes.
* Spark MLlib (pyspark 4.3.0, on Java 17) is run outside the book, by
  ``python3 tools/run.py spark``, which saves what it measured to
  ``experiments/results/spark.json``; ``tests/experiments/test_spark.py``
  compares :func:`ndcg_under` with every saved value, and runs Spark again
  where Java 17 and the ``spark`` set are installed.

>>> from ndcg.conventions import CONVENTIONS, ndcg_under
>>> y_true = [3, 2, 0, 1]            # grades of the four retrieved items
>>> y_score = [0.9, 0.5, 0.5, 0.1]   # items 2 and 3 are tied
>>> round(ndcg_under("sklearn", y_true, y_score), 4)       # tie averaged
0.9579
>>> round(ndcg_under("lightgbm", y_true, y_score), 4)      # 2**rel - 1, input order
0.9926
>>> judged = [3, 2, 0, 1, 2]          # one relevant item was never retrieved
>>> round(ndcg_under("trec_eval", y_true, y_score, judged=judged,
...                  doc_ids=["d1", "d2", "d3", "d4"]), 4)  # "d3" before "d2"
0.7783
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field

import numpy as np

from ._validation import _describe, check_grades, check_ideal, check_k, check_scores
from .batch_graded import dcg_per_query

#: The gain functions a convention may use (those of :mod:`ndcg.gains`).
GAINS = ("linear", "exponential")

#: How a convention orders items with equal scores.
TIES_AVERAGE = "average"
TIES_INPUT_ORDER = "input order"
TIES_DOC_ID = "doc id, descending"
TIES_UNSPECIFIED = "unspecified"
TIES = (TIES_AVERAGE, TIES_INPUT_ORDER, TIES_DOC_ID, TIES_UNSPECIFIED)

#: Where the ideal ranking comes from.
IDEAL_LIST = "list"
IDEAL_JUDGED = "judged"
IDEALS = (IDEAL_LIST, IDEAL_JUDGED)


@dataclass(frozen=True)
class Convention:
    """How one library computes NDCG of one query, and where that was read.

    Parameters
    ----------
    library : str
        The library's name, e.g. ``"scikit-learn"``.
    call : str
        How to get this NDCG from the library.
    version : str
        The version the facts were checked against.
    gain : {"linear", "exponential"}
    ties : {"average", "input order", "doc id, descending", "unspecified"}
        ``ndcg_under`` uses input order for ``"unspecified"``.
    empty_query : float
        The score of a query with no relevant item (ideal DCG 0): ``0.0``,
        ``1.0``, or ``nan`` for "left out of the mean".
    ideal : {"list", "judged"}
        ``"list"``: the ideal ranking sorts the grades of the scored items;
        ``"judged"``: it sorts the grades of every judged item of the query.
    default_k : int, optional
        The cut-off the library applies when no ``k`` is asked for; ``None``
        means the whole list.
    integer_grades : bool
        Whether the library accepts whole-number grades only.
    max_grade : int, optional
        The largest grade the library accepts with its defaults.
    checked_by : str
        How the facts were confirmed: ``"running it here"`` (the tests
        compare with the installed library), ``"running xgboost-cpu 3.2.0"``
        (the same: the CPU-only build the full install pins, named for its
        build), ``"running pyspark 4.3.0"`` (run outside the book, saved, and
        compared with the saved values), ``"reading the 1.9.0 wheel"`` or
        ``"reading its source"``.
    ties_option : str, optional
        What the library's switch for skipping the tie handling does, if it
        has one (scikit-learn's ``ignore_ties=True``).
    notes : tuple of str
        Other real differences, each with where it was read.
    sources : tuple of str
        The files and pages the facts come from.

    Examples
    --------
    XGBoost's ``ndcg-`` metric is its ``ndcg`` with an empty query scored 0:

    >>> import dataclasses
    >>> minus = dataclasses.replace(CONVENTIONS["xgboost"], empty_query=0.0)
    >>> ndcg_under(minus, [0, 0, 0], [3, 2, 1]), ndcg_under("xgboost", [0, 0, 0], [3, 2, 1])
    (0.0, 1.0)
    >>> CONVENTIONS["trec_eval"].k_beyond_list
    'ideal keeps judged items'
    """

    library: str
    call: str
    version: str
    gain: str
    ties: str
    empty_query: float
    ideal: str
    default_k: int | None = None
    integer_grades: bool = False
    max_grade: int | None = None
    checked_by: str = "reading its source"
    ties_option: str | None = None
    notes: tuple[str, ...] = field(default=())
    sources: tuple[str, ...] = field(default=())

    def __post_init__(self):
        for name, value, valid in (
            ("gain", self.gain, GAINS),
            ("ties", self.ties, TIES),
            ("ideal", self.ideal, IDEALS),
        ):
            if value not in valid:
                listed = ", ".join(repr(v) for v in valid)
                raise ValueError(f"{name} must be one of {listed}; got {_describe(value)}.")
        empty = self.empty_query
        if (
            isinstance(empty, bool)
            or not isinstance(empty, numbers.Real)
            or not (math.isnan(empty) or empty in (0.0, 1.0))
        ):
            raise ValueError(
                "empty_query must be 0.0, 1.0 or nan (the query is left out of the "
                f"mean); got {_describe(empty)}."
            )
        if self.ties_option is not None and (
            not isinstance(self.ties_option, str) or not self.ties_option.strip()
        ):
            raise ValueError(
                f"ties_option must be a non-empty text or None; got {_describe(self.ties_option)}."
            )
        for name in ("default_k", "max_grade"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1
            ):
                raise ValueError(f"{name} must be a positive integer or None; got {_describe(value)}.")

    @property
    def k_beyond_list(self) -> str:
        """What a cut-off ``k`` longer than the scored list does."""
        if self.ideal == IDEAL_JUDGED:
            return "ideal keeps judged items"
        return "clamped"

    @property
    def ties_text(self) -> str:
        """``ties``, followed by what the library's switch to ignore ties does, if it has one."""
        if self.ties_option is None:
            return self.ties
        return f"{self.ties} ({self.ties_option})"

    @property
    def empty_query_text(self) -> str:
        """``empty_query`` in words: ``"0"``, ``"1"`` or ``"left out"``."""
        if math.isnan(self.empty_query):
            return "left out of the mean"
        return f"{self.empty_query:g}"


_SKLEARN = "https://github.com/scikit-learn/scikit-learn/blob/1.9.1/sklearn/metrics/_ranking.py"
_TREC = "https://github.com/usnistgov/trec_eval/blob/main/"
_LGB = "https://github.com/microsoft/LightGBM/blob/master/src/metric/"
_XGB = "https://github.com/dmlc/xgboost/blob/master/"
_TM = "https://github.com/Lightning-AI/torchmetrics/blob/master/src/torchmetrics/"
_RANX = "https://github.com/AmenRa/ranx/blob/master/ranx/"

#: Each library's NDCG convention, by short name.
CONVENTIONS: dict[str, Convention] = {
    "sklearn": Convention(
        library="scikit-learn",
        call="sklearn.metrics.ndcg_score(y_true, y_score, k=k)",
        version="1.9.1",
        gain="linear",
        ties=TIES_AVERAGE,
        empty_query=0.0,
        ideal=IDEAL_LIST,
        checked_by="running it here",
        ties_option="ignore_ties=True: ascending sort reversed, ties usually last first",
        notes=(
            "Ties: _tie_averaged_dcg gives every item of a tie group the group's mean "
            "gain (McSherry & Najork 2008).",
            "ignore_ties=True is meant for scores without ties ('for efficiency gains'). "
            "It ranks with np.argsort(y_score)[:, ::-1] (_dcg_sample_scores): an ascending "
            "sort with NumPy's default kind, which promises no order for equal values, "
            "then reversed. Where the sort leaves tied items in input order (NumPy's "
            "generic introsort does for rows of up to 16 items, by insertion sort) the "
            "reversal puts them in reverse input order, the opposite of "
            "ndcg.ndcg_score(..., ignore_ties=True); for longer rows, and with the SIMD "
            "sorts NumPy dispatches to on AVX2 and AVX-512 processors, the tie order is "
            "whatever the sort leaves.",
            "No relevant item: _ndcg_sample_scores sets the NDCG of an all-irrelevant row "
            "to 0 and keeps it in the mean (scikit-learn issue #29521 discusses leaving "
            "such rows out).",
            "Linear gain only; for 2**rel - 1 pass 2**y_true - 1 as y_true (the ideal is "
            "computed from y_true too).",
            "Raises ValueError for a negative y_true and for rows of one document.",
        ),
        sources=(
            _SKLEARN + " (ndcg_score, _ndcg_sample_scores, _dcg_sample_scores, "
            "_tie_averaged_dcg; the installed copy was read)",
        ),
    ),
    "torchmetrics": Convention(
        library="torchmetrics",
        call="torchmetrics.retrieval.RetrievalNormalizedDCG(top_k=k)",
        version="1.9.0",
        gain="linear",
        ties=TIES_AVERAGE,
        empty_query=0.0,
        ideal=IDEAL_LIST,
        checked_by="reading the 1.9.0 wheel",
        notes=(
            "Read in the released wheel torchmetrics-1.9.0-py3-none-any.whl (pure "
            "Python; PyTorch itself was not installed); file:line below are in its "
            "torchmetrics/ package.",
            "Ties are averaged: functional/retrieval/ndcg.py:22-42, _tie_average_dcg, "
            "a translation of scikit-learn's (since 1.1.2, PR #2031; earlier versions "
            "sorted with torch.argsort). It groups equal scores with torch.unique(-preds) "
            "and accumulates in float32 (ndcg.py:34-35); preds are cast to float32 "
            "(utilities/checks.py:151), so scores equal in float32 tie.",
            "No relevant item: the functional form returns 0 (ndcg.py:109-111); the "
            "module's empty_target_action decides, for a query whose targets sum to 0: "
            "'neg' 0.0 (default), 'pos' 1.0, 'skip' (left out of the mean; 0.0 if all are "
            "skipped), 'error' (retrieval/base.py:170-176).",
            "top_k beyond the list is clamped: discount[top_k:] = 0 (ndcg.py:58-59).",
            "Scores are used as they are: a non-positive pred is ranked like any other "
            "(ndcg.py:61-67). The change discussed in PR #3104 (non-positive preds sent "
            "to the bottom) is not in 1.9.0.",
            "target may be bool, integer or float: utilities/checks.py:141 accepts any "
            "floating-point target and checks.py:150 keeps it float, although the "
            "docstring of retrieval_normalized_dcg (ndcg.py:75) still says bool or "
            "integers.",
            "The functional retrieval_normalized_dcg flattens its input into one list "
            "(utilities/checks.py:153; issue #3216): a 2-D input is one query, not one "
            "per row. Use the module with indexes for many queries.",
        ),
        sources=(
            "https://pypi.org/project/torchmetrics/1.9.0/ (the wheel that was read)",
            _TM + "functional/retrieval/ndcg.py",
            _TM + "retrieval/base.py",
            _TM + "utilities/checks.py",
            "https://github.com/Lightning-AI/torchmetrics/pull/2031 (CHANGELOG 1.1.2)",
            "https://github.com/Lightning-AI/torchmetrics/pull/3104",
        ),
    ),
    "trec_eval": Convention(
        library="trec_eval",
        call="trec_eval -m ndcg_cut.k (pytrec_eval 'ndcg_cut.k'); 'ndcg' for no k",
        version="9.0.8 (pytrec-eval-terrier 0.5.11)",
        gain="linear",
        ties=TIES_DOC_ID,
        empty_query=0.0,
        ideal=IDEAL_JUDGED,
        integer_grades=True,
        checked_by="running it here",
        notes=(
            "Ranks: form_res_rels.c sorts by score, highest first, and breaks ties with "
            "strcmp(p2->docno, p1->docno): document ids in descending byte order, so "
            "'d9' ranks above 'd10'. The rank column of the run file is ignored "
            "(usnistgov/trec_eval issue #22).",
            "The ideal ranking counts every judged document of the query (rel_levels "
            "over the whole qrels), retrieved or not: ndcg_cut.k keeps counting judged "
            "documents after the run ends, and 'ndcg' (no k) divides the DCG of the "
            "whole run by the DCG of all judged documents.",
            "A retrieved document with no judgment counts as grade 0; negative "
            "judgments do not enter the ideal (form_res_rels.c, m_ndcg_cut.c).",
            "The gain is the grade; only 'ndcg' (not 'ndcg_cut') takes other gains per "
            "level, e.g. -m ndcg.1=3.5,2=9 (m_ndcg.c).",
            "A query whose judgments are all 0 scores 0; a query with no qrels at all "
            "is not evaluated (pytrec_eval leaves it out of its result).",
            "pytrec_eval requires integer grades (TypeError otherwise).",
        ),
        sources=(
            _TREC + "m_ndcg_cut.c",
            _TREC + "m_ndcg.c",
            _TREC + "form_res_rels.c",
            "https://github.com/usnistgov/trec_eval/issues/22",
        ),
    ),
    "ranx": Convention(
        library="ranx",
        call="ranx.evaluate(qrels, run, 'ndcg@k')",
        version="0.3.x",
        gain="linear",
        ties=TIES_UNSPECIFIED,
        empty_query=0.0,
        ideal=IDEAL_JUDGED,
        notes=(
            "'ndcg' is Jarvelin & Kekalainen's linear gain; 'ndcg_burges' uses "
            "2**rel - 1 (ranx/metrics/ndcg.py): "
            "dataclasses.replace(CONVENTIONS['ranx'], gain='exponential').",
            "The ideal is _dcg(qrels, qrels, k): the relevant judged documents sorted by "
            "grade, retrieved or not. fix_k clamps k separately for the run (DCG) and "
            "for the qrels (IDCG), so the ideal keeps judged documents past the run's "
            "end.",
            "No relevant judgment: an IDCG of 0 is replaced by 1, so NDCG is 0.",
            "Ties are not specified: runs are sorted by numba's np.argsort, a quicksort "
            "that is stable only below 16 items (numba/misc/quicksort.py, "
            "SMALL_QUICKSORT = 15), on -score for a Run object "
            "(data_structures/common.py) but on score then reversed for a plain dict "
            "(utils.py). ndcg_under keeps input order.",
            "Judgments below rel_lvl (default 1; 'ndcg@k-l2' sets 2) are dropped "
            "(clean_qrels); qrels and run must hold the same query ids (evaluate "
            "asserts it).",
        ),
        sources=(
            _RANX + "metrics/ndcg.py",
            _RANX + "metrics/common.py",
            _RANX + "data_structures/common.py",
            _RANX + "utils.py",
            _RANX + "meta/evaluate.py",
            "https://github.com/numba/numba/blob/main/numba/misc/quicksort.py",
        ),
    ),
    "lightgbm": Convention(
        library="LightGBM",
        call="metric='ndcg', eval_at=[k] (objective 'lambdarank')",
        version="4.7.0",
        gain="exponential",
        ties=TIES_INPUT_ORDER,
        empty_query=1.0,
        ideal=IDEAL_LIST,
        integer_grades=True,
        max_grade=30,
        checked_by="running it here",
        notes=(
            "Gains come from the label_gain table, by default 0, 1, 3, 7, ..., 2**30 - 1 "
            "(DCGCalculator::DefaultLabelGain, 31 entries): labels must be whole numbers "
            "from 0 to 30 unless label_gain is set; label_gain=[0, 1, 2, ...] gives "
            "linear gain.",
            "A query whose labels are all 0 scores 1 (rank_metric.hpp: 'if all doc in "
            "this query are all negative, let its NDCG=1').",
            "Ties keep input order: CalDCG sorts with std::stable_sort on score.",
            "eval_at defaults to 1, 2, 3, 4, 5; a k beyond the query's size is clamped "
            "(CalMaxDCG, CalDCG). A query may hold at most 10,000 rows.",
        ),
        sources=(_LGB + "rank_metric.hpp", _LGB + "dcg_calculator.cpp"),
    ),
    "xgboost": Convention(
        library="XGBoost",
        call="eval_metric='ndcg@k' (objective 'rank:ndcg')",
        version="3.2.0 (xgboost-cpu wheel)",
        gain="exponential",
        ties=TIES_INPUT_ORDER,
        empty_query=1.0,
        ideal=IDEAL_LIST,
        default_k=32,
        integer_grades=True,
        max_grade=31,
        checked_by="running xgboost-cpu 3.2.0",
        notes=(
            "Run with xgboost-cpu 3.2.0, the CPU-only wheel that the course's full install "
            "pins (tests/core/test_conventions.py): the scores go in as base_margin of a booster "
            "with no trees, and Booster.eval reports the metric of exactly those scores.",
            "ndcg_exp_gain=True (default) uses 2**rel - 1 and needs whole labels from 0 "
            "to 31: label 32 and label 1.5 are refused (CheckNDCGLabels in "
            "ranking_utils.h, MaxRel() = 31); ndcg_exp_gain=False uses the label itself. "
            "Both run. Before PR #11534 (issue #11517; backport #11578) the metric "
            "ignored ndcg_exp_gain=False.",
            "'ndcg-' and 'ndcg@k-' score a query with no relevant item 0, 'ndcg' and 'ndcg@k' 1: run.",
            "Plain 'ndcg' (no @k) stops at rank 32: run on a query of 40 items with "
            "relevant items at ranks 1 and 33, it gives that query's NDCG@32, not the "
            "whole list's ('ndcg@40' does). The source: LambdaRankParam::TopK() returns "
            "DefaultK() = 32 (ranking_utils.h).",
            "Ties keep input order on CPU: run, also for 20 tied items (the source: "
            "common::ArgSort, a stable sort, algorithm.h). The GPU order is not verified "
            "(the CPU wheel has no GPU code).",
            "k past the list is clamped: run. Predictions are float32, so scores equal in "
            "float32 tie; the mean over queries is capped at 1 (Finalize; read in the "
            "source, not run).",
        ),
        sources=(
            _XGB + "src/metric/rank_metric.cc",
            _XGB + "src/common/ranking_utils.h",
            _XGB + "src/common/ranking_utils.cc",
            _XGB + "src/common/algorithm.h",
            _XGB + "doc/parameter.rst",
            "https://github.com/dmlc/xgboost/issues/11517",
        ),
    ),
    "spark": Convention(
        library="Spark MLlib",
        call="RankingMetrics.of(rdd of (ranked ids, ground-truth ids, relevances)).ndcgAt(k) "
        "(Scala/Java; through py4j from Python)",
        version="4.3.0",
        gain="exponential",
        ties=TIES_INPUT_ORDER,
        empty_query=0.0,
        ideal=IDEAL_JUDGED,
        checked_by="running pyspark 4.3.0",
        notes=(
            "Run with pyspark 4.3.0 on Java 17 by `python3 tools/run.py spark` "
            "(experiments/spark.py), saved to experiments/results/spark.json; "
            "tests/experiments/test_spark.py compares ndcg_under('spark', ...) with every saved value.",
            "Spark is given a ranking, not scores: ties are in the order the caller ranks "
            "them (here: input order).",
            "PySpark's own pyspark.mllib.evaluation.RankingMetrics keeps two columns of its "
            "input (PythonMLLibAPI.newRankingMetrics maps each row to predictions and labels), "
            "so relevance values are dropped without a word: every ground-truth item counts "
            "as relevant, binary relevance. The graded form is the Scala RankingMetrics.of, "
            "reached from Python through py4j.",
            "The ideal DCG takes the ground truth in the order given (maxDcg sums "
            "2**rel(lab(i)) - 1 over i, unsorted): a ground truth not sorted by relevance "
            "gives an ideal that is not the best, and an NDCG above 1. ndcg_under sorts, "
            "so it equals Spark when the ground truth is given sorted.",
            "The ideal counts every ground-truth item, retrieved or not, up to "
            "k = min(max(len(pred), len(labels)), k): the ideal keeps judged items past the "
            "ranking's end.",
            "An empty ground truth, and one whose relevances are all 0, count 0 in the mean "
            "(with a logged warning); the mean is RDD.mean over all queries.",
            "The discount is 1/ln(i + 2), natural logarithm: NDCG, a ratio, is the same as with log2.",
        ),
        sources=(
            "https://github.com/apache/spark/blob/v4.3.0/mllib/src/main/scala/org/apache/"
            "spark/mllib/evaluation/RankingMetrics.scala",
            "https://github.com/apache/spark/blob/v4.3.0/mllib/src/main/scala/org/apache/"
            "spark/mllib/api/python/PythonMLLibAPI.scala (newRankingMetrics)",
            "https://github.com/apache/spark/blob/v4.3.0/python/pyspark/mllib/evaluation.py",
        ),
    ),
}


def _resolve(convention) -> Convention:
    if isinstance(convention, Convention):
        return convention
    if isinstance(convention, str) and convention in CONVENTIONS:
        return CONVENTIONS[convention]
    valid = ", ".join(repr(name) for name in CONVENTIONS)
    raise ValueError(f"convention must be one of {valid} or a Convention; got {_describe(convention)}.")


def _check_library_grades(grades: np.ndarray, name: str, convention: Convention) -> None:
    if grades.size == 0:
        return
    if convention.integer_grades and not np.all(grades == np.round(grades)):
        bad = grades[grades != np.round(grades)][0]
        raise ValueError(
            f"{name} holds the grade {bad:g}, but {convention.library} accepts whole-number grades only."
        )
    if convention.max_grade is not None and grades.max() > convention.max_grade:
        raise ValueError(
            f"{name} holds the grade {grades.max():g}, but {convention.library} accepts "
            f"grades up to {convention.max_grade} with its default gains."
        )


def _check_judged(judged, grades: np.ndarray, convention: Convention) -> np.ndarray:
    """The grades of every judged item; the retrieved grades must fit inside them."""
    all_grades = check_ideal(judged, grades, gain=convention.gain, name="judged", rels_name="y_true")
    _check_library_grades(all_grades, "judged", convention)
    return all_grades


def _check_doc_ids(doc_ids, n: int) -> list[str]:
    if isinstance(doc_ids, str) or not hasattr(doc_ids, "__len__"):
        raise ValueError(
            f"doc_ids must be a sequence of document names, one per item; got {_describe(doc_ids)}."
        )
    names = [str(name) for name in doc_ids]
    if len(names) != n:
        raise ValueError(f"doc_ids must name every item of y_true: got {len(names)} names for {n} grades.")
    if len(set(names)) != n:
        raise ValueError("doc_ids must be unique (trec_eval refuses duplicate documents).")
    return names


def ndcg_under(convention, y_true, y_score, k=None, *, judged=None, doc_ids=None) -> float:
    """NDCG@k of one query, computed the way a library computes it.

    The items are ranked by ``y_score`` (highest first) with the library's
    tie rule, their grades turned into gains with its gain, and the DCG divided
    by the ideal DCG built the library's way. Everything is computed by
    :func:`ndcg.batch_graded.dcg_per_query`, the ideal too (the grades sorted, best first).

    Parameters
    ----------
    convention : str or Convention
        A key of :data:`CONVENTIONS` (``"sklearn"``, ``"torchmetrics"``,
        ``"trec_eval"``, ``"ranx"``, ``"lightgbm"``, ``"xgboost"``, ``"spark"``)
        or a :class:`Convention`.
    y_true : sequence of float
        Grades of the retrieved (scored) items of the query, in any order.
    y_score : sequence of float
        The model's score of each item; same length as ``y_true``. Integer
        scores are ranked exactly, never cast to float.
    k : int, optional
        Cut-off rank. ``None`` scores the whole list, except under a
        convention with a ``default_k`` (XGBoost's plain ``ndcg``: 32).
    judged : sequence of float, optional
        Grades of every judged item of the query, the retrieved ones included.
        Used only by conventions whose ideal comes from the qrels
        (``ideal="judged"``: trec_eval, ranx); without it the ideal uses
        ``y_true``. Checked whenever given.
    doc_ids : sequence of str, optional
        One unique name per item, for trec_eval's tie rule (descending
        document id; names are compared as strings, so ``"d9" > "d10"``).
        Needed only when trec_eval meets tied scores. Checked whenever given.

    Returns
    -------
    float
        The NDCG; ``nan`` when the query has no relevant item and the
        convention leaves such queries out of the mean.

    Examples
    --------
    A tie at the top, the relevant item given second:

    >>> ndcg_under("sklearn", [0, 1], [0.5, 0.5])     # average of both orders
    0.8154648767857288
    >>> ndcg_under("lightgbm", [0, 1], [0.5, 0.5])    # input order: 0 first
    0.6309297535714575
    >>> ndcg_under("trec_eval", [0, 1], [0.5, 0.5], doc_ids=["b", "a"])  # "b" first
    0.6309297535714575

    A query with no relevant item:

    >>> [ndcg_under(name, [0, 0], [2, 1]) for name in ("sklearn", "lightgbm")]
    [0.0, 1.0]

    ``k`` past the list, with a relevant judged item the system missed:

    >>> ndcg_under("sklearn", [1, 0], [2, 1], k=5)
    1.0
    >>> round(ndcg_under("trec_eval", [1, 0], [2, 1], k=5, judged=[1, 0, 1]), 4)
    0.6131
    """
    conv = _resolve(convention)
    grades = check_grades(y_true, "y_true", gain=conv.gain)
    _check_library_grades(grades, "y_true", conv)
    score = check_scores(y_score, grades.size, exact=True)  # integers ranked exactly
    k = check_k(k)
    depth = conv.default_k if k is None else k
    all_grades = None if judged is None else _check_judged(judged, grades, conv)
    names = None if doc_ids is None else _check_doc_ids(doc_ids, grades.size)

    order = np.arange(grades.size)
    if conv.ties == TIES_DOC_ID:
        if names is None:
            if np.unique(score).size < score.size:
                raise ValueError(
                    f"doc_ids is needed: y_score has tied scores, and {conv.library} orders "
                    "tied items by document id."
                )
        else:
            # Descending id first; the stable sort by score below keeps that order in ties.
            order = np.array(sorted(range(grades.size), key=names.__getitem__, reverse=True), dtype=int)
    dcg = dcg_per_query(
        grades[order][None, :],
        score[order][None, :],
        k=depth,
        gain=conv.gain,
        ignore_ties=conv.ties != TIES_AVERAGE,
    )[0]
    # The ideal: the grades sorted from best to worst, summed by the same function as the DCG (for
    # 2**rel - 1 with grades that are not whole numbers, idcg's own sum can differ in the last bit).
    best = np.sort(all_grades if conv.ideal == IDEAL_JUDGED and all_grades is not None else grades)[::-1]
    ideal_dcg = dcg_per_query(
        best[None, :], np.arange(best.size, 0, -1)[None, :], k=depth, gain=conv.gain, ignore_ties=True
    )[0]
    if ideal_dcg == 0.0:
        return float(conv.empty_query)
    # Both DCGs are the same sum (ndcg._rows.position_sum): the ideal order gives exactly 1, and a
    # ranking a rounding error from it, whose DCG may round above the ideal's, gives 1 too.
    return min(1.0, float(dcg / ideal_dcg))
