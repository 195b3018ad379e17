"""Helpers shared by the book's tests."""

import re

# A decimal number (3.14, 0.905, 81.96%) in prose is almost always a computed result.
# Not counted: section numbers (§4.2), versions (Python 3.11, NumPy 2.0), and the
# two ends of NDCG's range, 0.0 and 1.0, used as conventions ("scores 0.0").
DECIMAL = re.compile(r"(?<![\w.§])(?<!Python )(?<!NumPy )(?<!version )(?!0\.0\b|1\.0\b)\d+\.\d+")
