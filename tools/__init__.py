"""The course's command line, ``python3 tools/run.py <command>`` (``make <command>``), as a package.

``run.py`` is the entry point (the standard-library bootstrap and the dispatch); the modules it
imports need only the standard library too, since they run before the venv exists:

- ``base``: the repository, the venv's layout, running and printing a command;
- ``pythons``: which Python the locks need, and what to say when this one cannot do;
- ``install``: the locks, ``setup`` (the venv, with uv or pip) and ``requirements`` (re-pinning);
- ``commands_book``, ``commands_sources``, ``commands_tests``, ``commands_lint``,
  ``commands_course``, ``commands_experiments``: the commands, by concern.

The other scripts here (``notebooks.py``, ``make_student.py``, ``notebooks_translated.py``,
``print_book.py``, ``sentences.py``, ``install_size.py``, ``requires_python.py``) run in the venv,
started by those commands.
"""
