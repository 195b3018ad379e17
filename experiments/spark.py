"""NDCG in Apache Spark, run on this machine: the facts of chapter 4's page "NDCG beyond one machine".

``python experiments/spark.py [--out FILE]`` (``python3 tools/run.py spark`` installs the
``spark`` set, ``requirements-spark.txt``, then runs this) starts Spark in local mode and
measures, each on a small computed example:

``binary``       PySpark's ``RankingMetrics`` keeps two columns of its input (its bridge to
                 Scala, ``PythonMLLibAPI.newRankingMetrics``, maps each row to predictions and
                 labels): relevance values are dropped, every listed item counts as relevant;
``unsorted``     the graded Scala ``RankingMetrics.of``, reached through py4j: its ideal DCG
                 takes the ground truth in the order given, so an unsorted ground truth scores
                 above 1;
``exponential``  with the ground truth sorted, its gain is ``2**rel - 1`` and its ideal the
                 sorted ground truth (every judged item, retrieved or not);
``empty``        an empty ground truth counts 0 in the mean, and so does one whose every
                 relevance is 0 (Spark 4.3.0 catches the 0/0);
``films``        chapter 4's films (the recommender's tied scores, ties in input order) scored
                 by the graded form, also with film F judged and not shown;
``map_in_pandas`` ``ndcg.ndcg_per_query`` inside ``DataFrame.mapInPandas`` over partitions of
                 seeded queries (:func:`ndcg.course.scale.example_queries`), each batch
                 returning its exact partial sums
                 (:func:`ndcg.course.scale.exact_parts`) and count, combined on the driver
                 into the mean: equal to one machine's ``math.fsum`` mean, bit for bit.

It writes ``experiments/results/spark.json`` (or ``--out FILE``): every input and value,
the command, the date (UTC), the machine and the versions (Python, Java, Spark, pandas,
PyArrow, NumPy, ndcg). The page shows that file as precomputed; ``tests/experiments/test_spark.py``
runs :func:`measure` again where Java 17 or newer and the set are installed, and compares.
Spark needs Java 17 or newer (:func:`java_problem` says how to get it).
"""

from __future__ import annotations

import datetime
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

#: Where the saved results live: ``experiments/results/spark.json``, beside this file.
RESULTS = Path(__file__).resolve().parent / "results"
SAVED = RESULTS / "spark.json"
#: The oldest Java that Spark 4 runs on.
JAVA_MIN = 17
#: How to install the set and run this, as the page and the test say it.
COMMAND = "python3 tools/run.py spark"

#: The mapInPandas example: queries x items, k, partitions, rows per Arrow batch, seed.
SHAPE = (2000, 10)
K = 10
PARTITIONS = 4
BATCH_ROWS = 300
SEED = 23


def java_major(java: str | None = None) -> int | None:
    """The major version of ``java`` (``$JAVA_HOME/bin/java``, else the one on ``PATH``), or None."""
    if java is None:
        home = os.environ.get("JAVA_HOME")
        java = str(Path(home, "bin", "java")) if home else shutil.which("java")
    if not java:
        return None
    try:
        done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', done.stderr + done.stdout)
    if not match:
        return None
    major = int(match.group(1))
    return int(match.group(2)) if major == 1 and match.group(2) else major  # "1.8" is Java 8


def java_problem() -> str | None:
    """Why Spark cannot run here (no Java, or one older than 17), with how to get one; None if it can."""
    major = java_major()
    if major is not None and major >= JAVA_MIN:
        return None
    found = "no Java was found" if major is None else f"Java {major} was found"
    return (
        f"Spark needs Java {JAVA_MIN} or newer, and {found}. On Debian or Ubuntu: "
        "sudo apt-get install openjdk-17-jre-headless (or default-jre-headless where 17 is gone); "
        "on macOS: brew install openjdk@17; on Windows: install a Java 17 JDK "
        "(https://adoptium.net) and set JAVA_HOME."
    )


def set_problem() -> str | None:
    """Why the ``spark`` set is missing (pyspark, pandas, pyarrow), with how to get it; None if present."""
    import importlib.util

    missing = [name for name in ("pyspark", "pandas", "pyarrow") if importlib.util.find_spec(name) is None]
    if not missing:
        return None
    return f"{', '.join(missing)} not installed: `{COMMAND}` installs the spark set (requirements-spark.txt)."


