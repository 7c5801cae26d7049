package io.browserflow.api.validate;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import io.browserflow.api.Target;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Targets wherever they appear (step fields, conditions): at least one candidate, no blank
 * locator or accessible name, frame locators with a known prefix, shadow hosts, and the
 * placeholders in all of them.
 */
final class TargetRules {
  /** Prefixes that look like a frame locator prefix: the valid ones and common mistakes. */
  private static final Pattern FRAME_PREFIX = Pattern.compile(
      "(?i)(selector|url|name|css|xpath|src|id|index|title|frameurl|framename|frameid|frameindex)\\s*:");
  private static final Set<String> FRAME_PREFIXES = Set.of("selector", "url", "name");

  private final ValidationContext ctx;
  private final PlaceholderRules placeholders;

  TargetRules(ValidationContext ctx, PlaceholderRules placeholders) {
    this.ctx = ctx;
    this.placeholders = placeholders;
  }

  void frameLocator(String locator, String path) {
    if (locator.isBlank()) {
      ctx.invalid(path, "the frame locator is blank: give an owner css (iframe#pay), selector:<css>, url:<glob> "
          + "or name:<name>");
      return;
    }
    Matcher m = FRAME_PREFIX.matcher(locator);
    if (m.lookingAt()) {
      String prefix = m.group(1);
      if (!FRAME_PREFIXES.contains(prefix) || m.end() != m.end(1) + 1) {
        ctx.invalid(path, "frame locator prefix \"" + locator.substring(0, m.end())
            + "\" is not one of selector:, url:, name: (frames are never located by index or runtime id)");
      } else if (locator.substring(m.end()).isBlank()) {
        ctx.invalid(path, "frame locator \"" + prefix + ":\" has nothing after the prefix: give the "
            + (prefix.equals("url") ? "url glob" : prefix.equals("name") ? "frame name" : "owner css"));
      }
    }
    placeholders.text(locator, path);
  }

  void check(Target t, String path) {
    List<Candidate> candidates = t.candidates();
    if (candidates.isEmpty()) {
      ctx.report(Problem.of(ErrorCode.TARGET_EMPTY, path + ".candidates",
          "the target has no candidate: add at least one locator (testId, role, label, css, ...)"));
    }
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      String cp = path + ".candidates[" + i + "]";
      if (c.value().isBlank()) {
        ctx.invalid(cp + "." + c.kind().jsonName(), "the " + c.kind().jsonName() + " candidate is blank: give a value "
            + "or remove the candidate");
      }
      placeholders.text(c.value(), cp + "." + c.kind().jsonName());
      if (c.name().isPresent()) {
        if (c.name().get().isBlank()) {
          ctx.invalid(cp + ".name", "the accessible name is blank: give the name or leave it out");
        }
        placeholders.text(c.name().get(), cp + ".name");
      }
    }
    for (int i = 0; i < t.framePath().size(); i++) {
      frameLocator(t.framePath().get(i), path + ".framePath[" + i + "]");
    }
    for (int i = 0; i < t.shadowPath().size(); i++) {
      String host = t.shadowPath().get(i);
      if (host.isBlank()) {
        ctx.invalid(path + ".shadowPath[" + i + "]", "the shadow host selector is blank: give the host's css");
      }
      placeholders.text(host, path + ".shadowPath[" + i + "]");
    }
  }
}
