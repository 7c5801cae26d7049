package io.browserflow.api;

import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What a {@code foreach} iterates: the flow's {@code table} rows, the items of an earlier step
 * ({@code ${steps.<id>.items}} of a scrape or csvImport), or a literal list of strings.
 *
 * <p>Inside the body, {@code ${loop.index}} is the 0-based index, {@code ${loop.row.<column>}} a
 * field of the current row (table or items), {@code ${loop.item}} the current literal string.
 */
@Value.Immutable
public interface ForeachSource {
  /** Source kinds. */
  enum Kind {
    TABLE, ITEMS, LITERAL
  }

  Kind kind();

  /** For {@link Kind#ITEMS}: the whole placeholder naming the items, e.g. {@code ${steps.list.items}}. */
  Optional<String> ref();

  /** For {@link Kind#LITERAL}: the values. */
  List<String> values();

  @Value.Check
  default void check() {
    if ((kind() == Kind.ITEMS) != ref().isPresent()) {
      throw new IllegalStateException("a ref belongs to an items source only");
    }
    if (kind() != Kind.LITERAL && !values().isEmpty()) {
      throw new IllegalStateException("literal values belong to a literal source only");
    }
  }

  static ForeachSource table() {
    return ImmutableForeachSource.builder().kind(Kind.TABLE).build();
  }

  static ForeachSource items(String ref) {
    return ImmutableForeachSource.builder().kind(Kind.ITEMS).ref(ref).build();
  }

  static ForeachSource literal(List<String> values) {
    return ImmutableForeachSource.builder().kind(Kind.LITERAL).values(values).build();
  }
}
