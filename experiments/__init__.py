"""The course's experiments, outside the ``ndcg`` package and its wheel.

``races.py``     chapter 6's races with more seeds, saved to ``experiments/results/race-*.json``
                 (``python3 tools/run.py races``); the chapter shows them as precomputed
``realdata.py``  chapter 6's learners on MSLR, Yahoo! LTR or Istella, beside the published
                 figures of ``published.yaml`` (``python3 tools/run.py ltr-real``): the command
                 line, with ``realdata_collections.py`` (the collections and their files),
                 ``realdata_run.py`` (training and scoring), ``realdata_results.py`` (what a run
                 measured, and its JSON file) and ``realdata_tables.py`` (the printed tables)
``spark.py``     Apache Spark's NDCG (mapInPandas, MLlib's RankingMetrics), saved to
                 ``experiments/results/spark.json`` (``python3 tools/run.py spark``, Java 17+);
                 chapter 4's page "NDCG beyond one machine" shows it as precomputed
"""
