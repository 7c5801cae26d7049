package io.browserflow.cli;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import io.browserflow.api.json.FlowJson;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The inputs {@code browserflow convert --input KEY=VALUE} fills into a flow before it is written:
 * every {@code ${KEY}} and {@code ${input.KEY}} of a declared input becomes the value, so a format
 * that replays placeholders literally (Chrome Recorder) gets real values. Credentials are never
 * filled, secret or not: naming one is a usage error, because secrets stay out of exports (a
 * {@code browserflow/1} flow declares no secret inputs; its secrets are credentials). Placeholders
 * of inputs not given stay as they are.
 */
final class ExportInputs {
  /** A usage error, worded for the command line. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message, null, false, false);
    }
  }

  private ExportInputs() {}

  /** The values of {@code --input KEY=VALUE} arguments, checked against the flow's declarations. */
  static Map<String, String> parse(Flow flow, List<String> given) throws Refused {
    Map<String, String> values = new LinkedHashMap<>();
    Set<String> credentials = flow.credentials().stream().map(Credential::key).collect(Collectors.toSet());
    for (String arg : given) {
      int eq = arg.indexOf('=');
      String key = eq < 0 ? arg.strip() : arg.substring(0, eq).strip();
      if (key.startsWith("credential.") || credentials.contains(key) || credentials.contains(key.replaceFirst("^input\\.", ""))) {
        throw new Refused("--input " + key + ": " + key.replaceFirst("^credential\\.", "") + " is a credential, and credentials are "
            + "never filled into an export: secrets stay out of exports. Give it when the flow runs (browserflow run --credential "
            + "or --credentials-env)");
      }
      if (eq <= 0) {
        throw new Refused("--input " + arg + " is not KEY=VALUE: give one declared input per --input, e.g. --input "
            + flow.inputs().stream().map(Input::key).findFirst().orElse("KEY") + "=value");
      }
      key = key.startsWith("input.") ? key.substring(6) : key;
      String value = arg.substring(eq + 1);
      Optional<Input> input = declared(flow, key);
      if (input.isEmpty()) {
        throw new Refused("--input " + key + ": the flow declares no input " + key + "; "
            + (flow.inputs().isEmpty() ? "it declares no inputs" : "its inputs are " + keys(flow)));
      }
      if (values.containsKey(key)) {
        throw new Refused("--input " + key + " is given twice; give each input once");
      }
      check(input.get(), value);
      values.put(key, value);
    }
    return values;
  }

  private static Optional<Input> declared(Flow flow, String key) {
    return flow.inputs().stream().filter(i -> i.key().equals(key)).findFirst();
  }

  private static String keys(Flow flow) {
    return flow.inputs().stream().map(Input::key).collect(Collectors.joining(", "));
  }

  /** The value must be one the input takes: its pattern, its options. */
  private static void check(Input input, String value) throws Refused {
    if (input.pattern().isPresent()) {
      boolean matches;
      try {
        matches = Pattern.compile(input.pattern().get()).matcher(value).matches();
      } catch (PatternSyntaxException e) {
        matches = true; // validation reports a broken pattern; nothing to check the value against
      }
      if (!matches) {
        throw new Refused("--input " + input.key() + ": the value does not match the input's pattern " + input.pattern().get());
      }
    }
    if (input.type() == Input.Type.SELECT && !input.options().isEmpty() && !input.options().contains(value)) {
      throw new Refused("--input " + input.key() + ": the value is not one of the input's options " + String.join(", ", input.options()));
    }
  }

  /** The flow with every placeholder of a given input replaced by its value. */
  static Flow fill(Flow flow, Map<String, String> values) throws Refused {
    if (values.isEmpty()) {
      return flow;
    }
    // placeholders only occur inside the JSON's strings, so they are replaced by the value escaped for a string
    String json = FlowJson.write(flow);
    String filled;
    try {
      filled = Placeholders.replace(json, ref -> {
        String key = ref.startsWith("input.") ? ref.substring(6) : ref;
        String v = values.get(key);
        return v == null ? Placeholders.OPEN + ref + "}" : jsonString(v);
      });
      return FlowJson.read(filled);
    } catch (IllegalArgumentException | FlowException e) {
      throw new Refused("--input: the flow with the inputs filled in is not valid: " + e.getMessage());
    }
  }

  /** The declared inputs whose placeholders {@code text} still holds, in order. */
  static Set<String> unfilled(Flow flow, String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String ref : Placeholders.references(text)) {
      String key = ref.startsWith("input.") ? ref.substring(6) : ref;
      if (declared(flow, key).isPresent()) {
        out.add(key);
      }
    }
    return out;
  }

  private static String jsonString(String v) {
    StringBuilder sb = new StringBuilder(v.length() + 8);
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }
}
