package io.browserflow.playwright.suggest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes the frozen corpus of the repair-suggestion measurement
 * ({@code src/test/resources/suggest-corpus/cases.json}): page shapes a person meets (a sign-in
 * form, a settings form, a product list, a navigation bar, a table with row actions, a toolbar of
 * icon buttons), targets on them with the candidates a recorder writes for them on the original
 * page, and each target's page after one mutation — ids renamed, text changed, moved, wrapped,
 * duplicated, and two combinations. The element meant is marked {@code data-corpus-expected}, an
 * attribute the ranking never reads. Written once and committed before the ranking was tuned
 * ({@code -Dbrowserflow.corpus.update=true} on {@code CorpusFrozenTest} writes it again);
 * {@code CorpusFrozenTest} checks the committed file is what this class writes.
 */
public final class CorpusGenerator {
  static final List<String> MUTATIONS = List.of("id-renamed", "text-changed", "moved", "wrapper-added",
      "sibling-duplicated", "id-renamed+text-changed", "moved+wrapper-added");

  /** A tiny element model, so mutations change structure rather than strings. */
  static final class El {
    final String tag;
    final Map<String, String> attrs = new LinkedHashMap<>();
    String text = "";
    final List<El> children = new ArrayList<>();
    El parent;

    El(String tag) {
      this.tag = tag;
    }

    El a(String k, String v) {
      attrs.put(k, v);
      return this;
    }

    El t(String text) {
      this.text = text;
      return this;
    }

    El add(El... kids) {
      for (El k : kids) {
        k.parent = this;
        children.add(k);
      }
      return this;
    }

    El copy() {
      El c = new El(tag);
      c.attrs.putAll(attrs);
      c.text = text;
      for (El k : children) {
        c.add(k.copy());
      }
      return c;
    }

    String html() {
      StringBuilder b = new StringBuilder("<").append(tag);
      attrs.forEach((k, v) -> b.append(' ').append(k).append("=\"").append(v.replace("\"", "&quot;")).append('"'));
      b.append('>');
      if (tag.equals("input")) {
        return b.toString();
      }
      b.append(text.replace("<", "&lt;"));
      children.forEach(k -> b.append(k.html()));
      return b.append("</").append(tag).append('>').toString();
    }

    /** The element marked {@code key} in the corpus model (attribute {@code data-k}). */
    El find(String key) {
      if (key.equals(attrs.get("data-k"))) {
        return this;
      }
      for (El k : children) {
        El f = k.find(key);
        if (f != null) {
          return f;
        }
      }
      return null;
    }

    void strip(String attr) {
      attrs.remove(attr);
      children.forEach(k -> k.strip(attr));
    }
  }

  static El el(String tag) {
    return new El(tag);
  }

  /** A page shape and the keys of its targets. */
  record Shape(String name, java.util.function.Supplier<El> page, List<String> targets) {}

