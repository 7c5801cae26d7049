/**
 * Where runs are kept: the {@link io.browserflow.engine.store.RunStore} interface the engine
 * journals into and reads back for recovery, the {@link io.browserflow.engine.store.JournalEntry}
 * it stores (one per step transition, written before the work it announces), and
 * {@link io.browserflow.engine.store.RunStoreException} ({@code STORE_FAILED}).
 *
 * <p>Entry points are the factories on the interface: {@link io.browserflow.engine.store.RunStore#directory(java.nio.file.Path)}
 * (the embedded default: {@code <root>/<flowId>/<runId>/journal.jsonl} as JSON lines, fsynced when
 * the engine asks, plus {@code result.json} and {@code artifacts/}; the last 10 finished runs per
 * flow are kept, or {@code directory(root, keep)}) and {@link io.browserflow.engine.store.RunStore#none()}
 * (keeps nothing, the engine's default). The implementations and the journal's JSON mapping are
 * package-private; implement {@code RunStore} for another store. A run's result is serialized with
 * {@link io.browserflow.engine.RunResult#toJson()}, which belongs to the result, not to a store.
 *
 * <pre>{@code
 * RunStore store = RunStore.directory(Path.of(".browserflow/runs"), 20);
 * try (FlowEngine engine = FlowEngine.builder().driver(driver).store(store).build()) {
 *   RunResult result = engine.run(flow, inputs);
 *   List<JournalEntry> journal = store.journal(result.runId());   // RUN_STARTED, STEP..., RUN_FINISHED
 * }
 * }</pre>
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.engine.store;

import org.immutables.value.Value;
