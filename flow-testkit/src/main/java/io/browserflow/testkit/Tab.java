package io.browserflow.testkit;

import java.util.ArrayList;
import java.util.List;

/** A tab bound to an alias: its document and its own history (URLs; going back reloads the page fresh). */
final class Tab {
  final String alias;
  final String opener;
  final List<String> history = new ArrayList<>();
  int index = -1;
  PageDocument document;
  int scrollX;
  int scrollY;

  Tab(String alias, String opener) {
    this.alias = alias;
    this.opener = opener;
  }
}
