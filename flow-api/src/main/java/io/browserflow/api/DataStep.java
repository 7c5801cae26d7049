package io.browserflow.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.immutables.value.Value;

/**
 * Steps of the {@link Step.Family#DATA} family: reading the page and handling the run's data (reads, scrapes, pagination, variables, scripts, screenshots, files, datasets, the clipboard).
 * Each kind is an immutable value with a public builder; the DSL ({@link Flow#named(String)}) is the
 * usual way to make them.
 */
@Value.Enclosing
public sealed interface DataStep extends Step {

  /** Reads the text, value or an attribute of an element. Output: {@code ${steps.<id>.text}}, {@code .value} or {@code .attribute}. */
  @Value.Immutable
  non-sealed interface Read extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitRead(this);
    }

    Target target();

    @Value.Default
    default ReadKind what() {
      return ReadKind.TEXT;
    }

    /** Attribute name; only with {@link ReadKind#ATTRIBUTE}. */
    Optional<String> attribute();

    @Override
    default Kind kind() {
      return Kind.READ;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Read}. */
    final class Builder extends ImmutableDataStep.Read.Builder {}
  }

  /** Extracts rows from the page: a {@code table} (header to cell), {@code links} (text, href) or {@code attributes} of every element the first candidate matches. Output: {@code ${steps.<id>.items}} and {@code .count}. */
  @Value.Immutable
  non-sealed interface Scrape extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitScrape(this);
    }

    Target target();

    @Value.Default
    default ScrapeMode mode() {
      return ScrapeMode.TABLE;
    }

    /** Attributes to read; only with {@link ScrapeMode#ATTRIBUTES}. */
    List<String> attributes();

    /** Maximum rows; the scrape-rows limit when empty. */
    OptionalInt limit();

    @Override
    default Kind kind() {
      return Kind.SCRAPE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Scrape}. */
    final class Builder extends ImmutableDataStep.Scrape.Builder {}
  }

  /** Runs {@code body} on each page, then clicks {@code target} ({@code next} or {@code loadMore}) until it is gone or disabled, at most {@code maxPages} pages. Output: {@code ${steps.<id>.pages}}. */
  @Value.Immutable
  non-sealed interface Paginate extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitPaginate(this);
    }

    Target target();

    @Value.Default
    default PaginateMode mode() {
      return PaginateMode.NEXT;
    }

    int maxPages();

    List<Step> body();

    @Override
    default Kind kind() {
      return Kind.PAGINATE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Paginate}. */
    final class Builder extends ImmutableDataStep.Paginate.Builder {}
  }

  /** Sets a run variable, read later as {@code ${vars.<name>}}. */
  @Value.Immutable
  non-sealed interface SetVar extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitSetVar(this);
    }

    String name();

    String value();

    @Override
    default Kind kind() {
      return Kind.SET_VAR;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link SetVar}. */
    final class Builder extends ImmutableDataStep.SetVar.Builder {}
  }

  /** Evaluates a page script. Needs the {@code script.eval} capability. Output: {@code ${steps.<id>.result}}. */
  @Value.Immutable
  non-sealed interface Eval extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitEval(this);
    }

    String script();

    @Override
    default Kind kind() {
      return Kind.EVAL;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Eval}. */
    final class Builder extends ImmutableDataStep.Eval.Builder {}
  }

  /** Saves a screenshot of the page or of {@code target}. Output: {@code ${steps.<id>.path}}. */
  @Value.Immutable
  non-sealed interface Screenshot extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitScreenshot(this);
    }

    Optional<Target> target();

    /** File name inside the run's artifact directory. */
    Optional<String> name();

    @Value.Default
    default boolean fullPage() {
      return false;
    }

    @Override
    default Kind kind() {
      return Kind.SCREENSHOT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Screenshot}. */
    final class Builder extends ImmutableDataStep.Screenshot.Builder {}
  }

  /** Reads a CSV file (header row first) into items. Output: {@code ${steps.<id>.items}} and {@code .count}. */
  @Value.Immutable
  non-sealed interface CsvImport extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCsvImport(this);
    }

    String path();

    @Override
    default Kind kind() {
      return Kind.CSV_IMPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link CsvImport}. */
    final class Builder extends ImmutableDataStep.CsvImport.Builder {}
  }

  /** Writes items (a whole placeholder such as {@code ${steps.list.items}}) to a CSV file. Output: {@code ${steps.<id>.path}}. */
  @Value.Immutable
  non-sealed interface CsvExport extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitCsvExport(this);
    }

    String source();

    String path();

    @Override
    default Kind kind() {
      return Kind.CSV_EXPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link CsvExport}. */
    final class Builder extends ImmutableDataStep.CsvExport.Builder {}
  }

  /**
   * Appends one row to the run's dataset {@code dataset}: each column of {@code row} gets its value
   * with placeholders resolved (inside a loop, once per iteration). A dataset's columns are those of
   * its rows in order of first appearance; a row leaves the columns it does not name empty. A run
   * holds at most {@code FlowLimits.maxDatasetRows()} rows per dataset and
   * {@code maxDatasetCellBytes()} per cell; export in parts ({@code datasetExport} with
   * {@code clear}) to go beyond. Output: {@code ${steps.<id>.rows}}, the dataset's row count after
   * the write.
   */
  @Value.Immutable
  non-sealed interface DatasetWrite extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDatasetWrite(this);
    }

    /** The dataset's name: letters, digits, {@code _} and {@code -}. */
    String dataset();

    /** Column to value, in column order; values may hold placeholders, never credentials. */
    Map<String, String> row();

    @Override
    default Kind kind() {
      return Kind.DATASET_WRITE;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link DatasetWrite}. */
    final class Builder extends ImmutableDataStep.DatasetWrite.Builder {}
  }

  /**
   * Writes the rows of the dataset {@code dataset} to {@code path} (relative, inside the run's work
   * directory) as CSV or JSON; with {@code clear} the dataset is emptied after, so a long run exports
   * in parts ({@code "path": "out/part-${loop.index}.csv"}). Outputs: {@code ${steps.<id>.path}} and
   * {@code ${steps.<id>.rows}} (rows written).
   */
  @Value.Immutable
  non-sealed interface DatasetExport extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitDatasetExport(this);
    }

    String dataset();

    @Value.Default
    default DatasetFormat format() {
      return DatasetFormat.CSV;
    }

    /** The file, relative to the work directory and inside it. */
    String path();

    /** Empties the dataset once its rows are written. */
    @Value.Default
    default boolean clear() {
      return false;
    }

    @Override
    default Kind kind() {
      return Kind.DATASET_EXPORT;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link DatasetExport}. */
    final class Builder extends ImmutableDataStep.DatasetExport.Builder {}
  }

  /**
   * Reads or writes the clipboard's text. The browser context gets the clipboard permission for
   * the page's origin during this step only. Output of a read: {@code ${steps.<id>.text}}.
   */
  @Value.Immutable
  non-sealed interface Clipboard extends DataStep {
    @Override
    default <R> R accept(StepVisitor<R> visitor) {
      return visitor.visitClipboard(this);
    }

    ClipboardAction action();

    /** The text a write puts on the clipboard (placeholders allowed, never credentials); empty for a read. */
    Optional<String> text();

    @Override
    default Kind kind() {
      return Kind.CLIPBOARD;
    }

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Clipboard}. */
    final class Builder extends ImmutableDataStep.Clipboard.Builder {}
  }
}