def session():
    """A local Spark session, quiet, on this machine's loopback, two cores, no web UI."""
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[2]")
        .appName("ndcg-course")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", str(PARTITIONS))
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH_ROWS))
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def ranked_ids(ids, scores):
    """``ids`` ranked by score, highest first, ties in input order (what Spark is given: a ranking)."""
    order = sorted(range(len(ids)), key=lambda i: -scores[i])  # sorted() is stable
    return [ids[i] for i in order]


def pyspark_ndcg(spark, rows, k):
    """``pyspark.mllib.evaluation.RankingMetrics(rows).ndcgAt(k)``: rows of (predicted, labels[, relevances])."""
    from pyspark.mllib.evaluation import RankingMetrics

    return RankingMetrics(spark.sparkContext.parallelize(rows, 1)).ndcgAt(k)


def scala_ndcg(spark, rows, k):
    """The graded Scala ``RankingMetrics.of(rdd).ndcgAt(k)``, through py4j: rows of (predicted, labels, relevances)."""
    jvm = spark.sparkContext._jvm

    def java_list(values, cast):
        out = jvm.java.util.ArrayList()
        for value in values:
            out.add(cast(value))
        return out

    tuples = jvm.java.util.ArrayList()
    for predicted, labels, relevances in rows:
        tuples.add(
            jvm.scala.Tuple3(java_list(predicted, str), java_list(labels, str), java_list(relevances, float))
        )
    rdd = spark.sparkContext._jsc.parallelize(tuples, 1)
    return jvm.org.apache.spark.mllib.evaluation.RankingMetrics.of(rdd).ndcgAt(k)


def number(value):
    """A float for JSON: NaN as the text "NaN" (JSON has no NaN), else rounded to 12 decimals."""
    value = float(value)
    return "NaN" if math.isnan(value) else round(value, 12)


def map_in_pandas(spark):
    """``ndcg.ndcg_per_query`` inside ``mapInPandas``: every Arrow batch returns its exact parts and count."""
    import numpy as np
    import pandas as pd

    from ndcg.course.scale import example_queries

    grades, scores = example_queries(*SHAPE, seed=SEED)
    frame = pd.DataFrame({"qid": np.arange(len(grades)), "y_true": list(grades), "y_score": list(scores)})
    df = spark.createDataFrame(frame).repartition(PARTITIONS, "qid")

    def per_batch(batches):
        import math as m

        import numpy as np
        import pandas as pd
        from pyspark import TaskContext

        import ndcg
        from ndcg.course.scale import exact_parts

        partition = TaskContext.get().partitionId()
        for batch in batches:
            values = ndcg.ndcg_per_query(np.stack(batch["y_true"]), np.stack(batch["y_score"]), k=K)
            yield pd.DataFrame(
                {
                    "partition": [partition],
                    "count": [len(values)],
                    "fsum": [m.fsum(values)],
                    "parts": [exact_parts(values)],
                }
            )

    schema = "partition int, count long, fsum double, parts array<double>"
    result = df.mapInPandas(per_batch, schema).toPandas()
    from ndcg.course.scale import combine

    mean = combine(zip(result["parts"], result["count"]))
    per_partition = result.groupby("partition")["count"].sum()
    # The same queries on this one machine (the driver), in one piece: the last bits of a query's
    # NDCG may differ on another processor (its log2), so the equality is checked here, in the run.
    import ndcg

    values = ndcg.ndcg_per_query(grades, scores, k=K)
    one_machine = math.fsum(values) / len(values)
    return {
        "shape": list(SHAPE),
        "k": K,
        "seed": SEED,
        "partitions": PARTITIONS,
        "batch_rows": BATCH_ROWS,
        "batches": len(result),
        "queries_per_partition": [int(n) for n in per_partition.sort_index()],
        "mean": mean.hex(),
        "mean_shown": number(mean),
        "one_machine_mean": one_machine.hex(),
        "equal_to_the_last_bit": mean == one_machine,
        "mean_of_batch_fsums": number(math.fsum(result["fsum"]) / int(result["count"].sum())),
    }


