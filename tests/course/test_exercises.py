"""The exercise notebooks: generated from the solutions, solved by them, and safe to run.

The solutions' text sources, ``solutions/NN.md``, are the source of truth;
``ndcg_book/generate/make_student.py`` generates from each the executed solution notebook
(``notebooks/solutions/NN.ipynb``), the checks' answer texts
(``ndcg/course/content/answers/NN.json``, package data) and the student notebook
(``exercises/NN.ipynb``), which holds no answer text. nbval (``pytest --nbval``, testpaths include
notebooks/ and exercises/) re-executes every notebook and compares the outputs
with the stored ones; the solution notebooks assert in every check cell that
the solution is correct. The tests here cover the rest: both notebooks are
exactly what ``make_student.py`` makes of the text source, the stored outputs
say "correct" and "not yet", every check climbs the ladder (hint, closer look,
explanation), no answer text reaches a student notebook, the answer texts are in
sync with the solutions, and the broken snippet of source 001 fails the way
exercise 4.6 says it does.
"""

import contextlib
import fnmatch
import io
import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

from ndcg.course import manifest
from ndcg.course.checks import FunctionCheck, NumberCheck, case_order
from ndcg_book.generate import make_student

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "exercises"  # the student notebooks: what participants get
SOLUTIONS = ROOT / "solutions"  # the text sources, NN.md, out of the participants' folder
ANSWERS = ROOT / "ndcg" / "course" / "content" / "answers"  # the checks' texts, package data
SOLVED = ROOT / "notebooks" / "solutions"  # the executed solution notebooks generated from them
CHAPTERS = manifest.chapter_stems()  # every chapter (ndcg/course/course.toml)


def read(path: Path) -> dict:
    if path.suffix == ".md":
        return make_student.read(path)
    return json.loads(path.read_text(encoding="utf-8"))


def solution_source(chapter: str) -> dict:
    """A chapter's solutions as written: the text source, read as a notebook (ids from its metadata)."""
    return read(SOLUTIONS / f"{chapter}.md")


def source(cell) -> str:
    return "".join(cell["source"])


def tags(cell) -> list:
    return cell.get("metadata", {}).get("tags", [])


def printed(cell) -> str:
    return "".join(
        "".join(out.get("text", "")) for out in cell.get("outputs", []) if out["output_type"] == "stream"
    )


def run_cells(notebook: dict, *, stop_after=None) -> dict:
    """Execute a notebook's code cells (not the widget ones) in a fresh namespace, quietly."""
    namespace = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code" and "widget" not in tags(cell):
                exec(compile(source(cell), f"<{cell['id']}>", "exec"), namespace)
            if cell["id"] == stop_after:
                break
    return namespace


def checks_in(namespace: dict) -> dict:
    return {
        name: value for name, value in namespace.items() if isinstance(value, (NumberCheck, FunctionCheck))
    }


# -- files and structure -------------------------------------------------------------


def test_one_solution_and_one_student_notebook_per_chapter():
    assert make_student.chapters() == CHAPTERS
    assert sorted(p.stem for p in EXERCISES.glob("*.ipynb")) == CHAPTERS
    assert sorted(p.stem for p in SOLVED.glob("*.ipynb")) == CHAPTERS
    assert not list(SOLUTIONS.glob("*.ipynb"))  # text sources only
    assert not (EXERCISES / "solutions").exists()  # nothing of the solutions beside the student notebooks
    assert sorted(p.stem for p in ANSWERS.glob("*.json")) == CHAPTERS
    for chapter in CHAPTERS:
        assert (ROOT / "chapters" / f"{chapter}.md").exists(), chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_student_notebook_is_generated_from_its_solution(chapter):
    """The drift check: regenerating gives exactly the stored sources."""
    solution = solution_source(chapter)
    stored = read(EXERCISES / f"{chapter}.ipynb")
    assert make_student.sources(stored) == make_student.sources(
        make_student.student_notebook(solution, chapter)
    )
    assert make_student.sources(read(SOLVED / f"{chapter}.ipynb")) == make_student.sources(solution)


def test_the_check_command_finds_no_drift(capsys):
    assert make_student.main(["--check"]) == 0


