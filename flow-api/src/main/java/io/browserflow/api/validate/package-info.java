/**
 * Validation of flows against structural rules, placeholder scoping and {@link
 * io.browserflow.api.validate.FlowLimits}, and lint of recorded or written flows.
 */
package io.browserflow.api.validate;
