"""The course's command line, ``python3 tools/run.py <command>`` (``make <command>``), as a package.

``run.py`` is the entry point (the standard-library bootstrap and the dispatch); the modules it
imports need only the standard library too, since they run before the venv exists:

- ``base``: the repository, the venv's layout, running and printing a command, a build step;
- ``pythons``: which Python the locks need, and what to say when this one cannot do;
- ``install``: the locks, ``setup`` (the venv, with uv or pip) and ``requirements`` (re-pinning);
- ``commands_book``, ``commands_sources``, ``commands_tests``, ``commands_lint``,
  ``commands_course``, ``commands_experiments``: the commands, by concern;
- ``chromium``: where the Chromium-family browser is, for the print and the browser tests.

The book's build steps are not here: they are the package ``ndcg_book``, which the commands run
with the venv's Python as ``python -m ndcg_book <step>`` and never import. The other scripts here
run in the venv, started by the commands: ``check_setup.py`` (``check``), ``install_size.py`` and
``requires_python.py`` (the installs' sizes and the locks' lowest Python).
"""
