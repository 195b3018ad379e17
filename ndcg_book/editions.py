"""The book build: two editions, English and 简体中文, from one source and one computation.

Registered by :func:`ndcg_book.setup`. The English edition is built into ``_build/html``, the
Chinese one (the same pages with ``language = zh_CN`` and the translations of
``locales/zh_CN/LC_MESSAGES``; ``python -m ndcg_book translations build``) into ``_build/html/zh``. This part:

* puts a **language switch** at the top of every page: a relative link to the same page in the
  other edition (``chapters/01_cg.html`` ↔ ``zh/chapters/01_cg.html``), so it works from
  ``file://``; ``_static/ndcg-editions.js`` remembers the reader's choice, and the English landing
  page opens the Chinese one when that was the reader's last choice; each page names its twin
  with ``<link rel="alternate" hreflang>``;
* marks the Chinese inside the English edition's pages with ``lang="zh"`` (a screen reader then
  reads 累计增益 as Chinese, and the browser picks a Chinese font for it);
* gives the Chinese edition's search Sphinx's Chinese splitter (jieba) with the glossary's terms
  as its user dictionary, plus every substring of each Chinese word, so 折损 finds the pages of
  折损累计增益 (:class:`SearchChineseTerms`), and the sources' own spellings of its terms as
  synonyms (:data:`SEARCH_SYNONYMS`: 折扣累积增益 finds the pages of 折损累计增益, Listwise those of
  列表法); the build stops when jieba is missing, since Sphinx's Chinese indexer would then
  silently drop every Chinese word.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from docutils import nodes
from myst_nb.ext.glue.crossref import read_glue_cache
from myst_nb.ext.glue.roles import PasteMarkdownRole
from myst_nb.ext.glue.utils import glue_warning
from sphinx import addnodes
from sphinx.errors import ExtensionError
from sphinx.search.zh import SearchChinese
from sphinx.transforms import SphinxTransform

from ndcg.course import manifest
from ndcg.course.i18n import SOURCE, language_of, translator
from ndcg_book.codeswitch import has_code
from ndcg_book.codeswitch import switch_html as code_switch_html
from ndcg_book.search import _HAN, han_terms
from ndcg_book.words import TEXTS

#: Each edition: its folder under ``_build/html`` (the English one is the root), the name its
#: switch shows (in its own language) and its ``hreflang``: the course's languages
#: (``ndcg/course/course.toml``).
EDITIONS = {
    language.code: (language.folder, language.name, language.tag) for language in manifest.languages()
}
#: The Chinese edition's search synonyms: a term as the book writes it (a glossary term, a word
#: jieba keeps whole) and the other spellings a reader may search it by, each a term of every page
#: that has the book's word. They are the sources' own spellings (the seeds' README numbers them):
#: 001 writes 折扣累积增益 (and 理想/归一化折扣累积增益), 003 折损累积增益, 004 位置偏置 and the
#: English names Pointwise / Pairwise / Listwise beside 逐点法 / 成对法 / 列表法. A termbase can feed
#: this mapping later (its variants column); the search needs only this shape.
SEARCH_SYNONYMS: dict[str, tuple[str, ...]] = {
    "折损累计增益": ("折扣累积增益", "折损累积增益"),
    "理想折损累计增益": ("理想折扣累积增益", "理想折损累积增益"),
    "归一化折损累计增益": ("归一化折扣累积增益", "归一化折损累积增益"),
    "累计增益": ("累积增益",),
    "位置偏差": ("位置偏置",),
    "逐点法": ("pointwise",),
    "成对法": ("pairwise",),
    "列表法": ("listwise",),
}
#: The words a Chinese query may be a part of are cut at most this long into substrings (a
#: glossary term is at most ten characters; a longer run is a phrase jieba did not cut).
LONGEST_TERM = 12


def edition(language: str | None) -> str:
    """The edition a Sphinx ``language`` builds: the manifest's language of that locale (``"zh"``
    for ``zh_CN``), else English."""
    return language_of(language)


def twin_href(pagename: str, here: str, there: str) -> str:
    """The relative link from page ``pagename`` of edition ``here`` to the same page of ``there``.

    >>> twin_href("chapters/01_cg", "en", "zh")
    '../zh/chapters/01_cg.html'
    >>> twin_href("chapters/01_cg", "zh", "en")
    '../../chapters/01_cg.html'
    >>> twin_href("index", "en", "zh"), twin_href("index", "zh", "en")
    ('zh/index.html', '../index.html')
    """
    if here == there:
        return f"{pagename.rsplit('/', 1)[-1]}.html"
    # up to the book's root (an edition of another language is a folder in it), then down
    root = "../" * pagename.count("/") + ("" if here == SOURCE else "../")
    folder = EDITIONS[there][0]
    return f"{root}{folder}/{pagename}.html" if folder else f"{root}{pagename}.html"


def switch_html(pagename: str, here: str) -> str:
    """The switch at the top of a page: this edition's name, and a link to the other one."""
    items = []
    for key, (_, name, hreflang) in EDITIONS.items():
        if key == here:
            items.append(
                f'<span class="edition-switch-current" lang="{hreflang}" aria-current="true">{name}</span>'
            )
        else:
            href = html.escape(twin_href(pagename, here, key))
            items.append(
                f'<a class="edition-switch-link" href="{href}" hreflang="{hreflang}" lang="{hreflang}" '
                f'data-edition="{key}">{name}</a>'
            )
    label = translator("book", "edition-switch", here)(TEXTS["edition-switch"])
    landing = ' data-landing="true"' if pagename == "index" else ""
    return (
        f'<nav class="edition-switch" aria-label="{label}" data-edition="{here}"{landing}>'
        + '<span class="edition-switch-sep" aria-hidden="true"> · </span>'.join(items)
        + "</nav>"
    )


