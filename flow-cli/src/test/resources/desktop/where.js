// Reports where the page's elements are on the X screen, so a test can point the OS mouse at them.
// The report goes to the server that served this script (POST /where?page=<title>), on load and on
// every resize or scroll; only elements inside the viewport are reported; keys: "#id", "name=NAME", "value=VALUE" (buttons) and "link=TEXT".
(function () {
  const to = new URL(document.currentScript.src).origin + '/where?page=' + encodeURIComponent(document.title);
  function report() {
    const ui = window.outerHeight - window.innerHeight;
    const side = (window.outerWidth - window.innerWidth) / 2;
    const at = {};
    const put = (key, el) => {
      const r = el.getBoundingClientRect();
      const shown = r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
          && r.left >= 0 && r.right <= window.innerWidth;
      if (shown && !(key in at)) {
        at[key] = [Math.round(window.screenX + side + r.left + r.width / 2),
                   Math.round(window.screenY + ui + r.top + r.height / 2)];
      }
    };
    for (const el of document.querySelectorAll('[id]')) put('#' + el.id, el);
    for (const el of document.querySelectorAll('[name]')) put('name=' + el.name, el);
    for (const el of document.querySelectorAll('input[type=submit], button')) put('value=' + (el.value || el.textContent.trim()), el);
    for (const el of document.querySelectorAll('a')) put('link=' + el.textContent.trim(), el);
    navigator.sendBeacon(to, JSON.stringify(at));
  }
  addEventListener('load', () => setTimeout(report, 250));
  let pending;
  const later = () => { clearTimeout(pending); pending = setTimeout(report, 250); };
  addEventListener('resize', later);
  addEventListener('scroll', later);
})();
