"""The built book printed to PDF and zipped for a USB stick (``python -m ndcg_book print``, run by
``make book`` and ``make pdf``). None of these modules is a part of the Sphinx extension: they
register nothing.

``print_book``  the command: every page printed in Chromium, the book's, the participant's and the
                cheat sheet's PDFs, and the built book zipped
``print_pages`` the pages the print makes (footers, the title page and its contents, the page
                numbers) and the links it writes into the built pages
``pdf_merge``   the printed PDFs trimmed, counted, merged, numbered and described (pypdf)
``browser``     the browser started headless through Playwright (``tools/chromium.py`` finds it)
"""
