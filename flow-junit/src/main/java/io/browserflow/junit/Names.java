package io.browserflow.junit;

/** File-system-safe names for report folders. */
final class Names {
  private Names() {}

  static String safe(String s) {
    String out = s.replaceAll("[^\\p{L}\\p{N}._-]+", "_").replaceAll("_+", "_").replaceAll("^[_.]+|_+$", "");
    if (out.isEmpty()) {
      out = "test";
    }
    return out.length() > 80 ? out.substring(0, 80) : out;
  }
}