_TAG = re.compile(r"(<[^>]*>)")
#: A run of Chinese: Han characters, with the Chinese punctuation and spaces between them.
_CHINESE = re.compile(f"[{_HAN}](?:[{_HAN}\u3000-\u303f\uff00-\uffef·、]*[{_HAN}\uff09\u300d\u201d])?")
_RAW = ("script", "style", "textarea", "title")


def mark_chinese(body: str) -> str:
    """``body`` with every run of Chinese in its text wrapped in ``<span lang="zh">``; tags,
    attributes and the insides of scripts and styles are left as they are.

    >>> mark_chinese('<p title="累计">CG (累计增益) is a sum</p><textarea>成都</textarea>')
    '<p title="累计">CG (<span lang="zh">累计增益</span>) is a sum</p><textarea>成都</textarea>'
    """
    out = []
    raw = None
    for part in _TAG.split(body):
        if part.startswith("<"):
            name = re.match(r"</?\s*([a-zA-Z0-9]+)", part)
            tag = name.group(1).lower() if name else ""
            if raw is None and tag in _RAW and not part.startswith("</"):
                raw = tag
            elif raw == tag and part.startswith("</"):
                raw = None
            out.append(part)
        elif raw is None and part:
            out.append(_CHINESE.sub(lambda m: f'<span lang="zh">{m.group(0)}</span>', part))
        else:
            out.append(part)
    return "".join(out)


