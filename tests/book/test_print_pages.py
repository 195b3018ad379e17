"""The pages the book's print makes, and the links it writes (``ndcg_book/pdf/print_pages.py``), without a
browser: the title page's contents follow the parts of ``_toc.yml``, each entry with the page it
starts on, and the words "this build has no PDF" give way to the link only where a PDF was printed.
"""

from __future__ import annotations

import html

import yaml

from ndcg_book.downloads import PDF_END, PDF_START
from ndcg_book.pdf import print_pages
from ndcg_book.toc import pages as toc_pages
from ndcg_book.toc import parts as toc_parts

ROOT = print_pages.ROOT


def test_the_contents_follow_the_parts_of_the_table_of_contents():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    parts = toc_parts(ROOT)
    assert [caption for caption, _ in parts] == ["", *(part["caption"] for part in toc["parts"])]
    assert [name for _, names in parts for name in names] == toc_pages(ROOT)
    contents = [
        (caption, [(f"page {name}", n) for n, name in enumerate(names, start=2)]) for caption, names in parts
    ]
    page = print_pages.title_page_html("T", "A", "edition 9", contents)
    assert all(f">{html.escape(caption)}</li>" in page for caption, _ in parts if caption)
    assert page.count('class="toc-entry"') == len(toc_pages(ROOT))
    assert '<span class="toc-page">2</span>' in page and "<ol" not in page, "the book's numbers, no list's"
    assert print_pages.page_starts([3, 1, 2], 2) == [2, 5, 6]


def test_links_replace_the_no_pdf_text_only_where_a_pdf_was_printed(tmp_path):
    book = tmp_path / "html"
    (book / "sub").mkdir(parents=True)
    (book / "_downloads").mkdir()
    pdf = book / "_downloads" / "x.pdf"
    pdf.write_bytes(b"%PDF-1.7 " * 300)

    def mark(kind):
        return f'<p class="ndcg-pdf" data-ndcg-pdf="{kind}">{PDF_START}no PDF{PDF_END}</p>'

    (book / "index.html").write_text(mark("book") + mark("cheatsheet"), encoding="utf-8")
    (book / "sub" / "page.html").write_text(mark("book"), encoding="utf-8")
    changed = print_pages.put_links(book, {"book": (pdf, 7)}, "edition 1")
    assert sorted(path.name for path in changed) == ["index.html", "page.html"]
    index = (book / "index.html").read_text(encoding="utf-8")
    assert 'href="_downloads/x.pdf"' in index and "7 pages" in index
    assert index.count("no PDF") == 1, "the cheat sheet was not printed: its text stays"
    assert 'href="../_downloads/x.pdf"' in (book / "sub" / "page.html").read_text(encoding="utf-8")
    # a second run (make pdf after make book) replaces the link, it does not nest it
    print_pages.put_links(book, {"book": (pdf, 8)}, "edition 2")
    index = (book / "index.html").read_text(encoding="utf-8")
    assert index.count("_downloads/x.pdf") == 1 and "8 pages" in index and "edition 2" in index