  static List<Shape> shapes() {
    List<Shape> out = new ArrayList<>();
    out.add(new Shape("sign-in", () -> el("form").a("id", "login").add(
        el("h2").t("Sign in to your account"),
        el("label").a("for", "username").t("User name"),
        el("input").a("id", "username").a("name", "username").a("data-testid", "username").a("placeholder", "you@example.com")
            .a("data-k", "user"),
        el("label").a("for", "password").t("Password"),
        el("input").a("id", "password").a("type", "password").a("name", "password").a("data-k", "password"),
        el("label").add(el("input").a("type", "checkbox").a("id", "remember").a("data-k", "remember")).t("Remember me"),
        el("button").a("id", "sign-in").a("type", "submit").a("data-testid", "sign-in").a("class", "btn primary").t("Sign in")
            .a("data-k", "submit"),
        el("a").a("href", "/forgot").a("id", "forgot").t("Forgot password?").a("data-k", "forgot"),
        el("button").a("type", "button").a("class", "btn link").a("id", "help").t("Help").a("data-k", "help")),
        List.of("user", "password", "remember", "submit", "forgot", "help")));
    out.add(new Shape("settings", () -> el("form").a("id", "settings").add(
        el("h2").t("Profile settings"),
        el("label").a("for", "email").t("Email address"),
        el("input").a("id", "email").a("type", "email").a("name", "email").a("data-k", "email"),
        el("label").a("for", "phone").t("Phone"),
        el("input").a("id", "phone").a("type", "tel").a("name", "phone").a("placeholder", "+1 555 0100").a("data-k", "phone"),
        el("label").a("for", "country").t("Country"),
        el("select").a("id", "country").a("name", "country").a("data-k", "country").add(
            el("option").a("value", "de").t("Germany"), el("option").a("value", "fr").t("France")),
        el("label").a("for", "notes").t("Notes"),
        el("textarea").a("id", "notes").a("name", "notes").a("data-k", "notes"),
        el("button").a("id", "save").a("type", "submit").a("class", "btn primary").a("data-testid", "save-settings").t("Save")
            .a("data-k", "save"),
        el("button").a("id", "cancel").a("type", "button").a("class", "btn").t("Cancel").a("data-k", "cancel")),
        List.of("email", "phone", "country", "notes", "save", "cancel")));
    out.add(new Shape("products", () -> {
      El list = el("ul").a("class", "products").a("id", "products");
      String[] names = {"Boots", "Sandals", "Sneakers", "Slippers"};
      for (int i = 0; i < names.length; i++) {
        String n = names[i];
        list.add(el("li").a("class", "product").a("id", "p" + (i + 1)).add(
            el("h3").add(el("a").a("href", "/product/" + n.toLowerCase()).t(n).a("data-k", "link-" + (i + 1))),
            el("span").a("class", "price").t((19 + i * 10) + ".00 EUR"),
            el("button").a("class", "add").a("data-testid", "add-" + (i + 1)).a("aria-label", "Add " + n + " to cart")
                .t("Add to cart").a("data-k", "add-" + (i + 1))));
      }
      return el("main").add(el("h1").t("Shoes"), list);
    }, List.of("add-1", "add-2", "add-4", "link-1", "link-3")));
    out.add(new Shape("navigation", () -> el("header").add(
        el("nav").a("id", "menu").a("aria-label", "Main").add(
            el("a").a("href", "/").a("class", "nav-link").t("Home").a("data-k", "home"),
            el("a").a("href", "/products").a("class", "nav-link").t("Products").a("data-k", "products"),
            el("a").a("href", "/about").a("class", "nav-link").t("About us").a("data-k", "about"),
            el("a").a("href", "/contact").a("class", "nav-link").t("Contact").a("data-k", "contact")),
        el("form").a("role", "search").a("id", "search-form").add(
            el("input").a("type", "search").a("id", "q").a("name", "q").a("placeholder", "Search the shop").a("data-k", "search"),
            el("button").a("type", "submit").a("id", "search-go").t("Search").a("data-k", "search-go"))),
        List.of("home", "products", "about", "contact", "search", "search-go")));
    out.add(new Shape("table", () -> {
      El body = el("tbody");
      String[] users = {"Ada", "Grace", "Linus", "Margaret"};
      for (int i = 0; i < users.length; i++) {
        String u = users[i];
        body.add(el("tr").a("id", "row-" + u.toLowerCase()).add(
            el("td").t(u),
            el("td").t(u.toLowerCase() + "@example.com"),
            el("td").add(
                el("button").a("class", "edit").a("aria-label", "Edit " + u).a("data-testid", "edit-" + u.toLowerCase()).t("Edit")
                    .a("data-k", "edit-" + i),
                el("button").a("class", "delete danger").a("aria-label", "Delete " + u).t("Delete").a("data-k", "delete-" + i))));
      }
      return el("section").add(el("h2").t("Users"),
          el("table").a("id", "users").add(el("thead").add(el("tr").add(el("th").t("Name"), el("th").t("Email"), el("th").t("Actions"))),
              body),
          el("button").a("id", "add-user").a("class", "btn primary").t("Add user").a("data-k", "add-user"));
    }, List.of("edit-0", "edit-2", "delete-1", "delete-3", "add-user")));
    out.add(new Shape("toolbar", () -> el("div").a("role", "toolbar").a("aria-label", "Formatting").a("id", "toolbar").add(
        el("button").a("id", "bold").a("aria-label", "Bold").a("title", "Bold (Ctrl+B)").t("B").a("data-k", "bold"),
        el("button").a("id", "italic").a("aria-label", "Italic").a("title", "Italic (Ctrl+I)").t("I").a("data-k", "italic"),
        el("button").a("id", "underline").a("aria-label", "Underline").a("title", "Underline (Ctrl+U)").t("U").a("data-k", "underline"),
        el("button").a("id", "link").a("aria-label", "Insert link").a("data-testid", "insert-link").t("🔗").a("data-k", "insert-link"),
        el("button").a("id", "undo").a("aria-label", "Undo").t("↶").a("data-k", "undo")),
        List.of("bold", "italic", "underline", "insert-link", "undo")));
    return out;
  }

