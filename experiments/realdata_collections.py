"""The real collections ``make ltr-real`` reads: their folds, their files and where to get them.

:data:`DATASETS` describes every collection the command knows, a
:class:`Dataset` each (its number of features, its folds, each a
:class:`Fold` of file names, and where to download it), and
:func:`find_folder` finds a reader's copy, naming every missing file. Nothing
here downloads anything: the collections may not be redistributed, and each
reader downloads them under the owner's licence. The command that runs the
learners on them is ``experiments/realdata.py``; adding a collection means
adding it here (and to ``ndcg.course.published.DATASETS``, for its figures).

The collections (:data:`DATASETS`)
----------------------------------
``mslr-web10k``, ``mslr-web30k``
    Microsoft's MSLR-WEB10K and MSLR-WEB30K (Qin and Liu, 2013): 136 features,
    grades 0 to 4, five folds ``Fold1`` ... ``Fold5``, each with
    ``train.txt``, ``vali.txt`` and ``test.txt``.
``yahoo-set1``, ``yahoo-set2``
    The Yahoo! Learning to Rank Challenge data (Chapelle and Chang, 2011),
    Webscope C14: grades 0 to 4, one split into training, validation and
    test, in ``set1.train.txt``, ``set1.valid.txt``, ``set1.test.txt`` (Set 2
    likewise with ``set2.``; **unverified**: the Set 2 file names follow Set
    1's pattern and have not been checked against the archive). The
    challenge's page states 700 features in total (519 defined in Set 1, 596
    in Set 2, an undefined one is 0), so both are read with 700 columns.
``istella``
    Istella LETOR (Dato et al., 2016): 33,018 queries, 220 features, one
    split, ``full/train.txt`` and ``full/test.txt``, no validation file.
    Some of its raw values are ``1.79769313486e+308`` (about the largest
    double); squaring one overflows, so for the numpy learners every
    value larger than ``1e100`` in magnitude is replaced by ``1e6`` with its
    sign before standardising (PT-Ranking does the same), and the JSON file
    counts the values replaced. LightGBM sees the values as they are.
    XGBoost stores features as float32, in which such a value is infinity,
    and refuses it: for XGBoost every value beyond float32's range is set to
    float32's largest value (about ``3.4e38``) with its sign. That keeps them
    above (or below) every value in range, so a tree can split them off as
    before; only values beyond the range become equal to each other, and in
    Istella they are one sentinel anyway. The JSON file counts them too.

References
----------
T. Qin and T.-Y. Liu, "Introducing LETOR 4.0 datasets", arXiv:1306.2597, 2013.
O. Chapelle and Y. Chang, "Yahoo! Learning to Rank Challenge overview",
JMLR Workshop and Conference Proceedings 14, 2011.
D. Dato et al., "Fast ranking with additive ensembles of oblivious and
non-oblivious regression trees", ACM TOIS 35(2), 2016.
"""

from __future__ import annotations

import dataclasses
import numbers
from pathlib import Path
from typing import NamedTuple

__all__ = ["DATASETS", "Dataset", "Fold", "find_folder"]


class Fold(NamedTuple):
    """One split of a collection: its name and its files, relative to the collection's folder."""

    name: str
    train: str
    valid: str | None
    test: str


@dataclasses.dataclass(frozen=True)
class Dataset:
    """A collection this module can read: how it is laid out and where it comes from."""

    key: str
    title: str
    n_features: int
    folds: tuple
    download: str
    folder: str  # the folder name the archive is usually unpacked to, tried under --data

    def fold(self, name) -> Fold:
        """The fold called ``name``; for MSLR, ``1`` and ``"1"`` mean ``"Fold1"``."""
        names = {fold.name: fold for fold in self.folds}
        text = str(name)
        for candidate in (text, f"Fold{text}"):
            if candidate in names:
                return names[candidate]
        raise ValueError(f"{self.title} has no fold {name!r}; its folds are {', '.join(names)}.")