def page_context(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """Every page: the switches on top (the language's; the code's on a page with code, see
    :mod:`ndcg_book.codeswitch`), its twin named in the head, the Chinese in English marked."""
    here = edition(app.config.language)
    others = [code for code in EDITIONS if code != here]
    context["metatags"] = context.get("metatags", "") + "".join(
        f'\n<link rel="alternate" hreflang="{EDITIONS[other][2]}" href="{html.escape(twin_href(pagename, here, other))}">'
        for other in others
    )
    for near in ("prev", "next"):
        if here == SOURCE and context.get(near) and context[near].get("title"):
            context[near] = {**context[near], "title": mark_chinese(context[near]["title"])}
    if "body" in context:
        body = context["body"]
        for other in others:  # each figure in the page's language alone
            body = _FIGURE[other].sub("", body)
        body = figure_files(app, context, body)
        if here == SOURCE:
            body = mark_chinese(body)
        code = code_switch_html(app.config.language) if has_code(body) else ""
        context["body"] = f'<div class="page-switches">{code}{switch_html(pagename, here)}</div>' + body


class TableCellsAreMessages(SphinxTransform):
    """Give a table's cells the source their page has, so they are messages to translate.

    MyST leaves the paragraphs of a table inside a directive (``:::{container}``) without a
    ``source``; Sphinx skips such text, both when it extracts the messages and when it
    translates a page, and the Chinese edition would show them in English. Runs before Sphinx's
    ``Locale`` transform (priority 20)."""

    default_priority = 10

    def apply(self, **kwargs) -> None:
        for table in self.document.findall(nodes.table):
            for node in table.findall(nodes.TextElement):
                if not node.source and node.get("translatable", True):
                    node.source = table.source or self.document["source"]
                    node.line = node.line or table.line


class TranslatedBlocksAsWritten(SphinxTransform):
    """Put the translation of a display formula (or of a raw block) in place as it is written.

    Sphinx translates such a block by parsing ``::`` followed by the translation indented by three
    spaces: reStructuredText's literal-block marker. The MyST parser reads that as a paragraph, so a
    translated formula (``\\text{第 } i \\text{ 位的折损}``) rendered as the two characters ``::``
    and the formula was gone from the Chinese page and its PDF. A formula is not prose to parse
    again: this transform, which runs before Sphinx's ``Locale`` (priority 20), replaces the
    block's text with its translation and marks it done, so ``Locale`` leaves it as it is."""

    default_priority = 19
    KINDS = (nodes.math_block, nodes.raw)

    def apply(self, **kwargs) -> None:
        if edition(self.config.language) == SOURCE:
            return
        translations = page_catalogue(self.env, self.env.docname)
        if not translations:
            return
        for node in self.document.findall(lambda n: isinstance(n, self.KINDS)):
            if not node.source or not node.get("translatable", True):
                continue
            english = node.rawsource or node.astext()
            chinese = translations.get(english, "")
            if chinese.strip() and chinese != english:
                node.rawsource = chinese
                node.children = [nodes.Text(chinese)]
            node["translatable"] = False


def page_catalogue(env, docname: str) -> dict[str, str]:
    """The Chinese translations of page ``docname``: ``{English: Chinese}``, as Sphinx's ``Locale``
    merges them (the page's catalogue over the fallbacks)."""
    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    dirs = [str(Path(env.srcdir, d)) for d in env.config.locale_dirs]
    domain = docname_to_domain(docname, env.config.gettext_compact)
    catalogue, found = init_locale(dirs, env.config.language, domain)
    if not found:
        return {}
    chain = []
    while catalogue is not None:
        chain.append(getattr(catalogue, "_catalog", None) or {})
        catalogue = getattr(catalogue, "_fallback", None)
    merged: dict[str, str] = {}
    for table in reversed(chain):
        merged.update({k: v for k, v in table.items() if isinstance(k, str)})
    return merged


class PasteMarkdownAnyPage(PasteMarkdownRole):
    """myst-nb's ``{glue:md}`` role, which also takes ``page.md::key``.

    A translated paragraph is parsed again on its own, after its page, where myst-nb's own role
    finds no glue data (it renders nothing); the Chinese catalogues therefore name the page
    (``ndcg_book/catalogues/i18n.py`` writes ``{glue:md}`/chapters/06_ltr.md::key``` when it compiles them), and
    this role reads the value from the glue file the page's run wrote beside the build
    (``jupyter_execute/<page>.glue.json``), then renders its Markdown inline as myst-nb would."""

    def run(self):
        if "::" not in self.text:
            return super().run()
        page, _, key = self.text.partition("::")
        key = key.partition(":")[0]
        env = self.document.settings.env
        _, path = env.relfn2path(page, env.docname)
        refdoc = env.path2doc(path)
        folder = Path(env.app.outdir).parent / "jupyter_execute"
        data = read_glue_cache(str(folder), refdoc or "").get(key, {}).get("data", {})
        if "text/markdown" not in data:
            message = f"No Markdown glued as {key!r} on page {page!r}"
            return [], [glue_warning(message, self.document, self.line)]
        text = data["text/markdown"]
        text = "".join(text) if isinstance(text, list) else text
        return self.inliner.parse(text, self.line, None, nodes.paragraph())


class _Terms(set):
    """A set that takes ``extend``: Sphinx's Chinese search keeps the Latin words it met in a list
    (``latin_terms``) and asks ``word in latin_terms`` for every word it stems, so indexing the
    book cost a list scan per word (11 s of the Chinese build); a set answers at once."""

    def extend(self, words) -> None:
        self.update(words)


class SearchChineseTerms(SearchChinese):
    """Sphinx's Chinese search language (jieba's words, the Latin words stemmed as in English),
    with every substring of each Chinese word up to :data:`LONGEST_TERM` characters as a word too:
    a reader searching 折损 or 累计增益 finds the pages where they stand inside 折损累计增益."""

    def init(self, options: dict[str, str]) -> None:
        super().init(options)
        self.latin_terms = _Terms()  # its own (Sphinx's is a list shared by the class)

    def split(self, input: str) -> list[str]:
        words = super().split(input)
        extra = [t for w in words if 2 < len(w) <= LONGEST_TERM for t in han_terms(w) if len(t) > 1]
        return words + extra + synonyms(words + extra)


def synonyms(words: list[str]) -> list[str]:
    """The other spellings (:data:`SEARCH_SYNONYMS`) of the book's terms among ``words``, each
    Chinese one with its parts (折扣 of 折扣累积增益), as :class:`SearchChineseTerms` adds them.

    >>> synonyms(["位置偏差", "的", "列表法"])
    ['位置偏置', '位置', '位置偏', '置偏', '置偏置', '偏置', 'listwise']
    """
    found = []
    for word in dict.fromkeys(words):
        for variant in SEARCH_SYNONYMS.get(word, ()):
            found.append(variant)
            found += [t for t in han_terms(variant) if 1 < len(t) < len(variant)]
    return found


def user_dictionary(root: Path, out: Path) -> Path:
    """jieba's user dictionary: every Chinese term of the glossary (``relevance grade
    (相关性等级)``), one per line with a high frequency, so jieba keeps 排序学习 whole."""
    text = (root / "reference" / "glossary.md").read_text(encoding="utf-8")
    terms = []
    for chinese in re.findall(r"^[^\s].*\(([^()]+)\)\s*$", text, flags=re.M):
        for part in re.split(r"[\s,，、]+", chinese):
            if re.search(f"[{_HAN}]", part) and part not in terms:
                terms.append(part)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(f"{t} 100000 n\n" for t in terms), encoding="utf-8")
    return out


