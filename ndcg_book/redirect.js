// The page the book leaves at an old address (ndcg_book/redirects.py): on to the new address,
// its canonical link, keeping the fragment (#source-002), without a step in the history.
location.replace(document.querySelector('link[rel="canonical"]').href + location.hash);
