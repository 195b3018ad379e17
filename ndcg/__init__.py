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

Modules
-------
``ndcg.metrics``   cg, dcg, idcg, ndcg, rr, mrr (and dcg_jarvelin) for one ranked list
``ndcg.batch``     dcg_score, ndcg_score (and per-query versions), vectorised
``ndcg.gains``     gain functions and position discounts
``ndcg.precision`` P@k, R@k, AP, MAP: the binary metrics NDCG is compared with
``ndcg.tables``    the step-by-step DCG table every chapter shows
``ndcg.display``   numbers as a page shows them: rounded where they are produced
                   (keep, fmt, bound), so stored outputs match on every processor
``ndcg.examples``  the source documents' worked examples, as data
``ndcg.compare``   how often two metrics disagree on random rankings
``ndcg.conventions`` how scikit-learn, trec_eval, LightGBM and others define NDCG
``ndcg.checks``    answer checks for the exercise notebooks (hint, then explanation)
``ndcg.cards``     flashcards and quizzes from ndcg/content/*.yaml, and their
                   kernel-free views for the book (imports yaml)
``ndcg.anki``      the flashcards as an Anki deck (imports genanki)
``ndcg.plots``     the course's figures (imports matplotlib)
``ndcg.widgets``   live ipywidgets: explorer, reorder game, deck, quiz, checker
``ndcg.ltr``       learning to rank: RankNet, LambdaRank, ListNet, ApproxNDCG, trainers
``ndcg.datasets``  a synthetic LETOR-style data set and the LETOR/svmlight file format

``import ndcg`` needs only NumPy.
"""

from .batch import dcg_per_query, dcg_score, ndcg_per_query, ndcg_score
from .gains import discounts, gain_values
from .metrics import cg, dcg, dcg_jarvelin, idcg, mrr, ndcg, rr

__version__ = "0.1.0"

__all__ = [
    "cg",
    "dcg",
    "dcg_jarvelin",
    "idcg",
    "ndcg",
    "rr",
    "mrr",
    "dcg_score",
    "ndcg_score",
    "dcg_per_query",
    "ndcg_per_query",
    "discounts",
    "gain_values",
]
