package io.browserflow.api.json;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * Reads and writes flows in the {@code browserflow/2} JSON format (see {@code docs/flow-format.md}).
 * Documents of the earlier {@code browserflow/1} are read too and migrated: their flows are
 * browserflow/2 flows ({@link Flow#schema()}) and are written as such; what browserflow/2 added
 * (the flow's {@code version}, {@code outputs}, {@code subflows}, schedules {@code at} and
 * {@code enabled}, the ops {@code datasetWrite}, {@code datasetExport}, {@code http},
 * {@code clipboard} and {@code call}) is refused in a browserflow/1 document with
 * {@link ErrorCode#FIELD_INVALID} at its path. {@link #declaredSchema(String)} tells which a
 * document says it is.
 *
 * <pre>{@code
 * Flow flow = FlowJson.read(Path.of("login.flow.json"));     // strict, validated with default limits
 * String json = FlowJson.write(flow);                         // pretty-printed, defaults omitted
 * String id = FlowJson.digest(flow);                          // SHA-256 of the canonical form
 *
 * Flow draft = FlowJson.reader().lenient().withoutValidation().read(json);
 * }</pre>
 *
 * <p><b>Reading</b> parses the document, maps it onto the model and validates it with
 * {@link FlowValidator}. Problems are collected, not stopped at: a document that cannot be mapped
 * throws {@link FlowFormatException} listing every problem with its JSON path (e.g.
 * {@code steps[2].target.candidates[0]}) and, where known, line and column; codes are
 * {@link ErrorCode#JSON_SYNTAX}, {@link ErrorCode#SCHEMA_UNSUPPORTED}, {@link ErrorCode#UNKNOWN_FIELD}
 * (strict reading, with the closest known name), {@link ErrorCode#FIELD_MISSING},
 * {@link ErrorCode#FIELD_INVALID}, {@link ErrorCode#FILE_UNREADABLE} and
 * {@link ErrorCode#LIMIT_EXCEEDED} (input larger than four times
 * {@link FlowLimits#maxDefinitionBytes()}, or nesting beyond what the codec handles). A mapped flow
 * that breaks a rule throws {@link FlowValidationException}. Nothing else escapes, whatever the
 * input. JSON {@code null} counts as an absent field. At most 500 problems are listed; a last
 * {@code LIMIT_EXCEEDED} entry then gives the total.
 *
 * <p><b>Writing</b> never validates, so drafts can be saved. {@link #write(Flow)} emits keys in the
 * format's order and leaves out empty values and defaults; {@link #canonical(Flow)} emits the same
 * content with keys sorted at every level and no whitespace, the basis of {@link #digest(Flow)} and
 * of the serialized-size limit. For every flow the reader accepts,
 * {@code read(write(f)).equals(f)} and {@code read(canonical(f)).equals(f)}.
 *
 * <p>All methods are thread-safe; {@link Reader}s are immutable.
 */
public final class FlowJson {
  private static final Reader DEFAULT_READER = new Reader(false, FlowLimits.defaults(), true);

  private FlowJson() {}

  /** Reads and validates a flow document held in a string (strict, default limits). */
  public static Flow read(String json) {
    return DEFAULT_READER.read(json);
  }

  /** Reads and validates a flow file (UTF-8, -16 or -32; strict, default limits). */
  public static Flow read(Path path) {
    return DEFAULT_READER.read(path);
  }

  /** Reads and validates a flow document from a stream, which is read to its end but not closed. */
  public static Flow read(InputStream in) {
    return DEFAULT_READER.read(in);
  }

  /**
   * The {@code schema} a flow document declares ({@code browserflow/1}, {@code browserflow/2}, or
   * anything else it says), without reading the rest; empty when it is not a JSON object with a
   * string {@code schema}.
   */
  public static java.util.Optional<String> declaredSchema(String json) {
    Objects.requireNonNull(json, "json");
    JsonValue root = JsonSource.parse(json, new Problems());
    if (root == null || !root.is(JsonValue.Type.OBJECT)) {
      return java.util.Optional.empty();
    }
    JsonValue schema = root.field("schema");
    return schema != null && schema.is(JsonValue.Type.STRING) ? java.util.Optional.of(schema.text()) : java.util.Optional.empty();
  }

  /** A reader to configure: strict, validating with {@link FlowLimits#defaults()} until told otherwise. */
  public static Reader reader() {
    return DEFAULT_READER;
  }

  /**
   * The flow as pretty-printed JSON (two-space indent, a newline at the end), keys in the format's
   * order, empty values and defaults left out. Does not validate.
   *
   * @throws FlowValidationException ({@code LIMIT_EXCEEDED}) only when steps or {@code not}
   *     conditions nest more than 200 levels deep
   */
  public static String write(Flow flow) {
    return FlowJsonWriter.pretty(Objects.requireNonNull(flow, "flow"));
  }

  /**
   * The canonical JSON of the flow: the content of {@link #write(Flow)} with object keys sorted
   * lexicographically (by UTF-16 code units) at every level and no insignificant whitespace.
   * Two equal flows have the same canonical form.
   */
  public static String canonical(Flow flow) {
    return FlowJsonWriter.canonical(Objects.requireNonNull(flow, "flow"));
  }

  /** The size in UTF-8 bytes of {@link #canonical(Flow)}; what the serialized-definition limit measures. */
  public static long canonicalSize(Flow flow) {
    return utf8Length(canonical(flow));
  }

  /** Lowercase hex SHA-256 (64 characters) of the UTF-8 bytes of {@link #canonical(Flow)}. */
  public static String digest(Flow flow) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(canonical(flow).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform provides SHA-256", e);
    }
  }

  /**
   * A configured flow reader; immutable, each setting returns a new reader.
   *
   * <pre>{@code
   * FlowJson.Reader reader = FlowJson.reader()
   *     .lenient()                                     // ignore fields the format does not define
   *     .limits(FlowLimits.builder().maxSteps(1_000).build());
   * Flow flow = reader.read(Path.of("big.flow.json"));
   * }</pre>
   */
  public static final class Reader {
    private final boolean lenient;
    private final FlowLimits limits;
    private final boolean validate;

    private Reader(boolean lenient, FlowLimits limits, boolean validate) {
      this.lenient = lenient;
      this.limits = limits;
      this.validate = validate;
    }

    /** Ignores fields the format does not define instead of reporting {@code UNKNOWN_FIELD}. */
    public Reader lenient() {
      return new Reader(true, limits, validate);
    }

    /** Validates with these limits; they also bound the raw input at four times {@link FlowLimits#maxDefinitionBytes()}. */
    public Reader limits(FlowLimits limits) {
      return new Reader(lenient, Objects.requireNonNull(limits, "limits"), validate);
    }

    /**
     * Checks structure only: the document must map onto the model, but validation rules and limits
     * (other than the raw input size) are not applied. For tools that report problems themselves.
     */
    public Reader withoutValidation() {
      return new Reader(lenient, limits, false);
    }

    /** Reads a flow document held in a string. */
    public Flow read(String json) {
      Objects.requireNonNull(json, "json");
      long max = maxInputBytes();
      if (json.length() > max) {
        throw oversized("more than " + max);
      }
      long size = utf8Length(json);
      if (size > max) {
        throw oversized(size);
      }
      Problems problems = new Problems();
      return map(JsonSource.parse(json, problems), problems);
    }

    /** Reads a flow file; a missing or unreadable file is {@code FILE_UNREADABLE}. */
    public Flow read(Path path) {
      Objects.requireNonNull(path, "path");
      long max = maxInputBytes();
      byte[] bytes;
      try {
        long size = Files.size(path);
        if (size > max) {
          throw oversized(size);
        }
        try (InputStream in = Files.newInputStream(path)) {
          bytes = readBounded(in, max);
        }
      } catch (IOException e) {
        throw unreadable("cannot read flow file " + path + ": " + reason(e), e);
      }
      Problems problems = new Problems();
      return map(JsonSource.parse(bytes, problems), problems);
    }

    /** Reads a flow document from a stream, to its end; the stream is not closed. */
    public Flow read(InputStream in) {
      Objects.requireNonNull(in, "in");
      byte[] bytes;
      try {
        bytes = readBounded(in, maxInputBytes());
      } catch (IOException e) {
        throw unreadable("cannot read the flow stream: " + reason(e), e);
      }
      Problems problems = new Problems();
      return map(JsonSource.parse(bytes, problems), problems);
    }

    private Flow map(JsonValue root, Problems problems) {
      Flow flow = root == null ? null : new FlowJsonReader(lenient, problems).flow(root);
      if (flow == null && problems.isEmpty()) {
        problems.add(Problem.of(ErrorCode.FIELD_INVALID, "", "the document does not describe a flow"));
      }
      if (!problems.isEmpty()) {
        throw new FlowFormatException(problems.report());
      }
      return validate ? FlowValidator.of(limits).check(flow) : flow;
    }

    private long maxInputBytes() {
      long definition = limits.maxDefinitionBytes();
      return definition > Long.MAX_VALUE / 4 ? Long.MAX_VALUE : definition * 4;
    }

    private byte[] readBounded(InputStream in, long max) throws IOException {
      int cap = (int) Math.min(max, Integer.MAX_VALUE - 16);
      byte[] bytes = in.readNBytes(cap + 1);
      if (bytes.length > cap) {
        throw oversized("more than " + cap);
      }
      return bytes;
    }

    private FlowFormatException oversized(Object actual) {
      return new FlowFormatException(List.of(Problem.limit(ErrorCode.LIMIT_EXCEEDED, "",
          "the document is larger than 4 x the definition limit of " + limits.maxDefinitionBytes()
              + " bytes; it was not parsed", actual, maxInputBytes())));
    }

    @Override
    public String toString() {
      return "FlowJson.Reader[" + (lenient ? "lenient" : "strict")
          + (validate ? ", validating" : ", structure only") + "]";
    }
  }

  private static FlowFormatException unreadable(String message, IOException cause) {
    FlowFormatException e = new FlowFormatException(List.of(Problem.of(ErrorCode.FILE_UNREADABLE, "", message)));
    e.addSuppressed(cause);
    return e;
  }

  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** The length {@code s.getBytes(UTF_8)} would have (an unpaired surrogate becomes one byte). */
  static long utf8Length(String s) {
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        n += 1;
      } else {
        n += 3;
      }
    }
    return n;
  }
}
