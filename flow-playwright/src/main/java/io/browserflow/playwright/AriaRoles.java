package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.AriaRole;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The ARIA roles an element of a frame could have, found in one walk of the document (open shadow
 * roots included): every token of every {@code role} attribute, and for each element the implicit
 * roles its tag can take (a generous table: {@code input} may be a button, a checkbox, a text box
 * and more). {@code aria} candidates ask Playwright for the union of its role queries over these
 * roles only, not over all of them: the same elements, at a fraction of the cost. A tag the table
 * does not know (other than custom elements, which have no implicit role) makes the answer "every
 * role". {@code generic}, {@code presentation} and {@code none} are always in.
 *
 * <p>The answer is kept per frame until {@link #forget(Frame)} (each counting round of the strict
 * rule starts afresh) or for at most {@link #KEEP_MS}, so the locator acted on after a count is the
 * one that was counted. A fast action may build its locator from the {@link #lastKnown} answer of
 * any age instead, because its page script walks the document again in the same evaluation
 * ({@link #guard()}) and refuses to count when an element may now have a role the locator leaves
 * out.
 */
final class AriaRoles {
  static final long KEEP_MS = 100;

  static final String SCRIPT = "() => {\n"
      + "  const table = {\n"
      + "    a: 'link', area: 'link', article: 'article', aside: 'complementary', blockquote: 'blockquote',\n"
      + "    button: 'button', caption: 'caption', code: 'code', datalist: 'listbox', del: 'deletion', s: 'deletion',\n"
      + "    details: 'group', dfn: 'term', dt: 'term', dd: 'definition', dialog: 'dialog', em: 'emphasis',\n"
      + "    fieldset: 'group', figure: 'figure', footer: 'contentinfo', form: 'form',\n"
      + "    h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading', h5: 'heading', h6: 'heading',\n"
      + "    header: 'banner', hgroup: 'group', hr: 'separator', html: 'document', img: 'img presentation none',\n"
      + "    input: 'button checkbox radio textbox searchbox spinbutton slider combobox switch',\n"
      + "    ins: 'insertion', li: 'listitem', main: 'main', math: 'math', menu: 'list', meter: 'meter',\n"
      + "    nav: 'navigation', ol: 'list', ul: 'list', optgroup: 'group', option: 'option', output: 'status',\n"
      + "    p: 'paragraph', progress: 'progressbar', search: 'search', section: 'region', select: 'combobox listbox',\n"
      + "    strong: 'strong', sub: 'subscript', sup: 'superscript', svg: 'img', table: 'table',\n"
      + "    tbody: 'rowgroup', thead: 'rowgroup', tfoot: 'rowgroup', td: 'cell gridcell',\n"
      + "    th: 'columnheader rowheader cell gridcell', textarea: 'textbox', time: 'time', tr: 'row',\n"
      + "    address: 'group', summary: 'button', frame: 'document', iframe: 'document', img_: ''\n"
      + "  };\n"
      + "  const none = new Set(('div span label legend body head script style link meta title base br wbr template slot'\n"
      + "    + ' noscript object embed canvas video audio source track picture map abbr cite kbd var samp ruby rt rp'\n"
      + "    + ' bdi bdo data q pre b i u small mark font center big tt nobr colgroup col figcaption param frameset'\n"
      + "    + ' portal search_ marquee blink dir acronym strike listing xmp plaintext').split(' '));\n"
      + "  const svgKnown = 'img group';\n"
      + "  const roles = new Set(['generic', 'presentation', 'none']);\n"
      + "  let all = false;\n"
      + "  const visit = root => {\n"
      + "    for (const e of root.querySelectorAll('*')) {\n"
      + "      const r = e.getAttribute('role');\n"
      + "      if (r) for (const t of r.trim().toLowerCase().split(/\\s+/)) roles.add(t);\n"
      + "      const ns = e.namespaceURI;\n"
      + "      const tag = e.localName;\n"
      + "      if (ns === 'http://www.w3.org/1999/xhtml') {\n"
      + "        if (Object.prototype.hasOwnProperty.call(table, tag)) for (const t of table[tag].split(' ')) { if (t) roles.add(t); }\n"
      + "        else if (!none.has(tag) && !tag.includes('-')) all = true;\n"
      + "      } else if (ns === 'http://www.w3.org/2000/svg') {\n"
      + "        for (const t of svgKnown.split(' ')) roles.add(t);\n"
      + "      } else if (ns === 'http://www.w3.org/1998/Math/MathML') {\n"
      + "        roles.add('math');\n"
      + "      } else {\n"
      + "        all = true;\n"
      + "      }\n"
      + "      if (e.shadowRoot) visit(e.shadowRoot);\n"
      + "    }\n"
      + "  };\n"
      + "  visit(document);\n"
      + "  return all ? null : [...roles];\n"
      + "}";

  private record Seen(Set<AriaRole> roles, long at) {
  }

  private static final Map<Frame, Seen> SEEN = Collections.synchronizedMap(new WeakHashMap<>());

  private AriaRoles() {}

  /** On the driver thread: the roles elements of {@code frame} may have now (every role when unsure). */
  static Set<AriaRole> of(Frame frame) {
    long now = System.nanoTime();
    Seen s = SEEN.get(frame);
    if (s != null && now - s.at < KEEP_MS * 1_000_000) {
      return s.roles;
    }
    Set<AriaRole> roles = find(frame);
    SEEN.put(frame, new Seen(roles, now));
    return roles;
  }

  /** On the driver thread: the roles last seen in {@code frame}, however long ago (asked now when never). */
  static Set<AriaRole> lastKnown(Frame frame) {
    Seen s = SEEN.get(frame);
    if (s != null) {
      return s.roles;
    }
    return of(frame);
  }

  /** The lower-case names of {@code roles}, as {@link #guard()} expects them; null when every role is in. */
  static List<String> names(Set<AriaRole> roles) {
    if (roles.size() == AriaRole.values().length) {
      return null;
    }
    List<String> out = new java.util.ArrayList<>();
    for (AriaRole r : roles) {
      out.add(r.name().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  private static final String KNOWN = java.util.Arrays.stream(AriaRole.values())
      .map(r -> "'" + r.name().toLowerCase(Locale.ROOT) + "'").collect(java.util.stream.Collectors.joining(", ", "[", "]"));

  /**
   * The start of a fast action's {@code (els, arg) =>} script: when {@code arg.roles} lists the roles
   * its locator asked for, it walks the document again and returns {@code {count: -1, stale: true}}
   * when an element may now have another role Playwright knows (the count would not be the strict
   * rule's count then).
   */
  static String guard() {
    return "  if (arg.roles) {\n"
        + "    const now = (" + SCRIPT + ")();\n"
        + "    const known = new Set(" + KNOWN + ");\n"
        + "    if (now === null || now.some(r => known.has(r) && !arg.roles.includes(r))) return {count: -1, stale: true};\n"
        + "  }\n";
  }

  /** Forgets what was seen in {@code frame}: the next question walks the document again. */
  static void forget(Frame frame) {
    SEEN.remove(frame);
  }

  private static Set<AriaRole> find(Frame frame) {
    Object r;
    try {
      r = frame.evaluate(SCRIPT);
    } catch (PlaywrightException e) {
      return EnumSet.allOf(AriaRole.class); // navigating: ask for every role, as without this shortcut
    }
    if (!(r instanceof List)) {
      return EnumSet.allOf(AriaRole.class);
    }
    Set<AriaRole> roles = EnumSet.noneOf(AriaRole.class);
    for (Object o : (List<?>) r) {
      try {
        roles.add(AriaRole.valueOf(String.valueOf(o).toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        // a token that is no role Playwright knows: no role query could match it either
      }
    }
    return roles;
  }
}
