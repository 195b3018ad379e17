"""A formula's TeX as plain text: what a search excerpt shows (``ndcg_book.search``) and what a
screen reader reads of a figure's maths (``figure_languages.alt_text``). Python's standard library
only."""

from __future__ import annotations

import re

__all__ = ["plain_maths"]

#: TeX commands and what a plain-text excerpt shows for them.
_TEX_SYMBOLS = {
    "sum": "Σ",
    "prod": "Π",
    "cdot": "·",
    "times": "×",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ne": "≠",
    "neq": "≠",
    "approx": "≈",
    "in": "∈",
    "infty": "∞",
    "ldots": "…",
    "dots": "…",
    "cdots": "…",
    "mid": "|",
    "to": "→",
    "rightarrow": "→",
    "pm": "±",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "lambda": "λ",
    "mu": "μ",
    "sigma": "σ",
    "tau": "τ",
    "pi": "π",
    "rho": "ρ",
    "theta": "θ",
    "Delta": "Δ",
    "partial": "∂",
    "quad": " ",
    "qquad": " ",
    "lvert": "|",
    "rvert": "|",
    "lfloor": "⌊",
    "rfloor": "⌋",
    "lceil": "⌈",
    "rceil": "⌉",
}
#: Commands whose argument is shown as it is (``\text{rank}`` -> ``rank``).
_TEX_TEXT = re.compile(
    r"\\(?:text|mathrm|mathit|mathbf|textbf|textit|operatorname|mathcal|boldsymbol)\s*\{([^{}]*)\}"
)
_TEX_FRAC = re.compile(r"\\[dt]?frac\s*(?:\{([^{}]*)\}|(\w))\s*(?:\{([^{}]*)\}|(\w))")
_TEX_BRACE = re.compile(r"\\(?:underbrace|overbrace)\s*\{([^{}]*)\}\s*[_^]\s*\{([^{}]*)\}")
_TEX_SCRIPT = re.compile(r"([_^])\{([^{}]*)\}")


def plain_maths(tex: str) -> str:
    r"""A formula's TeX as an excerpt shows it, in plain text: no delimiters, no backslashes, no
    braces; ``\frac{a}{b}`` as ``a/b``, symbols as their characters.

    >>> plain_maths(r"\(2^{rel_i} - 1\)"), plain_maths(r"\(1/\log_2(i+1)\)")
    ('2^rel_i - 1', '1/log_2(i+1)')
    >>> plain_maths(r"\[\mathrm{DCG@}k = \sum_{i=1}^{k} \frac{\text{gain}_i}{\log_2(i+1)}\]")
    'DCG@k = Σ_(i=1)^k gain_i/(log_2(i+1))'
    """
    text = tex.strip()
    for left, right in (("\\(", "\\)"), ("\\[", "\\]"), ("$$", "$$"), ("$", "$")):
        if text.startswith(left) and text.endswith(right) and len(text) >= len(left) + len(right):
            text = text[len(left) : len(text) - len(right)]
            break
    text = re.sub(r"\\(?:begin|end)\{[^{}]*\}", " ", text)
    text = text.replace("\\\\", "; ").replace("&", " ")
    text = re.sub(r"\\(?:left|right|big|Big|bigg|Bigg)[lr]?\b", "", text)
    text = re.sub(r"(\\[A-Za-z]+)(?=\\)", r"\1 ", text)  # \Delta\text{NDCG}: two words
    text = re.sub(r"\\[,;:! ]", " ", text)
    text = text.replace("\\{", "{").replace("\\}", "}").replace("\\%", "%").replace("\\#", "#")
    for _ in range(4):  # inner groups first: \frac{\text{gain}_i}{...}
        before = text
        text = _TEX_TEXT.sub(r"\1", text)
        text = _TEX_FRAC.sub(lambda m: f"{_group(m[1] or m[2])}/{_group(m[3] or m[4])}", text)
        text = _TEX_BRACE.sub(lambda m: f"{m[1]} ({m[2].strip()})", text)
        text = _TEX_SCRIPT.sub(lambda m: m[1] + _group(m[2]), text)
        if text == before:
            break
    text = re.sub(r"\\([A-Za-z]+)", lambda m: _TEX_SYMBOLS.get(m[1], m[1]), text)
    text = _TEX_SCRIPT.sub(lambda m: m[1] + _group(m[2]), text)
    text = text.replace("{", "").replace("}", "")
    return re.sub(r"\s+", " ", text).strip()


def _group(part: str) -> str:
    """A part of a formula, in parentheses unless it is one symbol or word (``i+1`` -> ``(i+1)``)."""
    part = part.strip()
    return (
        part
        if re.fullmatch(r"[\w@.′]+", part) or (part.startswith("(") and part.endswith(")"))
        else f"({part})"
    )
