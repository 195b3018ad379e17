"""ndcg.ltr.models: LinearModel's and MLP's backward passes against finite differences."""

from __future__ import annotations

import numpy as np
import pytest

from ndcg.ltr import MLP, LinearModel


@pytest.mark.parametrize(
    "make",
    [
        lambda: LinearModel(4, seed=1),
        lambda: MLP(4, hidden=5, seed=1),
        lambda: MLP(4, hidden=5, seed=1, activation="relu"),
    ],
)
def test_backward_matches_finite_differences(make):
    model = make()
    rng = np.random.default_rng(0)
    X = rng.normal(size=(7, 4))
    weights = rng.normal(size=7)  # L = weights @ predict(X), so dL/dscores = weights
    grads = model.backward(X, weights)
    for name, p in model.params.items():
        numeric = np.zeros_like(p)
        for idx in np.ndindex(p.shape):
            old = p[idx]
            p[idx] = old + 1e-6
            up = weights @ model.predict(X)
            p[idx] = old - 1e-6
            down = weights @ model.predict(X)
            p[idx] = old
            numeric[idx] = (up - down) / 2e-6
        np.testing.assert_allclose(grads[name], numeric, rtol=1e-6, atol=1e-8, err_msg=name)
