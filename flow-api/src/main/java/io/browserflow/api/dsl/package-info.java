/**
 * The fluent DSL that builds {@link io.browserflow.api.Flow}s. Start with
 * {@link io.browserflow.api.Flow#named(String)} and static-import {@link io.browserflow.api.dsl.Dsl}
 * for targets, conditions and options.
 */
package io.browserflow.api.dsl;