#: A figure's copy in each language, in the HTML output that holds it in both
#: (:mod:`ndcg.course.figure_languages`): each edition leaves the other's copy out.
_FIGURE = {
    edition: re.compile(rf'<picture class="ndcg-lang ndcg-figure" lang="{lang}">.*?</picture>', re.S)
    for edition, (_, _, lang) in EDITIONS.items()
}
#: An image of a figure, inline in the output (``src`` or ``srcset``).
_INLINE_PNG = re.compile(
    r'(<(?:img|source) class="ndcg-figure"[^>]*?\b(?:src|srcset)=")data:image/png;base64,([A-Za-z0-9+/=]+)"'
)


def figure_files(app, context: dict, body: str) -> str:
    """``body`` with each image of a figure (inline in the notebook's output) written to the
    book's ``_images/`` and linked from there: the page stays light, and a phone loads the phone
    copy alone."""
    import base64
    import hashlib

    def written(match) -> str:
        data = base64.b64decode(match.group(2))
        name = f"figure-{hashlib.sha256(data).hexdigest()[:20]}.png"
        path = Path(app.outdir) / "_images" / name
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return f'{match.group(1)}{context["pathto"]("_images/" + name, 1)}"'

    return _INLINE_PNG.sub(written, body)


def config_inited(app, config) -> None:
    """The Chinese edition: jieba must be there; the glossary's terms become its dictionary."""
    if edition(config.language) != "zh":
        return
    try:
        import jieba  # noqa: F401
    except ImportError as error:  # pragma: no cover - the lock pins jieba
        raise ExtensionError(
            "The Chinese edition's search needs jieba (pinned in requirements.txt): without it, "
            "Sphinx's Chinese indexer drops every Chinese word. Run `python tools/run.py setup`."
        ) from error
    from ndcg_book.words import words

    # myst-nb's buttons on folded code cells ("Show code cell source"), in Chinese
    text = words(config.language)
    config.nb_code_prompt_show = text("code-show")
    config.nb_code_prompt_hide = text("code-hide")
    path = user_dictionary(Path(app.srcdir), Path(app.outdir).parent.parent / "jieba-terms.txt")
    config.html_search_options = {**(config.html_search_options or {}), "dict": str(path)}


