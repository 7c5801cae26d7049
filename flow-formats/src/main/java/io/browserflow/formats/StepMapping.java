package io.browserflow.formats;

import java.util.List;

/**
 * What became of one source step in an import: the flow steps it made (context steps such as a
 * frame or tab switch included, as {@code op id}), or why it made none. The conversion report's
 * step table is made of these.
 */
record StepMapping(String sourcePath, String sourceType, Outcome outcome, List<String> results, String note) {

  /** What an import did with a source step. */
  enum Outcome {
    /** It became one or more flow steps. */
    MAPPED("mapped"),
    /** It was folded into another step (an expect url, a merged fill). */
    MERGED("merged"),
    /** It was left out on purpose, with a warning or an info saying why. */
    SKIPPED("skipped"),
    /** It could not be carried over: a blocking issue says why. */
    LEFT_OUT("left out");

    private final String label;

    Outcome(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  StepMapping {
    results = List.copyOf(results);
  }
}