def test_generation_is_deterministic(tmp_path):
    solution = make_student.read(SOLUTIONS / "02_dcg.md")
    first, second = tmp_path / "a.ipynb", tmp_path / "b.ipynb"
    make_student.write(make_student.student_notebook(solution, "02_dcg"), first)
    make_student.write(make_student.student_notebook(solution, "02_dcg"), second)
    assert first.read_text(encoding="utf-8") == second.read_text(encoding="utf-8")
    assert '"execution"' not in first.read_text(encoding="utf-8")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_exercise_has_statement_check_stub_and_call(chapter):
    solution = solution_source(chapter)
    cells = {cell["id"]: cell for cell in solution["cells"]}
    calls = [cell for cell in solution["cells"] if "check" in tags(cell)]
    assert 4 <= len(calls) <= 8, f"{chapter}: {len(calls)} exercises"
    for n in range(1, len(calls) + 1):
        statement, definition = cells[f"ex{n}"], cells[f"ex{n}-check-def"]
        answer, call = cells[f"ex{n}-answer"], cells[f"ex{n}-check"]
        assert source(statement).startswith(f"## Exercise {n} ")
        assert definition["metadata"]["jupyter"]["source_hidden"] is True
        assert "Check(" in source(definition)
        for cell in (answer, call):
            assert "solution" in tags(cell) and "student" in cell["metadata"]
        assert "..." in answer["metadata"]["student"]
        assert answer["metadata"]["student"].strip() != source(answer).strip()
        assert 'assert feedback.status == "correct"' in source(call)
        assert "assert" not in call["metadata"]["student"]
    boxes = [cell for cell in solution["cells"] if "widget" in tags(cell)]
    assert len(boxes) <= 1
    for cell in boxes:
        assert "AnswerChecker(check_" in source(cell) and "nbval-ignore-output" in tags(cell)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_notebooks_say_what_to_do_and_link_back(chapter):
    # the links point at the generated notebooks, relative to where each notebook is stored
    student = read(EXERCISES / f"{chapter}.ipynb")
    title = source(student["cells"][0])
    assert title.startswith("# Exercises ")
    # a participant's folder holds the exercises and play/, not the chapters' MyST sources
    assert "notebooks/chapters" not in title
    assert f"](play/{chapter}.ipynb)" in title
    assert (EXERCISES / "play" / f"{chapter}.ipynb").exists()
    assert "top to bottom" in title and "replace the `...`" in title
    solution_title = source(read(SOLVED / f"{chapter}.ipynb")["cells"][0])
    assert f"](../chapters/{chapter}.ipynb)" in solution_title
    assert (SOLVED / f"../chapters/{chapter}.ipynb").resolve().exists()
    assert f"](../../exercises/{chapter}.ipynb)" in solution_title
    assert (SOLVED / f"../../exercises/{chapter}.ipynb").resolve().exists()
    assert f"`solutions/{chapter}.md`" in solution_title


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_solution_leaks_into_the_student_notebook(chapter):
    solution = solution_source(chapter)
    student_sources = {source(cell) for cell in read(EXERCISES / f"{chapter}.ipynb")["cells"]}
    for cell in solution["cells"]:
        if "solution" in tags(cell):
            assert source(cell) not in student_sources, cell["id"]
    assert not any(
        "solution" in tags(cell) or "student" in cell["metadata"]
        for cell in read(EXERCISES / f"{chapter}.ipynb")["cells"]
    )


# -- stored outputs --------------------------------------------------------------------


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_stored_solutions_pass_every_check(chapter):
    notebook = read(SOLVED / f"{chapter}.ipynb")
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", cell["id"]
        if "check" in tags(cell):
            assert printed(cell).startswith("✅ Correct!"), (cell["id"], printed(cell))
    assert "widgets" not in notebook["metadata"]  # no random widget model ids


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_stored_student_notebooks_answer_not_yet(chapter):
    notebook = read(EXERCISES / f"{chapter}.ipynb")
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            assert output["output_type"] != "error", cell["id"]
        if "check" in tags(cell):
            assert printed(cell).startswith("⏳ Not yet"), (cell["id"], printed(cell))
    assert "widgets" not in notebook["metadata"]


# -- the checks themselves, re-run without a kernel -----------------------------------------


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_solutions_are_correct_and_stubs_are_not_yet(chapter):
    solved = run_cells(solution_source(chapter))  # every check cell asserts "correct"
    student = run_cells(read(EXERCISES / f"{chapter}.ipynb"))
    assert checks_in(solved).keys() == checks_in(student).keys()
    for name, check in checks_in(student).items():
        assert check.attempts == 0, name
    assert all(check.attempts == 1 and check.misses == 0 for check in checks_in(solved).values())


