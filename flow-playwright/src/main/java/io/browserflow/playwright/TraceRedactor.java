package io.browserflow.playwright;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.browserflow.engine.spi.SecretMask;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Strips a run's secrets from a Playwright trace zip, entry by entry, so the result still opens in
 * Playwright's trace viewer with its whole action list:
 * <ul>
 *   <li>the JSON lines of {@code *.trace} and {@code *.network} are parsed and every string value
 *       (action parameters and titles, call logs, errors, console text, DOM snapshot text and
 *       attributes, input values, HAR URLs, headers, cookies and bodies) has each secret form
 *       replaced by {@code ***}, numbers and ids left alone;</li>
 *   <li>a text or key typed by an input action ({@code fill}, {@code type}, {@code press}, ...) that
 *       is part of a secret reads {@code ***}, and so does its call log, since a secret typed in
 *       pieces is never present whole;</li>
 *   <li>a log preview Playwright cut short with {@code …} loses the secret prefix before it
 *       ({@link SecretMask#redact});</li>
 *   <li>DOM snapshot text nodes that together spell a secret ({@code <b>sec</b>ret}) are each
 *       replaced, following the snapshots' references to earlier snapshots, so node counts and every
 *       later snapshot stay valid;</li>
 *   <li>resources (bodies, WebSocket messages) have the secret forms replaced byte-wise and are
 *       renamed to the SHA-1 of what they now hold (the old name is a hash of secret-bearing
 *       content), with every reference updated; screencast frames, which text search cannot
 *       clean, are dropped with their events.</li>
 * </ul>
 * Finally every entry is scanned again; a trace that still holds a secret form is refused.
 */
final class TraceRedactor {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MASK = SecretMask.MASK;
  private static final Set<String> INPUT_METHODS = Set.of("fill", "type", "press", "pressSequentially",
      "insertText", "keyboardType", "keyboardInsertText", "keyboardPress", "keyboardDown", "keyboardUp");
  private static final Set<String> TYPED_PARAMS = Set.of("value", "text", "key");
  private static final Pattern SCREENCAST = Pattern.compile("resources/page@[^/]*\\.jpe?g");
  private static final String RESOURCES = "resources/";
  /** Ids and names that tie events together (in an event or one level below); never rewritten. */
  private static final Set<String> STRUCTURAL = Set.of("type", "callId", "parentId", "pageId", "frameId", "contextId",
      "class", "method", "snapshotName", "beforeSnapshot", "afterSnapshot", "inputSnapshot", "guid");
  private static final Pattern HASHED = Pattern.compile("[0-9a-f]{40}(\\.[A-Za-z0-9]+)?");

  private final SecretMask secrets;
  /** Each secret form as the ISO-8859-1 reading of its UTF-8 bytes, for byte-wise search. */
  private final List<String> byteForms = new ArrayList<>();
  private final Map<String, String> renamed = new HashMap<>();
  private final Map<String, String> typedByCall = new HashMap<>();

  private TraceRedactor(SecretMask secrets) {
    this.secrets = secrets;
    for (String f : secrets.forms()) {
      byteForms.add(new String(f.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }
  }

  /** Writes {@code raw} with the secrets stripped to {@code out}; refuses when a secret would remain. */
  static void redact(Path raw, Path out, SecretMask secrets) throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(raw))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        if (!e.isDirectory()) {
          entries.put(e.getName(), in.readAllBytes());
        }
      }
    }
    Map<String, byte[]> redacted = redact(entries, secrets);
    try (OutputStream os = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(os)) {
      for (Map.Entry<String, byte[]> e : redacted.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey()));
        zip.write(e.getValue());
        zip.closeEntry();
      }
    }
  }

  /** The trace's entries (name to bytes, in zip order) with the secrets stripped. */
  static Map<String, byte[]> redact(Map<String, byte[]> entries, SecretMask secrets) {
    return new TraceRedactor(secrets).clean(entries);
  }

  private Map<String, byte[]> clean(Map<String, byte[]> entries) {
    // resources first, so the events can point at their new names
    Map<String, byte[]> resources = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      String name = e.getKey();
      if (name.startsWith(RESOURCES) && !SCREENCAST.matcher(name).matches()) {
        byte[] cleaned = bytes(e.getValue());
        resources.put(RESOURCES + renamed(name.substring(RESOURCES.length()), e.getValue(), cleaned), cleaned);
      }
    }
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
      String name = e.getKey();
      if (name.startsWith(RESOURCES)) {
        continue;
      }
      out.put(name, name.endsWith(".trace") || name.endsWith(".network")
          ? events(new String(e.getValue(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8)
          : bytes(e.getValue()));
    }
    out.putAll(resources);
    for (Map.Entry<String, byte[]> e : out.entrySet()) {
      String text = new String(e.getValue(), StandardCharsets.ISO_8859_1);
      for (String f : byteForms) {
        if (text.contains(f)) {
          throw new IllegalStateException("a secret is still in trace entry " + e.getKey());
        }
      }
    }
    return out;
  }

  /** A resource's file name after redaction: the SHA-1 of its new bytes when it changed and was named by hash. */
  private String renamed(String file, byte[] content, byte[] cleaned) {
    if (cleaned == content || !HASHED.matcher(file).matches()) {
      return file;
    }
    int dot = file.indexOf('.');
    String to = sha1(cleaned) + (dot < 0 ? "" : file.substring(dot));
    renamed.put(file, to);
    return to;
  }

  private byte[] bytes(byte[] content) {
    String text = new String(content, StandardCharsets.ISO_8859_1);
    String cleaned = text;
    for (String f : byteForms) {
      if (cleaned.contains(f)) {
        cleaned = cleaned.replace(f, MASK);
      }
    }
    return cleaned == text ? content : cleaned.getBytes(StandardCharsets.ISO_8859_1);
  }

  private String events(String jsonl) {
    List<JsonNode> events = new ArrayList<>();
    for (String line : jsonl.split("\n", -1)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        events.add(JSON.readTree(line));
      } catch (IOException e) {
        throw new IllegalStateException("a trace line is not JSON"); // the parser message would quote the line
      }
    }
    for (JsonNode ev : events) {
      typedSecret(ev);
    }
    List<JsonNode> kept = new ArrayList<>();
    for (JsonNode ev : events) {
      if ("screencast-frame".equals(ev.path("type").asText())) {
        continue;
      }
      String typed = typedByCall.get(ev.path("callId").asText(null));
      kept.add(walk(ev, null, typed, 0));
    }
    new SnapshotText(kept).mask();
    StringBuilder b = new StringBuilder();
    for (JsonNode ev : kept) {
      try {
        b.append(JSON.writeValueAsString(ev)).append('\n');
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return b.toString();
  }

  /** An input action typing (part of) a secret: its parameter reads ***, and its call is remembered. */
  private void typedSecret(JsonNode ev) {
    if (!"before".equals(ev.path("type").asText()) || !INPUT_METHODS.contains(ev.path("method").asText())
        || !(ev.path("params") instanceof ObjectNode params)) {
      return;
    }
    for (String p : TYPED_PARAMS) {
      String v = params.path(p).asText("");
      if (!v.isEmpty() && (secrets.containsSecret(v) || partOfSecret(v))) {
        params.put(p, MASK);
        typedByCall.put(ev.path("callId").asText(), v);
      }
    }
  }

  private boolean partOfSecret(String v) {
    for (String f : secrets.forms()) {
      if (f.contains(v)) {
        return true;
      }
    }
    return false;
  }

  private JsonNode walk(JsonNode n, String key, String typed, int depth) {
    if (n.isTextual()) {
      String v = n.asText();
      if (key != null && (key.equals("sha1") || key.equals("_sha1") || key.endsWith("Sha1"))) {
        return TextNode.valueOf(renamed.getOrDefault(v, v));
      }
      if (key != null && depth <= 2 && STRUCTURAL.contains(key)) {
        return n;
      }
      String r = text(v, typed);
      return r.equals(v) ? n : TextNode.valueOf(r);
    }
    if (n instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        a.set(i, walk(a.get(i), key, typed, depth + 1));
      }
      return a;
    }
    if (n instanceof ObjectNode o) {
      ObjectNode copy = JSON.createObjectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        copy.set(depth <= 2 && STRUCTURAL.contains(e.getKey()) ? e.getKey() : text(e.getKey(), null),
            walk(e.getValue(), e.getKey(), typed, depth + 1));
      }
      return copy;
    }
    return n;
  }

  /** {@code v} without secret forms (also cut short by an ellipsis) and without what a secret call typed. */
  String text(String v, String typed) {
    String r = secrets.redact(v);
    if (typed != null && r.contains(typed)) {
      r = r.replace(typed, MASK);
    }
    return r;
  }

  private static String sha1(byte[] content) {
    try {
      StringBuilder b = new StringBuilder();
      for (byte x : MessageDigest.getInstance("SHA-1").digest(content)) {
        b.append(String.format("%02x", x));
      }
      return b.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The text of each frame's DOM snapshots, read through their references to earlier snapshots
   * ({@code [[offset, index]]}: node {@code index}, in post-order of non-reference nodes, of the
   * snapshot {@code offset} places earlier in the same frame). Text nodes that together spell a
   * secret are replaced in place.
   */
  private final class SnapshotText {
    private final Map<String, List<JsonNode>> byFrame = new LinkedHashMap<>();
    private final Map<JsonNode, List<JsonNode>> postOrder = new IdentityHashMap<>();

    SnapshotText(List<JsonNode> events) {
      for (JsonNode ev : events) {
        if ("frame-snapshot".equals(ev.path("type").asText())) {
          JsonNode s = ev.path("snapshot");
          byFrame.computeIfAbsent(s.path("frameId").asText(), k -> new ArrayList<>()).add(s);
        }
      }
    }

    void mask() {
      for (List<JsonNode> snapshots : byFrame.values()) {
        for (int i = 0; i < snapshots.size(); i++) {
          List<Slot> slots = new ArrayList<>();
          collect(snapshots, i, snapshots.get(i).path("html"), null, -1, slots, new HashSet<>());
          maskSpelled(slots);
        }
      }
    }

    private void maskSpelled(List<Slot> slots) {
      StringBuilder all = new StringBuilder();
      int[] starts = new int[slots.size()];
      for (int i = 0; i < slots.size(); i++) {
        starts[i] = all.length();
        all.append(slots.get(i).text());
      }
      String text = all.toString();
      for (String f : secrets.forms()) {
        for (int at = text.indexOf(f); at >= 0; at = text.indexOf(f, at + 1)) {
          int end = at + f.length();
          for (int i = 0; i < slots.size(); i++) {
            int s = starts[i];
            int e = s + slots.get(i).text().length();
            if (s < end && e > at) {
              slots.get(i).parent.set(slots.get(i).index, TextNode.valueOf(MASK));
            }
          }
        }
      }
    }

    private void collect(List<JsonNode> snapshots, int at, JsonNode node, ArrayNode parent, int index,
        List<Slot> out, Set<String> seen) {
      if (node.isTextual()) {
        if (parent != null) {
          out.add(new Slot(parent, index));
        }
        return;
      }
      if (!(node instanceof ArrayNode a) || a.isEmpty()) {
        return;
      }
      if (a.get(0).isArray()) {
        int offset = a.get(0).path(0).asInt(-1);
        int ref = a.get(0).path(1).asInt(-1);
        int target = at - offset;
        if (offset <= 0 || target < 0 || !seen.add(target + ":" + ref)) {
          return;
        }
        List<JsonNode> nodes = postOrder(snapshots.get(target));
        if (ref >= 0 && ref < nodes.size()) {
          Slot owner = ownerOf(snapshots.get(target), nodes.get(ref));
          collect(snapshots, target, nodes.get(ref), owner == null ? null : owner.parent, owner == null ? -1 : owner.index,
              out, seen);
        }
        return;
      }
      for (int i = firstChild(a); i < a.size(); i++) {
        collect(snapshots, at, a.get(i), a, i, out, seen);
      }
    }

    /** Where a referenced text node sits in its own snapshot (elements need no slot). */
    private Slot ownerOf(JsonNode snapshot, JsonNode node) {
      if (!node.isTextual()) {
        return null;
      }
      return find(snapshot.path("html"), node);
    }

    private Slot find(JsonNode n, JsonNode wanted) {
      if (n instanceof ArrayNode a && !a.isEmpty() && !a.get(0).isArray()) {
        for (int i = firstChild(a); i < a.size(); i++) {
          if (a.get(i) == wanted) {
            return new Slot(a, i);
          }
          Slot s = find(a.get(i), wanted);
          if (s != null) {
            return s;
          }
        }
      }
      return null;
    }

    private List<JsonNode> postOrder(JsonNode snapshot) {
      return postOrder.computeIfAbsent(snapshot, s -> {
        List<JsonNode> out = new ArrayList<>();
        post(s.path("html"), out);
        return out;
      });
    }

    private void post(JsonNode n, List<JsonNode> out) {
      if (n.isTextual()) {
        out.add(n);
        return;
      }
      if (!(n instanceof ArrayNode a) || a.isEmpty() || a.get(0).isArray()) {
        return;
      }
      for (int i = firstChild(a); i < a.size(); i++) {
        post(a.get(i), out);
      }
      out.add(a);
    }

    private int firstChild(ArrayNode element) {
      return element.size() > 1 && element.get(1).isObject() ? 2 : 1;
    }
  }

  /** A text node's place in its parent element array. */
  private record Slot(ArrayNode parent, int index) {
    String text() {
      return parent.get(index).asText();
    }
  }
}
