package io.browserflow.api.json;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The problems found in one document. Keeps the first {@link #MAX_KEPT}: a hostile document (say,
 * millions of unknown keys) must not turn the report itself into the expensive part. The count
 * keeps growing past the cap, so "did this part add problems?" stays answerable.
 */
final class Problems {
  static final int MAX_KEPT = 500;

  private final List<Problem> kept = new ArrayList<>();
  private int count;

  void add(Problem problem) {
    count++;
    if (kept.size() < MAX_KEPT) {
      kept.add(problem);
    }
  }

  /** Problems reported so far, including those not kept. */
  int count() {
    return count;
  }

  boolean isEmpty() {
    return count == 0;
  }

  /** The kept problems in document order (by line and column when all have one), plus a note of any dropped. */
  List<Problem> report() {
    List<Problem> report = new ArrayList<>(kept);
    if (report.stream().allMatch(p -> p.line().isPresent())) {
      report.sort(Comparator.comparingInt((Problem p) -> p.line().getAsInt())
          .thenComparingInt(p -> p.column().orElse(0)));
    }
    if (count > kept.size()) {
      report.add(Problem.limit(ErrorCode.LIMIT_EXCEEDED, "", "the document has " + count
          + " problems; only the first " + kept.size() + " are listed", count, MAX_KEPT));
    }
    return report;
  }
}
