package io.browserflow.engine;

/** Shared pieces of the engine tests: the app's base URL. */
final class EngineFixtures {
  private EngineFixtures() {}

  static final String APP = "http://app.test";
}
