/**
 * The BrowserFlow model: immutable, validated definitions of browser flows.
 *
 * <p>A {@link io.browserflow.api.Flow} holds inputs, credentials, tab aliases, an optional data
 * table, a policy, a schedule and an ordered list of {@link io.browserflow.api.Step}s. Steps
 * address elements through {@link io.browserflow.api.Target}s (ordered candidate locators plus
 * frame and shadow paths) and check outcomes with {@link io.browserflow.api.Condition}s.
 *
 * <p>Build flows with the DSL entry point {@link io.browserflow.api.Flow#named(String)} or read them
 * with {@link io.browserflow.api.json.FlowJson}. Every value type is immutable; the generated
 * implementation classes are package-private and never appear in signatures.
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"},
    defaults = @Value.Immutable(copy = true))
package io.browserflow.api;

import org.immutables.value.Value;
