package io.browserflow.cli;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.engine.Caller;
import io.browserflow.engine.Remedies;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.review.FlowReview;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a flow needs from the command line to run: the gated capabilities it declares, the inputs
 * without a default and the credentials it requires, each with the flag that gives it. Printed
 * with a conversion report ("to run it: ...") and checked before the browser starts, so a user
 * learns every flag at once instead of one refusal at a time.
 */
final class RunNeeds {
  private RunNeeds() {}

  /** One line per need of {@code flow} that {@code given} does not meet, each naming its flag. */
  static List<String> unmet(Flow flow, Set<Capability> allowed, Predicate<String> inputGiven, Predicate<String> credentialGiven) {
    List<String> out = new ArrayList<>();
    Set<Capability> declared = FlowReview.of(flow).capabilities();
    for (Capability c : RunOptions.GATED) {
      if (declared.contains(c) && !allowed.contains(c)) {
        out.add(c.id() + ": " + Remedies.allow(c, Caller.CLI));
      }
    }
    List<String> inputs = new ArrayList<>();
    for (Input i : flow.inputs()) {
      if (i.required() && i.defaultValue().isEmpty() && !inputGiven.test(i.key())) {
        inputs.add(i.key());
      }
    }
    List<String> credentials = new ArrayList<>();
    for (Credential c : flow.credentials()) {
      if (c.required() && !credentialGiven.test(c.key())) {
        credentials.add(c.key());
      }
    }
    for (String k : inputs) {
      out.add("input " + k + ": " + Remedies.supply(List.of(k), List.of(), Caller.CLI));
    }
    for (String k : credentials) {
      out.add("credential " + k + ": " + Remedies.supply(List.of(), List.of(k), Caller.CLI));
    }
    return out;
  }

  /** Everything {@code flow} needs from the command line, as one line ("" when nothing). */
  static String all(Flow flow) {
    List<String> needs = unmet(flow, Set.of(), k -> false, k -> false);
    return needs.isEmpty() ? "" : "to run it: " + String.join("; ", needs);
  }
}
