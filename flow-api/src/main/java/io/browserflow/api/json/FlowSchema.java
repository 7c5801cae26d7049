package io.browserflow.api.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Input;
import io.browserflow.api.Problem;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The JSON Schema (draft 2020-12) of the arguments a flow takes, so a framework can publish the
 * flow as a callable tool whose call arguments are the flow's inputs and credentials.
 *
 * <pre>{@code
 * String schema = FlowSchema.inputSchema(flow);
 * // {
 * //   "$schema": "https://json-schema.org/draft/2020-12/schema",
 * //   "title": "login",
 * //   "description": "Signs in and opens the dashboard",
 * //   "x-browserflow-flow": "login",
 * //   "type": "object",
 * //   "properties": {
 * //     "USER": {"title": "User name", "type": "string"},
 * //     "credentials": {"type": "object", "properties": {"PASSWORD": {"type": "string",
 * //         "writeOnly": true, "x-browserflow-secret": true, ...}}, ...}
 * //   },
 * //   "required": ["USER", "credentials"],
 * //   "additionalProperties": false
 * // }
 * }</pre>
 *
 * <p>Layout:
 * <ul>
 *   <li>each input is a root property named by its key, in declaration order (variables at the
 *       root keep tool calls simple): {@code text} → {@code string}; {@code number} →
 *       {@code number}; {@code boolean} → {@code boolean}; {@code date} → {@code string} with
 *       {@code format: date}; {@code url} → {@code string} with {@code format: uri};
 *       {@code select} → {@code string} with an {@code enum} of the options. The label becomes
 *       {@code title}; a pattern becomes an anchored {@code pattern} ({@code ^(?:p)$}, string
 *       types only); a default becomes {@code default}, typed for number and boolean inputs (kept
 *       as a string when it does not parse); required inputs are listed in {@code required};</li>
 *   <li>credentials are grouped under the root property {@value #CREDENTIALS_PROPERTY}, an
 *       object with one string property per credential ({@code format: uri} for url credentials,
 *       {@code x-browserflow-credential-type} naming the type). Secret credentials carry
 *       {@code "writeOnly": true} and {@code "x-browserflow-secret": true} and never a default;
 *       the group is required when any credential is;</li>
 *   <li>{@code additionalProperties: false} at both levels; {@code title} is the flow name,
 *       {@code description} the flow description (or a generated sentence), and
 *       {@code x-browserflow-flow} the flow id.</li>
 * </ul>
 * Keys come in a fixed order, so the same flow always yields the same text (pretty-printed, two
 * spaces, {@code \n} line ends).
 *
 * <p>Limits: patterns are written as declared; a Java-only regex construct may not work in a
 * validator using ECMA-262 regexes. An input named {@value #CREDENTIALS_PROPERTY} in a flow that
 * declares credentials would collide with the group and is rejected with
 * {@link ErrorCode#INVALID_FLOW}.
 */
public final class FlowSchema {
  /** The JSON Schema dialect written to {@code $schema}. */
  public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

  /** The root property grouping the credentials. */
  public static final String CREDENTIALS_PROPERTY = "credentials";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter(
      Separators.createDefaultInstance()
          .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
          .withObjectEmptySeparator("")
          .withArrayEmptySeparator(""))
      .withObjectIndenter(new DefaultIndenter("  ", "\n"))
      .withArrayIndenter(new DefaultIndenter("  ", "\n"));

  private FlowSchema() {}

  /**
   * The input schema of the flow, as a JSON document. Works on unvalidated flows too.
   *
   * @throws FlowValidationException with {@link ErrorCode#INVALID_FLOW} when an input is named
   *     {@value #CREDENTIALS_PROPERTY} and the flow declares credentials
   */
  public static String inputSchema(Flow flow) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("$schema", DIALECT);
    root.put("title", flow.name());
    root.put("description", flow.description().orElse("Runs the BrowserFlow flow \"" + flow.name() + "\"."));
    root.put("x-browserflow-flow", flow.id());
    root.put("type", "object");
    ObjectNode properties = root.putObject("properties");
    ArrayNode required = MAPPER.createArrayNode();
    for (Input input : flow.inputs()) {
      if (input.key().equals(CREDENTIALS_PROPERTY) && !flow.credentials().isEmpty()) {
        throw new FlowValidationException(List.of(Problem.of(ErrorCode.INVALID_FLOW, "inputs",
            "input \"" + CREDENTIALS_PROPERTY + "\" collides with the credentials group of the tool schema;"
                + " rename the input")));
      }
      properties.set(input.key(), inputProperty(input));
      if (input.required()) {
        required.add(input.key());
      }
    }
    if (!flow.credentials().isEmpty()) {
      properties.set(CREDENTIALS_PROPERTY, credentialsProperty(flow));
      if (flow.credentials().stream().anyMatch(Credential::required)) {
        required.add(CREDENTIALS_PROPERTY);
      }
    }
    if (!required.isEmpty()) {
      root.set("required", required);
    }
    root.put("additionalProperties", false);
    return render(root);
  }

  private static ObjectNode inputProperty(Input input) {
    ObjectNode p = MAPPER.createObjectNode();
    input.label().ifPresent(l -> p.put("title", l));
    boolean stringTyped = switch (input.type()) {
      case NUMBER -> {
        p.put("type", "number");
        yield false;
      }
      case BOOLEAN -> {
        p.put("type", "boolean");
        yield false;
      }
      case DATE -> {
        p.put("type", "string");
        p.put("format", "date");
        yield true;
      }
      case URL -> {
        p.put("type", "string");
        p.put("format", "uri");
        yield true;
      }
      case SELECT -> {
        p.put("type", "string");
        ArrayNode options = p.putArray("enum");
        input.options().forEach(options::add);
        yield true;
      }
      case TEXT -> {
        p.put("type", "string");
        yield true;
      }
    };
    if (stringTyped) {
      input.pattern().ifPresent(regex -> p.put("pattern", "^(?:" + regex + ")$"));
    }
    input.defaultValue().ifPresent(d -> putDefault(p, input.type(), d));
    return p;
  }

  private static void putDefault(ObjectNode p, Input.Type type, String value) {
    String v = value.trim();
    if (type == Input.Type.NUMBER) {
      try {
        p.put("default", Long.parseLong(v));
        return;
      } catch (NumberFormatException notLong) {
        try {
          p.put("default", new BigDecimal(v));
          return;
        } catch (NumberFormatException notNumber) {
          // falls through: keep the declared text, validation reports the mismatch
        }
      }
    } else if (type == Input.Type.BOOLEAN && (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false"))) {
      p.put("default", Boolean.parseBoolean(v.toLowerCase(Locale.ROOT)));
      return;
    }
    p.put("default", value);
  }

  private static ObjectNode credentialsProperty(Flow flow) {
    ObjectNode group = MAPPER.createObjectNode();
    group.put("title", "Credentials");
    group.put("description", "Sign-in data the flow uses; secret values are kept in memory only and never logged.");
    group.put("type", "object");
    ObjectNode properties = group.putObject("properties");
    ArrayNode required = MAPPER.createArrayNode();
    for (Credential c : flow.credentials()) {
      ObjectNode p = properties.putObject(c.key());
      c.label().ifPresent(l -> p.put("title", l));
      p.put("type", "string");
      if (c.type() == Credential.Type.URL) {
        p.put("format", "uri");
      }
      p.put("x-browserflow-credential-type", c.type().name().toLowerCase(Locale.ROOT));
      if (c.secret()) {
        p.put("writeOnly", true);
        p.put("x-browserflow-secret", true);
      }
      if (c.required()) {
        required.add(c.key());
      }
    }
    if (!required.isEmpty()) {
      group.set("required", required);
    }
    group.put("additionalProperties", false);
    return group;
  }

  private static String render(ObjectNode root) {
    try {
      return MAPPER.writer(PRETTY).writeValueAsString(root);
    } catch (JsonProcessingException e) {
      // a tree of strings, numbers and booleans always serializes
      throw new IllegalStateException("cannot render the input schema", e);
    }
  }
}