def wrong_answer(check):
    if isinstance(check, FunctionCheck):
        return lambda *args: -1.0
    if isinstance(check.expected, float):
        return check.expected + 1
    return [x + 1 for x in check.expected]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_check_climbs_the_ladder(chapter):
    """Hint, then a closer look that says more than the hint, then the explanation; never skipped."""
    checks = checks_in(run_cells(read(EXERCISES / f"{chapter}.ipynb")))
    for name, check in checks.items():
        assert check.hint and check.explanation, name
        if isinstance(check, NumberCheck):
            assert check.abs_tol <= 5e-3, name  # hand arithmetic, but not sloppier than that
            assert check.hint2, f"{name}: a hand calculation needs a second hint (the worked first step)"
        first, second, third = (check.check(wrong_answer(check)) for _ in range(3))
        assert first.status == second.status == third.status == "incorrect", name
        assert check.hint in first.message and check.explanation not in first.message, name
        assert "A closer look" in second.message and check.explanation not in second.message, name
        assert check.hint not in second.message, name
        if check.hint2:
            assert check.hint2 in second.message, name
        if isinstance(check, FunctionCheck):
            assert "The smallest one:" in second.message, name
            if check.steps is not None:
                assert second.table is not None and str(second.table) in second.message, name
        else:
            assert len(second.message) > len(first.message) - len(check.hint), name
        assert check.explanation in third.message, name


STEPPED = {"check_my_dcg", "check_gain_dcg", "check_my_idcg", "check_snippet", "check_my_ndcg"}


def test_the_dcg_like_function_exercises_show_step_tables():
    stepped = set()
    for chapter in CHAPTERS:
        for name, check in checks_in(run_cells(read(EXERCISES / f"{chapter}.ipynb"))).items():
            if isinstance(check, FunctionCheck) and check.steps is not None:
                stepped.add(name)
    assert stepped == STEPPED


# -- no answer text in a participant's notebook ------------------------------------------------


def solution_lines(cell, given: str) -> list[str]:
    """The lines of a solution cell that say something the exercise does not already say.

    Blank lines, comments, docstring quotes, signatures and imports are left out, and so is
    any line found in ``given``: what the exercise hands out (its statement, its stub; exercise
    4.6 hands out the broken snippet and says "set `answer = ndcg_at_k`").
    """
    lines = []
    for line in source(cell).splitlines():
        text = line.strip()
        if (
            len(text) >= 12
            and not text.startswith(("#", '"""', "def ", "import ", "from "))
            and text not in given
        ):
            lines.append(text)
    return lines


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_answer_text_anywhere_in_the_student_notebook(chapter):
    """Neither a solution's code nor any text a check reveals is in the student notebook's JSON.

    Not in a cell, a collapsed one included, not in an output, not in the metadata: a
    participant who opens every cell, or the .ipynb in a text editor, reads no answer.
    """
    raw = (EXERCISES / f"{chapter}.ipynb").read_text(encoding="utf-8")
    stored = json.loads(raw)
    everything = raw + "\n" + json.dumps(stored, ensure_ascii=False)  # the file as written, and unescaped
    solution = solution_source(chapter)
    given = "\n".join(
        str(cell["metadata"].get("student", "")) if "solution" in tags(cell) else source(cell)
        for cell in solution["cells"]
        if not cell["id"].endswith("-check-def")
    )
    for cell in solution["cells"]:
        if "solution" in tags(cell) and cell["cell_type"] == "code" and "check" not in tags(cell):
            assert source(cell).strip() not in everything, cell["id"]
            for line in solution_lines(cell, given):
                assert line not in everything, (cell["id"], line)
    texts = json.loads((ANSWERS / f"{chapter}.json").read_text(encoding="utf-8"))
    for name, fields in texts.items():
        for field, text in fields.items():
            assert text not in everything, (name, field)
            for piece in (p for p in text.replace("\n", ". ").split(". ") if len(p) >= 40):
                assert piece not in everything, (name, field, piece)
    for cell in stored["cells"]:
        if cell["id"].endswith("-check-def"):
            code = source(cell)
            assert "hint=" not in code and "explanation=" not in code, cell["id"]
            assert f'**answers("{chapter}", "check_' in code, cell["id"]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_answer_texts_are_in_sync_with_the_solutions(chapter):
    """Regenerating the answer texts from the solution changes nothing (make exercises writes them)."""
    stored = (ANSWERS / f"{chapter}.json").read_text(encoding="utf-8")
    assert make_student.answers_json(make_student.answer_texts(solution_source(chapter))) == stored


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_student_checks_are_the_solution_checks(chapter):
    """Same expected values, tolerances, cases and texts: only where the texts are read from differs."""
    solved = checks_in(run_cells(solution_source(chapter)))
    student = checks_in(run_cells(read(EXERCISES / f"{chapter}.ipynb")))
    assert solved.keys() == student.keys()
    for name, check in student.items():
        twin = solved[name]
        assert type(check) is type(twin) and check.name == twin.name, name
        assert (check.rel_tol, check.abs_tol) == (twin.rel_tol, twin.abs_tol), name
        assert (check.hint, check.hint2, check.explanation) == (twin.hint, twin.hint2, twin.explanation), name
        if isinstance(check, NumberCheck):
            assert json.dumps(np.asarray(check.expected).tolist()) == json.dumps(
                np.asarray(twin.expected).tolist()
            ), name
        else:
            assert repr(check.cases) == repr(twin.cases), name
            assert (check.steps is None) == (twin.steps is None), name


