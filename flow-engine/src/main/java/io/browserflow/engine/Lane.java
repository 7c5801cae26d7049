package io.browserflow.engine;

import io.browserflow.engine.spi.DriverSession;

/**
 * Where a piece of the flow runs: a session and the bindings with its loop stack. The run has one;
 * each worker of a concurrent foreach gets its own, on a forked session.
 */
final class Lane {
  final DriverSession session;
  final Bindings bindings;
  final StepBinder binder;

  Lane(DriverSession session, Bindings bindings) {
    this.session = session;
    this.bindings = bindings;
    this.binder = new StepBinder(bindings);
  }
}
