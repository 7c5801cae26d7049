package io.browserflow.playwright;

import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;

/**
 * The selector engine behind {@code textContains} candidates, registered once on each Playwright
 * instance before its contexts are made. It matches as Chrome Recorder's replayer matches
 * {@code text/...} (puppeteer's text query): walking down from the root, an element whose text
 * content contains the value matches when none of its descendants does; an element with an open
 * shadow root is searched inside that root instead of its light children; {@code <script>},
 * {@code <style>} and {@code <head>} content never matches; form controls (select, textarea, input
 * but checkbox, image and radio) count by their current value. Visibility does not matter.
 */
final class TextContainsEngine {
  static final String NAME = "browserflow_text_contains";

  static final String SCRIPT = "(() => {\n"
      + "  const TRIVIAL_VALUE_INPUTS = new Set(['checkbox', 'image', 'radio']);\n"
      + "  const valueOf = el => {\n"
      + "    const n = el.localName;\n"
      + "    const html = el.namespaceURI === 'http://www.w3.org/1999/xhtml';\n"
      + "    if (html && (n === 'select' || n === 'textarea')) return String(el.value);\n"
      + "    if (html && n === 'input' && !TRIVIAL_VALUE_INPUTS.has(el.type)) return String(el.value);\n"
      + "    return null;\n"
      + "  };\n"
      + "  const suitable = el => el.nodeName !== 'SCRIPT' && el.nodeName !== 'STYLE'\n"
      + "    && !(el.ownerDocument.head && el.ownerDocument.head.contains(el));\n"
      + "  const textOf = (node, cache) => {\n"
      + "    if (cache.has(node)) return cache.get(node);\n"
      + "    let t = node.nodeType === 1 ? valueOf(node) : null;\n"
      + "    if (t === null) {\n"
      + "      t = '';\n"
      + "      for (let c = node.firstChild; c; c = c.nextSibling) {\n"
      + "        if (c.nodeType === 3) t += c.nodeValue || '';\n"
      + "        else if (c.nodeType === 1) t += textOf(c, cache);\n"
      + "      }\n"
      + "      if (node.nodeType === 1 && node.shadowRoot) t += textOf(node.shadowRoot, cache);\n"
      + "    }\n"
      + "    cache.set(node, t);\n"
      + "    return t;\n"
      + "  };\n"
      + "  // the deepest matches strictly below root; true when there is one\n"
      + "  const below = (root, needle, cache, out) => {\n"
      + "    let found = false;\n"
      + "    for (let c = root.firstChild; c; c = c.nextSibling) {\n"
      + "      if (c.nodeType !== 1 || !suitable(c)) continue;\n"
      + "      if (c.shadowRoot ? below(c.shadowRoot, needle, cache, out) : at(c, needle, cache, out)) found = true;\n"
      + "    }\n"
      + "    return found;\n"
      + "  };\n"
      + "  const at = (el, needle, cache, out) => {\n"
      + "    if (below(el, needle, cache, out)) return true;\n"
      + "    if (textOf(el, cache).includes(needle)) { out.push(el); return true; }\n"
      + "    return false;\n"
      + "  };\n"
      + "  const queryAll = (root, body) => {\n"
      + "    const needle = JSON.parse(body);\n"
      + "    const out = [];\n"
      + "    below(root.nodeType === 1 && root.shadowRoot ? root.shadowRoot : root, needle, new Map(), out);\n"
      + "    return out;\n"
      + "  };\n"
      + "  return { query: (root, body) => queryAll(root, body)[0] || null, queryAll };\n"
      + "})()";

  private TextContainsEngine() {}

  /** The selector for elements containing {@code text}: the engine name and the text as a JSON string. */
  static String selector(String text) {
    return jsonSelector(NAME, text);
  }

  /** A selector of a registered engine whose body is {@code text} as a JSON string. */
  static String jsonSelector(String engine, String text) {
    StringBuilder sb = new StringBuilder(engine).append("=\"");
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      switch (ch) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (ch < 0x20) {
            sb.append(String.format("\\u%04x", (int) ch));
          } else {
            sb.append(ch);
          }
        }
      }
    }
    return sb.append('"').toString();
  }

  /** Registers the engine on {@code playwright}; registering it again on the same instance does nothing. */
  static void register(Playwright playwright) {
    register(playwright, NAME, SCRIPT);
  }

  /** Registers an engine on {@code playwright}; registering it again on the same instance does nothing. */
  static void register(Playwright playwright, String name, String script) {
    try {
      playwright.selectors().register(name, script);
    } catch (PlaywrightException e) {
      if (!String.valueOf(e.getMessage()).contains("already registered")) {
        throw e;
      }
    }
  }
}
