/**
 * The {@code browserflow/2} JSON codec (reading {@code browserflow/1} too): {@link io.browserflow.api.json.FlowJson} reads flow
 * documents into the immutable model (collecting every problem with its JSON path, then
 * validating), writes them pretty-printed or canonical, and digests them.
 *
 * <pre>{@code
 * Flow flow = FlowJson.read(Path.of("login.flow.json"));
 * Files.writeString(Path.of("copy.flow.json"), FlowJson.write(flow));
 * String approved = FlowJson.digest(flow);
 * }</pre>
 *
 * <p>The format itself is described in {@code docs/flow-format.md}. Jackson is used inside this
 * package only; no Jackson type appears in its API.
 */
package io.browserflow.api.json;
