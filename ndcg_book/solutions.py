"""The book build: a solution's title opens the solution.

Registered by :func:`ndcg_book.setup`. sphinx-exercise titles a solution "Solution to Exercise
1.1" and makes "Exercise 1.1" a link back to the exercise; the book shows every solution as a
dropdown (sphinx-togglebutton) right under its exercise, so a click on half of the title jumped
to the exercise, a few lines up, instead of opening the solution, and a keyboard user pressing
Enter on the link did the same. After sphinx-exercise has written the title (its post-transform
``ResolveTitlesInSolutions``, priority 21), :class:`SolutionTitlesOpen` keeps the link's words and
drops the link, so the whole title is the dropdown's switch. The exercise's number stays in the
words, in both editions.

sphinx-exercise gives the body of every exercise and every solution the same id,
``exercise-content`` and ``solution-content``, so a chapter with four exercises had each id four
times (an id names one element: a link or a screen reader's jump to it finds the first).
:class:`ContentIdsOnce` makes each one the exercise's or solution's own: ``<label>-content``.

The hint beside a dropdown's title ("Click to show", "Click to hide": sphinx-togglebutton's
``togglebutton_hint`` and ``togglebutton_hint_hide``) comes from the build's words
(:mod:`ndcg_book.words`), so the Chinese edition says 点击展开 and 点击收起.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform


class SolutionTitlesOpen(SphinxPostTransform):
    """Every link in a solution's title replaced by its own words."""

    default_priority = 22  # after sphinx_exercise.post_transforms.ResolveTitlesInSolutions (21)

    def run(self, **kwargs) -> None:
        from sphinx_exercise.nodes import solution_node

        for solution in self.document.findall(solution_node):
            if not solution.children or not isinstance(solution.children[0], nodes.title):
                continue
            for link in list(solution.children[0].findall(nodes.reference)):
                link.replace_self(link.children)


class ContentIdsOnce(SphinxPostTransform):
    """The body of an exercise or a solution named after it (``ex-dcg-hand-content``), not with
    sphinx-exercise's one id for all of them."""

    default_priority = 22

    def run(self, **kwargs) -> None:
        from sphinx_exercise.nodes import (
            exercise_enumerable_node,
            exercise_node,
            solution_node,
        )

        taken = set(self.document.ids)
        for kind in (exercise_enumerable_node, exercise_node, solution_node):
            for number, node in enumerate(self.document.findall(kind), 1):
                own = (node.get("ids") or [f"{kind.__name__}-{number}"])[0]
                for section in node.findall(nodes.section):
                    for shared in ("exercise-content", "solution-content"):
                        if shared in section["ids"]:
                            new = f"{own}-content"
                            while new in taken:
                                new += "-"
                            section["ids"] = [new if i == shared else i for i in section["ids"]]
                            taken.add(new)


def hints_in_the_edition_s_language(app, config) -> None:
    """sphinx-togglebutton's hints in the language of the edition being built."""
    from ndcg_book.words import words

    text = words(config.language)
    config.togglebutton_hint = text("toggle-show")
    config.togglebutton_hint_hide = text("toggle-hide")


def register(app) -> None:
    app.add_post_transform(SolutionTitlesOpen)
    app.add_post_transform(ContentIdsOnce)
    # before sphinx-togglebutton writes the hints into the pages' scripts (its own config-inited
    # listener, at the default priority 500)
    app.connect("config-inited", hints_in_the_edition_s_language, priority=400)
