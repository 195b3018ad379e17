"""Learning to rank: two scoring models with hand-written backpropagation, and their optimiser.

:class:`LinearModel` scores a document with ``w @ x + b``; :class:`MLP` with a
network of one hidden layer. Both give ``predict(X)`` and ``backward(X,
dscores)`` (the gradients of the parameters, given the gradient of the loss
with respect to the scores), so that :func:`ndcg.ltr.training.train` can fit
either with any loss of :mod:`ndcg.ltr.losses`. ``_Adam`` is the optimiser.

References
----------
D. P. Kingma and J. Ba, "Adam: a method for stochastic optimization", ICLR 2015.
"""

from __future__ import annotations

import numpy as np

from .._validation import (
    _as_numeric_array,
    _describe,
    check_int,
)

__all__ = ["MLP", "LinearModel"]


def _check_X(X, name: str = "X", n_features: int | None = None) -> np.ndarray:
    array = _as_numeric_array(X, name)
    if array.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array (documents x features); got shape {array.shape}.")
    if n_features is not None and array.shape[1] != n_features:
        raise ValueError(
            f"{name} must have {n_features} feature columns, as the model was built for; "
            f"got {array.shape[1]}."
        )
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must hold finite feature values; found NaN or infinity.")
    return array


class LinearModel:
    """A linear scoring function ``s = X @ w + b``.

    The weights start small and random (``N(0, 0.01**2)``, from
    ``numpy.random.default_rng(seed)``), so the first ranking is close to a
    random one; ``b`` starts at 0. For ranking, ``b`` changes nothing (it
    shifts every score of a query alike); only the pointwise loss uses it.

    Parameters
    ----------
    n_features : int
        Number of feature columns of ``X``.
    seed : int, default 0

    Attributes
    ----------
    params : dict of str to numpy.ndarray
        ``{"w": (n_features,), "b": (1,)}``; :func:`train` updates these
        arrays in place.

    Examples
    --------
    >>> model = LinearModel(2, seed=0)
    >>> model.params["w"] = np.array([1.0, -1.0])
    >>> model.predict([[3.0, 1.0], [0.0, 2.0]])
    array([ 2., -2.])
    >>> grads = model.backward([[3.0, 1.0], [0.0, 2.0]], [1.0, 0.5])
    >>> grads["w"], grads["b"]
    (array([3., 2.]), array([1.5]))
    """

    def __init__(self, n_features, seed=0):
        self.n_features = check_int(n_features, "n_features", 1)
        rng = np.random.default_rng(seed)
        self.params = {"w": rng.normal(0.0, 0.01, self.n_features), "b": np.zeros(1)}

    def predict(self, X) -> np.ndarray:
        """Scores of the rows of ``X``, shape ``(n_docs,)``."""
        X = _check_X(X, n_features=self.n_features)
        return X @ self.params["w"] + self.params["b"][0]

    def backward(self, X, dscores) -> dict:
        """Gradients of a loss with respect to ``params``, given ``d loss / d scores``."""
        X = _check_X(X, n_features=self.n_features)
        dscores = _check_dscores(dscores, X.shape[0])
        return {"w": X.T @ dscores, "b": np.array([dscores.sum()])}

    def __repr__(self):
        return f"LinearModel(n_features={self.n_features})"


