package io.browserflow.playwright;

import com.microsoft.playwright.Playwright;

/**
 * The selector engine that completes {@code aria} candidates: elements named by {@code aria-labelledby}
 * or {@code aria-label} whatever their role. Chromium's accessibility tree, which Chrome Recorder's
 * replayer queries for {@code aria/Name}, names such elements even where the ARIA role prohibits a
 * name (a {@code <div aria-label="Launch">}, role generic), while Playwright's role queries leave
 * them out; the driver takes the union of both. The name is the text of the elements
 * {@code aria-labelledby} lists (their text content, joined by spaces), else {@code aria-label},
 * trimmed with runs of white space made one space, and must equal the value exactly. Open shadow
 * roots are searched; elements hidden from the accessibility tree ({@code aria-hidden}, not
 * rendered, {@code visibility: hidden}) never match.
 */
final class AriaNameEngine {
  static final String NAME = "browserflow_aria_named";

  static final String SCRIPT = "(() => {\n"
      + "  const norm = s => String(s).replace(/[ \\t\\n\\r\\f]+/g, ' ').trim();\n"
      + "  const nameOf = el => {\n"
      + "    const ids = el.getAttribute('aria-labelledby');\n"
      + "    if (ids && ids.trim()) {\n"
      + "      const root = el.getRootNode();\n"
      + "      const parts = ids.trim().split(/\\s+/).map(id => root.getElementById ? root.getElementById(id) : null)\n"
      + "        .filter(Boolean).map(e => e.getAttribute('aria-label') || e.textContent || '');\n"
      + "      if (parts.length) return norm(parts.join(' '));\n"
      + "    }\n"
      + "    const label = el.getAttribute('aria-label');\n"
      + "    return label === null ? null : norm(label);\n"
      + "  };\n"
      + "  const hidden = el => {\n"
      + "    for (let e = el; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host)) {\n"
      + "      if (e.getAttribute && e.getAttribute('aria-hidden') === 'true') return true;\n"
      + "    }\n"
      + "    const style = el.ownerDocument.defaultView.getComputedStyle(el);\n"
      + "    if (style.visibility === 'hidden' || style.visibility === 'collapse') return true;\n"
      + "    return style.display !== 'contents' && el.getClientRects().length === 0;\n"
      + "  };\n"
      + "  const walk = (node, needle, out) => {\n"
      + "    for (let c = node.firstElementChild; c; c = c.nextElementSibling) {\n"
      + "      if ((c.hasAttribute('aria-label') || c.hasAttribute('aria-labelledby')) && nameOf(c) === needle && !hidden(c)) out.push(c);\n"
      + "      if (c.shadowRoot) walk(c.shadowRoot, needle, out);\n"
      + "      walk(c, needle, out);\n"
      + "    }\n"
      + "  };\n"
      + "  const queryAll = (root, body) => {\n"
      + "    const out = [];\n"
      + "    walk(root, JSON.parse(body), out);\n"
      + "    return out;\n"
      + "  };\n"
      + "  return { query: (root, body) => queryAll(root, body)[0] || null, queryAll };\n"
      + "})()";

  private AriaNameEngine() {}

  /** The selector for elements named {@code name} by their ARIA attributes. */
  static String selector(String name) {
    return TextContainsEngine.jsonSelector(NAME, name);
  }

  /** Registers the engine on {@code playwright}; registering it again on the same instance does nothing. */
  static void register(Playwright playwright) {
    TextContainsEngine.register(playwright, NAME, SCRIPT);
  }
}
