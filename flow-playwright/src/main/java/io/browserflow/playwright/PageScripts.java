package io.browserflow.playwright;

/** The page-side functions the session evaluates. Kept small: Playwright does the matching, these only read. */
final class PageScripts {
  private PageScripts() {}

  /**
   * Resolves after the first DOM change in the document (or its open shadow roots known now) or after
   * {@code ms}, whichever comes first: the wait between two evaluations of what a step waits for.
   */
  static final String WAIT_FOR_CHANGE = "ms => new Promise(resolve => {\n"
      + "  let done = false;\n"
      + "  const observers = [];\n"
      + "  const finish = () => { if (done) return; done = true; observers.forEach(o => o.disconnect()); clearTimeout(timer); resolve(true); };\n"
      + "  const watch = node => { const o = new MutationObserver(finish); o.observe(node, {subtree: true, childList: true, attributes: true, characterData: true}); observers.push(o); };\n"
      + "  const timer = setTimeout(finish, ms);\n"
      + "  watch(document);\n"
      + "  const roots = [document];\n"
      + "  for (let i = 0; i < roots.length && i < 50; i++) {\n"
      + "    for (const e of roots[i].querySelectorAll('*')) { if (e.shadowRoot) { watch(e.shadowRoot); roots.push(e.shadowRoot); } }\n"
      + "  }\n"
      + "})";

  /** Visible text of the document, open shadow roots included, whitespace normalized. */
  static final String DEEP_TEXT = "() => {\n"
      + "  const parts = [document.body ? document.body.innerText : ''];\n"
      + "  const roots = [document];\n"
      + "  for (let i = 0; i < roots.length && i < 200; i++) {\n"
      + "    for (const e of roots[i].querySelectorAll('*')) {\n"
      + "      if (e.shadowRoot) { roots.push(e.shadowRoot); parts.push(Array.from(e.shadowRoot.children)\n"
      + "        .filter(c => !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(c.tagName)).map(c => c.innerText || '').join(' ')); }\n"
      + "    }\n"
      + "  }\n"
      + "  return parts.join(' ').replace(/\\s+/g, ' ').trim();\n"
      + "}";

  /** A table's rows as header to cell text: {keys: [...], rows: [[...], ...]}; null when there is no table. */
  static final String SCRAPE_TABLE = "(root, limit) => {\n"
      + "  const norm = s => (s || '').replace(/\\s+/g, ' ').trim();\n"
      + "  const table = root.tagName === 'TABLE' ? root : root.querySelector('table');\n"
      + "  if (!table) return null;\n"
      + "  const all = Array.from(table.rows);\n"
      + "  let header = null;\n"
      + "  if (table.tHead && table.tHead.rows.length) header = table.tHead.rows[table.tHead.rows.length - 1];\n"
      + "  else if (all.length && Array.from(all[0].cells).every(c => c.tagName === 'TH')) header = all[0];\n"
      + "  const names = header ? Array.from(header.cells).map(c => norm(c.innerText || c.textContent)) : [];\n"
      + "  const body = all.filter(r => r !== header && !(table.tHead && table.tHead.contains(r)) && !(table.tFoot && table.tFoot.contains(r)));\n"
      + "  const width = Math.max(names.length, ...body.map(r => r.cells.length), 0);\n"
      + "  const keys = []; const seen = {};\n"
      + "  for (let i = 0; i < width; i++) {\n"
      + "    let k = names[i] || ('column' + (i + 1));\n"
      + "    if (seen[k]) { let n = 2; while (seen[k + '_' + n]) n++; k = k + '_' + n; }\n"
      + "    seen[k] = true; keys.push(k);\n"
      + "  }\n"
      + "  const rows = body.filter(r => r.cells.length > 0).slice(0, limit)\n"
      + "    .map(r => keys.map((k, i) => i < r.cells.length ? norm(r.cells[i].innerText || r.cells[i].textContent) : ''));\n"
      + "  return {keys, rows};\n"
      + "}";

  /** Links inside the element (or the element itself): [[text, absolute href], ...]. */
  static final String SCRAPE_LINKS = "(root, limit) => {\n"
      + "  const norm = s => (s || '').replace(/\\s+/g, ' ').trim();\n"
      + "  const links = root.matches('a[href]') ? [root] : Array.from(root.querySelectorAll('a[href]'));\n"
      + "  return links.slice(0, limit).map(a => [norm(a.innerText || a.textContent), a.href]);\n"
      + "}";

  /** Attributes of every element: [[value, ...], ...] in the order asked (empty when absent); no names asked: the text. */
  static final String SCRAPE_ATTRIBUTES = "(els, arg) => els.slice(0, arg.limit).map(e => arg.names.length\n"
      + "  ? arg.names.map(n => n === 'text' && !e.hasAttribute('text') ? (e.innerText || e.textContent || '').replace(/\\s+/g, ' ').trim() : (e.getAttribute(n) ?? ''))\n"
      + "  : [(e.innerText || e.textContent || '').replace(/\\s+/g, ' ').trim()])";

