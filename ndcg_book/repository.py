"""The book build: the repository buttons follow the repository URL.

Registered by :func:`ndcg_book.setup`. The book's one
repository setting is ``repository: url:`` in ``_config.yml``, which Jupyter Book passes to
sphinx-book-theme as ``html_theme_options["repository_url"]``. When Sphinx has read its
configuration (``config-inited``), this extension derives the rest from it, so nothing is
typed twice and nothing can disagree:

* an empty URL turns the repository, issues and edit buttons off (Jupyter Book 1 stops
  the build when a button is on and the URL empty);
* a URL turns the repository and edit buttons on, and the issues button too where the theme
  can open an issue (GitHub, GitLab; on Bitbucket it would only warn);
* the theme knows github.com, gitlab.com and bitbucket.org by their names; for any other
  host (a university's GitLab, say) ``html_theme_options: repository_provider:`` must name
  the software it runs, and without it the build stops with a message saying so.

The words follow the same URL. Until a repository is public, a page cannot tell anyone to
clone it: they get the course zip from the book's *Get the course* box instead. Two
directives hold the two versions of a passage, and the book shows the one that is true:

``{with-repository}``
    Its content (MyST Markdown) is shown only when ``repository: url:`` is set. In it,
    ``{repository-url}`` stands for the URL and ``{repository-folder}`` for the folder
    ``git clone`` makes (the URL's last part), so a clone command is written once:
    ``git clone {repository-url}``.

``{without-repository}``
    Its content is shown only while the URL is empty.

The URL is kept as the configuration value ``ndcg_repository_url`` (derived, never set by
hand), which Sphinx compares with the last build's: changing the URL re-reads every page.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.errors import ConfigError
from sphinx.util.docutils import SphinxDirective

#: The hosts sphinx-book-theme recognises, and their provider.
KNOWN_HOSTS = {"github.com": "github", "gitlab.com": "gitlab", "bitbucket.org": "bitbucket"}
#: The providers sphinx-book-theme (through pydata-sphinx-theme) can link to.
PROVIDERS = ("github", "gitlab", "bitbucket")
#: The buttons that need a repository.
BUTTONS = ("use_repository_button", "use_issues_button", "use_edit_page_button")


def repository_options(url: str, provider: str = "") -> dict[str, object]:
    """The theme options that follow from a repository URL (and a provider, for other hosts).

    >>> repository_options("")
    {'use_repository_button': False, 'use_issues_button': False, 'use_edit_page_button': False}
    >>> repository_options("https://github.com/someone/ndcg-course")["use_issues_button"]
    True
    >>> repository_options("https://git.example.edu/ir/ndcg-course", "gitlab")["repository_provider"]
    'gitlab'
    >>> repository_options("https://git.example.edu/ir/ndcg-course")
    Traceback (most recent call last):
    ...
    sphinx.errors.ConfigError: repository: url: is on git.example.edu, which sphinx-book-theme does not know: set `repository_provider:` (github, gitlab or bitbucket: the software that host runs) under `sphinx: config: html_theme_options:` in _config.yml.
    """
    url = (url or "").strip()
    if not url:
        return dict.fromkeys(BUTTONS, False)
    parts = urlsplit(url)
    path = [part for part in parts.path.split("/") if part]
    if parts.scheme not in ("https", "http") or not parts.netloc or len(path) < 2:
        raise ConfigError(
            f"repository: url: must be a web address such as https://github.com/owner/name; got {url!r}."
        )
    host = parts.hostname or ""
    provider = (provider or KNOWN_HOSTS.get(host, "")).lower()
    if not provider:
        raise ConfigError(
            f"repository: url: is on {host}, which sphinx-book-theme does not know: set "
            "`repository_provider:` (github, gitlab or bitbucket: the software that host runs) under "
            "`sphinx: config: html_theme_options:` in _config.yml."
        )
    if provider not in PROVIDERS:
        raise ConfigError(f"repository_provider must be one of {', '.join(PROVIDERS)}; got {provider!r}.")
    return {
        "use_repository_button": True,
        "use_issues_button": provider in ("github", "gitlab"),
        "use_edit_page_button": True,
        "repository_provider": provider,
    }


def derive_buttons(app, config) -> None:
    """``config-inited``: set the buttons (and the provider) from the repository URL, and keep
    the URL for the directives."""
    options = config.html_theme_options
    options.update(
        repository_options(options.get("repository_url", ""), options.get("repository_provider", ""))
    )
    config.ndcg_repository_url = (options.get("repository_url", "") or "").strip()


def clone_folder(url: str) -> str:
    """The folder ``git clone URL`` makes: the URL's last part, without ``.git``.

    >>> clone_folder("https://github.com/someone/ndcg-course.git")
    'ndcg-course'
    >>> clone_folder("https://git.example.edu/ir/ndcg-course/")
    'ndcg-course'
    """
    name = [part for part in urlsplit(url).path.split("/") if part][-1]
    return name[: -len(".git")] if name.endswith(".git") else name


def fill_in(text: str, url: str) -> str:
    """``text`` with ``{repository-url}`` and ``{repository-folder}`` filled in from ``url``.

    >>> fill_in("git clone {repository-url} && cd {repository-folder}", "https://github.com/a/b")
    'git clone https://github.com/a/b && cd b'
    """
    return text.replace("{repository-url}", url).replace("{repository-folder}", clone_folder(url))


class _IfRepository(SphinxDirective):
    """A passage shown only when a repository URL is set (or only when it is not)."""

    has_content = True
    shown_with_url = True

    def run(self) -> list[nodes.Node]:
        url = self.config.ndcg_repository_url
        if bool(url) != self.shown_with_url:
            return []
        text = "\n".join(self.content)
        if url:
            text = fill_in(text, url)
        elif "{repository-" in text:
            raise self.error(f"{self.name}: {{repository-url}} has no value without a repository")
        container = nodes.container()
        self.state.nested_parse(StringList(text.splitlines(), source=self.get_source_info()[0]), 0, container)
        return container.children


class WithRepository(_IfRepository):
    """``{with-repository}``: shown only when ``repository: url:`` is set."""

    shown_with_url = True


class WithoutRepository(_IfRepository):
    """``{without-repository}``: shown only while ``repository: url:`` is empty."""

    shown_with_url = False


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_config_value("ndcg_repository_url", "", "env", types=[str])
    app.connect("config-inited", derive_buttons)
    app.add_directive("with-repository", WithRepository)
    app.add_directive("without-repository", WithoutRepository)
