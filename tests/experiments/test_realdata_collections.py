"""Tests of ``experiments.realdata_collections``: a reader's copy of a collection is found, or every
missing file is named with where to download the collection."""

from __future__ import annotations

import pytest

from experiments.realdata_collections import find_folder
from experiments.realdata_run import run
from tests.experiments.realdata_helpers import FAST


def test_a_missing_folder_or_file_is_named_with_where_to_download(mslr, tmp_path):
    with pytest.raises(
        FileNotFoundError, match=r"nowhere is not a folder.*microsoft.com/en-us/research/project/mslr"
    ):
        run("mslr-web10k", tmp_path / "nowhere", folds=[1], **FAST)
    (mslr / "Fold2" / "test.txt").unlink()
    with pytest.raises(
        FileNotFoundError, match=r"not complete in .*MSLR-WEB10K: missing Fold2/test\.txt\. Download"
    ):
        run("mslr-web10k", tmp_path, folds=[1, 2], **FAST)  # found inside its usual folder name
    assert find_folder("mslr-web10k", tmp_path, folds=[1]) == mslr
    with pytest.raises(FileNotFoundError, match=r"missing .*Fold3/train\.txt.*Fold5/test\.txt"):
        run("mslr-web10k", mslr, **FAST)  # all five folds by default
    with pytest.raises(FileNotFoundError, match="got nothing"):
        run("mslr-web10k", "", **FAST)