  private static final Map<String, String> RENAMED = Map.ofEntries(Map.entry("sign-in", "login-submit"),
      Map.entry("username", "login-name"), Map.entry("password", "login-secret"), Map.entry("remember", "keep-session"),
      Map.entry("forgot", "reset-link"), Map.entry("help", "support"), Map.entry("email", "mail"), Map.entry("phone", "tel-number"),
      Map.entry("country", "nation"), Map.entry("notes", "comments"), Map.entry("save", "submit-settings"),
      Map.entry("save-settings", "settings-submit"), Map.entry("cancel", "discard"), Map.entry("q", "query"),
      Map.entry("search-go", "run-search"), Map.entry("add-user", "new-user"), Map.entry("bold", "fmt-b"),
      Map.entry("italic", "fmt-i"), Map.entry("underline", "fmt-u"), Map.entry("link", "fmt-link"),
      Map.entry("insert-link", "add-hyperlink"), Map.entry("undo", "history-back"));
  private static final Map<String, String> RETEXT = Map.ofEntries(Map.entry("Sign in", "Log in"),
      Map.entry("Forgot password?", "Reset your password"), Map.entry("Help", "Get help"), Map.entry("Save", "Save changes"),
      Map.entry("Cancel", "Discard"), Map.entry("Add to cart", "Add to basket"), Map.entry("Home", "Start"),
      Map.entry("Products", "Our products"), Map.entry("About us", "About"), Map.entry("Contact", "Contact us"),
      Map.entry("Search", "Go"), Map.entry("Edit", "Change"), Map.entry("Delete", "Remove"), Map.entry("Add user", "New user"),
      Map.entry("Boots", "Winter boots"), Map.entry("Sneakers", "Running sneakers"), Map.entry("Remember me", "Stay signed in"),
      Map.entry("User name", "Login name"), Map.entry("Password", "Your password"), Map.entry("Email address", "E-mail"),
      Map.entry("Phone", "Telephone"), Map.entry("Country", "Country of residence"), Map.entry("Notes", "Comments"),
      Map.entry("Bold", "Strong"), Map.entry("Italic", "Emphasis"), Map.entry("Underline", "Underlined"),
      Map.entry("Insert link", "Add hyperlink"), Map.entry("Undo", "Revert"));

  static String rename(String id) {
    if (RENAMED.containsKey(id)) {
      return RENAMED.get(id);
    }
    if (id.startsWith("add-") || id.startsWith("edit-")) {
      return id.replace("add-", "cart-").replace("edit-", "modify-");
    }
    return id + "-v2";
  }

  static String retext(String text) {
    return RETEXT.getOrDefault(text, text.isEmpty() ? text : text + " now");
  }