class MLP:
    """A one-hidden-layer network ``s = act(X @ W1 + b1) @ w2 + b2``.

    Initialisation (``numpy.random.default_rng(seed)``): ``W1`` normal with
    variance ``2 / (n_features + hidden)`` (Glorot) for tanh or
    ``2 / n_features`` (He) for relu; ``w2`` normal with variance
    ``1 / hidden``, scaled by 0.1 so the first scores are small; biases 0.
    Backpropagation is written out by hand in :meth:`backward`.

    Parameters
    ----------
    n_features : int
    hidden : int, default 16
        Number of hidden units.
    seed : int, default 0
    activation : {"tanh", "relu"}, default "tanh"

    Attributes
    ----------
    params : dict of str to numpy.ndarray
        ``{"W1": (n_features, hidden), "b1": (hidden,), "w2": (hidden,),
        "b2": (1,)}``.

    Examples
    --------
    >>> model = MLP(3, hidden=4, seed=0)
    >>> X = np.ones((2, 3))
    >>> model.predict(X).shape
    (2,)
    >>> sorted(model.backward(X, [1.0, -1.0]))
    ['W1', 'b1', 'b2', 'w2']
    """

    def __init__(self, n_features, hidden=16, seed=0, *, activation="tanh"):
        self.n_features = check_int(n_features, "n_features", 1)
        self.hidden = check_int(hidden, "hidden", 1)
        if activation not in ("tanh", "relu"):
            raise ValueError(f"activation must be 'tanh' or 'relu'; got {_describe(activation)}.")
        self.activation = activation
        rng = np.random.default_rng(seed)
        fan = 2.0 / (self.n_features + self.hidden) if activation == "tanh" else 2.0 / self.n_features
        self.params = {
            "W1": rng.normal(0.0, np.sqrt(fan), (self.n_features, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": rng.normal(0.0, 0.1 / np.sqrt(self.hidden), self.hidden),
            "b2": np.zeros(1),
        }

    def _hidden(self, X):
        pre = X @ self.params["W1"] + self.params["b1"]
        return pre, (np.tanh(pre) if self.activation == "tanh" else np.maximum(pre, 0.0))

    def predict(self, X) -> np.ndarray:
        """Scores of the rows of ``X``, shape ``(n_docs,)``."""
        X = _check_X(X, n_features=self.n_features)
        return self._hidden(X)[1] @ self.params["w2"] + self.params["b2"][0]

    def backward(self, X, dscores) -> dict:
        """Gradients of a loss with respect to ``params``, given ``d loss / d scores``."""
        X = _check_X(X, n_features=self.n_features)
        dscores = _check_dscores(dscores, X.shape[0])
        pre, h = self._hidden(X)
        slope = 1.0 - h * h if self.activation == "tanh" else (pre > 0).astype(float)
        dpre = np.outer(dscores, self.params["w2"]) * slope
        return {
            "W1": X.T @ dpre,
            "b1": dpre.sum(axis=0),
            "w2": h.T @ dscores,
            "b2": np.array([dscores.sum()]),
        }

    def __repr__(self):
        return f"MLP(n_features={self.n_features}, hidden={self.hidden}, activation={self.activation!r})"


def _check_dscores(dscores, n):
    array = _as_numeric_array(dscores, "dscores")
    if array.shape != (n,):
        raise ValueError(f"dscores must have one entry per row of X ({n}); got shape {array.shape}.")
    return array


class _Adam:
    """Adam (Kingma & Ba, 2015) on a dict of arrays, updated in place.

    With ``grid``, every parameter is rounded to a multiple of ``grid`` after
    each step (exactly: ``grid`` is a power of two), see :func:`train`.
    """

    def __init__(self, params, lr, beta1=0.9, beta2=0.999, eps=1e-8, grid=None):
        self.params, self.lr, self.beta1, self.beta2, self.eps = params, lr, beta1, beta2, eps
        self.grid = grid
        self.m = {name: np.zeros_like(p) for name, p in params.items()}
        self.v = {name: np.zeros_like(p) for name, p in params.items()}
        self.t = 0

    def step(self, grads):
        self.t += 1
        c1 = 1.0 - self.beta1**self.t
        c2 = 1.0 - self.beta2**self.t
        for name, p in self.params.items():
            g = grads[name]
            self.m[name] = self.beta1 * self.m[name] + (1.0 - self.beta1) * g
            self.v[name] = self.beta2 * self.v[name] + (1.0 - self.beta2) * g * g
            p -= self.lr * (self.m[name] / c1) / (np.sqrt(self.v[name] / c2) + self.eps)
            if self.grid is not None:
                np.round(p / self.grid, out=p)
                p *= self.grid
