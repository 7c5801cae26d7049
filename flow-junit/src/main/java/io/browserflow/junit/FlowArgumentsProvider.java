package io.browserflow.junit;

import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.engine.Inputs;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.AnnotationBasedArgumentsProvider;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.support.ParameterDeclarations;

/**
 * The rows of a {@link FlowSource}: checks the whole set-up first (class annotated, first
 * parameter, flow, CSV, columns), then gives one named {@link FlowInvocation} per row.
 */
final class FlowArgumentsProvider extends AnnotationBasedArgumentsProvider<FlowSource> {
  private static final int MAX_CELL_IN_NAME = 40;

  @Override
  protected Stream<? extends Arguments> provideArguments(ParameterDeclarations parameters, ExtensionContext context,
      FlowSource source) {
    String who = who(source, parameters.getSourceElement());
    Class<?> testClass = context.getRequiredTestClass();
    boolean extended = FlowSettings.findAnnotation(testClass).isPresent();
    if (!extended) {
      throw new ExtensionConfigurationException(who + ": the test class " + testClass.getName()
          + " must be annotated with @FlowTest, which runs the flow of each row");
    }
    if (parameters.getFirst().map(p -> p.getParameterType() != FlowInvocation.class).orElse(true)) {
      throw new ExtensionConfigurationException(who + ": the method's first parameter must be a FlowInvocation "
          + "(it holds the row and the run's result)");
    }
    Flow flow = FlowFiles.read(Location.of(source.value()), who);
    List<String> columns;
    List<List<String>> rows;
    if (!source.csv().isBlank()) {
      Location csv = Location.of(source.csv());
      String text = csv.read().orElseThrow(() -> new ExtensionConfigurationException(who + ": no CSV file at " + csv.describe()));
      DataTable table;
      try {
        table = DataTable.fromCsv(text);
      } catch (IllegalArgumentException e) {
        throw new ExtensionConfigurationException(who + ": " + source.csv() + " is not valid CSV: " + e.getMessage(), e);
      }
      columns = table.columns();
      rows = table.rows();
      checkColumns(who, flow, columns, source.csv());
    } else {
      DataTable table = flow.table().orElseThrow(() -> new ExtensionConfigurationException(who + ": the flow " + flow.id()
          + " has no table; add a table to the flow or give csv = \"classpath:...csv\""));
      columns = table.columns();
      rows = table.rows();
    }
    if (rows.isEmpty()) {
      throw new ExtensionConfigurationException(who + ": no rows in " + (source.csv().isBlank() ? "the table of flow "
          + flow.id() : source.csv()) + "; a data-driven test needs at least one");
    }
    List<Arguments> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      List<String> cells = rows.get(i);
      Map<String, String> row = new LinkedHashMap<>();
      for (int c = 0; c < columns.size(); c++) {
        row.put(columns.get(c), c < cells.size() ? cells.get(c) : "");
      }
      Inputs.Builder inputs = Inputs.builder();
      row.forEach((k, v) -> {
        if (flow.input(k).isPresent()) {
          inputs.input(k, v);
        } else if (flow.credential(k).isPresent()) {
          inputs.credential(k, v);
        }
      });
      Flow forRow = forRow(flow, row);
      String name = name(flow, row);
      out.add(Arguments.argumentSet(name, new FlowInvocation(forRow, i + 1, row, inputs.build(), name, source.requireSuccess())));
    }
    return out.stream();
  }

  /** The flow with its table reduced to this row, when the row carries the table's columns. */
  private static Flow forRow(Flow flow, Map<String, String> row) {
    if (flow.table().isEmpty() || !row.keySet().containsAll(flow.table().get().columns())) {
      return flow;
    }
    List<String> tableColumns = flow.table().get().columns();
    List<String> cells = tableColumns.stream().map(row::get).collect(Collectors.toList());
    return Flow.builder().from(flow).table(DataTable.of(tableColumns, List.of(cells))).build();
  }

  private static void checkColumns(String who, Flow flow, List<String> columns, String csv) {
    List<String> tableColumns = flow.table().map(DataTable::columns).orElse(List.of());
    for (String column : columns) {
      if (flow.input(column).isEmpty() && flow.credential(column).isEmpty() && !tableColumns.contains(column)) {
        throw new ExtensionConfigurationException(who + ": column " + column + " of " + csv + " matches no input or credential of flow "
            + flow.id() + " (inputs: " + keys(flow.inputs().stream().map(Input::key)) + "; credentials: "
            + keys(flow.credentials().stream().map(Credential::key))
            + (tableColumns.isEmpty() ? "" : "; table columns: " + String.join(", ", tableColumns)) + ")");
      }
    }
    if (columns.stream().anyMatch(tableColumns::contains) && !columns.containsAll(tableColumns)) {
      throw new ExtensionConfigurationException(who + ": " + csv + " has some columns of flow " + flow.id()
          + "'s table but not all: it needs " + String.join(", ", tableColumns));
    }
  }

  private static String keys(Stream<String> keys) {
    String s = keys.collect(Collectors.joining(", "));
    return s.isEmpty() ? "none" : s;
  }

  /** {@code Search one device [DEVICE_ID=1000000150601081283]}, secret credentials as {@code ***}. */
  static String name(Flow flow, Map<String, String> row) {
    String cells = row.entrySet().stream().map(e -> {
      boolean secret = flow.credential(e.getKey()).map(Credential::secret).orElse(false);
      String v = secret ? "***" : e.getValue();
      if (v.length() > MAX_CELL_IN_NAME) {
        v = v.substring(0, MAX_CELL_IN_NAME) + "…";
      }
      return e.getKey() + "=" + v;
    }).collect(Collectors.joining(", "));
    return flow.name() + " [" + cells + "]";
  }

  private static String who(FlowSource source, AnnotatedElement element) {
    String where = element instanceof Method
        ? ((Method) element).getDeclaringClass().getSimpleName() + "." + ((Method) element).getName() : String.valueOf(element);
    return "@FlowSource(" + (source.csv().isBlank() ? "\"" + source.value() + "\""
        : "value = \"" + source.value() + "\", csv = \"" + source.csv() + "\"") + ") on " + where;
  }
}
