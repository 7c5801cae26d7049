package io.browserflow.api.lint;

import io.browserflow.api.ForeachSource;
import io.browserflow.api.Step;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import java.util.List;
import java.util.Optional;

/**
 * The op-specific fields of each step kind, through a {@link StepVisitor} (so a new kind does not
 * compile until it says what to scan): values to {@link ValueLint}, targets to
 * {@link SelectorLint}, frame locators to {@link FrameLint}, conditions to {@link ConditionLint},
 * nested bodies back to the run's {@link StepWalk}.
 */
final class StepFieldLint {
  /** The lint walk over a nested step list ({@code continuation}: whether the steps after it observe the page). */
  interface StepWalk {
    void steps(List<Step> list, String base, boolean continuation, boolean active);
  }

  private final ValueLint values;
  private final SelectorLint selectors;
  private final FrameLint frames;
  private final ConditionLint conditions;
  private final StepWalk walk;

  StepFieldLint(ValueLint values, SelectorLint selectors, FrameLint frames, ConditionLint conditions, StepWalk walk) {
    this.values = values;
    this.selectors = selectors;
    this.frames = frames;
    this.conditions = conditions;
    this.walk = walk;
  }

  void check(Step s, String path, boolean after, boolean active) {
    s.accept(new FieldScan(path, s.id(), after, active));
  }

  /**
   * The op-specific fields of one step at {@code path}: values scanned, targets, frames and
   * conditions checked, nested bodies walked ({@code after} is whether the steps after this one
   * observe the page, as {@code steps} passes it on).
   */
  private final class FieldScan implements StepFamilyVisitor<Void> {
    private final String path;
    private final String id;
    private final boolean after;
    private final boolean active;

    FieldScan(String path, String id, boolean after, boolean active) {
      this.path = path;
      this.id = id;
      this.after = after;
      this.active = active;
    }

