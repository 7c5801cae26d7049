package io.browserflow.engine;

import io.browserflow.engine.store.JournalEntry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the journal of an interrupted run says: the verified step executions and the one left pending. */
final class ResumePlan {
  /** {@code path#iteration} of verified executions, with their last journal entry (outputs). */
  final Map<String, JournalEntry> verified = new LinkedHashMap<>();
  final ResumeDecision decision;
  String pendingKey;
  JournalEntry pending;
  /** The number of the journal's last entry: the resumed run numbers its entries after it. */
  final long lastSeq;

  ResumePlan(List<JournalEntry> journal, ResumeDecision decision) {
    this.decision = decision;
    Map<String, JournalEntry> last = new LinkedHashMap<>();
    long maxSeq = 0;
    for (JournalEntry e : journal) {
      maxSeq = Math.max(maxSeq, e.seq());
      if (e.type() != JournalEntry.Type.STEP || e.path().isEmpty()) {
        continue;
      }
      String key = key(e);
      last.remove(key);
      last.put(key, e);
    }
    this.lastSeq = maxSeq;
    for (Map.Entry<String, JournalEntry> e : last.entrySet()) {
      StepState state = e.getValue().state().orElse(StepState.PREPARED);
      if (state == StepState.VERIFIED) {
        verified.put(e.getKey(), e.getValue());
      } else if (!state.isFinal()) {
        pendingKey = e.getKey();
        pending = e.getValue();
      }
    }
  }

  static String key(JournalEntry e) {
    return e.path().orElse("") + "#" + e.iteration().orElse("");
  }
}