def test_the_answer_texts_ship_in_the_wheel():
    """Every answers file matches a package-data pattern of pyproject.toml, so the wheel carries it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["ndcg.course"]
    package = ROOT / "ndcg" / "course"
    for path in ANSWERS.glob("*.json"):
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative


def test_the_blog_snippet_fails_as_the_exercise_says():
    """Exercise 4.6: first NameError (no numpy import), then NumPy 2's AttributeError, then fixed."""
    student = read(EXERCISES / "04_ndcg.ipynb")
    namespace = run_cells(student, stop_after="ex6-check")
    assert "np" not in namespace and "asfarray" in source(
        next(c for c in student["cells"] if c["id"] == "ex6-answer")
    )
    check = namespace["check_snippet"]
    first = check.check(namespace["ndcg_at_k"])
    assert first.status == "incorrect" and "NameError" in first.message and "'np'" in first.message
    assert "Hint" in first.message
    exec("import numpy as np", namespace)
    second = check.check(namespace["ndcg_at_k"])
    assert "AttributeError" in second.message and "asfarray" in second.message
    assert "A closer look" in second.message and second.table is not None  # the smallest case, step by step
    third = check.check(namespace["ndcg_at_k"])
    assert "AttributeError" in third.message and "Explanation" in third.message
    solution = solution_source("04_ndcg")
    fixed = run_cells(solution, stop_after="ex6-answer")
    assert check.check(fixed["ndcg_at_k"]).status == "correct"


# -- chapter 6, judging a race: the paired bootstrap and Holm's step-down ---------------------------


def _bootstrap_check():
    return checks_in(run_cells(read(EXERCISES / "06_ltr.ipynb")))["check_my_bootstrap"]


def _row_by_row(a, b, resamples, seed):
    """Right, written with one draw per resample: the same random stream as one matrix per seed."""
    rng = np.random.default_rng(seed)
    effects = np.zeros(resamples)
    for a_s, b_s in zip(a, b):
        d = np.subtract(a_s, b_s)
        for r in range(resamples):
            effects[r] += d[rng.integers(0, len(d), size=len(d))].mean()
    return np.quantile(effects / len(a), [0.025, 0.975])


def _unpaired(a, b, resamples, seed):
    """Resamples A's and B's queries apart: the pairing is lost."""
    rng = np.random.default_rng(seed)
    effects = np.zeros(resamples)
    for a_s, b_s in zip(a, b):
        a_s, b_s = np.asarray(a_s), np.asarray(b_s)
        n = len(a_s)
        effects += a_s[rng.integers(0, n, size=(resamples, n))].mean(axis=1)
        effects -= b_s[rng.integers(0, n, size=(resamples, n))].mean(axis=1)
    return np.quantile(effects / len(a), [0.025, 0.975])


