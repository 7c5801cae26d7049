package io.browserflow.engine;

import io.browserflow.api.Flow;
import io.browserflow.engine.spi.SecretMask;

/**
 * What the parts of one cleared run share while its steps run. Built by {@link Execution} once
 * preflight has passed and the session is open. {@code plan} is null unless the run resumes an
 * interrupted one.
 */
record RunContext(
    DefaultFlowEngine engine,
    Flow flow,
    RunOptions options,
    String runId,
    ResumePlan plan,
    RunControl control,
    SecretMask redactor,
    TimeBudget budget,
    RunPolicy policy,
    RunJournal journal,
    StepResults results,
    RunArtifacts artifacts,
    Datasets datasets,
    java.util.Map<String, Flow> callees,
    PartialRun partial) {}