def _root_catalogue(app):
    """The Chinese catalogue of the book's root page (``index``), as Sphinx loaded it."""
    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    dirs = [str(Path(app.srcdir, d)) for d in app.config.locale_dirs]
    domain = docname_to_domain(app.config.root_doc, app.config.gettext_compact)
    return init_locale(dirs, app.config.language, domain)[0]


def translate_book_words(app) -> None:
    """A translated edition: the book's title (``title:`` of ``_config.yml``, the root page's own
    title) in its translation, from the root page's catalogue; the footer's author and copyright
    lines from the ``book`` catalogue (``ndcg_book/catalogues/i18n_stores/book.py``)."""
    here = edition(app.config.language)
    if here == SOURCE:
        return
    for key in ("author", "copyright"):
        if getattr(app.config, key, None):
            setattr(app.config, key, translator("book", key, here)(str(getattr(app.config, key))))
    if app.config.html_title:
        app.config.html_title = _root_catalogue(app).gettext(app.config.html_title)


def translate_captions(app, doctree) -> None:
    """A translated edition: the captions of the table of contents' parts ("Start here" …), which
    ``_toc.yml`` puts on the root page and Sphinx leaves in English, from its catalogue."""
    if edition(app.config.language) == SOURCE or app.env.docname != app.config.root_doc:
        return
    catalogue = _root_catalogue(app)
    for toctree in doctree.findall(addnodes.toctree):
        if toctree.get("caption"):
            toctree["caption"] = catalogue.gettext(toctree["caption"])


def own_document(app, doctree) -> None:
    """A translated edition: each node a translation brought in belongs to the page's document.

    Sphinx parses every translated message as a document of its own and moves its nodes into the
    page; they kept a reference to that document, whose settings hold the whole build environment,
    so every page's saved doctree carried a copy of it (8 MB a page, against the English edition's
    1 MB), and the build spent a quarter of its time reading them back."""
    if edition(app.config.language) == SOURCE:
        return
    for node in doctree.findall():
        if node.__dict__.get("_document") not in (None, doctree):
            node.document = doctree


def translate_code_comments(app, doctree) -> None:
    """A translated edition: each comment with words of a shown code cell in its language (the catalogue
    ``comments``, the store ``ndcg_book/catalogues/i18n_stores/comments.py``, shared with the Chinese notebooks).
    The code is the English edition's, character for character, and runs once for both: only the
    text after each ``#`` changes (:func:`ndcg_book.comments.translate_comments`)."""
    if edition(app.config.language) == SOURCE:
        return
    from ndcg_book.comments import translate_comments

    chinese = translator("comments", language=edition(app.config.language))
    for cell in doctree.findall(nodes.container):
        if "cell_input" not in cell.get("classes", []):
            continue
        for block in cell.findall(nodes.literal_block):
            code = block.astext()
            said = translate_comments(code, chinese)
            if said != code:  # rawsource too: Sphinx highlights a block whose rawsource is its text
                block.rawsource = said
                block.children = [nodes.Text(said)]


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_search_language(SearchChineseTerms)
    app.add_role_to_domain("glue", "md", PasteMarkdownAnyPage(), override=True)
    app.add_transform(TableCellsAreMessages)
    app.add_transform(TranslatedBlocksAsWritten)
    app.connect("config-inited", config_inited)
    app.connect("builder-inited", translate_book_words)
    app.connect("doctree-read", translate_captions)
    app.connect("doctree-read", own_document)
    app.connect("doctree-read", translate_code_comments)
    app.connect("html-page-context", page_context)
