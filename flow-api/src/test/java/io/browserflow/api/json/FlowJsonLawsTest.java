package io.browserflow.api.json;

import static io.browserflow.api.json.JsonFixtures.STRUCTURE;
import static io.browserflow.api.json.JsonFixtures.assertRoundTrips;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Laws of the codec over random input: every flow round-trips through both renderings, and no
 * document, however broken, makes the reader throw anything but the two documented exceptions.
 */
class FlowJsonLawsTest {

  private static final List<FlowJson.Reader> READERS = List.of(FlowJson.reader(), FlowJson.reader().lenient(),
      STRUCTURE, STRUCTURE.lenient());

  @Property(tries = 400)
  void should_read_back_every_written_flow(@ForAll long seed) {
    Flow flow = new RandomFlows(seed).flow();

    assertRoundTrips(flow);
    assertThat(FlowJson.digest(STRUCTURE.read(FlowJson.write(flow)))).isEqualTo(FlowJson.digest(flow));
    assertThat(FlowJson.canonicalSize(flow)).isEqualTo(FlowJson.canonical(flow).getBytes(
        java.nio.charset.StandardCharsets.UTF_8).length);
  }

  @Property(tries = 400)
  void should_throw_only_documented_exceptions_on_mutated_documents(@ForAll long seed) throws IOException {
    Random random = new Random(seed);
    String original = random.nextBoolean()
        ? FlowJson.write(new RandomFlows(seed).flow())
        : Files.readString(FlowJsonReadTest.resource("meter-rebind.flow.json"));
    String mutated = mutate(original, random);

    for (FlowJson.Reader reader : READERS) {
      assertReadsOrRefuses(reader, mutated);
    }
  }

  @Property(tries = 600)
  void should_throw_only_documented_exceptions_on_random_documents(@ForAll long seed) {
    Random random = new Random(seed);
    StringBuilder json = new StringBuilder("{\"schema\": \"browserflow/1\", \"name\": \"x\", ");
    json.append("\"steps\": ");
    randomValue(json, random, 0, "steps");
    json.append('}');

    for (FlowJson.Reader reader : READERS) {
      assertReadsOrRefuses(reader, json.toString());
    }
  }

  private static void assertReadsOrRefuses(FlowJson.Reader reader, String json) {
    Flow flow;
    try {
      flow = reader.read(json);
    } catch (FlowValidationException expected) {
      // FlowFormatException is a FlowValidationException
      assertThat(expected.problems()).isNotEmpty();
      return;
    } catch (Throwable unexpected) {
      throw new AssertionError(reader + " threw " + unexpected + " for " + json, unexpected);
    }
    assertRoundTrips(flow);
  }

  // ------------------------------------------------------------------ mutations

  private static final String[] TOKENS = {"{", "}", "[", "]", ",", ":", "\"", "null", "true", "1.5", "-0", "1e999",
      "\"x\"", "\\u0000", "\\ud800", "{\"not\": ", "\"op\": \"click\"", "\"id\": \"s\", ", "99999999999",
      "\"target\": {}", "\"candidates\": [{\"css\": \"a\", \"role\": \"b\"}]", "\"items\": []", "\"source\": \"table\"",
      "\"onError\": {\"fallback\": []}", "\"element\": {}", "\"var\": \"x\"", "\u00e9", "😀"};

  private static String mutate(String json, Random random) {
    StringBuilder sb = new StringBuilder(json);
    for (int n = 1 + random.nextInt(4); n > 0 && sb.length() > 0; n--) {
      int at = random.nextInt(sb.length());
      switch (random.nextInt(4)) {
        case 0:
          sb.delete(at, Math.min(sb.length(), at + 1 + random.nextInt(12)));
          break;
        case 1:
          sb.insert(at, TOKENS[random.nextInt(TOKENS.length)]);
          break;
        case 2: {
          int end = Math.min(sb.length(), at + 1 + random.nextInt(40));
          sb.insert(end, sb.substring(at, end));
          break;
        }
        default:
          sb.setCharAt(at, (char) (' ' + random.nextInt(95)));
      }
    }
    return sb.toString();
  }

  // ------------------------------------------------------------------ random documents

  private static final List<String> KEYS = keys();

  private static List<String> keys() {
    List<String> keys = new ArrayList<>(FormatNames.STEP);
    for (Step.Kind k : Step.Kind.values()) {
      keys.addAll(StepReader.opFields(k));
    }
    keys.addAll(FormatNames.CONDITION);
    keys.addAll(FormatNames.TARGET);
    keys.addAll(FormatNames.RETRY);
    keys.addAll(List.of("testId", "role", "name", "css", "fallback", "x", "y", "bogus"));
    return keys;
  }

  private static final List<String> STRINGS = strings();

  private static List<String> strings() {
    List<String> strings = new ArrayList<>(FormatNames.ops());
    strings.addAll(List.of("table", "${steps.a.items}", "stop", "continue", "retry", "fallback", "visible",
        "attribute", "intoView", "loadMore", "exp", "==", ">=", "equals", "glob", "load", "", "x"));
    return strings;
  }

  private static void randomValue(StringBuilder json, Random random, int depth, String hint) {
    int kind = depth > 7 ? 2 + random.nextInt(5) : random.nextInt(hint.equals("steps") ? 3 : 7);
    switch (kind) {
      case 0: {
        json.append('[');
        for (int i = random.nextInt(4); i > 0; i--) {
          randomValue(json, random, depth + 1, "object");
          if (i > 1) {
            json.append(',');
          }
        }
        json.append(']');
        break;
      }
      case 1:
      case 2: {
        json.append('{');
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
          String key = KEYS.get(random.nextInt(KEYS.size()));
          json.append('"').append(key).append("\":");
          randomValue(json, random, depth + 1, key.equals("body") || key.equals("then") ? "steps" : key);
          if (i < n - 1) {
            json.append(',');
          }
        }
        json.append('}');
        break;
      }
      case 3:
        json.append('"').append(STRINGS.get(random.nextInt(STRINGS.size()))).append('"');
        break;
      case 4:
        json.append(random.nextBoolean() ? random.nextInt(20) - 5 : random.nextDouble());
        break;
      case 5:
        json.append(random.nextBoolean());
        break;
      default:
        json.append("null");
    }
  }
}
