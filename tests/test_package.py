"""The package as a whole: its public names, and what `import ndcg` loads."""

import subprocess
import sys

import ndcg

HEAVY = ["matplotlib", "ipywidgets", "sklearn", "scipy", "pandas", "IPython"]


def test_import_needs_only_numpy():
    code = "import sys, ndcg; print(' '.join(m for m in %r if m in sys.modules))" % HEAVY
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == ""


def test_public_names_are_documented():
    for name in ndcg.__all__:
        function = getattr(ndcg, name)
        assert function.__doc__ and "Examples" in function.__doc__, name