    @Override
    public Void visitOpen(Step.Open s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitNavigate(Step.Navigate s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      return null;
    }

    @Override
    public Void visitTabNew(Step.TabNew s) {
      s.url().ifPresent(u -> values.scan(path + ".url", id, u, true, "the url", null));
      return null;
    }

    @Override
    public Void visitFrame(Step.Frame s) {
      String locator = s.locator();
      if (active) {
        frames.check(locator, path + ".locator", id);
      }
      values.scan(path + ".locator", id, locator, false, "the frame locator", null, false);
      return null;
    }

    @Override
    public Void visitClick(Step.Click s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitDblclick(Step.Dblclick s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitContextmenu(Step.Contextmenu s) {
      selectors.target(s.target(), path + ".target", id, active, true);
      return null;
    }

    @Override
    public Void visitHover(Step.Hover s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitMouse(Step.Mouse s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitCheck(Step.Check s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitUncheck(Step.Uncheck s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitToggle(Step.Toggle s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitFill(Step.Fill fill) {
      selectors.target(fill.target(), path + ".target", id, active, false);
      values.typedValue(fill, Optional.of(fill.target()), fill.value(), path + ".value", active);
      return null;
    }

    @Override
    public Void visitChange(Step.Change change) {
      selectors.target(change.target(), path + ".target", id, active, false);
      values.typedValue(change, Optional.of(change.target()), change.value(), path + ".value", active);
      return null;
    }

    @Override
    public Void visitType(Step.Type type) {
      type.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      values.typedValue(type, type.target(), type.text(), path + ".text", active);
      return null;
    }

    @Override
    public Void visitPress(Step.Press s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitSelect(Step.Select select) {
      selectors.target(select.target(), path + ".target", id, active, false);
      select.value().ifPresent(v -> values.scan(path + ".value", id, v, true, "the selected value", null));
      select.label().ifPresent(v -> values.scan(path + ".label", id, v, true, "the selected label", null));
      return null;
    }

    @Override
    public Void visitScroll(Step.Scroll s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitDrag(Step.Drag drag) {
      selectors.target(drag.source(), path + ".from", id, active, false);
      selectors.target(drag.destination(), path + ".to", id, active, false);
      return null;
    }

    @Override
    public Void visitUpload(Step.Upload upload) {
      selectors.target(upload.target(), path + ".target", id, active, false);
      for (int k = 0; k < upload.files().size(); k++) {
        values.scan(path + ".files[" + k + "]", id, upload.files().get(k), true, "the upload path", null);
      }
      return null;
    }

    @Override
    public Void visitWait(Step.Wait s) {
      s.until().ifPresent(c -> conditions.check(c, path + ".until", id, active));
      return null;
    }

    @Override
    public Void visitAssert(Step.Assert s) {
      conditions.check(s.condition(), path + ".condition", id, active);
      return null;
    }

    @Override
    public Void visitRead(Step.Read s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitScrape(Step.Scrape s) {
      selectors.target(s.target(), path + ".target", id, active, false);
      return null;
    }

    @Override
    public Void visitPaginate(Step.Paginate paginate) {
      selectors.target(paginate.target(), path + ".target", id, active, false);
      walk.steps(paginate.body(), path + ".body", true, active);
      return null;
    }

    @Override
    public Void visitSetVar(Step.SetVar setVar) {
      String secret = SensitiveValueScanner.namesSecret(setVar.name()) && SensitiveValueScanner.hasLiteral(setVar.value())
          ? "a literal value of the secret-named variable " + setVar.name() : null;
      values.scan(path + ".value", id, setVar.value(), true, "the variable value", secret);
      return null;
    }

    @Override
    public Void visitEval(Step.Eval s) {
      values.scan(path + ".script", id, s.script(), false, "the script", null);
      return null;
    }

    @Override
    public Void visitScreenshot(Step.Screenshot s) {
      s.target().ifPresent(t -> selectors.target(t, path + ".target", id, active, false));
      return null;
    }

    @Override
    public Void visitCsvImport(Step.CsvImport s) {
      values.scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitCsvExport(Step.CsvExport s) {
      values.scan(path + ".path", id, s.path(), true, "the csv path", null);
      return null;
    }

    @Override
    public Void visitDatasetWrite(Step.DatasetWrite s) {
      s.row().forEach((column, value) -> values.scan(path + ".row." + column, id, value, false, "the cell value",
          SensitiveValueScanner.namesSecret(column) && SensitiveValueScanner.hasLiteral(value)
              ? "a literal value of the secret-named column " + column : null));
      return null;
    }

    @Override
    public Void visitDatasetExport(Step.DatasetExport s) {
      values.scan(path + ".path", id, s.path(), true, "the export path", null);
      return null;
    }

    @Override
    public Void visitHttp(Step.Http s) {
      values.scan(path + ".url", id, s.url(), true, "the url", null);
      s.headers().forEach((name, value) -> {
        boolean secretHeader = SensitiveValueScanner.namesSecret(name) || name.equalsIgnoreCase("authorization")
            || name.equalsIgnoreCase("cookie") || name.equalsIgnoreCase("proxy-authorization");
        String credentialPart = value.replaceFirst("(?i)^\\s*(bearer|basic|token|digest)\\s+", "");
        values.scan(path + ".headers." + name, id, value, false, "the header value",
            secretHeader && SensitiveValueScanner.hasLiteral(credentialPart)
                ? "a literal value of the " + name + " header" : null);
      });
      s.body().ifPresent(b -> values.scan(path + ".body", id, b, false, "the request body", null));
      return null;
    }

    @Override
    public Void visitCall(Step.Call s) {
      s.inputs().forEach((key, value) -> values.scan(path + ".inputs." + key, id, value, true, "the input value",
          SensitiveValueScanner.namesSecret(key) && SensitiveValueScanner.hasLiteral(value)
              ? "a literal value of the secret-named input " + key : null));
      return null;
    }

    @Override
    public Void visitClipboard(Step.Clipboard s) {
      s.text().ifPresent(t -> values.scan(path + ".text", id, t, false, "the clipboard text", null));
      return null;
    }

    @Override
    public Void visitForeach(Step.Foreach foreach) {
      if (foreach.source().kind() == ForeachSource.Kind.LITERAL) {
        for (int k = 0; k < foreach.source().values().size(); k++) {
          values.scan(path + ".items[" + k + "]", id, foreach.source().values().get(k), true, "the loop item", null);
        }
      }
      walk.steps(foreach.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitRepeat(Step.Repeat s) {
      walk.steps(s.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitIf(Step.If f) {
      conditions.check(f.condition(), path + ".condition", id, active);
      walk.steps(f.then(), path + ".then", after, active);
      walk.steps(f.otherwise(), path + ".else", after, active);
      return null;
    }

    @Override
    public Void visitWhile(Step.While w) {
      conditions.check(w.condition(), path + ".condition", id, active);
      walk.steps(w.body(), path + ".body", after, active);
      return null;
    }

    @Override
    public Void visitManual(Step.Manual s) {
      values.scan(path + ".instructions", id, s.instructions(), false, "the instructions", null);
      return null;
    }

    // nothing to scan beyond the common fields
    @Override public Void visitStep(Step step) { return null; }
  }
}
