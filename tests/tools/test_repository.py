"""The repository's shape as the README's map and CONTRIBUTING's layout describe it, and the habits that
keep it easy to change."""

import json
import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def layout_entries() -> list[str]:
    """The paths CONTRIBUTING's Layout tree (the full layout) names, relative to the repository."""
    tree = CONTRIBUTING.split("## Layout", 1)[1].split("```text", 1)[1].split("```", 1)[0]
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
        missing += [entry] if not (ROOT / entry).exists() else []
    assert not missing, f"CONTRIBUTING's layout names what is not there: {missing}"


def test_every_tracked_top_level_entry_is_in_the_layout():
    listed = {entry.split("/")[0] for entry in layout_entries()}
    unlisted = sorted(tracked_top_level() - listed - {".gitignore", "README.md"})
    assert not unlisted, f"CONTRIBUTING's layout leaves out: {unlisted}"


def test_every_course_subpackage_is_in_the_layout():
    course = ROOT / "ndcg" / "course"
    folders = {p.name for p in course.iterdir() if p.is_dir() and p.name != "__pycache__"}
    listed = {entry.split("/")[-1] for entry in layout_entries() if entry.startswith("ndcg/course/")}
    assert folders <= listed, f"ndcg/course/ folders missing from CONTRIBUTING's layout: {folders - listed}"


def readme_map() -> list[tuple[list[str], str]]:
    """The README's map: per line, the paths of its first column and the words after them."""
    block = README.split("## Map", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    rows = []
    for line in block.splitlines():
        paths, words = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        rows.append((paths.split(), words))
    return rows


def test_the_readme_is_short_and_starts_with_the_commands():
    lines = README.splitlines()
    assert len(lines) <= 150, f"the README is for newcomers: {len(lines)} lines (at most 150)"
    first_screen = "\n".join(lines[:30])
    for command in ("python3 tools/run.py check", "make book", "make test"):
        assert command in first_screen, command
    assert "(CONTRIBUTING.md)" in README and "(benchmarks/README.md)" in README


def test_the_readme_map_is_fifteen_lines_that_name_what_is_there():
    rows = readme_map()
    assert len(rows) == 15, len(rows)
    missing = [path for paths, _ in rows for path in paths if not list(ROOT.glob(path.rstrip("/")))]
    assert not missing, f"the README's map names what is not there: {missing}"
    # every tracked top-level folder is on the map (a first-column path, or named in its words)
    text = "\n".join(" ".join(paths) + " " + words for paths, words in rows)
    folders = {name for name in tracked_top_level() if (ROOT / name).is_dir()}
    unlisted = sorted(name for name in folders if not re.search(rf"(?<![\w/.-]){re.escape(name)}/", text))
    assert not unlisted, f"the README's map leaves out: {unlisted}"
    # the layers at a glance: the target layout of issue 22
    firsts = [paths[0] for paths, _ in rows]
    for layer in (
        "ndcg/",
        "ndcg/ltr/",
        "ndcg/course/",
        "ndcg_book/",
        "experiments/",
        "learners/",
        "instructors/",
        "reference/",
        "tests/",
        "tools/",
        "benchmarks/",
    ):
        assert layer in firsts, layer


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


def test_biome_is_pinned_exactly_and_each_rule_it_switches_off_says_why():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["devDependencies"]["@biomejs/biome"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "an exact version, as every pin of the course"
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/@biomejs/biome"]["version"] == version
    assert "node_modules/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    lines = (ROOT / "biome.jsonc").read_text(encoding="utf-8").splitlines()
    switched_off = [at for at, line in enumerate(lines) if re.search(r'"\w+": "off"', line)]
    for at in switched_off:
        assert lines[at - 1].strip().startswith("//"), f"biome.jsonc: no reason above {lines[at].strip()}"
    assert '"preset": "recommended"' in "\n".join(lines) and '"formatter": { "enabled": false }' in "\n".join(
        lines
    )


def test_contributor_rules_live_in_contributing_not_in_the_readme():
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## Numbers come from code" in contributing
    assert "Numbers come from code" not in README


#: The most lines a module of the house may have: past it, a module does several jobs and a newcomer
#: cannot tell which file to open (CONTRIBUTING, "Where to change what").
MODULE_LINES = 700


def test_no_module_is_over_700_lines():
    files = subprocess.run(
        ["git", "ls-files", "*.py", "*.js"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    ours = [name for name in files if "/vendor/" not in name and (ROOT / name).is_file()]
    assert len(ours) > 300, "the modules of the house are found (git ls-files)"
    long = {
        name: count
        for name in ours
        if (count := len((ROOT / name).read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert not long, f"modules over {MODULE_LINES} lines (split them by job): {long}"
