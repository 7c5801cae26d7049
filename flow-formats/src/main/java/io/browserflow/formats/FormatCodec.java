package io.browserflow.formats;

import io.browserflow.api.Flow;

/** One format's reader and/or writer. Implementations are package-private and registered in {@link FlowFormats}. */
interface FormatCodec {
  Format format();

  /** Whether {@code content} looks like this format (cheap; no full parse needed). */
  boolean detects(String content);

  /** Imports {@code content}; {@code origin} names the source in messages (a file name). */
  default Conversion<Flow> read(String content, String origin) {
    throw new UnsupportedOperationException(format().id() + " cannot be read");
  }

  /**
   * Imports {@code content} with {@code options}; a format without import options refuses any but
   * the defaults.
   */
  default Conversion<Flow> readWith(String content, String origin, ImportOptions options) {
    if (!options.isDefault()) {
      throw new IllegalArgumentException(options + " apply to " + Format.RECORDING_PLUGIN.id() + " imports only, not to "
          + format().id());
    }
    return read(content, origin);
  }

  /** Exports {@code flow}. */
  default Conversion<String> write(Flow flow) {
    throw new UnsupportedOperationException(format().id() + " cannot be written");
  }
}
