/**
 * A browser-free page driver for fast, deterministic tests: {@link io.browserflow.engine.memory.InMemoryPageDriver}
 * serves registered HTML pages from memory, interprets declarative {@code data-on-*} behaviours instead
 * of scripts, and runs on a virtual clock so waits never sleep.
 */
package io.browserflow.engine.memory;