  /** The candidates a recorder writes for {@code target} on the original page. */
  static List<Map<String, String>> candidates(El root, El target) {
    List<Map<String, String>> out = new ArrayList<>();
    String testId = target.attrs.get("data-testid");
    if (testId != null) {
      out.add(Map.of("testId", testId));
    }
    String aria = target.attrs.get("aria-label");
    String name = aria != null ? aria : accessibleText(target, root);
    String role = role(target);
    if (role != null && name != null && !name.isEmpty() && unique(root, e -> role.equals(role(e))
        && name.equals(e.attrs.getOrDefault("aria-label", accessibleText(e, root))), target)) {
      Map<String, String> r = new LinkedHashMap<>();
      r.put("role", role);
      r.put("name", name);
      out.add(r);
    }
    if (target.tag.equals("input") || target.tag.equals("select") || target.tag.equals("textarea")) {
      String label = labelText(root, target);
      if (label != null) {
        out.add(Map.of("label", label));
      }
      if (target.attrs.containsKey("placeholder")) {
        out.add(Map.of("placeholder", target.attrs.get("placeholder")));
      }
    }
    String id = target.attrs.get("id");
    out.add(Map.of("css", id != null ? "#" + id : cssOf(target)));
    out.add(Map.of("xpath", id != null ? "//" + target.tag + "[@id='" + id + "']" : xpathOf(target)));
    return out;
  }

  static String role(El e) {
    switch (e.tag) {
      case "button":
        return "button";
      case "a":
        return e.attrs.containsKey("href") ? "link" : null;
      case "select":
        return "combobox";
      case "textarea":
        return "textbox";
      case "input": {
        String t = e.attrs.getOrDefault("type", "text");
        return switch (t) {
          case "checkbox" -> "checkbox";
          case "search" -> "searchbox";
          case "password" -> null;
          default -> "textbox";
        };
      }
      default:
        return null;
    }
  }

  static String accessibleText(El e, El root) {
    if (e.tag.equals("input") || e.tag.equals("select") || e.tag.equals("textarea")) {
      String label = labelText(root, e);
      return label != null ? label : e.attrs.getOrDefault("placeholder", "");
    }
    StringBuilder b = new StringBuilder(e.text);
    e.children.forEach(k -> b.append(accessibleText(k, root)));
    return b.toString().trim();
  }

  static String labelText(El root, El control) {
    String id = control.attrs.get("id");
    String[] found = {null};
    visit(root, e -> {
      if (e.tag.equals("label") && ((id != null && id.equals(e.attrs.get("for"))) || e.children.contains(control))) {
        found[0] = e.text.trim();
      }
    });
    return found[0];
  }

  static boolean unique(El root, java.util.function.Predicate<El> p, El target) {
    int[] n = {0};
    visit(root, e -> {
      if (p.test(e)) {
        n[0]++;
      }
    });
    return n[0] == 1 && p.test(target);
  }

  static void visit(El e, Consumer<El> f) {
    f.accept(e);
    new ArrayList<>(e.children).forEach(k -> visit(k, f));
  }

  static String cssOf(El e) {
    List<String> parts = new ArrayList<>();
    for (El x = e; x != null; x = x.parent) {
      if (x.attrs.containsKey("id")) {
        parts.add(0, "#" + x.attrs.get("id"));
        break;
      }
      String cls = x.attrs.get("class");
      parts.add(0, x.tag + (cls == null ? "" : "." + cls.split(" ")[0]));
    }
    return String.join(" > ", parts);
  }

  static String xpathOf(El e) {
    List<String> parts = new ArrayList<>();
    for (El x = e; x != null; x = x.parent) {
      if (x.attrs.containsKey("id")) {
        parts.add(0, "//" + x.tag + "[@id='" + x.attrs.get("id") + "']");
        return String.join("/", parts);
      }
      int index = 1;
      if (x.parent != null) {
        for (El s : x.parent.children) {
          if (s == x) {
            break;
          }
          if (s.tag.equals(x.tag)) {
            index++;
          }
        }
      }
      parts.add(0, x.tag + "[" + index + "]");
    }
    return "/" + String.join("/", parts);
  }

