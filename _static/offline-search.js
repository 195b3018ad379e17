// The book opened from file:// (a USB stick, no server): Sphinx's search lists the pages
// that match from searchindex.js, then fetch()es every listed page to show an excerpt
// under its link (searchtools.js, `SHOW_SEARCH_SUMMARY`). Browsers refuse fetch() on
// file:// URLs, so each result logged a CORS console error and an uncaught "Failed to
// fetch". From file:// the results are listed without excerpts instead; served over
// http(s), nothing changes. (Jupyter Book adds every .js file in _static/ to every page,
// after Sphinx's documentation_options.js, so DOCUMENTATION_OPTIONS exists here.)
if (window.location.protocol === "file:" && typeof DOCUMENTATION_OPTIONS !== "undefined") {
  DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;
}