  /** Focuses a field and puts the caret after its content, so typing appends (as a person clicking at its end would). */
  static final String CARET_TO_END = "e => {\n"
      + "  e.focus();\n"
      + "  if (typeof e.value === 'string' && typeof e.setSelectionRange === 'function') {\n"
      + "    try { e.setSelectionRange(e.value.length, e.value.length); } catch (x) { /* types without a caret */ }\n"
      + "  } else if (e.isContentEditable) {\n"
      + "    const r = document.createRange(); r.selectNodeContents(e); r.collapse(false);\n"
      + "    const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);\n"
      + "  }\n"
      + "}";

  /**
   * How the element takes the value of a {@code change} step: {kind: select | typeable | other |
   * checkable | none, tag, type, current (typeable: value, or innerText when contenteditable),
   * editable (contenteditable), state ("true" | "false" | "mixed", checkable)}.
   */
  static final String CHANGE_PROBE = "e => {\n"
      + "  const tag = e.localName;\n"
      + "  const html = e.namespaceURI === 'http://www.w3.org/1999/xhtml';\n"
      + "  const type = html && tag === 'input' ? e.type : '';\n"
      + "  if (html && tag === 'select') return {kind: 'select', tag, type};\n"
      + "  if (html && tag === 'input' && (type === 'checkbox' || type === 'radio'))\n"
      + "    return {kind: 'checkable', tag, type, state: e.indeterminate ? 'mixed' : String(e.checked)};\n"
      + "  if ((html && tag === 'textarea') || (html && tag === 'input'\n"
      + "      && ['text', 'url', 'tel', 'search', 'password', 'number', 'email'].includes(type)))\n"
      + "    return {kind: 'typeable', tag, type, current: e.value, editable: false};\n"
      + "  if (e.isContentEditable) return {kind: 'typeable', tag, type, current: e.innerText, editable: true};\n"
      + "  if (html && tag === 'input') return {kind: 'other', tag, type};\n"
      + "  const role = (e.getAttribute('role') || '').trim().split(/\\s+/)[0].toLowerCase();\n"
      + "  if (['checkbox', 'radio', 'switch'].includes(role)) {\n"
      + "    const a = (e.getAttribute('aria-checked') || '').trim().toLowerCase();\n"
      + "    return {kind: 'checkable', tag, type, state: a === 'mixed' ? 'mixed' : String(a === 'true')};\n"
      + "  }\n"
      + "  return {kind: 'none', tag, type};\n"
      + "}";

  /** Empties a field (value, or innerText when contenteditable) without events. */
  static final String CLEAR_VALUE = "e => { if (e.isContentEditable && typeof e.value !== 'string') e.innerText = '';"
      + " else e.value = ''; }";

  /**
   * Focuses a field and writes its value back (empty first), which leaves the caret at its end, so
   * typing continues the text.
   */
  static final String CARET_AFTER_VALUE = "e => {\n"
      + "  e.focus();\n"
      + "  if (e.isContentEditable && typeof e.value !== 'string') {\n"
      + "    const v = e.innerText; e.innerText = ''; e.innerText = v;\n"
      + "    const r = document.createRange(); r.selectNodeContents(e); r.collapse(false);\n"
      + "    const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);\n"
      + "  } else { const v = e.value; e.value = ''; e.value = v; }\n"
      + "}";

  /** Sets the value (innerText when contenteditable) unless it is already that, then fires input and change. */
  static final String SET_VALUE_AND_NOTIFY = "(e, v) => {\n"
      + "  if (e.isContentEditable && typeof e.value !== 'string') { if (e.innerText !== v) e.innerText = v; }\n"
      + "  else if (e.value !== v) e.value = v;\n"
      + "  e.dispatchEvent(new Event('input', {bubbles: true}));\n"
      + "  e.dispatchEvent(new Event('change', {bubbles: true}));\n"
      + "}";

  /** Blurs and focuses the element again, as Chrome Recorder's replay does after selecting an option. */
  static final String BLUR_FOCUS = "e => { e.blur(); e.focus(); }";

  /** Scrolls the window by or to (x, y), instantly. */
  static final String SCROLL_WINDOW = "arg => arg.to ? window.scrollTo({left: arg.x, top: arg.y, behavior: 'instant'})"
      + " : window.scrollBy({left: arg.x, top: arg.y, behavior: 'instant'})";

  /** Scrolls an element by or to (x, y), instantly. */
  static final String SCROLL_ELEMENT = "(e, arg) => arg.to ? e.scrollTo({left: arg.x, top: arg.y, behavior: 'instant'})"
      + " : e.scrollBy({left: arg.x, top: arg.y, behavior: 'instant'})";
}
