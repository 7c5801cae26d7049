package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The extension's targets ({@code {ref?, candidates: [{type, value, weight?}]}}) as BrowserFlow
 * targets and back. The extension tries the non-text candidates in their listed order, then the
 * text ones; a ref is valid only while recording; a weight orders nothing at replay.
 *
 * <ul>
 *   <li>{@code css} and {@code attr} → css, except {@code #id} → id, {@code [data-testid="x"]} →
 *       testId, {@code [placeholder="x"]} → placeholder; {@code frame |> inner} (the extension's
 *       cross-frame selector) → the frame's css in the frame path.</li>
 *   <li>{@code aria} {@code role[name=Label]} → role with name (another form is skipped, as the
 *       extension skips it); {@code xpath} → xpath; {@code text} → textContains, moved after the
 *       others.</li>
 * </ul>
 */
final class RecordReplaySelectors {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Pattern ARIA = Pattern.compile("^(\\w+)\\s*\\[\\s*name\\s*=\\s*([^\\]]+)]$");
  private static final Pattern ID = Pattern.compile("#([A-Za-z_][A-Za-z0-9_-]*)");
  private static final Pattern ATTRIBUTE = Pattern.compile("\\[([A-Za-z-]+)=\"((?:[^\"\\\\]|\\\\.)*)\"]");
  private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
  private static final String COMPOSITE = "|>";

  private final Issues issues;

  RecordReplaySelectors(Issues issues) {
    this.issues = issues;
  }

  // ================================================================ import

  /** The target of a locator, or empty (with a blocking issue) when none of its candidates can be used. */
  Optional<Target> target(JsonNode locator, String p, String step) {
    if (locator == null || !locator.isObject()) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, step + " has no target");
      return Optional.empty();
    }
    List<Candidate> first = new ArrayList<>();
    List<Candidate> text = new ArrayList<>();
    List<String> frame = new ArrayList<>();
    if (locator.path("selector").isTextual() && !locator.get("selector").asText().isBlank()) {
      css(locator.get("selector").asText(), p + ".selector", frame).ifPresent(first::add);
    }
    JsonNode cands = locator.path("candidates");
    if (!cands.isArray() && !cands.isMissingNode() && !cands.isNull()) {
      issues.blocking(ConversionCode.FIELD_INVALID, p + ".candidates", "the candidates of " + step + " are not an array "
          + "of {type, value}; the target cannot be read");
      return Optional.empty();
    }
    boolean weighted = false;
    for (int i = 0; i < cands.size(); i++) {
      JsonNode c = cands.get(i);
      String cp = p + ".candidates[" + i + "]";
      String type = c.path("type").asText("");
      String value = c.path("value").isTextual() ? c.get("value").asText() : "";
      weighted |= c.has("weight");
      if (value.isBlank()) {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, cp, "the candidate has no value; it is left out");
        continue;
      }
      switch (type) {
        case "css":
        case "attr":
          css(value, cp, frame).ifPresent(first::add);
          break;
        case "xpath":
          first.add(Candidate.xpath(value));
          break;
        case "aria":
          Matcher m = ARIA.matcher(value.strip());
          if (m.matches()) {
            first.add(Candidate.role(m.group(1), m.group(2).strip().replaceAll("^['\"]|['\"]$", "")));
          } else {
            issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, cp, "aria candidate " + value + " is not role[name=...], which "
                + "is all the extension reads; it is left out");
          }
          break;
        case "text":
          text.add(Candidate.textContains(value));
          break;
        default:
          issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, cp, "candidate type \"" + type + "\" is not css, attr, aria, "
              + "xpath or text; it is left out");
      }
    }
    if (weighted) {
      issues.info(ConversionCode.FIELD_DROPPED, p + ".candidates", "candidate weights are not kept: the candidates are "
          + "tried in their listed order, text ones last, as the extension tries them");
    }
    first.addAll(text);
    if (first.isEmpty()) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, step + " has no candidate BrowserFlow can use"
          + (locator.has("ref") ? " (its ref is valid only while recording)" : "") + "; add a css candidate");
      return Optional.empty();
    }
    return Optional.of(Target.builder().addAllCandidates(first).addAllFramePath(frame).build());
  }

  /** The target of a plain css selector string (wait, assert, extract). */
  Optional<Target> selector(String css, String p, String step) {
    if (css == null || css.isBlank()) {
      issues.blocking(ConversionCode.FIELD_MISSING, p, step + " has no selector");
      return Optional.empty();
    }
    List<String> frame = new ArrayList<>();
    Optional<Candidate> c = css(css, p, frame);
    return c.map(k -> Target.builder().addCandidates(k).addAllFramePath(frame).build());
  }

  private Optional<Candidate> css(String value, String p, List<String> frame) {
    String v = value.strip();
    int cut = v.lastIndexOf(COMPOSITE);
    if (cut >= 0) {
      String owner = v.substring(0, cut).strip();
      v = v.substring(cut + COMPOSITE.length()).strip();
      if (frame.isEmpty()) {
        frame.add(owner);
      } else if (!frame.equals(List.of(owner))) {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, p, "the candidate is in frame " + owner + ", the target's first "
            + "in " + frame.get(0) + "; it is left out");
        return Optional.empty();
      }
    }
    Matcher id = ID.matcher(v);
    if (id.matches()) {
      return Optional.of(Candidate.id(id.group(1)));
    }
    Matcher a = ATTRIBUTE.matcher(v);
    if (a.matches()) {
      String val = a.group(2).replaceAll("\\\\(.)", "$1");
      if (a.group(1).equals("data-testid")) {
        return Optional.of(Candidate.testId(val));
      }
      if (a.group(1).equals("placeholder")) {
        return Optional.of(Candidate.placeholder(val));
      }
    }
    return Optional.of(Candidate.css(v));
  }

  // ================================================================ export

  /** The locator of {@code target}: its candidates as the extension writes them, or empty (with an issue). */
  Optional<ObjectNode> locator(Target target, String p, String step) {
    Optional<String> frame = frame(target, p);
    if (frame == null) {
      return Optional.empty();
    }
    ArrayNode out = JSON.arrayNode();
    for (Candidate c : target.candidates()) {
      candidate(c, frame, p).ifPresent(out::add);
    }
    if (!target.shadowPath().isEmpty()) {
      issues.warning(ConversionCode.SHADOW_PATH_DROPPED, p + ".shadowPath", "the extension's selectors do not enter shadow "
          + "roots; the shadow path " + target.shadowPath() + " of " + step + " is not written");
    }
    if (out.isEmpty()) {
      issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, "no candidate of " + step + " (" + target.describe()
          + ") can be written as a record-replay candidate; add a css, testId, role with name or xpath candidate");
      return Optional.empty();
    }
    ObjectNode o = JSON.objectNode();
    o.set("candidates", out);
    return Optional.of(o);
  }

  /** The one css selector of a target (wait, assert, extract take one), or empty (with a blocking issue). */
  Optional<String> css(Target target, String p, String step) {
    Optional<String> frame = frame(target, p);
    if (frame == null) {
      return Optional.empty();
    }
    for (Candidate c : target.candidates()) {
      Optional<String> css = cssOf(c);
      if (css.isPresent()) {
        if (target.candidates().size() > 1) {
          issues.info(ConversionCode.CANDIDATES_DROPPED, p, step + " takes one css selector in the extension; "
              + css.get() + " is written, the other candidates are not");
        }
        return Optional.of(frame.map(f -> f + " " + COMPOSITE + " ").orElse("") + css.get());
      }
    }
    issues.blocking(ConversionCode.TARGET_UNRESOLVED, p, step + " needs a css selector in the extension, and no candidate of "
        + target.describe() + " is one (css, id, testId or placeholder)");
    return Optional.empty();
  }

  /** The frame owner's css, empty in the main frame, null (with a blocking issue) when it cannot be written. */
  private Optional<String> frame(Target target, String p) {
    if (target.framePath().isEmpty()) {
      return Optional.empty();
    }
    String f = target.framePath().get(0).replaceFirst("^selector:", "");
    if (target.framePath().size() > 1 || f.startsWith("url:") || f.startsWith("name:") || f.contains(">>")) {
      issues.blocking(ConversionCode.FRAME_UNRESOLVED, p + ".framePath", "the extension enters one frame by its owner's css "
          + "(frame |> selector); frame path " + target.framePath() + " cannot be written");
      return null;
    }
    return Optional.of(f);
  }

  private Optional<ObjectNode> candidate(Candidate c, Optional<String> frame, String p) {
    Optional<String> css = cssOf(c);
    Optional<Written> written = switch (c.kind()) {
      case CSS, ID -> Optional.of(new Written("css", css.get()));
      case TEST_ID, PLACEHOLDER -> Optional.of(new Written("attr", css.get()));
      case XPATH -> Optional.of(new Written("xpath", c.value()));
      case ROLE -> {
        if (c.name().isPresent()) {
          yield Optional.of(new Written("aria", c.value() + "[name=" + c.name().get() + "]"));
        }
        String value = "[role=\"" + c.value() + "\"]";
        issues.info(ConversionCode.APPROXIMATED, p, "role " + c.value() + " without a name is written as css " + value);
        yield Optional.of(new Written("css", value));
      }
      case TEXT_CONTAINS -> Optional.of(new Written("text", c.value()));
      case TEXT -> {
        issues.info(ConversionCode.APPROXIMATED, p, "text \"" + c.value() + "\" is written as the extension's text "
            + "candidate, which finds the element containing it, not only the one whose whole text it is");
        yield Optional.of(new Written("text", c.value()));
      }
      case ARIA -> {
        String value = "[aria-label=\"" + escape(c.value()) + "\"]";
        issues.info(ConversionCode.APPROXIMATED, p, "aria \"" + c.value() + "\" (any role) is written as " + value
            + ": the extension's aria candidate needs a role");
        yield Optional.of(new Written("attr", value));
      }
      case LABEL -> {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, p, "candidate " + c.describe() + " has no record-replay "
            + "equivalent; it is not written");
        yield Optional.empty();
      }
    };
    if (written.isEmpty()) {
      return Optional.empty();
    }
    String type = written.get().type();
    String value = written.get().value();
    if (frame.isPresent()) {
      if (!type.equals("css") && !type.equals("attr")) {
        issues.warning(ConversionCode.UNSUPPORTED_LOCATOR, p, "candidate " + c.describe() + " is in a frame, and only css "
            + "crosses frames in the extension (frame |> selector); it is not written");
        return Optional.empty();
      }
      value = frame.get() + " " + COMPOSITE + " " + value;
    }
    ObjectNode o = JSON.objectNode();
    o.put("type", type);
    o.put("value", value);
    return Optional.of(o);
  }

  /** A candidate as the extension writes it: its type and value, before any frame prefix. */
  private record Written(String type, String value) {}

  /** A css selector for a candidate when it is one: css, id, testId, placeholder. */
  private static Optional<String> cssOf(Candidate c) {
    return switch (c.kind()) {
      case CSS -> Optional.of(c.value());
      case ID -> Optional.of(IDENT.matcher(c.value()).matches() ? "#" + c.value() : "[id=\"" + escape(c.value()) + "\"]");
      case TEST_ID -> Optional.of("[data-testid=\"" + escape(c.value()) + "\"]");
      case PLACEHOLDER -> Optional.of("[placeholder=\"" + escape(c.value()) + "\"]");
      case ROLE, LABEL, TEXT, XPATH, ARIA, TEXT_CONTAINS -> Optional.empty();
    };
  }

  private static String escape(String v) {
    return v.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
