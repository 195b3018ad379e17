// A page's later sections are laid out only when the reader comes near them (content-visibility:
// auto, _static/course.css), each until then at an estimated height. A jump to a section (a link
// to #section, the page opened at one) puts its heading at the top of the screen; the sections
// around it are then drawn at their real heights, and Chromium does not always keep the heading
// where it was. So after such a jump the heading is put back, frame after frame, until it stays
// (a second at most), unless the reader scrolls, types or touches the page meanwhile.
// tests/browser/test_sections.py checks it from file://.
(() => {
  const STILL_FRAMES = 5;
  const MAX_FRAMES = 60;
  let run = 0;
  const target = (hash) => {
    if (!hash || hash.length < 2) {
      return null;
    }
    try {
      return document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch {
      return null;
    }
  };
  const keep = (element) => {
    if (!element) {
      return;
    }
    const mine = ++run;
    let wanted = null;
    let still = 0;
    let frames = 0;
    const step = () => {
      if (mine !== run) {
        return;
      }
      if (wanted === null) {
        element.scrollIntoView(); // where the browser's own jump puts it (the heading's scroll margin)
        wanted = element.getBoundingClientRect().top;
        window.requestAnimationFrame(step);
        return;
      }
      const top = element.getBoundingClientRect().top;
      if (Math.abs(top - wanted) > 1) {
        element.scrollIntoView();
        still = 0;
      } else {
        still += 1;
      }
      frames += 1;
      if (still < STILL_FRAMES && frames < MAX_FRAMES) {
        window.requestAnimationFrame(step);
      }
    };
    window.requestAnimationFrame(step);
  };
  let interacted = false;
  const stop = () => {
    interacted = true;
    run += 1;
  };
  for (const name of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(name, stop, { passive: true, capture: true });
  }
  // a link within the page (the same hash again too, which fires no hashchange)
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.origin + link.pathname !== window.location.origin + window.location.pathname) {
      return;
    }
    const element = target(link.hash);
    if (element) {
      interacted = false; // this jump is the reader's: keep its heading in place
      window.requestAnimationFrame(() => keep(element));
    }
  });
  window.addEventListener("hashchange", () => keep(target(window.location.hash)));
  const opened = () => {
    if (!interacted) {
      keep(target(window.location.hash));
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", opened);
  } else {
    opened();
  }
  window.addEventListener("load", opened);
})();