def _pooled(a, b, resamples, seed):
    """Resamples the queries of all seeds as one pool."""
    rng = np.random.default_rng(seed)
    d = np.concatenate([np.subtract(x, y) for x, y in zip(a, b)])
    return np.quantile(d[rng.integers(0, len(d), size=(resamples, len(d)))].mean(axis=1), [0.025, 0.975])


def _seeds_resampled(a, b, resamples, seed):
    """Resamples the seeds' mean differences instead of the queries."""
    rng = np.random.default_rng(seed)
    means = np.array([np.mean(np.subtract(x, y)) for x, y in zip(a, b)])
    index = rng.integers(0, len(means), size=(resamples, len(means)))
    return np.quantile(means[index].mean(axis=1), [0.025, 0.975])


def _resamples_outside(a, b, resamples, seed):
    """Right in spirit, but loops over resamples outside the seeds: another random stream."""
    rng = np.random.default_rng(seed)
    diffs = [np.subtract(x, y) for x, y in zip(a, b)]
    effects = [
        np.mean([d[rng.integers(0, len(d), size=len(d))].mean() for d in diffs]) for _ in range(resamples)
    ]
    return np.quantile(effects, [0.025, 0.975])


def _pooled_mean_interval(a, b, resamples, seed):
    """The paired interval of the right random stream, shifted: the effect pooled over queries, not seeds."""
    right = _row_by_row(a, b, resamples, seed)
    per_seed = np.mean([np.mean(np.subtract(x, y)) for x, y in zip(a, b)])
    pooled = np.mean(np.concatenate([np.subtract(x, y) for x, y in zip(a, b)]))
    return right + (pooled - per_seed)


def test_the_bootstrap_check_accepts_any_code_with_the_stated_random_stream():
    check = _bootstrap_check()
    assert check.check(_row_by_row).status == "correct"
    # the cases span one to five seeds of different sizes, and the three designed edge cases come first
    assert {len(case[0]) for case in check.cases} == {1, 2, 3, 4, 5}
    assert any(len({len(q) for q in case[0]}) > 1 for case in check.cases)


@pytest.mark.parametrize(
    ("wrong", "smallest"),
    [
        (_unpaired, "([[0.5, 0.9]], [[0.4, 0.8]], 200, 0)"),  # constant difference: zero width if paired
        (_pooled, "([[0.5, 0.9], [0.7, 0.3]], [[0.4, 0.8], [0.4, 0.0]], 200, 0)"),  # two seeds, two margins
        (_seeds_resampled, None),  # a single seed whose queries differ: zero width
        (_resamples_outside, None),
        (_pooled_mean_interval, None),
    ],
    ids=lambda x: getattr(x, "__name__", "case"),
)
def test_the_bootstrap_check_catches_the_classic_mistakes(wrong, smallest):
    check = _bootstrap_check()
    first, second = check.check(wrong), check.check(wrong)
    assert first.status == second.status == "incorrect"
    assert "The smallest one:" in second.message
    if smallest is not None:
        assert f"{wrong.__name__}{smallest}" in second.message
    if wrong is _seeds_resampled:  # its smallest failing case is one seed, for which it returns a point
        failing = [
            (case_order(case, i), case)
            for i, (case, expected) in enumerate(zip(check.cases, check.expected))
            if not np.allclose(wrong(*case), expected, rtol=1e-9, atol=1e-12)
        ]
        case = min(failing)[1]
        low, high = wrong(*case)
        assert len(case[0]) == 1 and low == high and "A closer look" in second.message


def test_the_holm_exercise_makes_the_three_rules_disagree():
    namespace = run_cells(read(EXERCISES / "06_ltr.ipynb"))
    from ndcg.stats import holm

    p = sorted(namespace["claims"].values())
    m, alpha = len(p), 0.05
    plain = sum(x < alpha for x in p)
    bonferroni = sum(x < alpha / m for x in p)
    held = sum(holm(p, alpha)[0])
    without_stop = sum(x < alpha / (m - i) for i, x in enumerate(p))
    assert plain > held > bonferroni  # no correction, Holm and Bonferroni each say something else
    assert without_stop != held  # forgetting Holm's stop gives a wrong answer, not the right one by luck
    check = namespace["check_holm"]
    assert check.check([plain, bonferroni, held]).status == "correct"
    for wrong in ([plain, bonferroni, without_stop], [plain, bonferroni, bonferroni], [plain, plain, plain]):
        check.reset()
        assert check.check(wrong).status == "incorrect", wrong