def _mslr(key, title, archive):
    folds = tuple(
        Fold(f"Fold{i}", f"Fold{i}/train.txt", f"Fold{i}/vali.txt", f"Fold{i}/test.txt") for i in range(1, 6)
    )
    download = (
        f"Download {archive} from Microsoft Research's LETOR page, "
        "https://www.microsoft.com/en-us/research/project/mslr/ (it may not be redistributed), "
        f"unzip it, and pass the folder that holds Fold1 ... Fold5 as --data."
    )
    return Dataset(key, title, 136, folds, download, title)


def _yahoo(number):
    key = f"set{number}"
    fold = Fold(key, f"{key}.train.txt", f"{key}.valid.txt", f"{key}.test.txt")
    download = (
        "Request the Yahoo! Learning to Rank Challenge data (Webscope C14) at "
        "https://webscope.sandbox.yahoo.com/ (it is licensed to you and may not be redistributed), "
        f"unpack it, and pass the folder that holds {fold.train} as --data."
    )
    # "ltrc_yahoo" (unverified): the folder name the archive is said to unpack to; --data may name any folder.
    return Dataset(f"yahoo-{key}", f"Yahoo! LTR Set {number}", 700, (fold,), download, "ltrc_yahoo")


#: The collections :func:`experiments.realdata_run.run` knows, by key.
DATASETS: dict[str, Dataset] = {
    dataset.key: dataset
    for dataset in (
        _mslr("mslr-web10k", "MSLR-WEB10K", "MSLR-WEB10K.zip"),
        _mslr("mslr-web30k", "MSLR-WEB30K", "MSLR-WEB30K.zip"),
        _yahoo(1),
        _yahoo(2),
        Dataset(
            "istella",
            "Istella LETOR",
            220,
            (Fold("full", "full/train.txt", None, "full/test.txt"),),
            "Download Istella LETOR from Istella's LETOR page (https://istella.ai; formerly "
            "http://quickrank.isti.cnr.it/istella-dataset/), under its non-commercial licence (it may not be "
            "redistributed), unpack it, and pass the folder that holds full/train.txt as --data.",
            "istella-letor",  # unverified: the name the archive unpacks to
        ),
    )
}


def _dataset(dataset) -> Dataset:
    if isinstance(dataset, Dataset):
        return dataset
    if dataset not in DATASETS:
        raise ValueError(f"dataset must be one of {', '.join(map(repr, DATASETS))}; got {dataset!r}.")
    return DATASETS[dataset]


def _chosen_folds(dataset, folds) -> list:
    """The folds ``folds`` names (one name alone, or a sequence of names); all of them when none."""
    if isinstance(folds, (str, numbers.Integral)):
        folds = [folds]
    names = list(folds or ())
    return [dataset.fold(name) for name in names] if names else list(dataset.folds)


def find_folder(dataset, data, folds=None) -> Path:
    """The folder that holds the files of ``folds`` of ``dataset``: ``data`` or ``data/<usual name>``.

    Raises FileNotFoundError naming every missing file and saying where to
    download the collection (this function downloads nothing).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     find_folder("mslr-web10k", folder, folds=[1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    FileNotFoundError: MSLR-WEB10K is not complete in ...: missing Fold1/train.txt, Fold1/vali.txt, Fold1/test.txt. ...
    """
    dataset = _dataset(dataset)
    if data is None or str(data).strip() == "":
        raise FileNotFoundError(
            f"data must be the folder that holds {dataset.title}; got nothing. {dataset.download}"
        )
    data = Path(data).expanduser()
    chosen = _chosen_folds(dataset, folds)
    needed = [path for fold in chosen for path in (fold.train, fold.valid, fold.test) if path is not None]
    if not data.is_dir():
        raise FileNotFoundError(
            f"{data} is not a folder (--data must be the folder that holds {dataset.title}). "
            f"{dataset.download}"
        )
    candidates = [data, data / dataset.folder]
    for folder in candidates:
        if all((folder / name).is_file() for name in needed):
            return folder
    # Name the missing files of the candidate that holds the most of them (a half-unpacked archive).
    folder = max(candidates, key=lambda path: sum((path / name).is_file() for name in needed))
    missing = [name for name in needed if not (folder / name).is_file()]
    raise FileNotFoundError(
        f"{dataset.title} is not complete in {folder}: missing {', '.join(missing)}. {dataset.download}"
    )
