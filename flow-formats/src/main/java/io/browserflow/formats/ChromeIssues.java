package io.browserflow.formats;

import java.util.ArrayList;
import java.util.List;

/** The issues one Chrome Recorder conversion collects, in the order met. */
final class ChromeIssues {
  private final List<ConversionIssue> all = new ArrayList<>();

  void info(String code, String path, String message) {
    all.add(ConversionIssue.info(code, path, message));
  }

  void warning(String code, String path, String message) {
    all.add(ConversionIssue.warning(code, path, message));
  }

  void blocking(String code, String path, String message) {
    all.add(ConversionIssue.blocking(code, path, message));
  }

  List<ConversionIssue> list() {
    return List.copyOf(all);
  }
}
