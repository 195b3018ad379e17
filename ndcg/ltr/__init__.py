"""ndcg.ltr: learning to rank, from the losses to LambdaMART, and chapter 6's races.

NDCG is a step function of the scores, so a ranker is trained on a smooth
surrogate of it. The modules, by concern:

``losses``    pointwise, RankNet, LambdaRank (and its lambdas), ListNet and
              ApproxNDCG losses with their gradients, for one query; ``LOSSES``
``models``    ``LinearModel`` and ``MLP``, scoring functions with hand-written
              backpropagation (and the Adam optimiser)
``training``  ``train`` (any model, any loss, documents grouped by query),
              ``ndcg_by_group`` and ``ndcg_per_group``
``boosting``  LambdaMART in LightGBM and XGBoost, with matching settings
``synthetic`` a synthetic LETOR-style data set (``make_letor``), a switch for
              each ingredient of judged data
``queries``   query-level tools: split by query, describe, LightGBM's group
              sizes, standardisation within each query
``letor``     the LETOR/svmlight file format (``load_svmlight``,
              ``save_svmlight``); the chapters import the names of the two
              above from it too
``races``     chapter 6's races between learners, judged query by query with
              :mod:`ndcg.stats`

The public names of ``losses``, ``models`` and ``training`` are here too
(``ndcg.ltr.lambdarank_gradients``, ``ndcg.ltr.train``, ...). Everything needs
only NumPy except ``boosting``, which imports LightGBM or XGBoost (the ``ltr``
extra: ``pip install ndcg[ltr]``) when a tree model is made. No module here
imports the course machinery (:mod:`ndcg.course`).

>>> import ndcg.ltr
>>> ndcg.ltr.lambdarank_gradients([0, 1, 2], [3.0, 2.0, 1.0]).round(4).tolist()
[0.4382, -0.0216, -0.4166]
"""

from .losses import (
    LOSSES,
    approx_ndcg_loss,
    lambdarank_gradients,
    lambdarank_loss,
    listnet_loss,
    pointwise_loss,
    ranknet_loss,
)
from .models import MLP, LinearModel
from .training import GRID, ndcg_by_group, ndcg_per_group, train

__all__ = [
    "GRID",
    "LOSSES",
    "MLP",
    "LinearModel",
    "approx_ndcg_loss",
    "lambdarank_gradients",
    "lambdarank_loss",
    "listnet_loss",
    "ndcg_by_group",
    "ndcg_per_group",
    "pointwise_loss",
    "ranknet_loss",
    "train",
]
