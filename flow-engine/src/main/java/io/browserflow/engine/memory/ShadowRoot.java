package io.browserflow.engine.memory;

/** A shadow root attached to {@link #host}, declared with {@code <template shadowrootmode>}. Closed ones are never pierced. */
final class ShadowRoot extends Container {
  final Element host;
  final boolean open;

  ShadowRoot(Element host, boolean open) {
    this.host = host;
    this.open = open;
  }
}
