package io.browserflow.formats;

import io.browserflow.api.Flow;

/**
 * The flow JSON of the record-replay Chrome extension (seed 000; mcp-chrome's record-replay):
 * {@code {id, name, version, meta, variables, steps[]}} with, since its V2, a node graph
 * {@code nodes[{id, type, name?, disabled?, config}]}, {@code edges[{id, from, to, label?}]} (labels
 * {@code default}, {@code true}, {@code false}, {@code onError}) and {@code subflows} (the bodies of
 * foreach and while nodes), read and written. A node's {@code config} holds the fields of the step
 * of its type; {@code steps[]} is read as a chain of such nodes. When a flow has nodes they are what
 * runs, as in the extension; its {@code steps} are the linear backup and are not read.
 *
 * <p><b>Import.</b> Every node becomes one step (id from the node, {@code name} as title,
 * {@code disabled} kept), unless said otherwise:
 * <ul>
 *   <li>{@code navigate} → open (the first of the flow) or navigate; {@code openTab} → tabNew with the
 *       aliases {@code tab1}, {@code tab2}, ...; {@code switchTab} and {@code closeTab} → tabSwitch and
 *       tabClose of the tab the flow opened that shows {@code urlContains} / {@code url} (a browser tab
 *       id or a title cannot be known before the run: {@code TAB_UNRESOLVED}); {@code switchFrame} →
 *       frame ({@code url:} or index) or frameMain.</li>
 *   <li>{@code click}/{@code dblclick} → click/dblclick ({@code after.waitForNetworkIdle} → expect
 *       network idle); {@code fill} → fill; {@code key} → one press per key of the sequence
 *       ({@code "cmd+a Enter"}: modifiers joined with {@code +}); {@code scroll} → scroll to an offset
 *       of the page or of a container, or into view; {@code drag} → drag (the pointer path is not
 *       kept).</li>
 *   <li>{@code wait} → wait until an element is visible or hidden, a text appears or goes, the
 *       network is idle, the page has loaded ({@code navigation}), or a fixed wait ({@code sleep});
 *       {@code delay} → fixed wait; {@code assert} → assert exists / visible / text present /
 *       attribute ({@code failStrategy} warn → onError continue, retry → onError retry).</li>
 *   <li>{@code script} → eval ({@code script.eval} declared); {@code extract} → read of text, value
 *       or an attribute (its {@code js} → eval); {@code http} → http ({@code http.request}
 *       declared; {@code assign} → extract by JSON path); {@code datasetWrite} → datasetWrite;
 *       {@code clipboard} → clipboard read or write; {@code screenshot} → screenshot;
 *       {@code handleDownload} → wait until the download.</li>
 *   <li>{@code if} ({@code condition} {@code {var, equals?}} → variable test, {@code {expression}} →
 *       expression) → if, its true and false branches up to the node where they join; {@code while}
 *       → while over its subflow, bounded at {@code maxIterations} (100 by default); {@code foreach}
 *       → foreach over the list a flow variable holds as its default, its {@code itemVar} as
 *       {@code ${loop.item}}, {@code concurrency} kept; an onError edge → onError continue (to the
 *       node's own next node) or fallback (the nodes on the way back to it); a cycle through an if
 *       whose other branch leaves it → while bounded at 100 passes (the extension itself refuses
 *       cycles).</li>
 *   <li>A graph without such a structure is blocked ({@code GRAPH_UNSTRUCTURED}, {@code GRAPH_START},
 *       {@code GRAPH_EDGE_BROKEN}, {@code SUBFLOW_UNRESOLVED}) with the nodes named; a node type
 *       BrowserFlow has no step for ({@code triggerEvent}, {@code setAttribute}, {@code loopElements},
 *       {@code executeFlow}, ...) becomes a manual step in its place with a blocking
 *       {@code UNSUPPORTED_STEP}, never dropped.</li>
 *   <li>Candidates: {@code css}/{@code attr} → css ({@code #id} → id, {@code [data-testid="x"]} →
 *       testId, {@code [placeholder="x"]} → placeholder, {@code frame |> inner} → a frame path),
 *       {@code aria} {@code role[name=Label]} → role with name, {@code xpath} → xpath, {@code text} →
 *       textContains, tried after the others as the extension tries them; weights and refs are not
 *       kept.</li>
 *   <li>Step options: {@code timeoutMs} → timeout (clamped to 100..30,000), {@code retry} → retry
 *       ({@code count} at most 5, {@code intervalMs}, {@code backoff}); {@code screenshotOnFail}
 *       false has no equivalent (BrowserFlow always keeps the failed step's screenshot).</li>
 *   <li>Variables: a sensitive one → a secret credential (no default kept), others → inputs with
 *       their label, default, type (number, boolean, enum → select), {@code rules.required} and
 *       {@code rules.pattern}; a list default a foreach iterates → that foreach's literal values.
 *       Templates {@code {name}} → {@code ${name}}, {@code ${credential.name}}, the output of the
 *       node that saved the name ({@code saveAs}: {@code ${steps.<id>.text}}, {@code .result},
 *       {@code .body}), or {@code ${vars.name}} when several nodes save it, a flow variable is also
 *       saved, or a while tests it (a setVar after each saving node, and one before the first step).
 *       {@code meta.bindings} of type url or domain → the policy's allowed origins; path bindings,
 *       {@code meta.domain} and {@code meta.tool} are not kept; {@code meta.exposedOutputs} → the
 *       flow's outputs.</li>
 * </ul>
 *
 * <p><b>Export</b> writes linear {@code steps[]} when the flow has no if, loop, disabled or titled
 * step or onError path (a fixed wait is then {@code wait} with {@code sleep}), else {@code nodes} and
 * {@code edges} (with an empty {@code steps}) and a subflow per loop body: ifs with true and false
 * edges, while over its condition, foreach over a list variable ({@code <id>_items}; a repeat is a
 * foreach over {@code 0..n-1}), onError continue and fallback as onError edges. Outputs a later step
 * reads are saved under the producing step's id (a setVar right after a step names it instead);
 * placeholders become {@code {name}} templates. Steps without a node (back, forward, reload, frame,
 * setViewport, emulateNetwork, contextmenu, hover, mouse, upload, scrape, paginate, setVar, csv,
 * datasetExport, call, manual, a key going only down or up) are blocking {@code UNSUPPORTED_STEP};
 * checks without a form are warnings ({@code UNSUPPORTED_CONDITION}); an if or while whose condition
 * is no variable test or expression, and a foreach over the table or items, are blocking. Expectations
 * become wait nodes after their step ({@code EXPECT_AS_WAIT}).
 *
 * <p>Round trips: a record-replay flow read, written and read again gives the same flow; a flow of
 * the common subset (the steps above, the first navigation an open, tabs named {@code tab1}, ...,
 * outputs read through their step) written and read back is the same flow.
 */
final class RecordReplayCodec extends JsonCodec {
  RecordReplayCodec() {
    super(Format.RECORD_REPLAY, RecordReplayDocument::looksLikeFlow);
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    return new RecordReplayImport(RecordReplayDocument.of(Json.parse(content, origin), origin), origin).run();
  }

  @Override
  public Conversion<String> write(Flow flow) {
    return new RecordReplayExport(flow).run();
  }
}
