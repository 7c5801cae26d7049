package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.api.validate.FlowValidator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the importers that keep the source path of each step they make (browserctl, recording
 * plugin) share: the step a flow path points into, the source that step was made from, the steps
 * the validator rejects left out, and the name of the source file.
 */
final class ImportSources {
  private static final Pattern STEP_INDEX = Pattern.compile("steps\\[(\\d+)](.*)");

  private ImportSources() {}

  /** The step index a flow path ({@code steps[3].target}, an issue's or a validation problem's) points into, or -1. */
  static int stepIndex(String path) {
    Matcher m = STEP_INDEX.matcher(path);
    return m.matches() ? Integer.parseInt(m.group(1)) : -1;
  }

  /** The source path of the item the step a flow path points into was made from; the flow path when there is none. */
  static String sourceOf(String flowPath, List<String> stepPaths) {
    int i = stepIndex(flowPath);
    return i >= 0 && i < stepPaths.size() ? stepPaths.get(i) : flowPath;
  }

  /**
   * The flow {@code flow} builds once it holds no step the validator rejects: each rejected step is a
   * blocking issue at the source path it was made from ({@code madeFrom} names that source in the
   * message) and is handed to {@code leaveOut}, the last first, which takes it out. The mapping
   * prevents what it can; this catches the rest (limits, say). A problem outside the steps throws.
   */
  static Flow withoutInvalidSteps(Supplier<Flow> flow, List<String> stepPaths, Issues issues, String madeFrom,
      IntConsumer leaveOut) {
    while (true) {
      Flow f = flow.get();
      List<Problem> problems = FlowValidator.defaults().validate(f);
      if (problems.isEmpty()) {
        return f;
      }
      TreeSet<Integer> bad = new TreeSet<>();
      for (Problem p : problems) {
        int i = stepIndex(p.path());
        if (i < 0) {
          throw new FlowFormatException(problems);
        }
        if (bad.add(i)) {
          issues.blocking(ConversionCode.INVALID_FLOW, stepPaths.get(i), "the step made from " + madeFrom + " is invalid "
              + "and was left out: " + p.code() + ": " + p.message());
        }
      }
      bad.descendingSet().forEach(leaveOut::accept);
    }
  }

  /**
   * The file name of {@code origin} (a path) without the first of {@code extensions} it ends with;
   * {@code flow} when there is no origin.
   */
  static String baseName(String origin, List<String> extensions) {
    if (origin == null) {
      return "flow";
    }
    String n = fileName(origin);
    for (String ext : extensions) {
      if (n.endsWith(ext)) {
        return n.substring(0, n.length() - ext.length());
      }
    }
    return n;
  }

  /** The last part of a path, separated by {@code /} or {@code \}. */
  static String fileName(String path) {
    return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  }
}
