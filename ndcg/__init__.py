"""ndcg: ranking metrics for the course "Ranking evaluation, from CG to NDCG".

One ranked list (grades in ranked order, position 1 first):

>>> import ndcg
>>> rels = [3, 2, 1, 0, 2]          # the running movie example
>>> ndcg.cg(rels), round(ndcg.dcg(rels), 3), round(ndcg.idcg(rels), 3)
(8.0, 5.536, 5.693)
>>> round(ndcg.ndcg(rels, k=3), 3)
0.905

Many queries at once (grades and model scores, queries x items), the
scikit-learn way, ties handled by averaging:

>>> round(ndcg.ndcg_score([[3, 2, 1, 0, 2]], [[5, 4, 3, 2, 1]]), 3)
0.972

The binary metrics NDCG is compared with, P@k, R@k, AP and MAP, are here too:

>>> ndcg.precision_at_k([3, 0, 2, 0], 2), round(ndcg.average_precision([3, 0, 2, 0]), 3)
(0.5, 0.833)

and their batch forms, from scores, with ties averaged like NDCG's:

>>> ndcg.mrr_score([[0, 1, 0], [1, 0, 0]], [[3, 2, 1], [3, 2, 1]])
0.75

``import ndcg`` needs only NumPy. The metrics form a grid: one ranked list or
many (from model scores), graded or yes/no relevance.

The metric library
------------------
``ndcg.list_graded``   cg, dcg, idcg, ndcg (and dcg_jarvelin): one ranked list, graded
``ndcg.list_binary``   rr, mrr, precision_at_k, recall_at_k, average_precision,
                       mean_average_precision: one ranked list, yes/no
``ndcg.batch_graded``  dcg_score, ndcg_score (and per-query versions): many lists, vectorised
``ndcg.batch_binary``  mrr_score, map_score, precision_score, recall_score (and
                       per-query versions): many lists, vectorised
``ndcg.gains``         gain functions and position discounts
``ndcg.conventions``   how scikit-learn, trec_eval, LightGBM and others define NDCG
``ndcg.stats``         evaluation statistics: paired bootstrap intervals, Holm's correction

Learning to rank, ``ndcg.ltr``
------------------------------
Losses (RankNet, LambdaRank, ListNet, ApproxNDCG), models and their trainer,
LambdaMART in LightGBM and XGBoost (the ``ltr`` extra), LETOR data and chapter
6's races (see its docstring). ``import ndcg`` does not load it.

The course machinery, ``ndcg.course``
-------------------------------------
What the chapters, their notebooks and the exercises teach with: worked examples,
step tables, figures, answer checks, flashcards and quizzes (with their
content files), widgets and the Anki deck (see its docstring). No module of
the metric library or of ``ndcg.ltr`` imports it.
"""

from .batch_binary import (
    ap_per_query,
    map_score,
    mrr_score,
    precision_per_query,
    precision_score,
    recall_per_query,
    recall_score,
    rr_per_query,
)
from .batch_graded import dcg_per_query, dcg_score, ndcg_per_query, ndcg_score
from .gains import discounts, gain_values
from .list_binary import average_precision, mean_average_precision, mrr, precision_at_k, recall_at_k, rr
from .list_graded import cg, dcg, dcg_jarvelin, idcg, ndcg

__version__ = "0.1.0"

__all__ = [
    "ap_per_query",
    "average_precision",
    "cg",
    "dcg",
    "dcg_jarvelin",
    "dcg_per_query",
    "dcg_score",
    "discounts",
    "gain_values",
    "idcg",
    "map_score",
    "mean_average_precision",
    "mrr",
    "mrr_score",
    "ndcg",
    "ndcg_per_query",
    "ndcg_score",
    "precision_at_k",
    "precision_per_query",
    "precision_score",
    "recall_at_k",
    "recall_per_query",
    "recall_score",
    "rr",
    "rr_per_query",
]
