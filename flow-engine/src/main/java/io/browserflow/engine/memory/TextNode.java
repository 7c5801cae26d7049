package io.browserflow.engine.memory;

/** Character data. */
final class TextNode extends Node {
  String text;

  TextNode(String text) {
    this.text = text;
  }

  @Override
  public String toString() {
    return "#text " + text;
  }
}