  /** Applies one mutation kind to {@code target} in {@code root}. */
  static void mutate(El root, El target, String kind) {
    for (String k : kind.split("\\+")) {
      switch (k) {
        case "id-renamed" -> {
          for (String attr : List.of("id", "data-testid")) {
            if (target.attrs.containsKey(attr)) {
              String old = target.attrs.get(attr);
              target.attrs.put(attr, rename(old));
              visit(root, e -> {
                if (old.equals(e.attrs.get("for"))) {
                  e.attrs.put("for", rename(old));
                }
              });
            }
          }
        }
        case "text-changed" -> {
          El label = target.tag.equals("input") || target.tag.equals("select") || target.tag.equals("textarea")
              ? labelOf(root, target) : null;
          if (label != null) {
            label.text = retext(label.text.trim());
          }
          if (!target.text.isEmpty()) {
            target.text = retext(target.text);
          }
          if (target.attrs.containsKey("aria-label")) {
            target.attrs.put("aria-label", retext(target.attrs.get("aria-label")));
          }
          if (target.attrs.containsKey("placeholder")) {
            target.attrs.put("placeholder", retext(target.attrs.get("placeholder")));
          }
        }
        case "moved" -> {
          // to the end of its container's container: another place in the page, same element
          El parent = target.parent;
          El grand = parent.parent != null ? parent.parent : parent;
          parent.children.remove(target);
          grand.add(target);
        }
        case "wrapper-added" -> {
          El parent = target.parent;
          int at = parent.children.indexOf(target);
          El wrap = el("div").a("class", "field-wrapper");
          El inner = el("span").a("class", "inner");
          parent.children.remove(at);
          wrap.parent = parent;
          parent.children.add(at, wrap);
          wrap.add(inner);
          inner.add(target);
        }
        case "sibling-duplicated" -> {
          // a copy of the element next to it, as a template repeated by mistake or a second form
          El copy = target.copy();
          copy.strip("data-k");
          copy.attrs.remove("id");
          copy.attrs.remove("data-testid");
          El parent = target.parent;
          int at = parent.children.indexOf(target);
          copy.parent = parent;
          parent.children.add(at + 1, copy);
        }
        default -> throw new IllegalArgumentException(k);
      }
    }
  }

  static El labelOf(El root, El control) {
    String id = control.attrs.get("id");
    El[] found = {null};
    visit(root, e -> {
      if (e.tag.equals("label") && ((id != null && id.equals(e.attrs.get("for"))) || e.children.contains(control))) {
        found[0] = e;
      }
    });
    return found[0];
  }

  /** The corpus as the generator writes it. */
  static String generate() throws Exception {
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = json.createObjectNode();
    root.put("format", "browserflow-suggest-corpus/1");
    root.put("note", "Generated by CorpusGenerator and frozen before the ranking was tuned; do not edit by hand.");
    ArrayNode cases = root.putArray("cases");
    for (Shape shape : shapes()) {
      for (String key : shape.targets()) {
        El original = shape.page().get();
        List<Map<String, String>> candidates = candidates(original, original.find(key));
        for (String mutation : MUTATIONS) {
          El page = shape.page().get();
          El target = page.find(key);
          mutate(page, target, mutation);
          target.attrs.put("data-corpus-expected", "");
          page.strip("data-k");
          ObjectNode c = cases.addObject();
          c.put("id", shape.name() + "/" + key + "/" + mutation);
          c.put("shape", shape.name());
          c.put("mutation", mutation);
          ArrayNode cs = c.putArray("candidates");
          candidates.forEach(m -> {
            ObjectNode o = cs.addObject();
            m.forEach(o::put);
          });
          c.put("html", page.html());
        }
      }
    }
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
  }

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "src/test/resources/suggest-corpus/cases.json");
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, generate(), StandardCharsets.UTF_8);
    System.out.println("corpus written to " + out);
  }
}