def measure(spark):
    """Every fact of the page, measured with ``spark``: a dict ready for JSON."""
    facts = {}

    # 1. PySpark keeps two columns: the relevances of the second film list are not seen.
    binary = {"predicted": ["B", "A"], "labels": ["A", "B"], "relevances": [3.0, 1.0], "k": 2}
    row = (binary["predicted"], binary["labels"], binary["relevances"])
    binary["pyspark_with_relevances"] = number(pyspark_ndcg(spark, [row], 2))
    binary["pyspark_labels_only"] = number(pyspark_ndcg(spark, [row[:2]], 2))
    binary["scala_graded"] = number(scala_ndcg(spark, [row], 2))
    facts["binary"] = binary

    # 2. The graded form's ideal takes the ground truth in the order given.
    films, grades = ["A", "B", "C", "D", "E"], [3.0, 2.0, 1.0, 0.0, 2.0]
    best = ranked_ids(films, grades)  # the ideal ranking A, B, E, C, D
    order = sorted(range(5), key=lambda i: -grades[i])
    unsorted = {"predicted": best, "labels": films, "relevances": grades, "k": 5}
    unsorted["as_given"] = number(scala_ndcg(spark, [(best, films, grades)], 5))
    unsorted["sorted"] = number(
        scala_ndcg(spark, [(best, [films[i] for i in order], [grades[i] for i in order])], 5)
    )
    facts["unsorted"] = unsorted

    # 3. Sorted ground truth: gain 2**rel - 1, ideal from every judged item.
    coarse = [3.0, 2.0, 3.0, 1.0, 2.0]  # chapter 4's coarse scores: A and C tied, B and E tied
    shown = ranked_ids(films, coarse)
    truth = [films[i] for i in order]
    sorted_grades = [grades[i] for i in order]
    facts["films"] = {
        "predicted": shown,
        "labels": truth,
        "relevances": sorted_grades,
        "k": 5,
        "ndcg": number(scala_ndcg(spark, [(shown, truth, sorted_grades)], 5)),
        "with_f": number(scala_ndcg(spark, [(shown, ["F", *truth], [3.0, *sorted_grades])], 5)),
        "k3": number(scala_ndcg(spark, [(shown, truth, sorted_grades)], 3)),
    }

    # 4. Empty ground truth, and a ground truth of zeros.
    good = (["A", "B"], ["A"], [1.0])
    facts["empty"] = {
        "query": {"predicted": good[0], "labels": good[1], "relevances": good[2]},
        "k": 2,
        "alone": number(scala_ndcg(spark, [good], 2)),
        "with_empty": number(scala_ndcg(spark, [good, (["C", "D"], [], [])], 2)),
        "with_zeros": number(scala_ndcg(spark, [good, (["C", "D"], ["C", "D"], [0.0, 0.0])], 2)),
        "pyspark_with_empty": number(pyspark_ndcg(spark, [good[:2], (["C", "D"], [])], 2)),
    }

    facts["map_in_pandas"] = map_in_pandas(spark)
    return facts


def versions(spark):
    """Python, Java, Spark, pandas, PyArrow, NumPy and ndcg, as this run used them."""
    import platform

    import numpy
    import pandas
    import pyarrow
    import pyspark

    from ndcg import __version__

    return {
        "python": platform.python_version(),
        "java": spark.sparkContext._jvm.java.lang.System.getProperty("java.version"),
        "spark": spark.version,
        "pyspark": pyspark.__version__,
        "pandas": pandas.__version__,
        "pyarrow": pyarrow.__version__,
        "numpy": numpy.__version__,
        "ndcg": __version__,
    }


def load(path=SAVED):
    """The saved results (a dict), as :func:`main` wrote them."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def main(argv=None):
    """``python experiments/spark.py [--out FILE]``: run Spark, write the results to JSON."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python experiments/spark.py",
        description="Run Spark locally and save its NDCG facts (default: experiments/results/spark.json).",
    )
    parser.add_argument("--out", help="the JSON file to write")
    args = parser.parse_args(argv)
    problem = java_problem() or set_problem()
    if problem:
        sys.exit(problem)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from experiments.races import machine

    spark = session()
    try:
        facts = measure(spark)
        payload = {
            "command": "python experiments/spark.py" + (f" --out {args.out}" if args.out else ""),
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "machine": machine(),
            "versions": versions(spark),
            **facts,
        }
    finally:
        spark.stop()
    out = Path(args.out) if args.out else SAVED
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}", flush=True)


if __name__ == "__main__":
    main()
