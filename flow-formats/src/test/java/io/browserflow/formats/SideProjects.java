package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;

/** Builds Selenium IDE projects for the tests, command by command. */
final class SideProjects {
  static final String URL = "https://shop.example.test";

  private SideProjects() {}

  static ObjectNode cmd(String command, String target, String value) {
    ObjectNode c = Json.MAPPER.createObjectNode();
    c.put("id", "c-" + Integer.toHexString(System.identityHashCode(c)));
    c.put("comment", "");
    c.put("command", command);
    c.put("target", target);
    c.putArray("targets");
    c.put("value", value);
    return c;
  }

  static ObjectNode cmd(String command, String target) {
    return cmd(command, target, "");
  }

  /** The command with alternative locators, as the IDE records them: [locator, kind] pairs. */
  static ObjectNode withTargets(ObjectNode cmd, String... locators) {
    ArrayNode targets = cmd.putArray("targets");
    for (String l : locators) {
      targets.addArray().add(l).add(l.contains("=") ? l.substring(0, l.indexOf('=')) : "xpath:position");
    }
    return cmd;
  }

  static ObjectNode test(String name, ObjectNode... commands) {
    ObjectNode t = Json.MAPPER.createObjectNode();
    t.put("id", "t-" + name);
    t.put("name", name);
    ArrayNode cmds = t.putArray("commands");
    for (ObjectNode c : commands) {
      cmds.add(c);
    }
    return t;
  }

  static String project(ObjectNode... tests) {
    ObjectNode p = Json.MAPPER.createObjectNode();
    p.put("id", "p-1");
    p.put("version", "2.0");
    p.put("name", "Shop");
    p.put("url", URL + "/");
    ArrayNode ts = p.putArray("tests");
    ArrayNode suite = Json.MAPPER.createArrayNode();
    for (ObjectNode t : tests) {
      ts.add(t);
      suite.add(t.get("id").asText());
    }
    ObjectNode s = p.putArray("suites").addObject();
    s.put("id", "s-1");
    s.put("name", "Default Suite");
    s.set("tests", suite);
    p.putArray("urls").add(URL + "/");
    p.putArray("plugins");
    return Json.write(p);
  }

  /** A one-test project of these commands. */
  static String commands(ObjectNode... commands) {
    return project(test("checkout", commands));
  }

  static Conversion<Flow> read(ObjectNode... commands) {
    return new SideCodec().read(commands(commands), "shop.side");
  }

  /** The flow survives its own JSON format unchanged (and validates). */
  static Flow roundTripped(Flow flow) {
    return FlowJson.read(FlowJson.write(flow));
  }

  /** The first issue with this code. */
  static ConversionIssue issue(Conversion<?> c, ConversionCode code) {
    return c.issues().stream().filter(i -> i.code() == code).findFirst()
        .orElseThrow(() -> new AssertionError("no " + code + " in " + c.issues()));
  }

  static Step step(Conversion<Flow> c, int i) {
    return c.value().steps().get(i);
  }
}
