"""The repository's shape as the README describes it, and the habits that keep it easy to change."""

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def layout_entries() -> list[str]:
    """The paths the README's Layout tree names, relative to the repository."""
    tree = README.split("## Layout", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    entries, parents = [], {}
    for line in tree.splitlines()[2:]:
        match = re.match(r"^((?:│   |    )*)(?:├── |└── )(\S+)", line)
        if not match:
            continue
        depth = len(match.group(1)) // 4
        name = match.group(2)
        parents[depth] = name.rstrip("/")
        path = "/".join([parents[d] for d in range(depth)] + [name.rstrip("/")])
        entries.append(path)
    return entries


def tracked_top_level() -> set[str]:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {line.split("/")[0] for line in files.splitlines() if line}


def test_every_entry_of_the_layout_exists():
    missing = []
    for entry in layout_entries():
        if entry == "references.md/.bib":
            candidates = ["references.md", "references.bib"]
        else:
            candidates = [entry]
        missing += [path for path in candidates if not (ROOT / path).exists()]
    assert not missing, f"README's layout names what is not there: {missing}"


def test_every_tracked_top_level_entry_is_in_the_layout():
    listed = {entry.split("/")[0] for entry in layout_entries()} | {"references.bib", "references.md"}
    unlisted = sorted(tracked_top_level() - listed - {".gitignore", "README.md"})
    assert not unlisted, f"README's layout leaves out: {unlisted}"


def test_every_course_subpackage_is_in_the_layout():
    course = ROOT / "ndcg" / "course"
    folders = {p.name for p in course.iterdir() if p.is_dir() and p.name != "__pycache__"}
    listed = {entry.split("/")[-1] for entry in layout_entries() if entry.startswith("ndcg/course/")}
    assert folders <= listed, f"ndcg/course/ folders missing from the README's layout: {folders - listed}"


def test_licences_are_named_in_readme_and_footer():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "CC BY 4.0" in (ROOT / "LICENSE-CONTENT.md").read_text(encoding="utf-8")
    assert "LICENSE-CONTENT.md" in README and "(LICENSE)" in README
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    footer = config.split("extra_footer:", 1)[1].split("\n  announcement", 1)[0]
    assert "MIT" in footer and "CC BY 4.0" in footer


def test_pre_commit_hooks_are_local_and_use_the_entry_point():
    text = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    repos = re.findall(r"^\s*- repo: (\S+)", text, re.M)
    assert repos == ["local"], repos
    entries = re.findall(r"entry: (.+)", text)
    assert entries and all(entry.startswith("python tools/run.py ") for entry in entries)


def test_ruff_covers_the_code_and_is_pinned():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = pyproject["tool"]["ruff"]["include"]
    for part in ("ndcg/", "tests/", "tools/", "benchmarks/"):
        assert any(pattern.startswith(part) for pattern in include), part
    assert not list((ROOT / "exercises").glob("*.py"))  # the participants' folder holds notebooks only
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^ruff==\d", pins, re.M) and re.search(r"^pre-commit==\d", pins, re.M)


def test_contributor_rules_live_in_contributing_not_in_the_readme():
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## Numbers come from code" in contributing
    assert "Numbers come from code" not in README
